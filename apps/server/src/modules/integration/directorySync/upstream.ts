/**
 * The platforms' directory APIs (decision 0061), each in its real field names, paging and limits:
 *   WeCom    GET /cgi-bin/gettoken · GET /cgi-bin/department/list (the whole tree) · POST /cgi-bin/user/list_id
 *            {cursor, limit ≤ 10000} (the complete roster: userid + department) · GET /cgi-bin/user/list
 *            ?department_id= (details of a department's members). Rate limit errcode 45009; expired token 42001.
 *            Apps made after 2022-06-20 get no mobile / email: those fields are withheld, never blanked.
 *   DingTalk GET /gettoken · POST /topapi/v2/department/listsub {dept_id} (walked from 1, any depth) ·
 *            POST /topapi/v2/user/list {dept_id, cursor, size ≤ 100} (has_more, next_cursor). Rate limit
 *            errcode 88 with subcode 90018; expired token 88/40014.
 *   Feishu   POST /open-apis/auth/v3/tenant_access_token/internal · GET /open-apis/contact/v3/departments/:id/children
 *            (page_token, fetch_child) · GET /open-apis/contact/v3/users/find_by_department (page_token,
 *            page_size ≤ 50). Rate limit code 99991400; expired token 99991663.
 * Calls go through one limiter per sync (WeCom 10,000 a minute, DingTalk 20 a second, Feishu 50 a second); a
 * rate-limit reply waits and retries, an expired token is fetched again and the call retried.
 */
export interface UpDept {
  id: string;
  parent: string;
  name: string;
  order: number;
}
export interface UpUser {
  id: string;
  name: string;
  mobile: string | null;
  email: string | null;
  /** Fields the platform did not return (mobile, email). */
  withheld: string[];
  depts: string[];
}
export interface Snapshot {
  root: string;
  depts: UpDept[];
  users: UpUser[];
}
export interface UpstreamApp {
  platform: 'dingtalk' | 'wecom' | 'feishu';
  apiBase: string;
  corpId: string;
  appKey: string;
  appSecret: string;
  timeoutMs: number;
}
export interface UpstreamOptions {
  /** Wait after a rate-limit reply (ms, doubled per retry). */
  backoffMs?: number;
  /** Calls at once (the limiter still spaces them). */
  concurrency?: number;
  sleep?: (ms: number) => Promise<void>;
}
export class UpstreamError extends Error {}

const RATE: Record<UpstreamApp['platform'], number> = {
  wecom: 60_000 / 10_000,
  dingtalk: 1000 / 20,
  feishu: 1000 / 50,
};

/** Spaces calls at the platform's published rate (one slot per call). */
class Limiter {
  private next = 0;
  constructor(private readonly gapMs: number) {}
  async take(sleep: (ms: number) => Promise<void>) {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + this.gapMs;
    if (at > now) await sleep(at - now);
  }
}

type Reply = Record<string, any>;
type Verdict = 'ok' | 'rate' | 'token';

class Client {
  token: string | null = null;
  calls = 0;
  private readonly limiter: Limiter;
  private readonly sleep: (ms: number) => Promise<void>;
  constructor(
    readonly app: UpstreamApp,
    private readonly opts: UpstreamOptions,
    private readonly getToken: (c: Client) => Promise<string>,
    private readonly judge: (r: Reply, status: number) => Verdict | string,
  ) {
    this.limiter = new Limiter(RATE[app.platform]);
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }
  async raw(method: 'GET' | 'POST', path: string, q: Record<string, string>, body?: unknown, auth?: string) {
    await this.limiter.take(this.sleep);
    this.calls += 1;
    const url = new URL(`${this.app.apiBase.replace(/\/+$/, '')}${path}`);
    for (const [k, v] of Object.entries(q)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.app.timeoutMs),
      });
    } catch {
      throw new UpstreamError('无法连接平台接口');
    }
    let json: Reply;
    try {
      json = (await res.json()) as Reply;
    } catch {
      throw new UpstreamError(`平台接口返回了无法识别的内容（HTTP ${res.status}）`);
    }
    return { status: res.status, json };
  }
  /** A call with the access token; waits on rate limits, refreshes an expired token. */
  async call(
    method: 'GET' | 'POST',
    path: string,
    q: Record<string, string>,
    body?: unknown,
  ): Promise<Reply> {
    for (let attempt = 0; attempt < 8; attempt++) {
      if (!this.token) this.token = await this.getToken(this);
      const bearer = this.app.platform === 'feishu';
      const r = await this.raw(
        method,
        path,
        bearer ? q : { ...q, access_token: this.token },
        body,
        bearer ? this.token : undefined,
      );
      const v = this.judge(r.json, r.status);
      if (v === 'ok') return r.json;
      if (v === 'rate') {
        await this.sleep((this.opts.backoffMs ?? 1000) * 2 ** Math.min(attempt, 5));
        continue;
      }
      if (v === 'token') {
        this.token = null;
        continue;
      }
      throw new UpstreamError(v);
    }
    throw new UpstreamError('平台接口多次限流或凭证失效，同步未完成');
  }
}

async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (i < items.length) await fn(items[i++]!);
    }),
  );
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const present = (v: unknown) => typeof v === 'string' && v !== '';

// ---- WeCom ----
function wecomJudge(r: Reply): Verdict | string {
  if (r.errcode === 0 || r.errcode === undefined) return 'ok';
  if (r.errcode === 45009) return 'rate';
  if (r.errcode === 42001 || r.errcode === 40014) return 'token';
  return `企业微信返回错误 ${r.errcode}：${str(r.errmsg)}`;
}
async function wecomToken(c: Client) {
  const r = await c.raw('GET', '/cgi-bin/gettoken', { corpid: c.app.corpId, corpsecret: c.app.appSecret });
  if (r.json.errcode !== 0 || !present(r.json.access_token))
    throw new UpstreamError(`企业微信获取凭证失败：${str(r.json.errmsg)}`);
  return r.json.access_token as string;
}
async function wecomSnapshot(c: Client, concurrency: number): Promise<Snapshot> {
  const d = await c.call('GET', '/cgi-bin/department/list', {});
  const depts: UpDept[] = (d.department ?? []).map((x: Reply) => ({
    id: str(x.id),
    parent: str(x.parentid),
    name: str(x.name),
    order: Number(x.order ?? 0),
  }));
  const roster = new Map<string, string[]>();
  let cursor = '';
  do {
    const p = await c.call('POST', '/cgi-bin/user/list_id', {}, { cursor, limit: 10_000 });
    for (const u of p.dept_user ?? []) {
      const list = roster.get(str(u.userid)) ?? [];
      list.push(str(u.department));
      roster.set(str(u.userid), list);
    }
    cursor = str(p.next_cursor);
  } while (cursor !== '');
  const details = new Map<string, UpUser>();
  await pool(depts, concurrency, async (dept) => {
    const r = await c.call('GET', '/cgi-bin/user/list', { department_id: dept.id });
    for (const u of r.userlist ?? []) {
      const id = str(u.userid);
      if (details.has(id)) continue;
      const withheld = [!present(u.mobile) && 'mobile', !present(u.email) && 'email'].filter(
        (x): x is string => !!x,
      );
      details.set(id, {
        id,
        name: str(u.name),
        mobile: present(u.mobile) ? u.mobile : null,
        email: present(u.email) ? u.email : null,
        withheld,
        depts: (u.department ?? []).map(str),
      });
    }
  });
  const users: UpUser[] = [];
  for (const [id, depIds] of roster) {
    const u = details.get(id);
    if (!u) throw new UpstreamError(`企业微信未返回成员 ${id} 的详情，快照不完整`);
    users.push({ ...u, depts: [...new Set(depIds)] });
  }
  const root = depts.find((x) => x.parent === '0' || !depts.some((p) => p.id === x.parent))?.id ?? '1';
  return { root, depts, users };
}

// ---- DingTalk ----
function dingJudge(r: Reply): Verdict | string {
  if (r.errcode === 0 || r.errcode === undefined) return 'ok';
  const sub = str(r.sub_code ?? r.subcode);
  if ((r.errcode === 88 && sub === '90018') || r.errcode === 90018) return 'rate';
  if ((r.errcode === 88 && sub === '40014') || r.errcode === 40014) return 'token';
  return `钉钉返回错误 ${r.errcode}：${str(r.errmsg)}`;
}
async function dingToken(c: Client) {
  const r = await c.raw('GET', '/gettoken', { appkey: c.app.appKey, appsecret: c.app.appSecret });
  if (r.json.errcode !== 0 || !present(r.json.access_token))
    throw new UpstreamError(`钉钉获取凭证失败：${str(r.json.errmsg)}`);
  return r.json.access_token as string;
}
async function dingSnapshot(c: Client, concurrency: number): Promise<Snapshot> {
  const depts: UpDept[] = [];
  let level = ['1'];
  while (level.length > 0) {
    const next: string[] = [];
    await pool(level, concurrency, async (id) => {
      const r = await c.call('POST', '/topapi/v2/department/listsub', {}, { dept_id: Number(id) });
      for (const x of r.result ?? []) {
        depts.push({
          id: str(x.dept_id),
          parent: str(x.parent_id),
          name: str(x.name),
          order: Number(x.order ?? 0),
        });
        next.push(str(x.dept_id));
      }
    });
    level = next;
  }
  const users = new Map<string, UpUser>();
  await pool(['1', ...depts.map((d) => d.id)], concurrency, async (deptId) => {
    let cursor = 0;
    for (;;) {
      const r = await c.call(
        'POST',
        '/topapi/v2/user/list',
        {},
        { dept_id: Number(deptId), cursor, size: 100 },
      );
      for (const u of r.result?.list ?? []) {
        const id = str(u.userid);
        const seen = users.get(id);
        if (seen) {
          if (!seen.depts.includes(deptId)) seen.depts.push(deptId);
          continue;
        }
        users.set(id, {
          id,
          name: str(u.name),
          mobile: present(u.mobile) ? u.mobile : null,
          email: present(u.email) ? u.email : null,
          withheld: [!present(u.mobile) && 'mobile', !present(u.email) && 'email'].filter(
            (x): x is string => !!x,
          ),
          depts: (u.dept_id_list ?? [Number(deptId)]).map(str),
        });
      }
      if (!r.result?.has_more) break;
      cursor = Number(r.result.next_cursor);
    }
  });
  return { root: '1', depts, users: [...users.values()] };
}

// ---- Feishu ----
function feishuJudge(r: Reply): Verdict | string {
  if (r.code === 0) return 'ok';
  if (r.code === 99991400) return 'rate';
  if (r.code === 99991663 || r.code === 99991661) return 'token';
  return `飞书返回错误 ${r.code}：${str(r.msg)}`;
}
async function feishuToken(c: Client) {
  const r = await c.raw(
    'POST',
    '/open-apis/auth/v3/tenant_access_token/internal',
    {},
    {
      app_id: c.app.appKey,
      app_secret: c.app.appSecret,
    },
  );
  if (r.json.code !== 0 || !present(r.json.tenant_access_token))
    throw new UpstreamError(`飞书获取凭证失败：${str(r.json.msg)}`);
  return r.json.tenant_access_token as string;
}
async function feishuPages(c: Client, path: string, q: Record<string, string>, each: (item: Reply) => void) {
  let token = '';
  for (;;) {
    const r = await c.call('GET', path, { ...q, ...(token ? { page_token: token } : {}) });
    for (const it of r.data?.items ?? []) each(it);
    if (!r.data?.has_more) return;
    token = str(r.data.page_token);
  }
}
async function feishuSnapshot(c: Client, concurrency: number): Promise<Snapshot> {
  const depts: UpDept[] = [];
  await feishuPages(
    c,
    '/open-apis/contact/v3/departments/0/children',
    { department_id_type: 'department_id', fetch_child: 'true', page_size: '50' },
    (x) =>
      depts.push({
        id: str(x.department_id),
        parent: str(x.parent_department_id),
        name: str(x.name),
        order: Number(x.order ?? 0),
      }),
  );
  const users = new Map<string, UpUser>();
  await pool(['0', ...depts.map((d) => d.id)], concurrency, async (deptId) =>
    feishuPages(
      c,
      '/open-apis/contact/v3/users/find_by_department',
      {
        department_id: deptId,
        department_id_type: 'department_id',
        user_id_type: 'user_id',
        page_size: '50',
      },
      (u) => {
        const id = str(u.user_id);
        if (users.has(id)) return;
        const mobile = present(u.mobile) ? String(u.mobile).replace(/^\+86/, '') : null;
        users.set(id, {
          id,
          name: str(u.name),
          mobile,
          email: present(u.email) ? u.email : null,
          withheld: [!mobile && 'mobile', !present(u.email) && 'email'].filter((x): x is string => !!x),
          depts: (u.department_ids ?? [deptId]).map(str),
        });
      },
    ),
  );
  return { root: '0', depts, users: [...users.values()] };
}

/** The complete snapshot of the platform's directory, or an UpstreamError (nothing partial is returned). */
export async function fetchSnapshot(app: UpstreamApp, opts: UpstreamOptions = {}) {
  const n = opts.concurrency ?? 8;
  const c =
    app.platform === 'wecom'
      ? new Client(app, opts, wecomToken, wecomJudge)
      : app.platform === 'dingtalk'
        ? new Client(app, opts, dingToken, dingJudge)
        : new Client(app, opts, feishuToken, feishuJudge);
  const snap =
    app.platform === 'wecom'
      ? await wecomSnapshot(c, n)
      : app.platform === 'dingtalk'
        ? await dingSnapshot(c, n)
        : await feishuSnapshot(c, n);
  return { snapshot: snap, calls: c.calls };
}
