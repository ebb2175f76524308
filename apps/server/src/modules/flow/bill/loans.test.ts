import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { type Call, flowApp, type FlowTenant, publishedFlow, twoStepNodes } from '../flow.testkit.js';

/**
 * 借款 and 还款: POST /finodata/api/web/flow/repayment-list shows each approved loan of the caller with what
 * is repaid (已通过), being repaid (审批中) and left; submit refuses a repayment over what is left.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
const REPAYMENTS = '/finodata/api/web/flow/repayment-list';
/** Start → the submitter's supervisor → end (the first step of twoStepNodes). */
const oneStep = () => {
  const [start, a1] = twoStepNodes(0);
  return [start, { ...a1, next: 'end' }, { id: 'end', name: '结束', type: 'end' }];
};
beforeAll(async () => {
  ({ t, A, B, call } = await flowApp({ publish: false }));
  await publishedFlow(t, A, oneStep(), 'loan');
  await publishedFlow(t, A, oneStep(), 'repayment');
});
afterAll(async () => t?.close());

async function filed(billType: string, body: Record<string, unknown>) {
  const s = await call(A.submitter.token, 'POST', 'flow/save', { billType, ...body });
  expect(s.body.status).toBe(0);
  const id = s.body.data.id as number;
  const sub = await call(A.submitter.token, 'POST', 'flow/submit', { id });
  return { id, sub };
}

describe('repayment-list', () => {
  it('an approved loan with one repayment approved and one in approval: repaid, repaying and left', async () => {
    const loan = await filed('loan', { title: '备用金', amount: 100_000 });
    expect(loan.sub.body.status).toBe(0);
    expect((await call(A.boss.token, 'POST', 'flow/approve', { id: loan.id })).body.data.status).toBe(
      'approved',
    );

    const r1 = await filed('repayment', { title: '还款一', amount: 30_000, loanId: loan.id });
    expect(r1.sub.body.status).toBe(0);
    await call(A.boss.token, 'POST', 'flow/approve', { id: r1.id });
    const r2 = await filed('repayment', { title: '还款二', amount: 50_000, loanId: loan.id });
    expect(r2.sub.body.status).toBe(0);

    const list = await call(A.submitter.token, 'POST', REPAYMENTS, {});
    expect(list.code).toBe(200);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({
        loanId: loan.id,
        title: '备用金',
        loanAmount: 100_000,
        repaidAmount: 30_000,
        repayingAmount: 50_000,
        remainingAmount: 20_000,
      }),
    ]);

    // Nobody else's list shows it: another staff member, another tenant.
    expect(
      (await call(A.second.token, 'POST', REPAYMENTS, { onlyOutstanding: false })).body.data.items,
    ).toEqual([]);
    expect(
      (await call(B.submitter.token, 'POST', REPAYMENTS, { onlyOutstanding: false })).body.data.items,
    ).toEqual([]);

    // More than is left is refused on submit, and the document stays a draft.
    const over = await filed('repayment', { title: '还款三', amount: 20_001, loanId: loan.id });
    expect(over.sub.code).toBe(400);
    expect(over.sub.body.msg).toBe('还款金额超过借款剩余未还金额（200.00元）');
    const left = await t.db
      .selectFrom('bills')
      .select('status')
      .where('id', '=', over.id)
      .executeTakeFirstOrThrow();
    expect(left.status).toBe('draft');

    // Fully repaid: the default (onlyOutstanding) leaves it out; asked for all, it is there.
    await call(A.boss.token, 'POST', 'flow/approve', { id: r2.id });
    const last = await filed('repayment', { title: '还款四', amount: 20_000, loanId: loan.id });
    await call(A.boss.token, 'POST', 'flow/approve', { id: last.id });
    const all = await call(A.submitter.token, 'POST', REPAYMENTS, { onlyOutstanding: false });
    expect(all.body.data.items[0]).toMatchObject({
      repaidAmount: 100_000,
      repayingAmount: 0,
      remainingAmount: 0,
    });
    const open = await call(A.submitter.token, 'POST', REPAYMENTS, {});
    expect(open.body.data.items).toEqual([]);
  });
});
