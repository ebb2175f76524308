import type { Db } from '../platform/db/database.js';
import { deptsOfStaff, staffIdByPhone } from '../modules/org/index.js';
import {
  approve,
  createMemoryDirectory,
  submit,
  type FlowDefinition,
  type FlowEvent,
  type FlowInstance,
} from '../modules/flow/engine/index.js';
import { seedPublishedFlow } from '../modules/flow/index.js';
import { DEMO } from './demo.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Demo approval history of 演示集团 for 单据分析: a disabled demo flow 差旅报销审批（演示）(部门审批 by
 * 审批人甲 → 财务审批 by 演示管理员) and ten expense documents submitted over the last four weeks, run through
 * the real engine (submit, approve) so their instances, open tasks and approval logs are what the flow module
 * writes. Two are still waiting at 财务审批. Nobody approves their own spend: 审批人甲 has no superior, so
 * 部门审批 of his own documents goes on to the next node (selfApprove superior → next) and 演示管理员 reviews
 * them at 财务审批, whose hours come first. The flow is disabled so new documents use the tenant's own flows.
 */
const DOCS: {
  day: number;
  who: 'staff' | 'approver';
  title: string;
  amount: number;
  hours: [number, number | null];
}[] = [
  { day: -27, who: 'staff', title: '上海客户拜访差旅报销', amount: 356000, hours: [3, 5] },
  { day: -24, who: 'staff', title: '北京技术交流会差旅报销', amount: 428000, hours: [20, 26] },
  { day: -20, who: 'approver', title: '广州供应商考察差旅报销', amount: 512000, hours: [1, 8] },
  { day: -17, who: 'staff', title: '杭州项目驻场交通费报销', amount: 86000, hours: [2, 3] },
  { day: -13, who: 'staff', title: '深圳展会住宿费报销', amount: 264000, hours: [52, 10] },
  { day: -11, who: 'approver', title: '成都客户培训差旅报销', amount: 389000, hours: [4, 30] },
  { day: -8, who: 'staff', title: '南京投标差旅报销', amount: 198000, hours: [6, 2] },
  { day: -6, who: 'staff', title: '苏州客户回访交通费报销', amount: 42000, hours: [1, 4] },
  { day: -4, who: 'staff', title: '武汉售后支持差旅报销', amount: 305000, hours: [5, null] },
  { day: -2, who: 'staff', title: '西安合作洽谈差旅报销', amount: 276000, hours: [2, null] },
];

export async function seedDemoBillAnalysis(db: Db, t: { group: number; tech: number }, now = Date.now()) {
  const tenantId = t.group;
  const staffId = async (phone: string) => {
    const id = await staffIdByPhone(db, tenantId, phone);
    if (id === undefined) throw new Error(`演示数据缺少员工 ${phone}`);
    return Number(id);
  };
  const ids = {
    admin: await staffId(DEMO.admin),
    approver: await staffId(DEMO.approver),
    staff: await staffId(DEMO.staff),
  };
  const names = new Map(
    (await db.selectFrom('staff').select(['id', 'name']).where('id', 'in', Object.values(ids)).execute()).map(
      (r) => [Number(r.id), r.name],
    ),
  );
  const depts = await deptsOfStaff(db, tenantId, [ids.staff, ids.approver]);
  const org = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', t.tech)
    .executeTakeFirstOrThrow();

  const group = await db
    .insertInto('flow_groups')
    .values({ tenant_id: tenantId, name: '演示流程', sort_order: 99, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const approverNode = (id: string, name: string, staffId: number, next: string) => ({
    id,
    type: 'approver' as const,
    name,
    next,
    sources: [{ kind: 'staff' as const, staffIds: [String(staffId)] }],
    mode: { kind: 'orSign' as const },
    whenEmpty: 'autoPass' as const,
    onReject: { kind: 'end' as const },
    selfApprove: 'superior' as const,
  });
  const nodes: FlowDefinition['nodes'] = [
    { id: 'start', type: 'start', name: '发起', next: 'dept' },
    approverNode('dept', '部门审批', ids.approver, 'finance'),
    approverNode('finance', '财务审批', ids.admin, 'end'),
    { id: 'end', type: 'end', name: '结束' },
  ];
  const flowId = await seedPublishedFlow(
    db,
    tenantId,
    {
      groupId: Number(group.id),
      name: '差旅报销审批（演示）',
      billType: 'expense',
      remark: '单据分析的演示数据所用流程',
      by: ids.admin,
      nodes,
    },
    now - 30 * DAY,
  );
  const definition: FlowDefinition = {
    flowId: String(flowId),
    version: 1,
    name: '差旅报销审批（演示）',
    nodes,
  };
  const directory = createMemoryDirectory({
    staff: Object.values(ids).map((id) => ({ id: String(id) })),
    administrators: [String(ids.admin)],
  });

  let seq = 0;
  for (const d of DOCS) {
    seq += 1;
    const submitter = ids[d.who];
    const dept = depts.get(submitter)?.[0];
    // 09:30 China time on the day
    const t0 = Math.floor((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR + d.day * DAY + 9.5 * HOUR;
    const day = new Date(t0 + 8 * HOUR).toISOString().slice(0, 10).replaceAll('-', '');
    const bill = await db
      .insertInto('bills')
      .values({
        tenant_id: tenantId,
        bill_type: 'expense',
        bill_number: `BX${day}9${String(seq).padStart(3, '0')}`,
        title: d.title,
        submitter_id: submitter,
        submitter_name: names.get(submitter) ?? '',
        department_id: dept?.id ?? null,
        dept_name: dept?.name ?? '',
        company_id: t.tech,
        org_name: org.name,
        project_id: null,
        amount: d.amount,
        status: 'draft',
        create_type: 1,
        remark: '',
        form_values: '{}',
        loan_id: null,
        flow_id: flowId,
        flow_version: 1,
        flow_name: definition.name,
        instance_id: null,
        current_node_name: '',
        current_approvers: '[]',
        submit_time: null,
        finish_time: null,
        created_at: t0 - HOUR,
        updated_at: t0 - HOUR,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const billId = Number(bill.id);
    await db
      .insertInto('bill_fees')
      .values({
        tenant_id: tenantId,
        bill_id: billId,
        fee_type: 'travel',
        amount: d.amount,
        fee_date: t0 - 9.5 * HOUR - DAY,
        remark: '',
        sort_order: 0,
      })
      .execute();
    const inst = await db
      .insertInto('flow_instances')
      .values({
        tenant_id: tenantId,
        bill_id: billId,
        flow_id: flowId,
        version: 1,
        state: '{}',
        revision: 0,
        status: 'running',
        created_at: t0,
        updated_at: t0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const instanceId = Number(inst.id);
    const ctx = (at: number) => ({ definition, directory, now: new Date(at).toISOString() });
    const events: FlowEvent[] = [];
    const step = (r: ReturnType<typeof submit>) => {
      if (!r.ok) throw new Error(`演示单据 ${d.title}: ${r.refusal.message}`);
      events.push(...r.events);
      return r.state;
    };
    let state: FlowInstance = step(
      submit(
        { instanceId: String(instanceId), submitter: String(submitter), values: { amount: d.amount } },
        ctx(t0),
      ),
    );
    let at = t0;
    for (const h of d.hours) {
      if (h === null || state.status !== 'running') break;
      at += h * HOUR;
      const task = state.tasks.find((x) => x.status === 'running');
      if (!task) break;
      state = step(approve(state, { taskId: task.id, actor: task.assignee, opinion: '同意' }, ctx(at)));
    }
    const done = state.status === 'approved';
    const open = state.tasks.filter((x) => x.status === 'running');
    const node = definition.nodes.find((n) => n.id === state.currentNodeId);
    await db
      .updateTable('flow_instances')
      .set({ state: JSON.stringify(state), revision: state.revision, status: state.status, updated_at: at })
      .where('id', '=', instanceId)
      .execute();
    for (const e of events)
      await db
        .insertInto('flow_logs')
        .values({
          tenant_id: tenantId,
          bill_id: billId,
          instance_id: instanceId,
          type: e.type,
          at: Date.parse(e.at),
          node_id: e.nodeId ?? null,
          actor_id: e.actor ? Number(e.actor) : null,
          on_behalf_of: e.onBehalfOf ? Number(e.onBehalfOf) : null,
          event: JSON.stringify(e),
        })
        .execute();
    for (const task of open)
      await db
        .insertInto('flow_tasks')
        .values({
          tenant_id: tenantId,
          instance_id: instanceId,
          bill_id: billId,
          task_id: task.id,
          node_id: task.nodeId,
          node_name: definition.nodes.find((n) => n.id === task.nodeId)?.name ?? '',
          assignee_id: Number(task.assignee),
          on_behalf_of: null,
          agent_window_id: null,
          status: task.status,
          bill_type: 'expense',
          submitter_id: submitter,
          created_at: Date.parse(task.createdAt),
        })
        .execute();
    await db
      .updateTable('bills')
      .set({
        status: done ? 'approved' : 'approving',
        instance_id: instanceId,
        current_node_name: done ? '' : (node?.name ?? ''),
        current_approvers: JSON.stringify(open.map((x) => names.get(Number(x.assignee)) ?? '')),
        submit_time: t0,
        finish_time: done ? at : null,
        updated_at: at,
      })
      .where('id', '=', billId)
      .execute();
  }
}
