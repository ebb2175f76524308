import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { billSnapshot, type Call, flowApp, type FlowTenant, makeInvoice } from '../flow.testkit.js';

/**
 * Deleting lines of a draft one by one: bill/fee/deleteFee (the document's amount follows its fee lines,
 * the line's invoices are detached) and trip/item/deleteTripItem. Only the submitter, only while the
 * document may be edited; refusals leave every line in place.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp()));
afterAll(async () => t?.close());

/** A draft of A's submitter with two fee lines (the first holding an invoice) and two trips. */
async function draftWithLines() {
  const inv = await makeInvoice(t, A.tenantId, A.submitter.staffId, 3_000);
  const s = await call(A.submitter.token, 'POST', 'flow/save', {
    billType: 'expense',
    title: '上海出差',
    fees: [
      { feeType: 'hotel', amount: 3_000, date: '2026-11-20', invoiceIds: [inv.id] },
      { feeType: 'meal', amount: 1_200, date: '2026-11-21' },
    ],
    trips: [
      { date: ['2026-11-20', '2026-11-21'], locationCus: '上海', budget_traffic: 500 },
      { date: ['2026-11-21', '2026-11-22'], locationCus: '杭州', budget_stay: 800 },
    ],
  });
  expect(s.body.status).toBe(0);
  const id = s.body.data.id as number;
  return { id, invoiceId: inv.id, ...(await linesOf(id)) };
}

async function linesOf(billId: number) {
  const fees = await t.db
    .selectFrom('bill_fees')
    .select(['id', 'amount'])
    .where('bill_id', '=', billId)
    .orderBy('sort_order')
    .execute();
  const links = await t.db
    .selectFrom('bill_fee_invoices')
    .select(['fee_id', 'invoice_id'])
    .where('bill_id', '=', billId)
    .execute();
  const trips = await t.db
    .selectFrom('bill_trips')
    .select(['id', 'location_cus'])
    .where('bill_id', '=', billId)
    .orderBy('sort_order')
    .execute();
  return {
    feeIds: fees.map((f) => Number(f.id)),
    links: links.map((l) => [Number(l.fee_id), Number(l.invoice_id)]),
    trips: trips.map((r) => [Number(r.id), r.location_cus]),
    amount: (await billSnapshot(t, billId)).amount,
  };
}

describe('bill/fee/deleteFee', () => {
  it('removes the line and its invoice link; the document’s amount is the sum of the lines left', async () => {
    const d = await draftWithLines();
    expect(d.amount).toBe(4_200);
    const r = await call(A.submitter.token, 'POST', 'bill/fee/deleteFee', { id: d.feeIds[0] });
    expect(r.code).toBe(200);
    expect(r.body).toEqual({
      status: 0,
      msg: expect.any(String),
      data: { id: d.feeIds[0], billAmount: 1_200 },
    });
    const after = await linesOf(d.id);
    expect(after).toMatchObject({ feeIds: [d.feeIds[1]], links: [], amount: 1_200 });
    expect(after.trips).toEqual(d.trips);
    // The invoice is free for another document now.
    const again = await call(A.submitter.token, 'POST', 'bill/fee/saveFee', {
      billId: d.id,
      feeType: 'hotel',
      amount: 3_000,
      date: '2026-11-20',
      invoiceIds: [d.invoiceId],
    });
    expect(again.body.data.billAmount).toBe(4_200);
  });

  it('deleting the last line leaves the document at 0, not at the old sum', async () => {
    const d = await draftWithLines();
    for (const id of d.feeIds)
      expect((await call(A.submitter.token, 'POST', 'bill/fee/deleteFee', { id })).code).toBe(200);
    const after = await linesOf(d.id);
    expect(after).toMatchObject({ feeIds: [], amount: 0 });
  });

  it('refuses bad input, someone else’s line, another tenant, no permission, a submitted document', async () => {
    const d = await draftWithLines();
    const before = await linesOf(d.id);
    const bad = await call(A.submitter.token, 'POST', 'bill/fee/deleteFee', { id: -1 });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('费用ID');
    const other = await call(A.boss.token, 'POST', 'bill/fee/deleteFee', { id: d.feeIds[0] });
    expect(other.code).toBe(404);
    expect(other.body.msg).toBe('费用明细不存在或已被删除');
    expect((await call(B.submitter.token, 'POST', 'bill/fee/deleteFee', { id: d.feeIds[0] })).code).toBe(404);
    expect((await call(A.nobody.token, 'POST', 'bill/fee/deleteFee', { id: d.feeIds[0] })).code).toBe(403);
    expect(await linesOf(d.id)).toEqual(before);

    expect((await call(A.submitter.token, 'POST', 'flow/submit', { id: d.id })).body.status).toBe(0);
    const submitted = await linesOf(d.id);
    const late = await call(A.submitter.token, 'POST', 'bill/fee/deleteFee', { id: d.feeIds[1] });
    expect(late.code).toBe(409);
    expect(late.body.msg).toBe('单据审批中，不能修改');
    expect(await linesOf(d.id)).toEqual(submitted);
  });
});

describe('trip/item/deleteTripItem', () => {
  it('removes the trip; fee lines and the amount stay', async () => {
    const d = await draftWithLines();
    const r = await call(A.submitter.token, 'POST', 'trip/item/deleteTripItem', { id: d.trips[0][0] });
    expect(r.code).toBe(200);
    expect(r.body.data).toEqual({ id: d.trips[0][0], billAmount: 4_200 });
    const after = await linesOf(d.id);
    expect(after.trips).toEqual([d.trips[1]]);
    expect(after).toMatchObject({ feeIds: d.feeIds, links: d.links, amount: 4_200 });
    const detail = await call(A.submitter.token, 'GET', 'flow/detail', { id: d.id });
    expect(detail.body.data.trips.map((x: any) => x.locationCus)).toEqual(['杭州']);
  });

  it('refuses bad input, someone else’s trip, another tenant, no permission, a submitted document', async () => {
    const d = await draftWithLines();
    const before = await linesOf(d.id);
    const bad = await call(A.submitter.token, 'POST', 'trip/item/deleteTripItem', { id: 'abc' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('行程ID');
    const other = await call(A.second.token, 'POST', 'trip/item/deleteTripItem', { id: d.trips[0][0] });
    expect(other.code).toBe(404);
    expect(other.body.msg).toBe('行程不存在或已被删除');
    expect((await call(B.admin.token, 'POST', 'trip/item/deleteTripItem', { id: d.trips[0][0] })).code).toBe(
      404,
    );
    expect((await call(A.nobody.token, 'POST', 'trip/item/deleteTripItem', { id: d.trips[0][0] })).code).toBe(
      403,
    );
    expect(await linesOf(d.id)).toEqual(before);

    expect((await call(A.submitter.token, 'POST', 'flow/submit', { id: d.id })).body.status).toBe(0);
    const late = await call(A.submitter.token, 'POST', 'trip/item/deleteTripItem', { id: d.trips[1][0] });
    expect(late.code).toBe(409);
    expect(late.body.msg).toBe('单据审批中，不能修改');
    expect((await linesOf(d.id)).trips).toEqual(before.trips);
  });
});
