import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { caller } from '../../invoice/invoice.testkit.js';
import { localParts, localToInstant } from '../../../platform/time/periods.js';
import { orgAccountLedger } from '../orgAccount/index.js';
import { quotaLedger } from '../quota/index.js';
import { channelCall } from './orders.testkit.js';

/**
 * End to end on the real doors (sceneDecider, quotaLedger, orgAccountLedger) through the app's own routes:
 * the demo lunch scene's time slot and daily amount with excess pay, idempotency, refunds back on the quota
 * ledger, and 500 concurrent orders against one quota (also on PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const SCENES = '/consume-quota-center/api/v1/scenes';
const V1 = '/consume-quota-center/api/v1';
const ADMIN = [
  'scenesRule:view',
  'scenesRule:add',
  'scenesRule:edit',
  'scenesOrderChannel:edit',
  'scenesOrderCenterOrderList:view',
];

function todayAt(h: number, m = 0) {
  const p = localParts(Date.now());
  return localToInstant('Asia/Shanghai', p.year, p.month, p.day, h, m);
}

async function ok(res: { code: number; body: any }) {
  expect(res.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function fixture() {
  const x = await makeTenant(t.db);
  const admin = await makeStaff(t.db, x.tenantId, ADMIN);
  const staff = await makeStaff(t.db, x.tenantId);
  const scene = async (name: string, category: number, content: unknown) => {
    const s = await ok(await call(admin.token, 'POST', `${SCENES}/add`, { name, category, content }));
    await ok(await call(admin.token, 'POST', `${SCENES}/publish`, { id: s.id }));
    await ok(await call(admin.token, 'POST', `${SCENES}/status`, { id: s.id, status: 2 }));
    return s.id as number;
  };
  const lunch = await scene('午餐补贴', 2, {
    info: { use_time: 1, excess_pay_type: 1 },
    rules: { use_time: { slots: [{ start: '11:00', end: '13:30' }] }, day_amount: { amount: 3000 } },
    scope: { all: true },
  });
  const car = await scene('加班用车', 5, { info: { quota_mode: 1 }, rules: {}, scope: { all: true } });
  const channel = await ok(
    await call(admin.token, 'POST', `${V1}/channels/add`, { code: 'demo', name: '演示渠道' }),
  );
  await t.db.transaction().execute((tx) =>
    orgAccountLedger.credit(tx, {
      tenantId: x.tenantId,
      amount: 1_000_00,
      key: `test:fund:${x.tenantId}`,
      memo: '测试充值',
    }),
  );
  return { ...x, admin, staff, lunch, car, channel };
}

const grant = (A: Awaited<ReturnType<typeof fixture>>, amount: number, key: string) =>
  t.db.transaction().execute((tx) =>
    quotaLedger.credit(tx, {
      tenantId: A.tenantId,
      userId: A.staff.userId,
      sceneId: A.car,
      amount,
      key,
      memo: '额度发放',
    }),
  );

describe('orders on the real doors', () => {
  it('the lunch scene: inside the slot paid by the organisation account; outside refused with the rule sentence; over the day with the employee share', async () => {
    const A = await fixture();
    const base = { userId: A.staff.userId, sceneId: A.lunch, category: 2 };
    const inside = await ok(
      await channelCall(t.app, A.channel, 'orders', {
        ...base,
        orderId: 'L1',
        amount: 2500,
        at: todayAt(12),
      }),
    );
    expect(inside).toMatchObject({ verdict: 'allow', status: 'paid', companyPays: 2500, employeePays: 0 });
    expect(await orgAccountLedger.balance(t.db, A.tenantId)).toBe(97_500);
    const late = await ok(
      await channelCall(t.app, A.channel, 'orders', {
        ...base,
        orderId: 'L2',
        amount: 1000,
        at: todayAt(15),
      }),
    );
    expect(late).toMatchObject({ verdict: 'refuse', status: 'refused', companyPays: 0 });
    const sentence = late.voices.find((v: any) => v.effect === 'refuse').message;
    expect(sentence).toContain('11:00');
    const over = await ok(
      await channelCall(t.app, A.channel, 'orders', {
        ...base,
        orderId: 'L3',
        amount: 2000,
        at: todayAt(12, 30),
      }),
    );
    expect(over).toMatchObject({ verdict: 'excess', status: 'paid', companyPays: 500, employeePays: 1500 });
    expect(await orgAccountLedger.balance(t.db, A.tenantId)).toBe(97_000);
    const detail = await ok(await call(A.admin.token, 'GET', `${V1}/orders/detail?id=${late.orderId}`));
    expect(detail.reason).toBe(sentence);
  });

  it('a quota scene: paid from the quota, idempotent, partial and whole refunds back on the quota ledger', async () => {
    const A = await fixture();
    await grant(A, 10_000, `test:grant:${A.tenantId}`);
    const body = { orderId: 'Q1', userId: A.staff.userId, sceneId: A.car, category: 5, amount: 4000 };
    const first = await ok(await channelCall(t.app, A.channel, 'orders', body));
    expect(first).toMatchObject({ verdict: 'allow', status: 'paid', companyPays: 4000 });
    expect(first.left.find((l: any) => l.level === 'quota')).toMatchObject({ limit: 10_000, left: 6000 });
    const again = await ok(await channelCall(t.app, A.channel, 'orders', body));
    expect(again).toEqual(first);
    const bal = () => quotaLedger.balance(t.db, A.tenantId, A.staff.userId, A.car);
    expect(await bal()).toBe(6000);
    expect(await orgAccountLedger.balance(t.db, A.tenantId)).toBe(100_000);
    const r1 = await ok(
      await channelCall(t.app, A.channel, 'refunds', { orderId: 'Q1', refundId: 'QR1', amount: 1000 }),
    );
    expect(r1).toMatchObject({ quotaBack: 1000, status: 'partRefunded' });
    expect(await bal()).toBe(7000);
    const big = await channelCall(t.app, A.channel, 'refunds', {
      orderId: 'Q1',
      refundId: 'QR2',
      amount: 3001,
    });
    expect(big.code).toBe(409);
    await ok(
      await channelCall(t.app, A.channel, 'refunds', { orderId: 'Q1', refundId: 'QR3', amount: 3000 }),
    );
    expect(await bal()).toBe(10_000);
    const rows = await t.db
      .selectFrom('quota_ledger')
      .select('id')
      .where('tenant_id', '=', A.tenantId)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(4);
  });

  it('20 parallel identical orders make one order and one debit', async () => {
    const A = await fixture();
    await grant(A, 10_000, `test:grant:${A.tenantId}`);
    const body = { orderId: 'DUP', userId: A.staff.userId, sceneId: A.car, category: 5, amount: 1000 };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => channelCall(t.app, A.channel, 'orders', body)),
    );
    expect(replies.every((r) => r.code === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.body.data.orderId)).size).toBe(1);
    expect(await quotaLedger.balance(t.db, A.tenantId, A.staff.userId, A.car)).toBe(9000);
  });

  it('500 concurrent orders against one quota never overspend it by a cent', async () => {
    const A = await fixture();
    await grant(A, 100_00, `test:grant:${A.tenantId}`);
    const replies = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        channelCall(t.app, A.channel, 'orders', {
          orderId: `C${i}`,
          userId: A.staff.userId,
          sceneId: A.car,
          category: 5,
          amount: 333,
        }),
      ),
    );
    const paid = replies.filter((r) => r.body.data?.status === 'paid');
    expect(paid).toHaveLength(30); // 30 × ¥3.33 = ¥99.90 ≤ ¥100
    const failed = replies.filter((r) => r.code !== 200).map((r) => `${r.code} ${r.body.msg}`);
    expect(failed, [...new Set(failed)].join('; ')).toEqual([]);
    const balance = await quotaLedger.balance(t.db, A.tenantId, A.staff.userId, A.car);
    expect(balance).toBe(10);
    const spent = await t.db
      .selectFrom('spend_orders')
      .select((eb) => eb.fn.sum<number>('quota_paid').as('s'))
      .where('tenant_id', '=', A.tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(spent.s)).toBe(9990);
  }, 120_000);
});
