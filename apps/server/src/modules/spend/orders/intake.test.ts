import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_HEADERS, PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { caller } from '../../invoice/invoice.testkit.js';
import { localParts, localToInstant } from '../../../platform/time/periods.js';
import { OrderCode } from './orders.errors.js';
import {
  channelCall as signedCall,
  FAKE,
  fakeDoors,
  FakeQuota,
  insertScene,
  orderRoutesWith,
} from './orders.testkit.js';

const doors = fakeDoors();
/** A signed request to the fake-door routes. */
const fakeCall = (...a: Parameters<typeof signedCall>) =>
  signedCall(a[0], a[1], a[2], a[3], { ...a[4], prefix: FAKE });
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp({ extraRoutes: [orderRoutesWith(doors)] });
  call = caller(t);
});
afterAll(async () => t?.close());

const V1 = `${FAKE}/consume-quota-center/api/v1`;
const ADMIN = ['scenesOrderChannel:view', 'scenesOrderChannel:edit', 'scenesOrderCenterOrderList:view'];
let seq = 0;
const oid = () => `T${Date.now()}-${++seq}`;

/** Today (Shanghai) at hh:mm. */
function todayAt(h: number, m = 0) {
  const p = localParts(Date.now());
  return localToInstant('Asia/Shanghai', p.year, p.month, p.day, h, m);
}

async function fixture() {
  const x = await makeTenant(t.db);
  const admin = await makeStaff(t.db, x.tenantId, ADMIN);
  const staff = await makeStaff(t.db, x.tenantId);
  const plain = await makeStaff(t.db, x.tenantId, ['scenesOrderChannel:view']);
  const meal = await insertScene(t.db, x.tenantId, '工作餐');
  doors.decider.rules.set(meal, { slot: [11 * 60, 13 * 60 + 30], dayLimit: 3000, excessPay: true });
  const car = await insertScene(t.db, x.tenantId, '用车', 5);
  doors.decider.rules.set(car, { quota: true, approvalOver: 100_000 });
  const res = await call(admin.token, 'POST', `${V1}/channels/add`, { code: 'demo', name: '演示渠道' });
  expect(res.code, JSON.stringify(res.body)).toBe(200);
  const channel = res.body.data as { id: number; appId: string; secretKey: string };
  doors.orgAccount.balances.set(String(x.tenantId), 1000_00);
  return { ...x, admin, staff, plain, meal, car, channel };
}

describe('渠道管理', () => {
  it('creates a channel whose key is shown once; lists without the key; enables, resets the key', async () => {
    const A = await fixture();
    expect(A.channel).toMatchObject({
      code: 'demo',
      name: '演示渠道',
      source: 2,
      sourceText: '第三方订单',
      enabled: true,
    });
    expect(A.channel.secretKey.length).toBeGreaterThanOrEqual(40);
    const list = await call(A.plain.token, 'GET', `${V1}/channels/list`);
    expect(list.body.data.items).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(A.channel.secretKey);
    expect(list.body.data.items[0]).not.toHaveProperty('secretKey');
    const dup = await call(A.admin.token, 'POST', `${V1}/channels/add`, { code: 'demo', name: '又一个' });
    expect(dup.code).toBe(409);
    expect(dup.body.msg).toBe('渠道编码「demo」已存在');
    const bad = await call(A.admin.token, 'POST', `${V1}/channels/add`, { code: '9Bad', name: '' });
    expect(bad.code).toBe(400);
    // no edit permission
    expect((await call(A.plain.token, 'POST', `${V1}/channels/add`, { code: 'x1', name: 'x' })).code).toBe(
      403,
    );
    expect((await call(A.staff.token, 'GET', `${V1}/channels/list`)).code).toBe(403);

    const reset = await call(A.admin.token, 'POST', `${V1}/channels/resetKey`, { id: A.channel.id });
    expect(reset.body.data.secretKey).not.toBe(A.channel.secretKey);
    const body = {
      orderId: oid(),
      userId: A.staff.userId,
      sceneId: A.meal,
      category: 2,
      amount: 100,
      at: todayAt(12),
    };
    expect((await fakeCall(t.app, A.channel, 'orders', body)).code).toBe(401);
    expect((await fakeCall(t.app, reset.body.data, 'orders', body)).code).toBe(200);

    const off = await call(A.admin.token, 'POST', `${V1}/channels/enable`, {
      id: A.channel.id,
      enabled: false,
    });
    expect(off.body.data.enabled).toBe(false);
    const refused = await fakeCall(t.app, reset.body.data, 'orders', { ...body, orderId: oid() });
    expect(refused.code).toBe(403);
    expect(refused.body.status).toBe(OrderCode.channelDisabled);
  });

  it('another tenant cannot enable or reset my channel', async () => {
    const A = await fixture();
    const B = await fixture();
    const r1 = await call(B.admin.token, 'POST', `${V1}/channels/enable`, {
      id: A.channel.id,
      enabled: false,
    });
    expect(r1.code).toBe(404);
    const r2 = await call(B.admin.token, 'POST', `${V1}/channels/resetKey`, { id: A.channel.id });
    expect(r2.code).toBe(404);
    const list = await call(A.admin.token, 'GET', `${V1}/channels/list`);
    expect(list.body.data.items[0].enabled).toBe(true);
  });
});

describe('signed intake', () => {
  it('decides and records: inside the rules paid by the organisation, outside the slot refused with the rule sentence, over the day with the employee share', async () => {
    const A = await fixture();
    const base = {
      userId: A.staff.userId,
      sceneId: A.meal,
      category: 2,
      title: '午餐',
      merchant: { name: '食堂' },
    };
    const ok = await fakeCall(t.app, A.channel, 'orders', {
      ...base,
      orderId: 'M1',
      amount: 2500,
      at: todayAt(12),
    });
    expect(ok.code, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({
      verdict: 'allow',
      status: 'paid',
      companyPays: 2500,
      employeePays: 0,
      channelOrderId: 'M1',
    });
    expect(ok.body.data.orderId).toBeGreaterThan(0);
    expect(ok.body.data.left).toEqual([{ level: 'day', limit: 3000, used: 0, left: 3000 }]);
    expect(await doors.orgAccount.balance(t.db, A.tenantId)).toBe(97_500);

    const late = await fakeCall(t.app, A.channel, 'orders', {
      ...base,
      orderId: 'M2',
      amount: 1000,
      at: todayAt(15),
    });
    expect(late.code).toBe(200);
    expect(late.body.data).toMatchObject({ verdict: 'refuse', status: 'refused', companyPays: 0 });
    expect(late.body.data.voices[0]).toMatchObject({
      code: 'USE_TIME_OUTSIDE',
      message: '不在可用时段（11:00–13:30）内',
    });

    const over = await fakeCall(t.app, A.channel, 'orders', {
      ...base,
      orderId: 'M3',
      amount: 2000,
      at: todayAt(12, 30),
    });
    expect(over.body.data).toMatchObject({
      verdict: 'excess',
      status: 'paid',
      companyPays: 500,
      employeePays: 1500,
    });
    expect(over.body.data.left).toEqual([{ level: 'day', limit: 3000, used: 2500, left: 500 }]);
    expect(await doors.orgAccount.balance(t.db, A.tenantId)).toBe(97_000);

    const rows = await t.db
      .selectFrom('spend_orders')
      .selectAll()
      .where('tenant_id', '=', A.tenantId)
      .orderBy('id')
      .execute();
    expect(
      rows.map((r) => [r.channel_order_id, r.status, Number(r.org_paid), Number(r.employee_pays), r.source]),
    ).toEqual([
      ['M1', 'paid', 2500, 0, 2],
      ['M2', 'refused', 0, 0, 2],
      ['M3', 'paid', 500, 1500, 2],
    ]);
    expect(rows[1]!.reason).toBe('不在可用时段（11:00–13:30）内');
    expect(rows[2]!.scene_name).toBe('工作餐');
  });

  it('refuses a forged signature, a stale timestamp, a replayed nonce, an unknown channel, a body too large', async () => {
    const A = await fixture();
    const body = {
      orderId: oid(),
      userId: A.staff.userId,
      sceneId: A.meal,
      category: 2,
      amount: 100,
      at: todayAt(12),
    };
    const forged = await fakeCall(t.app, { ...A.channel, secretKey: 'not-the-key' }, 'orders', body);
    expect([forged.code, forged.body.status, forged.body.msg]).toEqual([
      401,
      OrderCode.badSignature,
      '渠道签名校验失败',
    ]);
    // the body changed after signing
    const tampered = await fakeCall(t.app, A.channel, 'orders', body, {
      payload: JSON.stringify({ ...body, amount: 1 }),
    });
    expect(tampered.code).toBe(401);
    const noSig = await fakeCall(t.app, A.channel, 'orders', body, {
      headers: { [CHANNEL_HEADERS.signature]: '' },
    });
    expect(noSig.code).toBe(401);
    const unknown = await fakeCall(
      t.app,
      { appId: 'fk_nobody', secretKey: A.channel.secretKey },
      'orders',
      body,
    );
    expect(unknown.code).toBe(401);
    const stale = await fakeCall(t.app, A.channel, 'orders', body, { now: Date.now() - 6 * 60_000 });
    expect([stale.code, stale.body.status]).toEqual([401, OrderCode.staleTimestamp]);
    const future = await fakeCall(t.app, A.channel, 'orders', body, { now: Date.now() + 6 * 60_000 });
    expect(future.body.status).toBe(OrderCode.staleTimestamp);

    const nonce = `nonce-${oid()}`;
    const first = await fakeCall(t.app, A.channel, 'orders', body, { nonce });
    expect(first.code).toBe(200);
    const replay = await fakeCall(t.app, A.channel, 'orders', body, { nonce });
    expect([replay.code, replay.body.status]).toEqual([401, OrderCode.replayedNonce]);
    // 20 racing replays of a fresh nonce: exactly one passes
    const n2 = `race-${oid()}`;
    const raced = await Promise.all(
      Array.from({ length: 20 }, () =>
        fakeCall(t.app, A.channel, 'orders', { ...body, orderId: 'RACE-NONCE' }, { nonce: n2 }),
      ),
    );
    expect(raced.filter((r) => r.code === 200)).toHaveLength(1);
    expect(raced.filter((r) => r.body.status === OrderCode.replayedNonce)).toHaveLength(19);

    const big = await fakeCall(t.app, A.channel, 'orders', {
      ...body,
      orderId: oid(),
      title: 'x'.repeat(20_000),
    });
    expect(big.code).toBe(413);
  });

  it('bad input and another tenant’s staff or scene in the body are refused; nothing is recorded', async () => {
    const A = await fixture();
    const B = await fixture();
    const base = {
      orderId: oid(),
      userId: A.staff.userId,
      sceneId: A.meal,
      category: 2,
      amount: 100,
      at: todayAt(12),
    };
    const bad = await fakeCall(t.app, A.channel, 'orders', { ...base, amount: -5, category: 99 });
    expect(bad.code).toBe(400);
    expect(bad.body.status).toBe(PlatformCode.validation);
    const otherStaff = await fakeCall(t.app, A.channel, 'orders', { ...base, userId: B.staff.userId });
    expect([otherStaff.code, otherStaff.body.msg]).toEqual([400, '员工不存在或已离职']);
    const otherScene = await fakeCall(t.app, A.channel, 'orders', {
      ...base,
      orderId: oid(),
      sceneId: B.meal,
    });
    expect([otherScene.code, otherScene.body.msg]).toEqual([400, '消费场景不存在']);
    const n = await t.db
      .selectFrom('spend_orders')
      .select(t.db.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', A.tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('is idempotent on the channel order id: a repeat answers the first answer and moves no money; other content is refused', async () => {
    const A = await fixture();
    doors.quota.grant(A.tenantId, A.staff.userId, A.car, 10_000);
    const body = {
      orderId: 'CAR-1',
      userId: A.staff.userId,
      sceneId: A.car,
      category: 5,
      amount: 3000,
      at: todayAt(9),
    };
    const first = await fakeCall(t.app, A.channel, 'orders', body);
    expect(first.body.data).toMatchObject({ verdict: 'allow', status: 'paid', companyPays: 3000 });
    const again = await fakeCall(t.app, A.channel, 'orders', body);
    expect(again.body.data).toEqual(first.body.data);
    expect(await doors.quota.balance(t.db, A.tenantId, A.staff.userId, A.car)).toBe(7000);
    const other = await fakeCall(t.app, A.channel, 'orders', { ...body, amount: 3001 });
    expect([other.code, other.body.status]).toEqual([409, OrderCode.orderIdReused]);

    // 20 parallel identical requests (fresh nonces) → one order, one debit
    const race = { ...body, orderId: 'CAR-RACE', amount: 1000 };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => fakeCall(t.app, A.channel, 'orders', race)),
    );
    expect(replies.every((r) => r.code === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.body.data.orderId)).size).toBe(1);
    const rows = await t.db
      .selectFrom('spend_orders')
      .select('id')
      .where('channel_order_id', '=', 'CAR-RACE')
      .where('tenant_id', '=', A.tenantId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await doors.quota.balance(t.db, A.tenantId, A.staff.userId, A.car)).toBe(6000);
  });

  it('50 concurrent orders against one quota never overspend it', async () => {
    const A = await fixture();
    doors.quota.grant(A.tenantId, A.staff.userId, A.car, 10_000);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fakeCall(t.app, A.channel, 'orders', {
          orderId: `C50-${i}`,
          userId: A.staff.userId,
          sceneId: A.car,
          category: 5,
          amount: 700,
          at: todayAt(10),
        }),
      ),
    );
    const paid = replies.filter((r) => r.body.data?.status === 'paid');
    expect(paid).toHaveLength(14); // 14 × ¥7 = ¥98 ≤ ¥100
    expect(replies.filter((r) => r.body.data?.status === 'refused')).toHaveLength(36);
    expect(await doors.quota.balance(t.db, A.tenantId, A.staff.userId, A.car)).toBe(200);
  });

  it('an order over the approval line waits for approval and moves no money', async () => {
    const A = await fixture();
    doors.quota.grant(A.tenantId, A.staff.userId, A.car, 500_000);
    const r = await fakeCall(t.app, A.channel, 'orders', {
      orderId: oid(),
      userId: A.staff.userId,
      sceneId: A.car,
      category: 5,
      amount: 200_000,
    });
    expect(r.body.data).toMatchObject({ verdict: 'approval', status: 'approval', companyPays: 200_000 });
    expect(await doors.quota.balance(t.db, A.tenantId, A.staff.userId, A.car)).toBe(500_000);
  });
});

describe('refunds', () => {
  it('partial and whole refunds give the company share back by refund id, never more than was paid', async () => {
    const A = await fixture();
    doors.quota.grant(A.tenantId, A.staff.userId, A.car, 10_000);
    const order = {
      orderId: 'R-1',
      userId: A.staff.userId,
      sceneId: A.car,
      category: 5,
      amount: 4000,
      at: todayAt(9),
    };
    expect((await fakeCall(t.app, A.channel, 'orders', order)).body.data.status).toBe('paid');
    const bal = () => doors.quota.balance(t.db, A.tenantId, A.staff.userId, A.car);
    expect(await bal()).toBe(6000);

    const part = await fakeCall(t.app, A.channel, 'refunds', {
      orderId: 'R-1',
      refundId: 'RF-1',
      amount: 1500,
      reason: '少送一份',
    });
    expect(part.body.data).toMatchObject({
      status: 'partRefunded',
      amount: 1500,
      quotaBack: 1500,
      orgBack: 0,
      refundedTotal: 1500,
    });
    expect(await bal()).toBe(7500);
    const same = await fakeCall(t.app, A.channel, 'refunds', {
      orderId: 'R-1',
      refundId: 'RF-1',
      amount: 1500,
    });
    expect(same.body.data.refundId).toBe('RF-1');
    expect(await bal()).toBe(7500);
    const reused = await fakeCall(t.app, A.channel, 'refunds', {
      orderId: 'R-1',
      refundId: 'RF-1',
      amount: 100,
    });
    expect(reused.body.status).toBe(OrderCode.refundIdReused);
    const tooMuch = await fakeCall(t.app, A.channel, 'refunds', {
      orderId: 'R-1',
      refundId: 'RF-2',
      amount: 2501,
    });
    expect([tooMuch.code, tooMuch.body.msg]).toEqual([409, '退款金额超过可退金额（¥25.00）']);
    const rest = await fakeCall(t.app, A.channel, 'refunds', {
      orderId: 'R-1',
      refundId: 'RF-3',
      amount: 2500,
    });
    expect(rest.body.data).toMatchObject({ status: 'refunded', refundedTotal: 4000, quotaBack: 2500 });
    expect(await bal()).toBe(10_000);
    const after = await fakeCall(t.app, A.channel, 'refunds', {
      orderId: 'R-1',
      refundId: 'RF-4',
      amount: 1,
    });
    expect([after.code, after.body.msg]).toEqual([409, '订单已退款，不能退款']);
    const missing = await fakeCall(t.app, A.channel, 'refunds', {
      orderId: 'NOPE',
      refundId: 'RF-5',
      amount: 1,
    });
    expect(missing.code).toBe(404);
  });

  it('an excess order refunds the company share in proportion; 20 racing refunds of one id give back once', async () => {
    const A = await fixture();
    doors.orgAccount.balances.set(String(A.tenantId), 100_00);
    const order = {
      orderId: 'X-1',
      userId: A.staff.userId,
      sceneId: A.meal,
      category: 2,
      amount: 4000,
      at: todayAt(12),
    };
    const r = await fakeCall(t.app, A.channel, 'orders', order);
    expect(r.body.data).toMatchObject({ companyPays: 3000, employeePays: 1000 });
    expect(await doors.orgAccount.balance(t.db, A.tenantId)).toBe(7000);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        fakeCall(t.app, A.channel, 'refunds', { orderId: 'X-1', refundId: 'XR-1', amount: 2000 }),
      ),
    );
    expect(replies.every((x) => x.code === 200)).toBe(true);
    expect(replies[0]!.body.data).toMatchObject({ orgBack: 1500, employeeBack: 500, quotaBack: 0 });
    expect(await doors.orgAccount.balance(t.db, A.tenantId)).toBe(8500);
    // the day's usage is net of the refund: ¥15 of ¥30 used
    const next = await fakeCall(t.app, A.channel, 'orders', { ...order, orderId: 'X-2', amount: 1000 });
    expect(next.body.data.left).toEqual([{ level: 'day', limit: 3000, used: 1500, left: 1500 }]);
  });
});

export { FakeQuota };
