import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { localParts } from '../platform/time/periods.js';
import { orgAccountLedger } from '../modules/spend/index.js';
import { ledgerSum } from '../modules/spend/orgAccount/ledger.repo.js';
import { DEMO } from './demo.js';
import { seedDemoIfEmpty } from './index.js';
import { DEMO_CHANNEL, DEMO_ORDERS, seedDemoSpendOrders } from './spendOrders.js';

// The demo channel 演示外卖 and its orders (issue 21): placed through the intake against 工作餐, with the
// verdicts the scene gives, and the organisation account and quota ledgers still equal to their balances.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const orders = (tenantId: number) =>
  t.db
    .selectFrom('spend_orders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('ordered_at')
    .execute();

describe('demo channel 演示外卖', () => {
  it('places the demo orders through the intake with the scene’s verdicts, and the ledgers reconcile', async () => {
    const before = Date.now();
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    const channel = await t.db
      .selectFrom('spend_channels')
      .selectAll()
      .where('code', '=', DEMO_CHANNEL.code)
      .executeTakeFirstOrThrow();
    const tenantId = Number(channel.tenant_id);
    expect(channel).toMatchObject({ name: '演示外卖', enabled: 1 });
    expect(channel.secret_key.length).toBeGreaterThanOrEqual(40);

    const rows = await orders(tenantId);
    expect(rows).toHaveLength(DEMO_ORDERS.length);
    const brief = rows.map((r) => [
      r.user_name,
      Number(r.amount),
      r.verdict,
      r.status,
      Number(r.company_pays),
      Number(r.employee_pays),
    ]);
    expect(brief).toEqual([
      ['员工乙', 2650, 'allow', 'paid', 2650, 0],
      ['审批人甲', 2200, 'allow', 'paid', 2200, 0],
      ['演示管理员', 2800, 'allow', 'partRefunded', 2800, 0],
      ['员工乙', 3500, 'refuse', 'refused', 0, 0],
      ['员工乙', 1990, 'allow', 'paid', 1990, 0],
      ['演示管理员', 2580, 'allow', 'paid', 2580, 0],
      ['审批人甲', 4200, 'excess', 'paid', 3000, 1200],
      ['员工乙', 2400, 'excess', 'paid', 1010, 1390],
      ['审批人甲', 1600, 'excess', 'paid', 0, 1600],
    ]);
    const refused = rows.find((r) => r.status === 'refused')!;
    expect(refused.reason).toBe('不在可用时段（11:00–13:30）内，当前 18:40');
    expect(rows.find((r) => Number(r.amount) === 4200)!.reason).toBe(
      '超出每日限额：已用 ¥0.00，限额 ¥30.00，超出部分由个人支付',
    );
    // Decided in the past days at China-time lunch (the dinner at 18:40), never in the future.
    for (const r of rows) {
      expect(Number(r.ordered_at)).toBeLessThan(before);
      const p = localParts(Number(r.ordered_at));
      expect(p.hour * 60 + p.minute).toBeGreaterThanOrEqual(11 * 60);
    }
    expect(
      rows.every((r) => Number(r.org_paid) === Number(r.company_pays) && Number(r.quota_paid) === 0),
    ).toBe(true);

    // The partial refund: ¥8.00 of the ¥28.00 order, all of it back to the organisation account.
    const refund = await t.db
      .selectFrom('spend_order_refunds')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ amount: 800, org_back: 800, quota_back: 0, employee_back: 0 });

    // 企业账户: the ¥50,000.00 recharge less the company's shares, plus the refund; equal to its ledger.
    const paid = rows.reduce((s, r) => s + Number(r.org_paid), 0);
    const balance = await orgAccountLedger.balance(t.db, tenantId);
    expect(balance).toBe(5_000_000 - paid + 800);
    expect(await ledgerSum(t.db, tenantId)).toBe(balance);
    const moves = await t.db
      .selectFrom('org_fund_ledger')
      .select(['delta', 'memo'])
      .where('tenant_id', '=', tenantId)
      .where('memo', 'in', ['订单消费', '订单退款'])
      .execute();
    expect(moves).toHaveLength(rows.filter((r) => Number(r.org_paid) > 0).length + 1);
    // 消费流水 shows each move when the order was placed, not when the seed ran.
    for (const r of rows.filter((x) => Number(x.org_paid) > 0)) {
      const row = await t.db
        .selectFrom('org_fund_ledger')
        .select(['delta', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .where('source_key', '=', `order:${channel.id}:${r.channel_order_id}`)
        .executeTakeFirstOrThrow();
      expect([Number(row.delta), Number(row.created_at)]).toEqual([
        -Number(r.org_paid),
        Number(r.ordered_at),
      ]);
    }
    // Every quota account equals its ledger (the scene pays from the account, so no order touched one).
    const accounts = await t.db.selectFrom('quota_accounts').select(['id', 'balance']).execute();
    for (const a of accounts) {
      const sum = await t.db
        .selectFrom('quota_ledger')
        .select((eb) => eb.fn.sum<number>('delta').as('s'))
        .where('account_id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(Number(sum.s ?? 0)).toBe(Number(a.balance));
    }
    const quotaMoves = await t.db
      .selectFrom('quota_ledger')
      .select('id')
      .where('source_key', 'like', 'order:%')
      .execute();
    expect(quotaMoves).toHaveLength(0);

    // Seeding again changes nothing.
    await seedDemoSpendOrders(t.db, tenantId, DEMO);
    expect(await orders(tenantId)).toHaveLength(DEMO_ORDERS.length);
    expect(await orgAccountLedger.balance(t.db, tenantId)).toBe(balance);
  });
});
