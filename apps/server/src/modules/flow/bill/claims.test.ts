import { BillDetail, TodoPage } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { type Call, flowApp, type FlowTenant, makeInvoice } from '../flow.testkit.js';

/**
 * 超额报销 (issue 20 part 2): a fee line claims at most what its invoices have left — their total less what
 * other documents wrote off — unless the tenant allows over-claim, then with a 超额说明 and flagged.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp()));
afterAll(async () => t?.close());

const SETTING = '/finobill/api/web/auditRule/setting';
const TOTAL = 444_900; // ¥4,449.00

const invoiceRow = (id: number) =>
  t.db
    .selectFrom('invoices')
    .select(['recent_status', 'bill_id', 'finishing_amount', 'finish_amount'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const save = (f: FlowTenant, fees: Record<string, unknown>[], id?: number) =>
  call(f.submitter.token, 'POST', 'flow/save', {
    ...(id ? { id } : {}),
    billType: 'expense',
    title: '出差报销',
    fees: fees.map((x) => ({ feeType: 'travel', date: '2026-11-20', ...x })),
  });

async function draft(f: FlowTenant, amount: number, invoiceIds: number[], overReason?: string) {
  const r = await save(f, [{ amount, invoiceIds, ...(overReason ? { overReason } : {}) }]);
  if (r.body.status !== 0) throw new Error(r.body.msg);
  return r.body.data.id as number;
}

async function approveAll(id: number) {
  expect((await call(A.boss.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
  expect((await call(A.second.token, 'POST', 'flow/approve', { id })).body.data.status).toBe('approved');
}

const billCount = async (tenantId: number) =>
  Number(
    (
      await t.db
        .selectFrom('bills')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('over-claim', () => {
  it('a line over its invoice is refused on save and on submit, naming the invoice and what is left', async () => {
    const inv = await makeInvoice(t, A.tenantId, A.submitter.staffId, TOTAL);
    const before = await billCount(A.tenantId);
    const over = await save(A, [{ amount: 9_999_900, invoiceIds: [inv.id] }]);
    expect(over.code).toBe(400);
    expect(over.body.msg).toBe(`费用金额超过发票可报销余额：发票 ${inv.number} 剩余可报销 ¥4,449.00`);
    expect(over.body.data.fields[0].field).toBe('fees[0].amount');
    expect(await billCount(A.tenantId)).toBe(before); // nothing half-saved

    // Two lines sharing the invoice draw it down together.
    const two = await save(A, [
      { amount: 300_000, invoiceIds: [inv.id] },
      { amount: 200_000, invoiceIds: [inv.id] },
    ]);
    expect(two.code).toBe(400);
    expect(two.body.msg).toBe(`费用金额超过发票可报销余额：发票 ${inv.number} 剩余可报销 ¥1,449.00`);

    // A document approved for ¥2,000.00 writes off only that: ¥2,449.00 is left for the next one.
    const first = await draft(A, 200_000, [inv.id]);
    const late = await draft(A, 244_900, [inv.id]); // saved while the whole invoice was free
    expect((await call(A.submitter.token, 'POST', 'flow/submit', { id: first })).body.status).toBe(0);
    expect(await invoiceRow(inv.id)).toMatchObject({ recent_status: 2, finishing_amount: 200_000 });
    await approveAll(first);
    expect(await invoiceRow(inv.id)).toEqual({
      recent_status: 1,
      bill_id: null,
      finishing_amount: 0,
      finish_amount: 200_000,
    });
    const tooMuch = await save(A, [{ amount: 300_000, invoiceIds: [inv.id] }]);
    expect(tooMuch.body.msg).toBe(`费用金额超过发票可报销余额：发票 ${inv.number} 剩余可报销 ¥2,449.00`);

    // Another document takes ¥1,000.00 of it; the draft saved earlier now claims too much on submit.
    const other = await draft(A, 100_000, [inv.id]);
    expect((await call(A.submitter.token, 'POST', 'flow/submit', { id: other })).body.status).toBe(0);
    await approveAll(other);
    const refused = await call(A.submitter.token, 'POST', 'flow/submit', { id: late });
    expect(refused.code).toBe(400);
    expect(refused.body.msg).toBe(`费用金额超过发票可报销余额：发票 ${inv.number} 剩余可报销 ¥1,449.00`);
    expect(
      (await t.db.selectFrom('bills').select('status').where('id', '=', late).executeTakeFirst())!.status,
    ).toBe('draft');
    expect(await invoiceRow(inv.id)).toMatchObject({ recent_status: 1, finish_amount: 300_000 });

    // The exact remainder goes through and leaves the invoice 已核销.
    const rest = await draft(A, 144_900, [inv.id]);
    expect((await call(A.submitter.token, 'POST', 'flow/submit', { id: rest })).body.status).toBe(0);
    await approveAll(rest);
    expect(await invoiceRow(inv.id)).toEqual({
      recent_status: 3,
      bill_id: rest,
      finishing_amount: 0,
      finish_amount: TOTAL,
    });
  });

  it('a tenant that allows over-claim wants a 超额说明, then flags the document for its approvers', async () => {
    const C = await flowApp();
    try {
      const { A: X, call: c } = C;
      expect((await c(X.admin.token, 'GET', SETTING)).body.data).toEqual({ allowOverClaim: false });
      const set = await c(X.admin.token, 'POST', SETTING, { allowOverClaim: true });
      expect(set.body.data).toEqual({ allowOverClaim: true });
      // Another tenant's setting is its own.
      expect((await c(C.B.admin.token, 'GET', SETTING)).body.data).toEqual({ allowOverClaim: false });

      const inv = await makeInvoice(C.t, X.tenantId, X.submitter.staffId, TOTAL);
      const body = (overReason?: string) => ({
        billType: 'expense',
        title: '客户接待',
        fees: [
          {
            feeType: 'travel',
            amount: 500_000,
            date: '2026-11-20',
            invoiceIds: [inv.id],
            ...(overReason ? { overReason } : {}),
          },
        ],
      });
      const noReason = await c(X.submitter.token, 'POST', 'flow/save', body());
      expect(noReason.code).toBe(400);
      expect(noReason.body.msg).toBe(
        `费用金额超过发票可报销余额：发票 ${inv.number} 剩余可报销 ¥4,449.00，请填写超额说明`,
      );
      expect(noReason.body.data.fields[0].field).toBe('fees[0].overReason');

      const saved = await c(X.submitter.token, 'POST', 'flow/save', body('含现场补差价，另无发票'));
      expect(saved.body.status).toBe(0);
      const id = saved.body.data.id as number;
      expect((await c(X.submitter.token, 'POST', 'flow/submit', { id })).body.status).toBe(0);
      // The invoice is held whole: nothing of it is left for another document.
      const held = await C.t.db
        .selectFrom('invoices')
        .select(['recent_status', 'finishing_amount'])
        .where('id', '=', inv.id)
        .executeTakeFirstOrThrow();
      expect(held).toEqual({ recent_status: 2, finishing_amount: TOTAL });

      const detail = BillDetail.parse((await c(X.boss.token, 'GET', 'flow/detail', { id })).body.data);
      expect(detail.fees[0].overReason).toBe('含现场补差价，另无发票');
      const flag = detail.riskFlags.find((f) => f.ruleKind === 'overClaim');
      expect(flag).toMatchObject({ ruleName: '超额报销', action: 'flag' });
      expect(flag!.detail).toBe(
        `第1条费用（差旅费）¥5,000.00，发票${inv.number}剩余可报销¥4,449.00，超额说明：含现场补差价，另无发票`,
      );
      const todo = TodoPage.parse(
        (await c(X.boss.token, 'GET', 'flow/todoPageList', { risk: true })).body.data,
      );
      expect(todo.items.find((r) => r.billId === id)?.riskNames).toContain('超额报销');

      // Switched off again: the same line is refused, explanation or not.
      await c(X.admin.token, 'POST', SETTING, { allowOverClaim: false });
      const inv2 = await makeInvoice(C.t, X.tenantId, X.submitter.staffId, TOTAL);
      const off = await c(X.submitter.token, 'POST', 'flow/save', {
        ...body('说明'),
        fees: [
          {
            feeType: 'travel',
            amount: 500_000,
            date: '2026-11-20',
            invoiceIds: [inv2.id],
            overReason: '说明',
          },
        ],
      });
      expect(off.body.msg).toBe(`费用金额超过发票可报销余额：发票 ${inv2.number} 剩余可报销 ¥4,449.00`);
    } finally {
      await C.t.close();
    }
  });

  it('20 documents submitted at once on the same invoice: one holds it, nineteen are refused', async () => {
    const inv = await makeInvoice(t, A.tenantId, A.submitter.staffId, TOTAL);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await draft(A, 300_000, [inv.id]));
    const replies = await Promise.all(
      ids.map((id) => call(A.submitter.token, 'POST', 'flow/submit', { id })),
    );
    const won = replies.flatMap((r, i) => (r.body.status === 0 ? [ids[i]] : []));
    expect(won).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.status !== 0))
      expect(r.body.msg).toBe(`发票${inv.number}核销中，已被其他单据使用，不能重复报销`);
    expect(await invoiceRow(inv.id)).toEqual({
      recent_status: 2,
      bill_id: won[0],
      finishing_amount: 300_000,
      finish_amount: 0,
    });
    const statuses = await t.db.selectFrom('bills').select(['id', 'status']).where('id', 'in', ids).execute();
    expect(statuses.filter((s) => s.status === 'approving').map((s) => s.id)).toEqual(won);
    const logs = await t.db
      .selectFrom('invoice_logs')
      .select('content')
      .where('invoice_id', '=', inv.id)
      .execute();
    expect(logs).toHaveLength(1);
  });

  it('another tenant’s invoice, and the setting without its permission', async () => {
    const inv = await makeInvoice(t, A.tenantId, A.submitter.staffId, TOTAL);
    const foreign = await save(B, [{ amount: 100, invoiceIds: [inv.id] }]);
    expect(foreign.code).toBe(404);
    expect(foreign.body.msg).toBe('发票不存在或已被删除');
    expect((await call(A.nobody.token, 'GET', SETTING)).code).toBe(403);
    expect((await call(A.submitter.token, 'POST', SETTING, { allowOverClaim: true })).code).toBe(403);
    const bad = await call(A.admin.token, 'POST', SETTING, { allowOverClaim: 'yes' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('允许超额报销');
    expect((await call(A.admin.token, 'GET', SETTING)).body.data).toEqual({ allowOverClaim: false });
  });
});
