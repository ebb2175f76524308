import { BillDetail } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff } from '../../../../test/factories.js';
import { FLOW_STAFF_PERMS } from '../../../db/migrations/20261127T0141_flow_bill.js';
import { api, flowTenant, publishedFlow, submittedExpense, type FlowTenant } from '../flow.testkit.js';

/** 部门负责人 set through the org API (departments:update leader_id) is who a "department head" node waits on. */
let t: TestApp;
let A: FlowTenant;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  call = api(t);
  A = await flowTenant(t);
});
afterAll(async () => t?.close());

const headNodes = [
  { id: 'start', name: '发起', type: 'start', next: 'head' },
  {
    id: 'head',
    name: '部门负责人审批',
    type: 'approver',
    next: 'end',
    sources: [{ kind: 'departmentHead' }],
    mode: { kind: 'orSign' },
    whenEmpty: 'admin',
    onReject: { kind: 'end' },
    selfApprove: 'superior',
  },
  { id: 'end', name: '结束', type: 'end' },
];

describe('department head approver', () => {
  it('is the head the administrator set on the submitter’s department through the org API', async () => {
    const head = await makeStaff(t.db, A.tenantId, FLOW_STAFF_PERMS);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/org-arch-center/api/v1/departments:update',
      headers: { 'x-session-token': A.admin.token },
      payload: { id: A.deptId, leader_id: head.staffId },
    });
    expect(set.json()).toMatchObject({ status: 0, data: { leader_id: head.staffId } });
    await publishedFlow(t, A, headNodes);

    const id = await submittedExpense(t, A);
    const detail = BillDetail.parse((await call(head.token, 'GET', 'flow/detail', { id })).body.data);
    expect(detail.currentTasks.map((x) => [x.nodeName, x.assigneeId])).toEqual([
      ['部门负责人审批', head.staffId],
    ]);
    expect(detail.actions.canApprove).toBe(true);
    // The supervisor (boss) is not asked: the head approves and the document passes.
    const done = await call(head.token, 'POST', 'flow/approve', { id, opinion: '负责人同意' });
    expect(done.body).toMatchObject({ status: 0, data: { status: 'approved' } });
    const bossTodo = await call(A.boss.token, 'GET', 'flow/todoPageList', { tab: 'pending' });
    expect(bossTodo.body.data.items.map((r: { billId: number }) => r.billId)).not.toContain(id);
  });
});
