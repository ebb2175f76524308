import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MISSING } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makePersonal, makeStaff, makeTenant } from '../../../test/factories.js';
import { NotifyAction, notifyUsers } from '../notify/index.js';
import { giveVersion, insertOrder } from '../rights/rights.testkit.js';
import { insertTask } from '../tasks/tasks.testkit.js';
import { createSession } from '../../platform/sessions.js';
import { DEMO, seedDemoTenant } from '../../seed/demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const URL = '/app-ctrl/api/v1/home/workbench';
const DAY = 86_400_000;

async function get(token: string | null) {
  const res = await t.app.inject({
    method: 'GET',
    url: URL,
    headers: token ? { 'x-session-token': token } : {},
  });
  return { code: res.statusCode, body: res.json() as { status: number; data: any } };
}

async function task(
  tenantId: number,
  staff: { staffId: number; userId: number },
  type: number,
  status: number,
  at: number,
) {
  return insertTask(t.db, tenantId, {
    creator_staff_id: staff.staffId,
    creator_user_id: staff.userId,
    creator_name: '测试',
    operating_type: type,
    file_name: `任务${type}.xlsx`,
    status,
    success_amount: status === 1 ? 10 : 0,
    fail_amount: 0,
    input_key: null,
    output_key: null,
    output_name: null,
    error_msg: status === 2 ? '失败' : null,
    checkpoint: null,
    params: '{}',
    created_at: at,
    updated_at: at,
    finished_at: status === 0 ? null : at + 1000,
  });
}

describe('GET /app-ctrl/api/v1/home/workbench', () => {
  it('gathers the caller’s unread notifications, tasks of the last 7 days, version, notices and pending orders', async () => {
    const { tenantId } = await makeTenant(t.db);
    const me = await makeStaff(t.db, tenantId, ['rightRecharge:view', 'rightRecharge:buy']);
    const colleague = await makeStaff(t.db, tenantId);
    const now = Date.now();
    await giveVersion(t, tenantId, {
      name: '标准版',
      versionId: null,
      activatedAt: now - 350 * DAY,
      expiredAt: now + 15 * DAY,
    });

    await notifyUsers(
      t.db,
      tenantId,
      [me.userId],
      { msg_name: '系统通知', title: '旧', content: '', action_code: NotifyAction.system },
      now - 1000,
    );
    await notifyUsers(
      t.db,
      tenantId,
      [me.userId],
      { msg_name: '系统通知', title: '新', content: '', action_code: NotifyAction.system },
      now,
    );
    await notifyUsers(t.db, tenantId, [colleague.userId], {
      msg_name: '系统通知',
      title: '别人的',
      content: '',
      action_code: 101,
    });

    const running = await task(tenantId, me, 4, 0, now - 1000);
    const failed = await task(tenantId, me, 2, 2, now - 2 * DAY);
    const done = await task(tenantId, me, 3, 1, now - 3 * DAY);
    await task(tenantId, me, 3, 1, now - 10 * DAY); // older than a week
    await task(tenantId, colleague, 4, 0, now); // someone else's

    for (const status of [1, 1, 2, 3]) {
      await insertOrder(t.db, tenantId, {
        order_no: `RRT${tenantId}${status}${Math.random().toString().slice(2, 10)}`,
        order_type: 1,
        product_version_id: null,
        product_id: null,
        item_name: '标准版',
        months: 12,
        quantity: 1,
        unit_price: 100,
        amount: 100,
        status,
        created_by: me.staffId,
        creator_name: '测试',
        created_at: now,
        updated_at: now,
      });
    }

    const res = await get(me.token);
    expect(res.code).toBe(200);
    const w = res.body.data;
    expect(w).toMatchObject({
      user_name: expect.stringMatching(/^测试员工/),
      top_org_name: expect.stringMatching(/^测试集团/),
      show_guide: 1,
      show_guide_group: 1,
      unread_total: 2,
      version: { product_version_name: '标准版', status: 0, days_left: 15 },
      notices: [expect.objectContaining({ notify_type: 2, product_type: 2 })],
      pending_orders: { pending_payment: 2, awaiting_confirmation: 1 },
    });
    expect(w.recent_notifications.map((n: any) => n.title)).toEqual(['新', '旧']);
    // Notices are purchase prompts (立即订购): a colleague who may not buy gets none (issue 20).
    expect((await get(colleague.token)).body.data.notices).toEqual([]);
    expect(w.tasks).toMatchObject({ running: 1, succeeded: 1, failed: 1 });
    expect(w.tasks.recent.map((x: any) => [x.id, x.operating_type_name, x.status])).toEqual([
      [running, '成员导出', 0],
      [failed, '成员导入', 2],
      [done, '组织导出', 1],
    ]);
  });

  it('leaves pending orders out for a caller who may not see orders', async () => {
    const { tenantId } = await makeTenant(t.db);
    const plain = await makeStaff(t.db, tenantId);
    const w = (await get(plain.token)).body.data;
    expect(w).toMatchObject({ pending_orders: null, version: null, notices: [], unread_total: 0 });
    expect(w.tasks).toEqual({ running: 0, succeeded: 0, failed: 0, recent: [] });
  });

  it('answers a personal account its own part only, and refuses a caller without a session', async () => {
    const p = await makePersonal(t.db);
    const res = await get(p.token);
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({
      unread_total: 0,
      recent_notifications: [],
      version: null,
      notices: [],
      tasks: null,
      pending_orders: null,
      show_guide: 1,
    });
    const anon = await get(null);
    expect(anon.code).toBe(401);
    expect(anon.body.status).toBe(SESSION_MISSING);
  });

  it('shows the demo seed: 演示集团 on 标准版 with an unpaid order and notifications, 过期示例公司 expired', async () => {
    const ids = await t.db.transaction().execute((trx) => seedDemoTenant(trx));
    const session = async (tenantId: number, phone: string) => {
      const s = await t.db
        .selectFrom('staff')
        .select(['id', 'user_id'])
        .where('tenant_id', '=', tenantId)
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      return (await createSession(t.db, { userId: s.user_id, tenantId, staffId: s.id }, 60_000)).token;
    };
    const admin = (await get(await session(ids.group, DEMO.admin))).body.data;
    expect(admin).toMatchObject({
      top_org_name: '演示集团',
      unread_total: 2,
      version: { product_version_name: '标准版', status: 0, product_version_id: expect.any(Number) },
      pending_orders: { pending_payment: 1, awaiting_confirmation: 0 },
    });
    expect(admin.recent_notifications.map((n: any) => [n.title, n.status])).toEqual(
      expect.arrayContaining([
        ['欢迎使用费控平台', 0],
        ['订单待支付', 0],
        ['组织架构导入完成', 1],
        ['订单已完成', 1],
      ]),
    );
    const pending = admin.recent_notifications.find((n: any) => n.title === '订单待支付');
    const orderId = JSON.parse(pending.ext_params).order_id;
    const order = await t.db
      .selectFrom('tenant_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ tenant_id: ids.group, status: 1, item_name: '标准版' });
    expect(admin.notices).toEqual([expect.objectContaining({ product_type: 1, notify_type: 2 })]);

    const expired = (await get(await session(ids.expired, DEMO.multiOrg))).body.data;
    expect(expired.version).toMatchObject({ status: 1 });
    expect(expired.notices[0]).toMatchObject({ notify_type: 1 });

    const banners = await t.app.inject({ method: 'GET', url: '/right-recharge/api/v1/public/banner:query' });
    expect(banners.json().data.items).toHaveLength(2);
  });
});
