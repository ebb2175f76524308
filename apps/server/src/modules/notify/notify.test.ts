import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MISSING } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { waitFor } from '../../../test/poll.js';
import { buildApp } from '../../app.js';
import { TaskHandlerRegistry } from '../../platform/tasks.js';
import { makePersonal, makeStaff, makeTenant } from '../../../test/factories.js';
import { NotifyCode } from './notify.errors.js';
import { formReadsOf } from './notify.repo.js';
import {
  NotifyAction,
  notifyUsers,
  taskFinishedNotifier,
  withTaskNotifications,
  type NotifyMessage,
} from './notify.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const P = '/notify-center/api/v1';

async function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `${P}${url}`,
    headers: token ? { 'x-session-token': token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}

const msg = (title: string, extra: Partial<NotifyMessage> = {}): NotifyMessage => ({
  msg_name: '系统通知',
  title,
  content: `${title}的内容`,
  action_code: NotifyAction.system,
  ...extra,
});

/** A staff member with `n` notifications titled 通知1..n, one second apart (通知n newest). */
async function personWith(n: number, tenantId?: number) {
  const tenant = tenantId ?? (await makeTenant(t.db)).tenantId;
  const s = await makeStaff(t.db, tenant);
  const base = Date.now() - 3600_000;
  const ids: number[] = [];
  for (let i = 1; i <= n; i++)
    ids.push(...(await notifyUsers(t.db, tenant, [s.userId], msg(`通知${i}`), base + i * 1000)));
  return { tenantId: tenant, ...s, ids };
}

async function readAt(id: number) {
  const row = await t.db
    .selectFrom('notifications')
    .select('read_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.read_at;
}

describe('routes', () => {
  it('each notification route names the permission it needs', () => {
    const mine = t.app.builtRoutes
      .filter((r) => r.url.startsWith(P) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(P, '')} ${r.permission}`)
      .sort();
    // The stream checks its session itself (EventSource cannot send the header): see notify.routes.ts.
    expect(mine).toEqual(
      ['GET /notify/list signed-in', 'POST /notify/read signed-in', 'GET /notify/stream public'].sort(),
    );
  });
});

describe('GET notify/list', () => {
  it('pages the caller’s notifications newest first (page size 10 by default) with the unread total', async () => {
    const p = await personWith(12);
    await personWith(3, p.tenantId); // a colleague's notifications stay theirs
    const res = await call(p.token, 'GET', '/notify/list?page_num=1&client_type=PC');
    expect(res.code).toBe(200);
    expect(res.body.data.page).toEqual({ page_num: 1, page_size: 10, total: 12 });
    expect(res.body.data.unread_total).toBe(12);
    expect(res.body.data.items.map((n: any) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `通知${12 - i}`),
    );
    const first = res.body.data.items[0];
    expect(first).toEqual({
      id: p.ids[11],
      msg_name: '系统通知',
      time: expect.any(Number),
      title: '通知12',
      content: '通知12的内容',
      action_code: 101,
      ext_params: '{}',
      status: 0,
      read_at: null,
    });
    const page2 = await call(p.token, 'GET', '/notify/list?page_num=2');
    expect(page2.body.data.items.map((n: any) => n.title)).toEqual(['通知2', '通知1']);
  });

  it('filters by read state (unread / read or 0 / 1) and keyword', async () => {
    const p = await personWith(4);
    await call(p.token, 'POST', '/notify/read', { id: p.ids[0] });
    await notifyUsers(t.db, p.tenantId, [p.userId], msg('发票查验完成', { content: '共3张发票' }));
    for (const [status, expected] of [
      ['unread', 4],
      ['0', 4],
      ['read', 1],
      ['1', 1],
      ['', 5],
    ] as const) {
      const res = await call(p.token, 'GET', `/notify/list?status=${status}`);
      expect(res.body.data.page.total, `status=${status}`).toBe(expected);
    }
    const read = await call(p.token, 'GET', '/notify/list?status=read');
    expect(read.body.data.items[0]).toMatchObject({ id: p.ids[0], status: 1, read_at: expect.any(Number) });
    const found = await call(p.token, 'GET', `/notify/list?keyword=${encodeURIComponent('发票')}`);
    expect(found.body.data.items.map((n: any) => n.title)).toEqual(['发票查验完成']);
    const byContent = await call(p.token, 'GET', `/notify/list?keyword=${encodeURIComponent('3张')}`);
    expect(byContent.body.data.page.total).toBe(1);
  });

  it('shows only the current tenant’s notifications of a person in two tenants; personal accounts get none', async () => {
    const a = await personWith(2);
    const other = await makeTenant(t.db);
    await notifyUsers(t.db, other.tenantId, [a.userId], msg('另一组织的通知'));
    const res = await call(a.token, 'GET', '/notify/list');
    expect(res.body.data.items.map((n: any) => n.title)).toEqual(['通知2', '通知1']);
    const personal = await makePersonal(t.db);
    const none = await call(personal.token, 'GET', '/notify/list');
    expect(none.body.data).toEqual({
      items: [],
      page: { page_num: 1, page_size: 10, total: 0 },
      unread_total: 0,
    });
  });

  it('refuses bad input with Chinese messages naming the field, and callers without a session', async () => {
    const p = await personWith(0);
    const size = await call(p.token, 'GET', '/notify/list?page_size=0');
    expect(size.code).toBe(400);
    expect(size.body.msg).toBe('每页条数：必须大于等于1');
    const status = await call(p.token, 'GET', '/notify/list?status=all');
    expect(status.code).toBe(400);
    expect(status.body.msg).toMatch(/^阅读状态：/);
    const client = await call(p.token, 'GET', '/notify/list?client_type=TV');
    expect(client.body.msg).toMatch(/^客户端类型：/);
    const anon = await call(null, 'GET', '/notify/list');
    expect(anon.code).toBe(401);
    expect(anon.body.status).toBe(SESSION_MISSING);
  });
});

describe('POST notify/read', () => {
  it('marks one notification read; reading it again changes nothing', async () => {
    const p = await personWith(3);
    const res = await call(p.token, 'POST', '/notify/read', { id: p.ids[1] });
    expect(res.code).toBe(200);
    expect(res.body.data).toEqual({ updated: 1, unread_total: 2 });
    const first = await readAt(p.ids[1]);
    expect(first).not.toBeNull();
    const again = await call(p.token, 'POST', '/notify/read', { id: p.ids[1] });
    expect(again.body.data).toEqual({ updated: 0, unread_total: 2 });
    expect(await readAt(p.ids[1])).toBe(first);
    expect(await readAt(p.ids[0])).toBeNull();
  });

  it('marks all of the caller’s notifications read, and only theirs', async () => {
    const p = await personWith(3);
    const colleague = await personWith(2, p.tenantId);
    const res = await call(p.token, 'POST', '/notify/read', { hasAll: true });
    expect(res.body).toEqual({ status: 0, msg: '已全部标记为已读！', data: { updated: 3, unread_total: 0 } });
    for (const id of p.ids) expect(await readAt(id)).not.toBeNull();
    for (const id of colleague.ids) expect(await readAt(id)).toBeNull();
  });

  it('refuses another person’s or another tenant’s notification as not found, leaving it unread', async () => {
    const a = await personWith(1);
    const colleague = await personWith(1, a.tenantId);
    const stranger = await personWith(1);
    for (const id of [colleague.ids[0], stranger.ids[0], 999999]) {
      const res = await call(a.token, 'POST', '/notify/read', { id });
      expect(res.code).toBe(404);
      expect(res.body).toMatchObject({ status: NotifyCode.notFound, msg: '通知不存在或已被删除' });
    }
    expect(await readAt(colleague.ids[0])).toBeNull();
    expect(await readAt(stranger.ids[0])).toBeNull();
  });

  it('refuses an empty or malformed body, writing nothing', async () => {
    const p = await personWith(1);
    const empty = await call(p.token, 'POST', '/notify/read', {});
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toBe('通知ID：请指定要标记为已读的通知');
    const bad = await call(p.token, 'POST', '/notify/read', { id: -1 });
    expect(bad.body.msg).toBe('通知ID：必须是正整数');
    const notAll = await call(p.token, 'POST', '/notify/read', { hasAll: false });
    expect(notAll.code).toBe(400);
    expect(await readAt(p.ids[0])).toBeNull();
    expect((await call(null, 'POST', '/notify/read', { hasAll: true })).code).toBe(401);
  });

  it('reading a 201 notification also marks its form read (single and all)', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const form = (bid: string) =>
      msg(`单据${bid}待审批`, { action_code: NotifyAction.form, ext_params: { bid } });
    const [one] = await notifyUsers(t.db, tenantId, [s.userId], form('B001'));
    await notifyUsers(t.db, tenantId, [s.userId], form('B002'));
    await notifyUsers(t.db, tenantId, [s.userId], form('B002')); // the same form twice
    await notifyUsers(t.db, tenantId, [s.userId], msg('普通通知'));

    await call(s.token, 'POST', '/notify/read', { id: one });
    expect((await formReadsOf(t.db, tenantId, s.userId)).map((r) => r.form_id)).toEqual(['B001']);
    await call(s.token, 'POST', '/notify/read', { hasAll: true });
    const reads = await formReadsOf(t.db, tenantId, s.userId);
    expect(reads.map((r) => r.form_id).sort()).toEqual(['B001', 'B002']);
    expect(Number(reads.find((r) => r.form_id === 'B001')!.notification_id)).toBe(one);
  });
});

describe('notifyUsers and task completion', () => {
  it('notifyUsers inside a rolled-back transaction leaves nothing behind', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    await expect(
      t.db.transaction().execute(async (tx) => {
        await notifyUsers(tx, tenantId, [s.userId, s.userId], msg('不会送达'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await call(s.token, 'GET', '/notify/list')).body.data.page.total).toBe(0);
  });

  it('a finished task notifies its creator with action 301 and the task id; type 33 stays silent', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const calls: number[] = [];
    const deps = withTaskNotifications({
      config: t.config,
      db: t.db,
      dialect: t.dialect,
      onTaskFinished: (e) => void calls.push(e.taskId),
    });
    const base = {
      tenantId,
      creatorStaffId: s.staffId,
      creatorUserId: s.userId,
      successAmount: 8,
      failAmount: 2,
      errorMsg: null,
      finishedAt: Date.now(),
    };
    await deps.onTaskFinished!({ ...base, taskId: 41, operatingType: 2, status: 1 });
    await deps.onTaskFinished!({ ...base, taskId: 42, operatingType: 4, status: 1 });
    await taskFinishedNotifier(t.db)({
      ...base,
      taskId: 43,
      operatingType: 1,
      status: 2,
      errorMsg: '模板不正确',
    });
    await taskFinishedNotifier(t.db)({ ...base, taskId: 44, operatingType: 33, status: 1 });
    expect(calls).toEqual([41, 42]);
    const list = (await call(s.token, 'GET', '/notify/list')).body.data.items;
    expect(list.map((n: any) => [n.title, n.content, n.action_code, JSON.parse(n.ext_params)])).toEqual([
      ['组织导入失败', '模板不正确', 301, { taskId: 43 }],
      ['成员导出成功', '文件已生成，请前往下载中心下载', 301, { taskId: 42 }],
      ['成员导入成功', '成功 8 条，失败 2 条', 301, { taskId: 41 }],
    ]);
  });

  it('a task run by the app’s own task centre notifies its creator (the wiring in modules/index.ts)', async () => {
    const registry = new TaskHandlerRegistry();
    registry.register(9101, async () => ({ success_amount: 5, fail_amount: 0 }), {
      kind: 'export',
      permission: 'probe:export',
    });
    const app = await buildApp({ config: t.config, db: t.db, dialect: t.dialect, taskHandlers: registry });
    await app.ready();
    try {
      const { tenantId } = await makeTenant(t.db);
      const s = await makeStaff(t.db, tenantId, ['probe:export']);
      const res = await app.inject({
        method: 'POST',
        url: '/task-center/api/v1/tasks:export',
        headers: { 'x-session-token': s.token },
        payload: { operating_type: 9101, params: {} },
      });
      expect(res.statusCode).toBe(200);
      const taskId = res.json().data.id;
      const note = await waitFor(
        async () => (await call(s.token, 'GET', '/notify/list')).body.data.items[0],
        { timeoutMs: 20_000, what: '任务完成通知' },
      );
      expect(note).toMatchObject({ msg_name: '任务通知', action_code: 301, status: 0 });
      expect(JSON.parse(note.ext_params)).toEqual({ taskId });
    } finally {
      await app.close();
    }
  });
});
