import { queryOptions } from '@tanstack/react-query';
import { BILLING_ENUM_REGISTRY, ENUM_REGISTRY } from '@feikong/contracts';
import { baseApi } from '../api/base';
import { getSession, isPersonalAccount, setSession, type DictItem } from '../stores/session';

/**
 * The session's dictionaries (spec §3: dictData, dictDataObj, enumListObj; decision 0060), loaded once per
 * token after sign-in:
 * - enumListObj: every enumeration of contracts' registries by type (enumList + billEnumList), `{key, value}`;
 * - dictData: entries of the dictionaries named in SESSION_DICT_CODES (the system ones) plus every dictionary
 *   a screen has read since (rememberDict), by category code, `{key, value}` from dict_code / dict_desc;
 * - dictDataObj: key → value of each of those, for showing a stored key as text (dictionaries over enums of
 *   the same name).
 * The names come from contracts; nothing is typed here. A failed load leaves them as they were.
 */
export const SESSION_DICT_CODES = ['currency', 'id_type'] as const;

const toObj = (items: DictItem[]) => Object.fromEntries(items.map((i) => [i.key, i.value]));
function dictDataObjOf(dictData: Record<string, DictItem[]>, enums: Record<string, DictItem[]>) {
  const out: Record<string, Record<string, string>> = {};
  for (const [k, v] of Object.entries(enums)) out[k] = toObj(v);
  for (const [k, v] of Object.entries(dictData)) out[k] = toObj(v);
  return out;
}

let loadedFor = '';
let inflight: Promise<void> | null = null;

/** Loads the enumerations and the session dictionaries for the current token (once; concurrent calls share). */
export function loadDictionaries(): Promise<void> {
  const s = getSession();
  if (!s.token || isPersonalAccount(s)) return Promise.resolve();
  if (loadedFor === s.token) return inflight ?? Promise.resolve();
  const token = s.token;
  loadedFor = token;
  inflight = Promise.all([
    baseApi.enumList(Object.keys(ENUM_REGISTRY)),
    baseApi.billEnumList(Object.keys(BILLING_ENUM_REGISTRY)),
    Promise.all(SESSION_DICT_CODES.map((c) => baseApi.dictEnums(c))),
  ])
    .then(([enums, bills, dicts]) => {
      if (getSession().token !== token) return;
      const enumListObj = Object.fromEntries([...enums.items, ...bills.items].map((g) => [g.type, g.items]));
      const dictData = { ...getSession().dictData };
      SESSION_DICT_CODES.forEach((c, i) => {
        dictData[c] = dicts[i].items.map(({ key, value }) => ({ key, value }));
      });
      setSession({ enumListObj, dictData, dictDataObj: dictDataObjOf(dictData, enumListObj) });
    })
    .catch(() => {
      if (loadedFor === token) loadedFor = ''; // the next sign-in or screen tries again
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** A dictionary read by a screen goes into the session too (dictData / dictDataObj). */
export function rememberDict(code: string, items: DictItem[]): void {
  const s = getSession();
  const dictData = { ...s.dictData, [code]: items };
  setSession({ dictData, dictDataObj: { ...s.dictDataObj, [code]: toObj(items) } });
}

/** The enabled entries of a dictionary as select options, fresh from the server (a new entry shows at once). */
export const dictOptionsQuery = (code: string) =>
  queryOptions({
    queryKey: ['base', 'dictEnums', code] as const,
    queryFn: async ({ signal }) => {
      const items = (await baseApi.dictEnums(code, signal)).items.map(({ key, value }) => ({ key, value }));
      rememberDict(code, items);
      return items;
    },
    initialData: () => getSession().dictData[code],
    initialDataUpdatedAt: 0,
  });

/** For tests: forget what was loaded. */
export function resetDictionaries(): void {
  loadedFor = '';
  inflight = null;
}
