import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** A list route's query schema from packages/contracts: a zod object whose fields coerce from text. */
export type QuerySchema = z.ZodObject<z.ZodRawShape>;
type Patch<S extends QuerySchema> = { [K in keyof z.output<S>]?: string | number | boolean | null };

export type SortOrder = 'ascend' | 'descend' | null;

export interface ListParamsOptions {
  /** The URL keys of the sort, when the contract has one (default sortField / sortOrder, values asc|desc). */
  sortKeys?: { field: string; order: string };
  /** The URL keys of the page, when the contract names them otherwise (default pageNum / pageSize). */
  pageKeys?: { num: string; size: string };
}

/** The page keys of the snake_case contracts (org, rights, tasks, mail …): page_num / page_size. */
export const SNAKE_PAGE = { pageKeys: { num: 'page_num', size: 'page_size' } } as const;

/**
 * Reads one field from the URL: a value the contract refuses (pageSize=abc, an unknown status) falls back
 * to the field's default, or is left out, rather than failing the whole list.
 */
function readField(field: z.ZodType, raw: string | null): unknown {
  if (raw !== null && raw !== '') {
    const ok = field.safeParse(raw);
    if (ok.success) return ok.data;
  }
  const dflt = field.safeParse(undefined);
  return dflt.success ? dflt.data : undefined;
}

/** Every field of the schema read from the URL (exported for tests and the print pages). */
export function readListQuery<S extends QuerySchema>(schema: S, params: URLSearchParams): z.output<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const v = readField(field as z.ZodType, params.get(key));
    if (v !== undefined) out[key] = v;
  }
  return out as z.output<S>;
}

/** The defaults of the schema: what an empty URL means (a value equal to it is left out of the URL). */
function defaultsOf(schema: QuerySchema): Record<string, unknown> {
  return readListQuery(schema, new URLSearchParams()) as Record<string, unknown>;
}

/**
 * Writes a patch into URL parameters: empty values and defaults are removed so a plain list has a plain
 * URL; any change other than the page itself goes back to page 1.
 */
export function patchListParams(
  params: URLSearchParams,
  patch: Record<string, unknown>,
  defaults: Record<string, unknown>,
  keepPage = false,
  pageKey = 'pageNum',
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === null || v === '' || String(v) === String(defaults[k] ?? '')) next.delete(k);
    else next.set(k, String(v));
  }
  if (!keepPage && !(pageKey in patch)) next.delete(pageKey);
  return next;
}

/**
 * A list screen's filters, sort and paging held in the URL, typed from the route's contract query schema:
 * `query` is what the list request sends (each field validated, bad values dropped to their default);
 * `set` changes filters (back to page 1), `setPage` pages, `setSort` / `sortOf` connect antd's sorter.
 * A reload or a shared link shows the same list.
 */
export function useListParams<S extends QuerySchema>(schema: S, options: ListParamsOptions = {}) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const query = useMemo(() => readListQuery(schema, new URLSearchParams(search)), [schema, search]);
  const defaults = useMemo(() => defaultsOf(schema), [schema]);
  const sortKeys = options.sortKeys ?? { field: 'sortField', order: 'sortOrder' };
  const pageKeys = options.pageKeys ?? { num: 'pageNum', size: 'pageSize' };
  const q = query as Record<string, unknown>;

  const write = (patch: Record<string, unknown>, keepPage = false) =>
    setParams((p) => patchListParams(p, patch, defaults, keepPage, pageKeys.num), { replace: true });
  const set = (patch: Patch<S>, keepPage = false) => write(patch as Record<string, unknown>, keepPage);
  const setPage = (pageNum: number, pageSize: number) =>
    write({ [pageKeys.num]: pageNum, [pageKeys.size]: pageSize }, true);
  const setSort = (field: string | undefined, order: SortOrder) =>
    write(
      order && field
        ? { [sortKeys.field]: field, [sortKeys.order]: order === 'ascend' ? 'asc' : 'desc' }
        : { [sortKeys.field]: undefined, [sortKeys.order]: undefined },
    );
  const sortOf = (field: string): SortOrder =>
    q[sortKeys.field] === field ? (q[sortKeys.order] === 'asc' ? 'ascend' : 'descend') : null;

  return {
    query,
    pageNum: Number(q[pageKeys.num] ?? 1),
    pageSize: Number(q[pageKeys.size] ?? 20),
    /** A parameter outside the contract (a tab of the screen, a date text): raw text, '' when absent. */
    raw: (key: string) => params.get(key) ?? '',
    /** Writes any URL key, in or out of the contract. */
    setRaw: (patch: Record<string, string | number | undefined>, keepPage = false) => write(patch, keepPage),
    set,
    setPage,
    setSort,
    sortOf,
  };
}

export type ListParams<S extends QuerySchema> = ReturnType<typeof useListParams<S>>;
