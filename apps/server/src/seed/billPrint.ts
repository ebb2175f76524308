import type { Db } from '../platform/db/database.js';
import { seedPublishedFlow } from '../modules/flow/index.js';
import { staffIdByPhone } from '../modules/org/index.js';
import { DEMO } from './demo.js';

/** The demo's printed document (单据打印 journey, e2e/bill-print.spec.ts). */
export const DEMO_PRINT_BILL_NUMBER = 'BX202610310001';
const DAY = 86_400_000;

/**
 * One approved 报销单 of 员工乙, approved by 审批人甲 on the node 部门审批, with a fee line and a trip: what
 * 单据打印 prints with its approval record. Its flow (a version the engine can read) is kept deleted, so it
 * appears in no flow list and no new document takes it.
 */
export async function seedDemoPrintedBill(db: Db, t: { group: number; tech: number }, now = Date.now()) {
  const tenantId = t.group;
  const staffId = await staffIdByPhone(db, tenantId, DEMO.staff);
  const approverId = await staffIdByPhone(db, tenantId, DEMO.approver);
  if (staffId === undefined || approverId === undefined) throw new Error('演示数据缺少员工乙或审批人甲');
  const tech = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', t.tech)
    .executeTakeFirstOrThrow();
  const submitAt = now - 3 * DAY;
  const approveAt = submitAt + 5 * 3_600_000;
  const flowId = await seedPublishedFlow(
    db,
    tenantId,
    {
      // in no group and deleted: it shows in no list (流程分组 included)
      groupId: 0,
      name: '差旅报销审批（示例）',
      billType: 'expense',
      remark: '单据打印示例所用流程',
      deleted: true,
      by: approverId,
      nodes: [
        { id: 'start', type: 'start', name: '发起', next: 'dept' },
        {
          id: 'dept',
          type: 'approver',
          name: '部门审批',
          next: 'end',
          sources: [{ kind: 'staff', staffIds: [String(approverId)] }],
          mode: { kind: 'orSign' },
          whenEmpty: 'autoPass',
          onReject: { kind: 'end' },
          selfApprove: 'superior',
        },
        { id: 'end', type: 'end', name: '结束' },
      ],
    },
    submitAt,
  );
  const dept = await db
    .selectFrom('staff_departments as sd')
    .innerJoin('departments as d', 'd.id', 'sd.dept_id')
    .select(['d.id', 'd.name'])
    .where('sd.staff_id', '=', staffId)
    .executeTakeFirst();
  const bill = await db
    .insertInto('bills')
    .values({
      tenant_id: tenantId,
      bill_type: 'expense',
      bill_number: DEMO_PRINT_BILL_NUMBER,
      title: '北京客户拜访差旅报销',
      submitter_id: staffId,
      submitter_name: '员工乙',
      department_id: dept ? Number(dept.id) : null,
      dept_name: dept?.name ?? '',
      company_id: t.tech,
      org_name: tech.name,
      project_id: null,
      amount: 86000,
      status: 'approved',
      create_type: 1,
      remark: '拜访北京客户，含往返交通与住宿',
      form_values: '{}',
      loan_id: null,
      flow_id: flowId,
      flow_version: 1,
      flow_name: '差旅报销审批（示例）',
      instance_id: null,
      current_node_name: '',
      current_approvers: '[]',
      submit_time: submitAt,
      finish_time: approveAt,
      created_at: submitAt - 3_600_000,
      updated_at: approveAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const billId = Number(bill.id);
  const tripStart = submitAt - 7 * DAY - ((submitAt + 8 * 3_600_000) % DAY);
  await db
    .insertInto('bill_fees')
    .values([
      {
        tenant_id: tenantId,
        bill_id: billId,
        fee_type: 'traffic',
        amount: 56000,
        fee_date: tripStart,
        remark: '北京往返高铁',
        sort_order: 0,
      },
      {
        tenant_id: tenantId,
        bill_id: billId,
        fee_type: 'hotel',
        amount: 30000,
        fee_date: tripStart,
        remark: '北京住宿两晚',
        sort_order: 1,
      },
    ])
    .execute();
  await db
    .insertInto('bill_trips')
    .values({
      tenant_id: tenantId,
      bill_id: billId,
      peers: '',
      start_date: tripStart,
      end_date: tripStart + 2 * DAY,
      location_cus: '北京',
      budget_traffic: 56000,
      budget_stay: 30000,
      budget_other: 0,
      budget_total: 86000,
      sort_order: 0,
    })
    .execute();
  const events = [
    { type: 'submitted', at: submitAt, actor: staffId, nodeId: null, opinion: undefined },
    { type: 'approved', at: approveAt, actor: approverId, nodeId: 'dept', opinion: '同意，票据齐全' },
    { type: 'finished', at: approveAt, actor: null, nodeId: null, opinion: undefined },
  ];
  for (const e of events)
    await db
      .insertInto('flow_logs')
      .values({
        tenant_id: tenantId,
        bill_id: billId,
        instance_id: null,
        type: e.type,
        at: e.at,
        node_id: e.nodeId,
        actor_id: e.actor,
        on_behalf_of: null,
        event: JSON.stringify({
          type: e.type,
          at: new Date(e.at).toISOString(),
          instanceId: String(billId),
          ...(e.nodeId ? { nodeId: e.nodeId } : {}),
          ...(e.actor ? { actor: String(e.actor) } : {}),
          ...(e.opinion ? { opinion: e.opinion } : {}),
          ...(e.type === 'finished' ? { outcome: 'approved' } : {}),
        }),
      })
      .execute();
  return billId;
}
