import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_ENUM_REGISTRY, ENUM_REGISTRY, JumpPageTypeLabel } from '@feikong/contracts';
import { configureApi } from '../api/http/request';
import { getSession, reloadSession, setSession } from '../stores/session';
import { jsonReply, ok, stubFetch } from '../test/fetch';
import { loadDictionaries, rememberDict, resetDictionaries, SESSION_DICT_CODES } from './dictStore';

/** The server as the base family answers: groups from the registries, two system dictionaries. */
function server(fail = false) {
  return stubFetch((raw) => {
    const url = new URL(raw, 'http://localhost');
    if (fail) return jsonReply({ status: 500, msg: '服务器开小差了', data: null }, 500);
    const reg = url.pathname.endsWith('/billEnumList') ? BILLING_ENUM_REGISTRY : ENUM_REGISTRY;
    if (url.pathname.endsWith('enumList') || url.pathname.endsWith('EnumList'))
      return ok({
        items: url.searchParams
          .get('keyWord')!
          .split(',')
          .map((type) => ({
            type,
            items: Object.entries((reg as Record<string, Record<string, string>>)[type]).map(
              ([key, value]) => ({
                key,
                value,
              }),
            ),
          })),
      });
    if (url.pathname.endsWith('/dictEnums')) {
      const code = JSON.parse(url.searchParams.get('filter')!).categoryCode as string;
      const items =
        code === 'currency'
          ? [
              ['CNY', '人民币'],
              ['USD', '美元'],
            ]
          : [['1', '居民身份证']];
      return ok({ items: items.map(([k, v]) => ({ key: k, value: v, dict_code: k, dict_desc: v })) });
    }
    return jsonReply({ status: 404, msg: 'not found', data: null }, 404);
  });
}
const paths = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.map((c) => {
    const u = new URL(String(c[0]), 'http://localhost');
    return `${u.pathname}?${u.search}`;
  });

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  resetDictionaries();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetDictionaries(); // the files of a worker share this module: leave nothing loaded behind
});

describe('session dictionaries (spec §3 dictData, dictDataObj, enumListObj)', () => {
  it('loads every registry enumeration and the system dictionaries once per token, and persists them', async () => {
    setSession({ token: 'tok', userStatus: 2 });
    const fetch = server();
    await Promise.all([loadDictionaries(), loadDictionaries()]);
    expect(fetch).toHaveBeenCalledTimes(2 + SESSION_DICT_CODES.length);
    const s = getSession();
    expect(Object.keys(s.enumListObj).sort()).toEqual(
      [...Object.keys(ENUM_REGISTRY), ...Object.keys(BILLING_ENUM_REGISTRY)].sort(),
    );
    expect(s.enumListObj.jumpPageType).toEqual(
      Object.entries(JumpPageTypeLabel).map(([key, value]) => ({ key, value })),
    );
    expect(s.enumListObj.billType).toContainEqual({ key: 'expense', value: '报销单' });
    expect(s.dictData.currency).toEqual([
      { key: 'CNY', value: '人民币' },
      { key: 'USD', value: '美元' },
    ]);
    expect(s.dictDataObj.currency).toEqual({ CNY: '人民币', USD: '美元' });
    expect(s.dictDataObj.jumpPageType['3']).toBe('企业码');
    expect(JSON.parse(localStorage.getItem('feikong.session')!).dictDataObj.id_type).toEqual({
      '1': '居民身份证',
    });
    await loadDictionaries();
    expect(fetch).toHaveBeenCalledTimes(4); // same token: not again
    // a new token (another organisation) loads again
    setSession({ token: 'tok2' });
    await loadDictionaries();
    expect(fetch).toHaveBeenCalledTimes(8);
    expect(paths(fetch).some((p) => p.includes('/finobase/api/v1/dictEnums'))).toBe(true);
  });

  it('asks nothing for a personal account or without a token', async () => {
    const fetch = server();
    await loadDictionaries();
    setSession({ token: 'tok', userStatus: 1 });
    await loadDictionaries();
    expect(fetch).not.toHaveBeenCalled();
    expect(getSession().enumListObj).toEqual({});
  });

  it('a failed load leaves the session as it was and is tried again next time', async () => {
    setSession({ token: 'tok', userStatus: 2 });
    server(true);
    await loadDictionaries();
    expect(getSession().enumListObj).toEqual({});
    const fetch = server();
    await loadDictionaries();
    expect(fetch).toHaveBeenCalled();
    expect(getSession().dictData.currency).toHaveLength(2);
  });

  it('a dictionary a screen reads is remembered beside the others', () => {
    setSession({ dictData: { currency: [{ key: 'CNY', value: '人民币' }] } });
    rememberDict('trip_reason', [{ key: 'meet', value: '会议' }]);
    expect(getSession().dictData).toMatchObject({
      currency: expect.any(Array),
      trip_reason: [{ key: 'meet', value: '会议' }],
    });
    expect(getSession().dictDataObj.trip_reason).toEqual({ meet: '会议' });
  });
});
