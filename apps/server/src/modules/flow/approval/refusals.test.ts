import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { billSnapshot, type Call, flowApp, type FlowTenant, submittedExpense } from '../flow.testkit.js';

/**
 * The refusals of routes whose own tests show the success path (bill.test.ts): bad input, another tenant's
 * ids and a caller without the permission, each proven to change nothing in the database.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp()));
afterAll(async () => t?.close());

type Case = [who: string, token: () => string, body: Record<string, unknown>, code: number, msg?: RegExp];

describe('approval actions on a document in approval', () => {
  const actions = ['flow/transfer', 'flow/delegate', 'flow/resolve', 'flow/addSign'] as const;
  const good = (id: number, path: (typeof actions)[number]) =>
    path === 'flow/addSign'
      ? { id, type: 'before', staffIds: [A.second.staffId] }
      : { id, toStaffId: A.second.staffId, opinion: '请处理' };

  for (const path of actions)
    it(`${path}: bad input 400, another tenant 404, no permission 403, not the approver 409 — nothing changes`, async () => {
      const id = await submittedExpense(t, A);
      const before = await billSnapshot(t, id);
      const cases: Case[] = [
        ['bad id', () => A.boss.token, { ...good(id, path), id: 'x' }, 400, /单据ID/],
        ['another tenant’s approver', () => B.boss.token, good(id, path), 404, /单据不存在/],
        ['without todoList:view', () => A.nobody.token, good(id, path), 403],
        ['not the approver', () => A.second.token, good(id, path), 409],
      ];
      if (path === 'flow/addSign')
        cases.push([
          'a bad sign type',
          () => A.boss.token,
          { ...good(id, path), type: 'middle' },
          400,
          /加签方式/,
        ]);
      if (path === 'flow/transfer' || path === 'flow/delegate')
        cases.push([
          'another tenant’s staff as receiver',
          () => A.boss.token,
          { ...good(id, path), toStaffId: B.second.staffId },
          409,
          /接收人不存在或已停用/,
        ]);
      for (const [who, token, body, code, msg] of cases) {
        const r = await call(token(), 'POST', path, body);
        expect(r.code, `${path} ${who}`).toBe(code);
        if (msg) expect(r.body.msg, `${path} ${who}`).toMatch(msg);
      }
      expect(await billSnapshot(t, id)).toEqual(before);
    });

  it('flow/rejectNodeList: only for the task holder of the tenant', async () => {
    const id = await submittedExpense(t, A);
    expect((await call(A.boss.token, 'GET', 'flow/rejectNodeList', { id })).body.data).toEqual([
      { nodeId: 'start', name: '发起' },
    ]);
    expect((await call(B.boss.token, 'GET', 'flow/rejectNodeList', { id })).code).toBe(404);
    expect((await call(A.second.token, 'GET', 'flow/rejectNodeList', { id })).code).toBe(404);
    expect((await call(A.nobody.token, 'GET', 'flow/rejectNodeList', { id })).code).toBe(403);
    expect((await call(A.boss.token, 'GET', 'flow/rejectNodeList', { id: 'x' })).code).toBe(400);
  });

  it('flow/batchApprove: another tenant’s ids fail one by one and stay as they were; bad input 400', async () => {
    const mine = await submittedExpense(t, A);
    const theirs = await submittedExpense(t, B);
    const before = await billSnapshot(t, theirs);
    const r = await call(A.boss.token, 'POST', 'flow/batchApprove', { ids: [mine, theirs] });
    expect(r.body.data).toMatchObject({ okCount: 1, failCount: 1 });
    expect(r.body.data.results.find((x: any) => x.id === theirs)).toMatchObject({
      ok: false,
      billNumber: '',
      msg: '单据不存在或已被删除',
    });
    expect(await billSnapshot(t, theirs)).toEqual(before);
    expect((await billSnapshot(t, mine)).tasks.map((x) => x.assigneeId)).toEqual([A.second.staffId]);
    expect((await call(A.boss.token, 'POST', 'flow/batchApprove', { ids: [] })).code).toBe(400);
    expect((await call(A.nobody.token, 'POST', 'flow/batchApprove', { ids: [mine] })).code).toBe(403);
  });
});

describe('documents and lines of another tenant', () => {
  it('copy, lines and lists never reach them; nothing is written', async () => {
    const s = await call(A.submitter.token, 'POST', 'flow/save', {
      billType: 'expense',
      title: '甲的草稿',
      fees: [{ feeType: 'meal', amount: 500, date: '2026-11-20' }],
      trips: [{ date: ['2026-11-20', '2026-11-21'], locationCus: '广州' }],
    });
    const id = s.body.data.id as number;
    const detail = (await call(A.submitter.token, 'GET', 'flow/detail', { id })).body.data;
    const feeId = detail.fees[0].id;
    const tripId = detail.trips[0].id;
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('bills')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const billsBefore = await count();
    const before = await billSnapshot(t, id);
    const fee = { feeType: 'hotel', amount: 9_900, date: '2026-11-20' };
    const trip = { date: ['2026-11-20', '2026-11-22'], locationCus: '深圳' };
    const cases: [string, Record<string, unknown>, number][] = [
      ['flow/copy', { id }, 404],
      ['flow/save', { id, billType: 'expense', title: '改他人' }, 404],
      ['flow/submit', { id }, 404],
      ['bill/fee/saveFee', { billId: id, ...fee }, 404],
      ['bill/fee/editFee', { id: feeId, ...fee }, 404],
      ['trip/item/saveTripItem', { billId: id, ...trip }, 404],
      ['trip/item/editTripItem', { id: tripId, ...trip }, 404],
    ];
    for (const [path, body, code] of cases) {
      const r = await call(B.submitter.token, 'POST', path, body);
      expect(r.code, path).toBe(code);
      const none = await call(A.nobody.token, 'POST', path, body);
      expect(none.code, `${path} without permission`).toBe(403);
    }
    expect(await count()).toBe(billsBefore);
    expect(await billSnapshot(t, id)).toEqual(before);
    const lines = await call(A.submitter.token, 'GET', 'flow/detail', { id });
    expect(lines.body.data.fees.map((f: any) => [f.id, f.amount])).toEqual([[feeId, 500]]);
    expect(lines.body.data.trips.map((x: any) => x.locationCus)).toEqual(['广州']);

    // Lists: B's submitter sees none of A's documents.
    for (const path of ['flow/pageList', 'flow/submittedPageList', 'flow/relateBillPageList']) {
      const r = await call(B.submitter.token, 'GET', path, {});
      expect(r.code, path).toBe(200);
      expect(
        r.body.data.items.map((b: any) => b.id),
        path,
      ).not.toContain(id);
      expect((await call(A.nobody.token, 'GET', path, {})).code, path).toBe(403);
    }
    const bad = await call(A.submitter.token, 'GET', 'flow/pageList', { status: 'nope' });
    expect(bad.code).toBe(400);
    const badRep = await call(A.submitter.token, 'POST', '/finodata/api/web/flow/repayment-list', {
      pageSize: 0,
    });
    expect(badRep.code).toBe(400);
    expect((await call(A.nobody.token, 'POST', '/finodata/api/web/flow/repayment-list', {})).code).toBe(403);
  });
});
