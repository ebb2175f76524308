import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import {
  rewriteFlowDesigns,
  returnAgentsOwnTasks,
} from '../../../db/migrations/20261128T0560_self_approval.js';
import {
  billSnapshot,
  flowApp,
  publishedFlow,
  submittedExpense,
  type Call,
  type FlowTenant,
} from '../flow.testkit.js';

/** Nobody approves their own spend (issue 20, part 6): routing, agents, agent windows, the migration. */
let t: TestApp;
let A: FlowTenant;
let B: FlowTenant;
let call: Call;
beforeAll(async () => {
  ({ t, A, B, call } = await flowApp({ publish: false }));
});
afterAll(async () => t?.close());

const step = (id: string, next: string, staffIds: number[], extra: Record<string, unknown> = {}) => ({
  id,
  name: `审批${id}`,
  type: 'approver',
  next,
  sources: [{ kind: 'staff', staffIds: staffIds.map(String) }],
  mode: { kind: 'orSign' },
  whenEmpty: 'autoPass',
  onReject: { kind: 'end' },
  selfApprove: 'superior',
  ...extra,
});
const nodesOf = (...steps: ReturnType<typeof step>[]) => [
  { id: 'start', name: '发起', type: 'start', next: steps[0].id },
  ...steps,
  { id: 'end', name: '结束', type: 'end' },
];

async function expenseOf(f: FlowTenant, who: { token: string }) {
  const s = await call(who.token, 'POST', 'flow/save', {
    billType: 'expense',
    title: '本人报销',
    fees: [{ feeType: 'travel', amount: 389_000, date: '2026-11-20', invoiceIds: [] }],
  });
  expect(s.body.status).toBe(0);
  return s.body.data.id as number;
}
async function submit(who: { token: string }, id: number) {
  return call(who.token, 'POST', 'flow/submit', { id });
}
const openTasks = async (billId: number) => (await billSnapshot(t, billId)).tasks;
async function record(billId: number) {
  const d = await call(A.admin.token, 'GET', 'flow/detail', { id: billId });
  return JSON.stringify(d.body.data.approvalRecord);
}

describe('self-approval routing', () => {
  it('superior (the default): the submitter’s own step goes to their direct superior, never passes by itself', async () => {
    await publishedFlow(t, A, nodesOf(step('a1', 'end', [A.submitter.staffId])));
    const id = await expenseOf(A, A.submitter);
    expect((await submit(A.submitter, id)).body.status).toBe(0);
    expect(await openTasks(id)).toEqual([
      expect.objectContaining({ nodeId: 'a1', assigneeId: A.boss.staffId }),
    ]);
    const r = await record(id);
    expect(r).toContain('审批人为发起人，转交发起人的上级审批');
    expect(r).not.toContain('自动通过');
  });

  it('no superior: the next node reviews; the step is recorded as skipped for the submitter', async () => {
    await publishedFlow(
      t,
      A,
      nodesOf(step('a1', 'a2', [A.boss.staffId]), step('a2', 'end', [A.second.staffId])),
    );
    const id = await expenseOf(A, A.boss);
    expect((await submit(A.boss, id)).body.status).toBe(0);
    expect(await openTasks(id)).toEqual([
      expect.objectContaining({ nodeId: 'a2', assigneeId: A.second.staffId }),
    ]);
    expect(await record(id)).toContain('审批人为发起人，转下一节点审批');
  });

  it('no superior and no next node: the administrators review', async () => {
    await publishedFlow(t, A, nodesOf(step('a1', 'end', [A.boss.staffId], { selfApprove: 'next' })));
    const id = await expenseOf(A, A.boss);
    expect((await submit(A.boss, id)).body.status).toBe(0);
    expect(await openTasks(id)).toEqual([expect.objectContaining({ assigneeId: A.admin.staffId })]);
  });

  it('nobody but the submitter: submit is refused in Chinese and nothing changes', async () => {
    await publishedFlow(t, A, nodesOf(step('a1', 'end', [A.admin.staffId])));
    const id = await expenseOf(A, A.admin);
    const before = await billSnapshot(t, id);
    const r = await submit(A.admin, id);
    expect(r.body.status).not.toBe(0);
    expect(r.body.msg).toBe('「审批a1」没有发起人以外的人员可以审批，请管理员为您设置直属上级或调整审批流程');
    expect(await billSnapshot(t, id)).toEqual(before);
  });
});

describe('agents and their own documents', () => {
  it('an agent never gets, sees or approves a task on a document they submitted', async () => {
    await publishedFlow(t, A);
    const now = Date.now();
    // boss (the submitter's superior) lets the submitter act for him.
    const w = await call(A.boss.token, 'POST', 'agent/save', {
      agentId: A.submitter.staffId,
      startAt: now,
      endAt: now + 7 * 86_400_000,
    });
    expect(w.body.status).toBe(0);
    try {
      const id = await submittedExpense(t, A);
      const [task] = await t.db
        .selectFrom('flow_tasks')
        .select(['id', 'task_id', 'instance_id', 'assignee_id', 'on_behalf_of'])
        .where('bill_id', '=', id)
        .execute();
      expect([Number(task.assignee_id), task.on_behalf_of]).toEqual([A.boss.staffId, null]);
      const todo = await call(A.submitter.token, 'GET', 'flow/todoPageList', { tab: 'pending' });
      expect(todo.body.data.items.map((r: { billId: number }) => r.billId)).not.toContain(id);
      expect((await call(A.submitter.token, 'POST', 'flow/approve', { id })).body.status).not.toBe(0);

      // A task written before the fix: the agent holds his own document 代 boss.
      const inst = await t.db
        .selectFrom('flow_instances')
        .select(['state'])
        .where('id', '=', task.instance_id)
        .executeTakeFirstOrThrow();
      const state = JSON.parse(inst.state);
      Object.assign(
        state.tasks.find((x: { id: string }) => x.id === task.task_id),
        {
          assignee: String(A.submitter.staffId),
          onBehalfOf: String(A.boss.staffId),
          agentWindowId: String(w.body.data.id),
        },
      );
      await t.db
        .updateTable('flow_instances')
        .set({ state: JSON.stringify(state) })
        .where('id', '=', task.instance_id)
        .execute();
      await t.db
        .updateTable('flow_tasks')
        .set({
          assignee_id: A.submitter.staffId,
          on_behalf_of: A.boss.staffId,
          agent_window_id: w.body.data.id,
        })
        .where('id', '=', task.id)
        .execute();
      const hidden = await call(A.submitter.token, 'GET', 'flow/todoPageList', { tab: 'pending' });
      expect(hidden.body.data.items.map((r: { billId: number }) => r.billId)).not.toContain(id);
      const before = await billSnapshot(t, id);
      const refused = await call(A.submitter.token, 'POST', 'flow/approve', { id, opinion: '同意' });
      expect(refused.body.msg).toBe('不能审批本人提交的单据，请转办给其他人审批');
      expect(await billSnapshot(t, id)).toEqual(before);

      // The migration hands such tasks back to the principal, who approves.
      expect(await returnAgentsOwnTasks(t.db)).toBe(1);
      expect(await openTasks(id)).toEqual([expect.objectContaining({ assigneeId: A.boss.staffId })]);
      const ok = await call(A.boss.token, 'POST', 'flow/approve', { id, opinion: '同意' });
      expect(ok.body.status).toBe(0);
    } finally {
      await call(A.boss.token, 'POST', 'agent/cancel', { id: w.body.data.id });
    }
  });

  it('an agent window cannot start in the past; a start of a few minutes ago counts as now', async () => {
    const now = Date.now();
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('agent_windows')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', B.tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const past = await call(B.boss.token, 'POST', 'agent/save', {
      agentId: B.second.staffId,
      startAt: now - 115 * 86_400_000,
      endAt: now + 86_400_000,
    });
    expect(past.code).toBe(400);
    expect(past.body.msg).toBe('开始时间不能早于当前时间');
    expect(await count()).toBe(before);
    const recent = await call(B.boss.token, 'POST', 'agent/save', {
      agentId: B.second.staffId,
      startAt: now - 60_000,
      endAt: now + 86_400_000,
    });
    expect(recent.body.status).toBe(0);
    const row = await t.db
      .selectFrom('agent_windows')
      .select('start_at')
      .where('id', '=', recent.body.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.start_at)).toBeGreaterThanOrEqual(now);
    await call(B.boss.token, 'POST', 'agent/cancel', { id: recent.body.data.id });
    // Another tenant's staff as agent is not found.
    const foreign = await call(B.boss.token, 'POST', 'agent/save', {
      agentId: A.second.staffId,
      startAt: now + 2 * 86_400_000,
      endAt: now + 3 * 86_400_000,
    });
    expect(foreign.body.status).not.toBe(0);
  });
});

describe('migration of existing flows', () => {
  it('rewrites autoPass / approve in drafts and published versions to superior; documents then route to the superior', async () => {
    const flowId = await publishedFlow(t, B, nodesOf(step('a1', 'end', [B.submitter.staffId])));
    const legacy = nodesOf(
      step('a1', 'a2', [B.submitter.staffId], { selfApprove: 'autoPass' }),
      step('a2', 'end', [B.second.staffId], { selfApprove: 'approve' }),
    );
    await t.db
      .updateTable('flow_versions')
      .set({
        definition: JSON.stringify({ flowId: String(flowId), version: 1, name: '旧流程', nodes: legacy }),
      })
      .where('flow_id', '=', flowId)
      .execute();
    await t.db
      .updateTable('flows')
      .set({ draft_nodes: JSON.stringify(legacy) })
      .where('id', '=', flowId)
      .execute();
    expect(await rewriteFlowDesigns(t.db)).toBeGreaterThanOrEqual(2);
    const v = await t.db
      .selectFrom('flow_versions')
      .select('definition')
      .where('flow_id', '=', flowId)
      .executeTakeFirstOrThrow();
    const f = await t.db
      .selectFrom('flows')
      .select('draft_nodes')
      .where('id', '=', flowId)
      .executeTakeFirstOrThrow();
    for (const nodes of [JSON.parse(v.definition).nodes, JSON.parse(f.draft_nodes!)]) {
      expect(
        nodes
          .filter((n: { type: string }) => n.type === 'approver')
          .map((n: { selfApprove: string }) => n.selfApprove),
      ).toEqual(['superior', 'superior']);
    }
    expect(await rewriteFlowDesigns(t.db)).toBe(0);
    const id = await submittedExpense(t, B);
    expect(await openTasks(id)).toEqual([
      expect.objectContaining({ nodeId: 'a1', assigneeId: B.boss.staffId }),
    ]);
  });

  it('the designer refuses the old values with a Chinese message', async () => {
    const r = await call(A.admin.token, 'POST', 'flowDesign/save', {
      name: '旧设置',
      groupId: 1,
      billType: 'expense',
      nodes: nodesOf(step('a1', 'end', [A.second.staffId], { selfApprove: 'autoPass' })),
    });
    expect(r.code).toBe(400);
    expect(r.body.msg).toContain('审批人为发起人时取值为superior或next');
  });
});
