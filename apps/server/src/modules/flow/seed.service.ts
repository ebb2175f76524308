import type { FormField } from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { submitBill } from './approval/index.js';
import { saveBill } from './bill/index.js';
import { insertPublishedFlow } from './design/index.js';
import { enableFlow, publishFlow, saveFlow, saveGroup } from './design/index.js';
import { publishForm, saveForm } from './form/index.js';
import type { FlowNode } from './engine/index.js';

/** The demo tenant's flow, draft and waiting document (seed/flow.ts), made through the services. */
export async function seedFlowDemo(
  db: Db,
  ids: { tenantId: number; adminId: number; approverId: number; staffId: number },
  now = Date.now(),
) {
  const d = { db, clock: () => now };
  const as = (staffId: number): TenantCaller => ({
    sessionId: 0,
    userId: 0,
    tenantId: ids.tenantId,
    staffId,
    perms: ['*'],
  });
  await db
    .updateTable('staff')
    .set({ supervisor_id: ids.approverId })
    .where('tenant_id', '=', ids.tenantId)
    .where('id', '=', ids.staffId)
    .execute();
  // 审批人甲's own expenses go to 演示管理员 (nobody approves their own spend).
  await db
    .updateTable('staff')
    .set({ supervisor_id: ids.adminId })
    .where('tenant_id', '=', ids.tenantId)
    .where('id', '=', ids.approverId)
    .execute();
  const admin = as(ids.adminId);
  const group = await saveGroup(d, admin, { name: '费用报销' });
  const nodes: FlowNode[] = [
    { id: 'start', name: '发起', type: 'start', next: 'approve' },
    {
      id: 'approve',
      name: '主管审批',
      type: 'approver',
      next: 'end',
      sources: [
        { kind: 'staff', staffIds: [String(ids.approverId)] },
        { kind: 'supervisor', levels: 1 },
      ],
      mode: { kind: 'orSign' },
      whenEmpty: 'admin',
      onReject: { kind: 'end' },
      selfApprove: 'superior',
    },
    { id: 'end', name: '结束', type: 'end' },
  ];
  const flow = await saveFlow(d, admin, {
    name: '报销审批',
    groupId: group.id,
    billType: 'expense',
    remark: '演示流程',
    nodes,
  });
  await publishFlow(d, admin, flow.id);
  await enableFlow(d, admin, flow.id, true);
  const staff = as(ids.staffId);
  const base = {
    billType: 'expense' as const,
    amount: 0,
    remark: '',
    relatedBillIds: [],
    formValues: {},
    trips: [],
  };
  await saveBill(d, staff, {
    ...base,
    title: '11月办公用品采购',
    fees: [
      { feeType: 'office', amount: 23_800, date: '2026-11-20', remark: '打印纸、文件夹', invoiceIds: [] },
    ],
  });
  const waiting = await saveBill(d, staff, {
    ...base,
    title: '上海客户拜访差旅费',
    fees: [
      { feeType: 'traffic', amount: 55_300, date: '2026-11-18', remark: '高铁往返', invoiceIds: [] },
      { feeType: 'meal', amount: 16_800, date: '2026-11-19', remark: '客户午餐', invoiceIds: [] },
    ],
    trips: [
      {
        peers: '',
        date: ['2026-11-18', '2026-11-19'],
        locationCus: '上海',
        budget_traffic: 60_000,
        budget_stay: 0,
        budget_other: 20_000,
      },
    ],
  });
  await submitBill(d, staff, { id: waiting.id, chosen: {} });
}

/** The one approver step of a new tenant's flows: the submitter's direct superior, else the administrators. */
const superiorStep = (next: string): FlowNode => ({
  id: 'approve',
  name: '直属上级审批',
  type: 'approver',
  next,
  sources: [{ kind: 'supervisor', levels: 1 }],
  mode: { kind: 'orSign' },
  whenEmpty: 'admin',
  onReject: { kind: 'end' },
  selfApprove: 'superior',
});

/**
 * A new tenant's flows (创建组织, issue 20): group 费用报销 with 报销审批, 借款审批, 申请审批 and 采购审批, published and
 * enabled, so its people can file documents at once. One step each: the direct superior, or the administrators
 * when there is none; never the submitter (selfApprove superior). Runs in the caller's transaction.
 */
export async function seedTenantFlows(db: Db, ids: { tenantId: number; adminId: number }, now = Date.now()) {
  const d = { db, clock: () => now };
  const admin: TenantCaller = {
    sessionId: 0,
    userId: 0,
    tenantId: ids.tenantId,
    staffId: ids.adminId,
    perms: ['*'],
  };
  const group = await saveGroup(d, admin, { name: '费用报销' });
  const flows = [
    { name: '报销审批', billType: 'expense' },
    { name: '借款审批', billType: 'loan' },
    { name: '申请审批', billType: 'apply' },
    // 采购申请 (decision 0058).
    { name: '采购审批', billType: 'purchase' },
  ] as const;
  for (const f of flows) {
    const nodes: FlowNode[] = [
      { id: 'start', name: '发起', type: 'start', next: 'approve' },
      superiorStep('end'),
      { id: 'end', name: '结束', type: 'end' },
    ];
    const flow = await saveFlow(d, admin, { ...f, groupId: group.id, remark: '创建组织时的默认流程', nodes });
    await publishFlow(d, admin, flow.id);
    await enableFlow(d, admin, flow.id, true);
  }
}

const field = (
  key: string,
  label: string,
  kind: FormField['kind'],
  extra: Partial<FormField> = {},
): FormField => ({
  key,
  label,
  kind,
  required: false,
  placeholder: '',
  help: '',
  options: [],
  precision: 0,
  multiple: false,
  ...extra,
});

/**
 * The demo tenant's custom forms (seed/flow.ts, after the flow demo: its documents predate the forms and so
 * carry none): 差旅报销单 for 报销单 and 出差申请单 for 申请单, both published (version 1).
 */
export async function seedFormDemo(db: Db, ids: { tenantId: number; adminId: number }, now = Date.now()) {
  const d = { db, clock: () => now };
  const admin: TenantCaller = {
    sessionId: 0,
    userId: 0,
    tenantId: ids.tenantId,
    staffId: ids.adminId,
    perms: ['*'],
  };
  const reason = field('reason', '出差事由', 'text', {
    required: true,
    placeholder: '如：拜访客户、参加展会',
  });
  const customer = field('customer', '客户名称', 'text', { placeholder: '拜访的客户全称' });
  const files = field('files', '附件', 'attachments', { help: '行程单、会议通知等，支持图片和PDF' });
  const forms = [
    {
      name: '差旅报销单',
      billType: 'expense',
      description: '出差回来后报销交通、住宿、餐饮等费用',
      fields: [
        reason,
        customer,
        field('trips', '行程', 'tripLines'),
        field('fees', '费用明细', 'feeLines', { required: true }),
        files,
      ],
    },
    {
      name: '出差申请单',
      billType: 'apply',
      description: '出差前申请，写明事由、客户和预计金额',
      fields: [
        reason,
        customer,
        field('budget', '预计金额', 'money', { required: true, min: 0, help: '单位：元，按分保存' }),
        field('period', '出差期间', 'dateRange'),
        files,
      ],
    },
  ];
  for (const f of forms) {
    const { id } = await saveForm(d, admin, f);
    await publishForm(d, admin, id);
  }
}

/**
 * Demo data and tests that write documents and logs directly (seed/billPrint.ts, seed/billAnalysis.ts,
 * billReport.testkit.ts): a flow published as version 1 with these nodes, no designer round trip.
 */
export async function seedPublishedFlow(
  db: Db,
  tenantId: number,
  f: {
    groupId: number;
    name: string;
    billType: string;
    remark?: string;
    enabled?: boolean;
    deleted?: boolean;
    by: number;
    nodes: unknown[];
  },
  at = Date.now(),
) {
  return insertPublishedFlow(
    db,
    tenantId,
    {
      group_id: f.groupId,
      name: f.name,
      bill_type: f.billType,
      remark: f.remark ?? '',
      enabled: f.enabled ?? false,
      deleted_at: f.deleted ? at : null,
      created_by: f.by,
      nodes: f.nodes,
    },
    at,
  );
}

/**
 * The demo tenant's 采购审批 (decision 0058; seed/flow.ts): group 采购 with one published, enabled flow for
 * 采购申请 — the direct superior (员工乙's is 审批人甲), or the administrators when there is none.
 */
export async function seedPurchaseFlow(db: Db, ids: { tenantId: number; adminId: number }, now = Date.now()) {
  const d = { db, clock: () => now };
  const admin: TenantCaller = {
    sessionId: 0,
    userId: 0,
    tenantId: ids.tenantId,
    staffId: ids.adminId,
    perms: ['*'],
  };
  const group = await saveGroup(d, admin, { name: '采购' });
  const nodes: FlowNode[] = [
    { id: 'start', name: '发起', type: 'start', next: 'approve' },
    superiorStep('end'),
    { id: 'end', name: '结束', type: 'end' },
  ];
  const flow = await saveFlow(d, admin, {
    name: '采购审批',
    billType: 'purchase',
    groupId: group.id,
    remark: '采购申请的审批',
    nodes,
  });
  await publishFlow(d, admin, flow.id);
  await enableFlow(d, admin, flow.id, true);
}
