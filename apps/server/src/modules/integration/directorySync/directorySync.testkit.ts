import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP mock of the DingTalk, WeCom and Feishu directory APIs (decision 0061) in their real field names
 * (test-data/directory/platform_fields.json): nested departments, users paged with each platform's cursor, and on
 * request a rate-limit reply, an expired token and withheld phones. Used by the sync tests, the bench and the
 * directory-sync journey (started from the journey in Node).
 */
export interface MockDept {
  id: string;
  parent: string;
  name: string;
  order: number;
}
export interface MockUser {
  id: string;
  name: string;
  mobile: string;
  email: string;
  depts: string[];
  /** The platform withholds this member's mobile and e-mail (WeCom apps made after 2022-06-20). */
  withheld?: boolean;
}
export interface MockDirectory {
  depts: MockDept[];
  users: MockUser[];
}
export interface MockFaults {
  /** The next N data calls answer the platform's rate-limit reply. */
  rateLimit: number;
  /** The next data call answers "token expired" and the current token stops working. */
  expireToken: number;
}

/** `depts` departments nested under root 1 (each level `fanout` wide, so depth grows), `users` spread over them. */
export function makeDirectory(opts: { depts: number; users: number; fanout?: number; phonePrefix?: string }) {
  const fan = opts.fanout ?? 4;
  const depts: MockDept[] = [{ id: '1', parent: '0', name: '总部', order: 0 }];
  for (let i = 0; i < opts.depts; i++) {
    const id = String(100 + i);
    const parent = i < fan ? '1' : String(100 + Math.floor(i / fan) - 1);
    depts.push({ id, parent, name: `部门${i + 1}`, order: i });
  }
  const users: MockUser[] = [];
  const prefix = opts.phonePrefix ?? '186';
  for (let i = 0; i < opts.users; i++) {
    const dept = depts[1 + (i % Math.max(1, opts.depts))]?.id ?? '1';
    users.push({
      id: `u${i + 1}`,
      name: `成员${i + 1}`,
      mobile: `${prefix}${String(i + 1).padStart(8, '0')}`,
      email: `u${i + 1}@example.com`,
      depts: [dept],
    });
  }
  return { depts, users };
}

type Json = Record<string, unknown>;

export async function startDirectoryMock(dir: MockDirectory, port = 0) {
  const faults: MockFaults = { rateLimit: 0, expireToken: 0 };
  const calls: { platform: string; path: string }[] = [];
  let tokenSeq = 0;
  const valid = new Set<string>();
  const issue = () => {
    const t = `tok-${++tokenSeq}`;
    valid.add(t);
    return t;
  };
  const children = (id: string) => dir.depts.filter((d) => d.parent === id && d.id !== '1');
  const members = (id: string) => dir.users.filter((u) => u.depts.includes(id));
  /** Faults and token checks shared by the three platforms; undefined = go on. */
  const gate = (token: string | undefined, rate: Json, expired: Json): Json | undefined => {
    if (faults.rateLimit > 0) {
      faults.rateLimit--;
      return rate;
    }
    if (faults.expireToken > 0 && token && valid.has(token)) {
      faults.expireToken--;
      valid.delete(token);
    }
    if (!token || !valid.has(token)) return expired;
    return undefined;
  };

  const wecom = (path: string, q: URLSearchParams, body: Json): Json => {
    if (path === '/cgi-bin/gettoken')
      return { errcode: 0, errmsg: 'ok', access_token: issue(), expires_in: 7200 };
    const g = gate(
      q.get('access_token') ?? undefined,
      { errcode: 45009, errmsg: 'api freq out of limit' },
      { errcode: 42001, errmsg: 'access_token expired' },
    );
    if (g) return g;
    if (path === '/cgi-bin/department/list')
      return {
        errcode: 0,
        errmsg: 'ok',
        department: dir.depts.map((d) => ({
          id: Number(d.id),
          name: d.name,
          name_en: '',
          department_leader: [],
          parentid: Number(d.parent),
          order: d.order,
        })),
      };
    if (path === '/cgi-bin/user/list_id') {
      const limit = Math.min(Number(body.limit ?? 1000), 10_000);
      const from = body.cursor ? Number(Buffer.from(String(body.cursor), 'base64url').toString()) : 0;
      const pairs = dir.users.flatMap((u) => u.depts.map((d) => ({ userid: u.id, department: Number(d) })));
      const page = pairs.slice(from, from + limit);
      const next = from + limit < pairs.length ? Buffer.from(String(from + limit)).toString('base64url') : '';
      return { errcode: 0, errmsg: 'ok', next_cursor: next, dept_user: page };
    }
    if (path === '/cgi-bin/user/list') {
      const id = q.get('department_id') ?? '';
      return {
        errcode: 0,
        errmsg: 'ok',
        userlist: members(id).map((u) => ({
          userid: u.id,
          name: u.name,
          department: u.depts.map(Number),
          order: u.depts.map(() => 0),
          position: '',
          ...(u.withheld ? {} : { mobile: u.mobile, email: u.email }),
          gender: '1',
          status: 1,
          main_department: Number(u.depts[0]),
          open_userid: `wo${u.id}`,
        })),
      };
    }
    return { errcode: 404, errmsg: `no such api ${path}` };
  };

  const dingtalk = (path: string, q: URLSearchParams, body: Json): Json => {
    if (path === '/gettoken') return { errcode: 0, errmsg: 'ok', access_token: issue(), expires_in: 7200 };
    const g = gate(
      q.get('access_token') ?? undefined,
      { errcode: 88, sub_code: '90018', errmsg: '当前应用调用接口的频率超过限制' },
      { errcode: 88, sub_code: '40014', errmsg: '不合法的access_token' },
    );
    if (g) return g;
    if (path === '/topapi/v2/department/listsub')
      return {
        errcode: 0,
        errmsg: 'ok',
        result: children(String(body.dept_id)).map((d) => ({
          dept_id: Number(d.id),
          name: d.name,
          parent_id: Number(d.parent),
          auto_add_user: false,
          create_dept_group: false,
        })),
      };
    if (path === '/topapi/v2/user/list') {
      const size = Math.min(Number(body.size ?? 100), 100);
      const cursor = Number(body.cursor ?? 0);
      const all = members(String(body.dept_id));
      const list = all.slice(cursor, cursor + size).map((u) => ({
        userid: u.id,
        unionid: `un${u.id}`,
        name: u.name,
        ...(u.withheld ? {} : { mobile: u.mobile, email: u.email }),
        dept_id_list: u.depts.map(Number),
        active: true,
        admin: false,
        boss: false,
        leader: false,
      }));
      const more = cursor + size < all.length;
      return {
        errcode: 0,
        errmsg: 'ok',
        result: { has_more: more, ...(more ? { next_cursor: cursor + size } : {}), list },
      };
    }
    return { errcode: 404, errmsg: `no such api ${path}` };
  };

  const fsId = (id: string) => (id === '1' ? '0' : id);
  const feishu = (path: string, q: URLSearchParams, body: Json, auth: string | undefined): Json => {
    if (path === '/open-apis/auth/v3/tenant_access_token/internal')
      return { code: 0, msg: 'ok', tenant_access_token: issue(), expire: 7200 };
    const g = gate(
      auth?.replace(/^Bearer /, ''),
      { code: 99991400, msg: 'request trigger frequency limit' },
      { code: 99991663, msg: 'Invalid access token for authorization' },
    );
    if (g) return g;
    const paged = (items: Json[]) => {
      const size = Math.min(Number(q.get('page_size') ?? 50), 50);
      const from = Number(q.get('page_token') || 0);
      const more = from + size < items.length;
      return {
        code: 0,
        msg: 'success',
        data: {
          has_more: more,
          ...(more ? { page_token: String(from + size) } : {}),
          items: items.slice(from, from + size),
        },
      };
    };
    if (path === '/open-apis/contact/v3/departments/0/children') {
      const all = dir.depts.filter((d) => d.id !== '1');
      return paged(
        all.map((d) => ({
          name: d.name,
          department_id: d.id,
          open_department_id: `od-${d.id}`,
          parent_department_id: fsId(d.parent),
          member_count: members(d.id).length,
          order: String(d.order),
          status: { is_deleted: false },
        })),
      );
    }
    if (path === '/open-apis/contact/v3/users/find_by_department') {
      const id = q.get('department_id') === '0' ? '1' : (q.get('department_id') ?? '');
      return paged(
        members(id).map((u) => ({
          user_id: u.id,
          open_id: `ou_${u.id}`,
          union_id: `on_${u.id}`,
          name: u.name,
          ...(u.withheld ? {} : { mobile: `+86${u.mobile}`, email: u.email }),
          department_ids: u.depts.map(fsId),
          status: { is_activated: true },
        })),
      );
    }
    return { code: 404, msg: `no such api ${path}` };
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const [, platform, ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      calls.push({ platform: platform ?? '', path });
      let body: Json;
      try {
        body = raw ? (JSON.parse(raw) as Json) : {};
      } catch {
        body = {};
      }
      const out =
        platform === 'wecom'
          ? wecom(path, url.searchParams, body)
          : platform === 'dingtalk'
            ? dingtalk(path, url.searchParams, body)
            : platform === 'feishu'
              ? feishu(path, url.searchParams, body, req.headers.authorization)
              : { errcode: 404 };
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** Each platform's API base (what config's *_API_BASE holds). */
    bases: { wecom: `${base}/wecom`, dingtalk: `${base}/dingtalk`, feishu: `${base}/feishu` },
    dir,
    faults,
    calls,
    tokensIssued: () => tokenSeq,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type DirectoryMock = Awaited<ReturnType<typeof startDirectoryMock>>;
