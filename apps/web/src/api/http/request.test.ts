import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED, SESSION_MISSING } from '@feikong/contracts';
import { bus, type LogoutEvent } from '../../platform/bus';
import { reloadSession, setSession } from '../../stores/session';
import { headerOf, jsonReply, ok, queryOf, stubFetch, stubHangingFetch } from '../../test/fetch';
import { MSG_NETWORK, MSG_SESSION_EXPIRED, MSG_TIMEOUT, SESSION_EXPIRED_SECONDS } from './constants';
import { resetLogoutLatch } from './logout';
import {
  RequestError,
  apiConfig,
  configureApi,
  http,
  parseReplyError,
  request,
  setLogoutChannel,
  setNotifier,
} from './request';

const notifier = { error: vi.fn(), warning: vi.fn(), dialog: vi.fn() };
let logoutEvents: LogoutEvent[] = [];
let offLogout: () => void;
const initialConfig = { ...apiConfig }; // the real defaults, restored before each test

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  setSession({ token: 'tok-1' });
  notifier.error.mockReset();
  notifier.warning.mockReset();
  notifier.dialog.mockReset();
  setNotifier(notifier);
  setLogoutChannel(null);
  resetLogoutLatch();
  configureApi({ ...initialConfig, baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  logoutEvents = [];
  offLogout = bus.on('logout', (e) => logoutEvents.push(e));
});

afterEach(() => {
  offLogout();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Awaits a rejection and returns the RequestError. */
async function failure(p: Promise<unknown>): Promise<RequestError> {
  const err = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RequestError);
  return err as RequestError;
}

describe('envelope', () => {
  it('resolves with data when status is 0 and sends the session headers', async () => {
    const fetch = stubFetch(() => ok({ id: 7 }));
    await expect(http.get('/finobase/api/v1/users')).resolves.toEqual({ id: 7 });
    const [url, init] = fetch.mock.calls[0];
    expect(url.startsWith('/finobase/api/v1/users?')).toBe(true);
    expect(init.method).toBe('GET');
    expect(headerOf(init, 'X-Session-Token')).toBe('tok-1');
    expect(headerOf(init, 'X-Env')).toBe('test');
    expect(headerOf(init, 'X-Request-Id')).toMatch(/^[0-9a-z]{32}$/);
    expect(headerOf(init, 'X-Fake-User')).toBeNull();
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('leaves the token out when withToken is false', async () => {
    const fetch = stubFetch(() => ok(null));
    await http.post('/auth-center/api/v1/users:login', { phone: '1' }, { withToken: false });
    expect(headerOf(fetch.mock.calls[0][1], 'X-Session-Token')).toBeNull();
  });

  it('sends the fake-user header only in dev mode when configured', async () => {
    const fetch = stubFetch(() => ok(null));
    configureApi({ fakeUser: 'u-13800000000', devMode: false });
    await http.get('/x');
    configureApi({ devMode: true });
    await http.get('/x');
    expect(headerOf(fetch.mock.calls[0][1], 'X-Fake-User')).toBeNull();
    expect(headerOf(fetch.mock.calls[1][1], 'X-Fake-User')).toBe('u-13800000000');
  });

  it('prefixes the configured base address', async () => {
    const fetch = stubFetch(() => ok(null));
    configureApi({ baseUrl: 'https://gw.example.com' });
    await http.post('/invoice/api/web/invoice/remove', { ids: [1] });
    expect(fetch.mock.calls[0][0]).toBe('https://gw.example.com/invoice/api/web/invoice/remove');
  });

  it('business error: toasts the server msg and rejects with kind business', async () => {
    stubFetch(() => jsonReply({ status: 20_001, msg: '单据已提交，不能修改', data: { bill: 3 } }));
    const err = await failure(http.post('/finobill/api/web/bill/edit', {}));
    expect(err).toMatchObject({
      kind: 'business',
      status: 20_001,
      msg: '单据已提交，不能修改',
      data: { bill: 3 },
    });
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith('单据已提交，不能修改');
  });

  it('silent: rejects without any toast', async () => {
    stubFetch(() => jsonReply({ status: 20_001, msg: '接口测试失败', data: null }));
    const err = await failure(http.post('/integration-center/api/web/x', {}, { silent: true }));
    expect(err.kind).toBe('business');
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.dialog).not.toHaveBeenCalled();
  });

  it('a 200 reply that is not an envelope is an error, not data', async () => {
    stubFetch(() => new Response('<html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const err = await failure(http.get('/finobase/api/v1/users'));
    expect(err.kind).toBe('http');
    expect(notifier.error).toHaveBeenCalledOnce();
  });

  it('responseType blob returns the raw body of a file reply', async () => {
    stubFetch(() => new Response('a,b\n1,2', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    const blob = await request<Blob>('/task-center/api/v1/file', { responseType: 'blob' });
    expect(await blob.text()).toBe('a,b\n1,2');
  });
});

describe('logout codes', () => {
  it.each([SESSION_MISSING, SESSION_EXPIRED])(
    '%i emits one logout on the local bus and rejects',
    async (code) => {
      stubFetch(() => jsonReply({ status: code, msg: '会话已失效', data: null }, 401));
      const err = await failure(http.get('/auth-center/api/v1/users/staff'));
      expect(err).toMatchObject({ kind: 'logout', status: code, msg: MSG_SESSION_EXPIRED });
      expect(logoutEvents).toEqual([{ reason: 'expired', code }]);
      expect(notifier.warning).toHaveBeenCalledExactlyOnceWith(MSG_SESSION_EXPIRED, SESSION_EXPIRED_SECONDS);
      expect(notifier.error).not.toHaveBeenCalled();
    },
  );

  it('also when the envelope arrives with HTTP 200', async () => {
    stubFetch(() => jsonReply({ status: SESSION_EXPIRED, msg: '', data: null }, 200));
    expect((await failure(http.get('/x'))).kind).toBe('logout');
    expect(logoutEvents).toHaveLength(1);
  });

  it('several calls failing with the same expired token warn and log out once', async () => {
    stubFetch(() => jsonReply({ status: SESSION_EXPIRED, msg: '', data: null }, 401));
    await Promise.allSettled([http.get('/a'), http.get('/b'), http.post('/c')]);
    expect(logoutEvents).toHaveLength(1);
    expect(notifier.warning).toHaveBeenCalledOnce();
  });

  it('goes to the container channel instead of the local bus when one is set', async () => {
    const containerLogout = vi.fn();
    setLogoutChannel(containerLogout);
    stubFetch(() => jsonReply({ status: SESSION_MISSING, msg: '', data: null }, 401));
    await failure(http.get('/x'));
    expect(containerLogout).toHaveBeenCalledExactlyOnceWith({ reason: 'expired', code: SESSION_MISSING });
    expect(logoutEvents).toEqual([]);
  });
});

describe('HTTP errors', () => {
  it.each([
    [403, '用户得到授权，但是访问是被禁止的!'],
    [404, '网络请求错误，未找到该资源!'],
    [405, '网络请求错误，请求方法未允许!'],
    [408, '网络请求超时!'],
    [415, '网关错误，请联系管理员!'],
    [501, '网络未实现!'],
    [502, '网络错误!'],
    [503, '服务不可用，服务器暂时过载或维护!'],
    [504, '网络超时!'],
    [505, 'http版本不支持该请求!'],
  ])('%i shows the catalogue message', async (status, text) => {
    stubFetch(() => new Response('gateway page', { status }));
    const err = await failure(http.get('/x'));
    expect(err).toMatchObject({ kind: 'http', status, msg: text });
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith(text);
  });

  it.each([
    [400, '参数错误：金额', '参数错误：金额'],
    [401, '用户名或密码错误', '用户名或密码错误'],
    [401, '', '用户没有权限（令牌、用户名、密码错误）!'],
    [500, '服务器开小差了，请稍后重试', '服务器开小差了，请稍后重试'],
    [500, '', '服务器错误，请联系管理员!'],
  ])('%i prefers the server msg (%j)', async (status, msg, shown) => {
    stubFetch(() => jsonReply({ status: 10_000_000 + status, msg, data: null }, status));
    const err = await failure(http.get('/x'));
    expect(err).toMatchObject({ kind: 'http', status, msg: shown, code: 10_000_000 + status });
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith(shown);
  });

  it("errorMode 'dialog' shows a confirm dialog instead of a toast", async () => {
    stubFetch(() => new Response('', { status: 503 }));
    await failure(http.get('/x', undefined, { errorMode: 'dialog' }));
    expect(notifier.dialog).toHaveBeenCalledExactlyOnceWith('服务不可用，服务器暂时过载或维护!');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('a 400 validation reply carries field errors for forms', async () => {
    stubFetch(() =>
      jsonReply(
        {
          status: 10_000_400,
          msg: '手机号：手机号格式错误',
          data: { fields: [{ field: 'phone', msg: '手机号格式错误' }] },
        },
        400,
      ),
    );
    const err = await failure(http.post('/auth-center/api/v1/users:login', { phone: '12' }));
    expect(err.fieldErrors).toEqual([{ field: 'phone', msg: '手机号格式错误' }]);
    expect(parseReplyError(err)).toEqual({
      action: 'fields',
      fields: [{ field: 'phone', msg: '手机号格式错误' }],
      message: '手机号：手机号格式错误',
    });
    // Without handleFieldErrors the msg is still toasted (spec §8: 400 shows the server msg) …
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith('手机号：手机号格式错误');
  });

  it('… with handleFieldErrors the form shows them and nothing is toasted', async () => {
    stubFetch(() =>
      jsonReply({ status: 10_000_400, msg: 'x', data: { fields: [{ field: 'phone', msg: 'y' }] } }, 400),
    );
    await failure(http.post('/login', {}, { handleFieldErrors: true }));
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('a 409 naming its field goes to the form; a 409 without one is toasted', async () => {
    const taken = {
      status: 10_100_409,
      msg: '手机号已存在',
      data: { fields: [{ field: 'phone', msg: '手机号已存在' }] },
    };
    stubFetch(() => jsonReply(taken, 409));
    const err = await failure(http.post('/users:post', {}, { handleFieldErrors: true }));
    expect(err.fieldErrors).toEqual([{ field: 'phone', msg: '手机号已存在' }]);
    expect(notifier.error).not.toHaveBeenCalled();
    // The same reply to a call that has no form (a drag, a status switch) is a toast.
    await failure(http.post('/users:post', {}));
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith('手机号已存在');
    stubFetch(() => jsonReply({ status: 10_102_409, msg: '该部门下有员工，不能删除', data: null }, 409));
    await failure(http.post('/departments:delete', {}, { handleFieldErrors: true }));
    expect(notifier.error).toHaveBeenLastCalledWith('该部门下有员工，不能删除');
  });
});

describe('timeout, network, cancel', () => {
  it('times out after 100000 ms by default with the timeout message', async () => {
    vi.useFakeTimers();
    stubHangingFetch();
    let settled = false;
    const p = failure(http.get('/slow')).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(99_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await p;
    expect(err).toMatchObject({ kind: 'timeout', msg: MSG_TIMEOUT });
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith(MSG_TIMEOUT);
  });

  it('honours a per-call timeout override', async () => {
    stubHangingFetch();
    const err = await failure(http.get('/slow', undefined, { timeout: 20 }));
    expect(err.kind).toBe('timeout');
  });

  it('network failure shows the network message', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await failure(http.get('/x'));
    expect(err).toMatchObject({ kind: 'network', status: 0, msg: MSG_NETWORK });
    expect(notifier.error).toHaveBeenCalledExactlyOnceWith(MSG_NETWORK);
  });

  it('cancelDuplicate: a second call with the same method + URL cancels the first, silently', async () => {
    let n = 0;
    const fetch = vi.fn((_url: string, init: RequestInit) => {
      n += 1;
      if (n === 1) {
        return new Promise<Response>((_r, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return Promise.resolve(ok('second'));
    });
    vi.stubGlobal('fetch', fetch);
    const first = failure(
      http.get('/finobill/api/web/flow/pageList', { page_num: 1 }, { cancelDuplicate: true }),
    );
    const second = http.get('/finobill/api/web/flow/pageList', { page_num: 2 }, { cancelDuplicate: true });
    await expect(second).resolves.toBe('second');
    expect((await first).kind).toBe('cancelled');
    expect(parseReplyError(await first)).toEqual({ action: 'ignore' });
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('the stub honours aborts, so a cancelled duplicate really fails', async () => {
    stubFetch(() => ok('done'));
    const first = failure(http.get('/b/list', undefined, { cancelDuplicate: true }));
    await http.get('/b/list', undefined, { cancelDuplicate: true });
    expect((await first).kind).toBe('cancelled');
  });

  it('does not cancel without the flag, across methods, or on exempt paths', async () => {
    const fetch = stubFetch(() => ok('done'));
    const calls = [
      http.get('/a/list'),
      http.get('/a/list'),
      http.get('/b/list', undefined, { cancelDuplicate: true }),
      http.post('/b/list', {}, { cancelDuplicate: true }),
      http.post('/invoice/api/web/invoice/ocrCheck', { id: 1 }, { cancelDuplicate: true }),
      http.post('/invoice/api/web/invoice/ocrCheck', { id: 2 }, { cancelDuplicate: true }),
    ];
    await expect(Promise.all(calls)).resolves.toEqual(Array(6).fill('done'));
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it("the caller's abort signal rejects with kind 'cancelled'", async () => {
    stubHangingFetch();
    const controller = new AbortController();
    const p = failure(http.get('/x', undefined, { signal: controller.signal }));
    controller.abort();
    expect((await p).kind).toBe('cancelled');
    expect(notifier.error).not.toHaveBeenCalled();
  });
});

describe('encoding', () => {
  it('GET adds _t = Date.now() and bracket-encodes trimmed params', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_123);
    const fetch = stubFetch(() => ok(null));
    await http.get('/org-arch-center/api/v1/users', { keyword: '  张三 ', status: [1, 2], page_num: 1 });
    const q = queryOf(fetch.mock.calls[0][0]);
    expect(q.get('_t')).toBe('1700000000123');
    expect(q.get('keyword')).toBe('张三');
    expect(q.getAll('status[]')).toEqual(['1', '2']);
    expect(q.get('page_num')).toBe('1');
  });

  it('POST adds no timestamp', async () => {
    const fetch = stubFetch(() => ok(null));
    await http.post('/x', { a: 1 });
    expect(fetch.mock.calls[0][0]).toBe('/x');
  });

  it('JSON body by default', async () => {
    const fetch = stubFetch(() => ok(null));
    await http.put('/x', { name: ' 保留空格 ', n: [1] });
    const init = fetch.mock.calls[0][1];
    expect(headerOf(init, 'Content-Type')).toContain('application/json');
    expect(init.body).toBe('{"name":" 保留空格 ","n":[1]}');
  });

  it('form-urlencoded body with bracket arrays and nested objects', async () => {
    const fetch = stubFetch(() => ok(null));
    await http.patch('/x', { a: [1, 2], o: { k: 'v w' }, skip: null }, { bodyType: 'form' });
    const init = fetch.mock.calls[0][1];
    expect(headerOf(init, 'Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(init.body).toBe('a[]=1&a[]=2&o[k]=v%20w');
  });

  it('multipart passes FormData through and lets the browser set the boundary', async () => {
    const fetch = stubFetch(() => ok(null));
    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'a.png');
    await http.post('/invoice/api/web/invoice/attachment/upload', fd);
    const init = fetch.mock.calls[0][1];
    expect(init.body).toBe(fd);
    expect(headerOf(init, 'Content-Type')).toBeNull();
  });

  it('DELETE sends its params in the query string', async () => {
    const fetch = stubFetch(() => ok(null));
    await http.delete('/org-arch-center/api/v1/organizations:delete', { org_id: 9 });
    expect(fetch.mock.calls[0][0]).toBe('/org-arch-center/api/v1/organizations:delete?org_id=9');
    expect(fetch.mock.calls[0][1].method).toBe('DELETE');
  });
});
