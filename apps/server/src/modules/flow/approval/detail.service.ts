import { BILL_EDITABLE_STATUSES, type BillStatus } from '@feikong/contracts';
import { hasPermission, type TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { billInvoices } from '../../invoice/index.js';
import { handBackDue } from './agent.service.js';
import { billRepo as repo } from '../bill/index.js';
import type { BillDb } from '../bill/index.js';
import type { ApprovalRecordRow } from '@feikong/contracts';
import { budgetLinesOf, feeTypeTexts, riskFlagsOf, rowOut, typeText } from '../bill/index.js';
import { definitionOf, type FlowDeps } from '../design/index.js';
import { loadDirectory, staffNames } from '../directory.js';
import {
  approvalRecord,
  rejectTargets,
  type FlowDefinition,
  type FlowEvent,
  type FlowInstance,
  type FlowTask,
} from '../engine/index.js';
import { flowErrors } from '../flow.errors.js';
import { iso, msOf, nid, parseJson, sid } from '../flow.util.js';
import * as runtimeRepo from './runtime.repo.js';

/** 单据详情: fields, lines, invoices, the approval record, open tasks and what the caller may do now. */

export const InterveneView = 'flowIntervene:view';
export const InterveneEdit = 'flowIntervene:edit';

async function stateOf(db: Db, tenantId: number, b: BillDb): Promise<FlowInstance | null> {
  if (!b.instance_id) return null;
  const inst = await runtimeRepo.getInstance(db, tenantId, b.instance_id);
  return inst ? (JSON.parse(inst.state) as FlowInstance) : null;
}

/** Who may see a document: its submitter, anyone who had a task on it or acted on it, its 知会 recipients, interveners. */
export async function mayView(db: Db, caller: TenantCaller, b: BillDb, state?: FlowInstance | null) {
  if (b.submitter_id === caller.staffId) return true;
  if (b.status === 'draft') return false;
  if (hasPermission(caller.perms, InterveneView)) return true;
  const me = sid(caller.staffId);
  const st = state === undefined ? await stateOf(db, caller.tenantId, b) : state;
  if (st?.tasks.some((t) => t.assignee === me || t.onBehalfOf === me || t.owner === me)) return true;
  if (await runtimeRepo.isCcRecipient(db, caller.tenantId, b.id, caller.staffId)) return true;
  return runtimeRepo.actedOn(db, caller.tenantId, b.id, caller.staffId);
}

const TASK_TEXT: Record<string, string> = { running: '待审批', waiting: '等待中', approving: '加签中' };
const OPEN = new Set(['running', 'waiting', 'approving']);

export async function billDetail(d: FlowDeps, caller: TenantCaller, id: number) {
  const db = d.db;
  const now = d.clock();
  await handBackDue(db, caller.tenantId, caller.staffId, now);
  const b = await repo.getBill(db, caller.tenantId, id);
  if (!b) throw flowErrors.billNotFound();
  const state = await stateOf(db, caller.tenantId, b);
  if (!(await mayView(db, caller, b, state))) throw flowErrors.billNotFound();
  await runtimeRepo.markCcRead(db, caller.tenantId, b.id, caller.staffId, now);

  const [fees, feeInv, trips, related, logs, printCount, feeTypeText] = await Promise.all([
    repo.feesOf(db, caller.tenantId, [id]),
    repo.feeInvoicesOf(db, caller.tenantId, [id]),
    repo.tripsOf(db, caller.tenantId, id),
    repo.relatedOf(db, caller.tenantId, id),
    runtimeRepo.logsOf(db, caller.tenantId, id),
    repo.printCount(db, caller.tenantId, id),
    feeTypeTexts(db, caller.tenantId),
  ]);
  const invoices = await billInvoices(
    db,
    caller.tenantId,
    feeInv.map((r) => r.invoice_id),
  );
  const loan = b.loan_id ? await repo.getBill(db, caller.tenantId, b.loan_id) : undefined;

  // The approval record: each instance's events through the engine's approvalRecord, comments as 评论.
  const defs = new Map<number, FlowDefinition>();
  for (const instId of new Set(logs.map((l) => l.instance_id).filter((x): x is number => x !== null))) {
    const inst = await runtimeRepo.getInstance(db, caller.tenantId, instId);
    if (inst) defs.set(instId, await definitionOf(db, caller.tenantId, inst.flow_id, inst.version));
  }
  const events = logs.map((l) => ({ log: l, e: JSON.parse(l.event) as FlowEvent & { opinion?: string } }));
  const ids = new Set<number>();
  for (const { e } of events)
    for (const x of [e.actor, e.onBehalfOf, ...(e.to ?? [])]) if (x) ids.add(nid(x));
  for (const t of state?.tasks ?? [])
    for (const x of [t.assignee, t.onBehalfOf, t.owner]) if (x) ids.add(nid(x));
  const names = await staffNames(db, caller.tenantId, [...ids]);
  const nameOf = (x: string) => names.get(nid(x)) ?? '';
  const approvalRows = events.flatMap(({ log, e }): ApprovalRecordRow[] => {
    if (log.type === 'comment')
      return [
        {
          at: log.at,
          nodeId: null,
          nodeName: '',
          actorId: e.actor ? nid(e.actor) : null,
          actorName: e.actor ? nameOf(e.actor) : '',
          onBehalfOfText: '',
          action: 'comment',
          actionLabel: '评论',
          toNames: [],
          opinion: e.opinion ?? '',
          reason: '',
        },
      ];
    const def = log.instance_id !== null ? defs.get(log.instance_id) : undefined;
    if (!def) return [];
    return approvalRecord([e], def, nameOf).map((r) => ({
      at: msOf(r.at),
      nodeId: r.nodeId ?? null,
      nodeName: r.nodeName ?? '',
      actorId: r.actor ? nid(r.actor) : null,
      actorName: r.actorName ?? '系统',
      onBehalfOfText: r.onBehalfOfText ?? '',
      action: r.action,
      actionLabel: r.actionLabel,
      toNames: (r.to ?? []).map(nameOf),
      opinion: r.opinion ?? '',
      reason: r.reason ?? '',
    }));
  });

  const def =
    b.flow_id !== null && b.flow_version !== null
      ? await definitionOf(db, caller.tenantId, b.flow_id, b.flow_version)
      : null;
  const nodeName = new Map((def?.nodes ?? []).map((n) => [n.id, n.name]));
  const running = state?.status === 'running';
  const open = running ? state!.tasks.filter((t) => OPEN.has(t.status)) : [];
  const taskOut = (t: FlowTask) => ({
    taskId: t.id,
    nodeId: t.nodeId,
    nodeName: nodeName.get(t.nodeId) ?? '',
    assigneeId: nid(t.assignee),
    assigneeName: nameOf(t.assignee),
    onBehalfOfText: t.onBehalfOf ? `代 ${nameOf(t.onBehalfOf)} 审批` : '',
    status: t.status,
    statusText:
      t.delegation === 'pending'
        ? '委派中'
        : t.sign
          ? t.sign.type === 'before'
            ? '向前加签'
            : '向后加签'
          : (TASK_TEXT[t.status] ?? t.status),
    signType: t.sign?.type ?? null,
    createdAt: msOf(t.createdAt),
  });
  const me = sid(caller.staffId);
  const mine = open.filter((t) => t.assignee === me && t.status === 'running');
  const acting = mine.filter((t) => t.delegation !== 'pending');
  const delegated = mine.filter((t) => t.delegation === 'pending');
  const removable = open.filter(
    (t) => t.sign && state!.tasks.find((p) => p.id === t.sign!.parentTaskId)?.assignee === me,
  );
  const own = b.submitter_id === caller.staffId;
  const editable = own && BILL_EDITABLE_STATUSES.includes(b.status as BillStatus);
  const rejectNodes =
    acting.length && def
      ? rejectTargets(state!, {
          definition: def,
          directory: await loadDirectory(db, caller.tenantId),
          now: iso(now),
        })
      : [];
  return {
    ...rowOut(b),
    departmentId: b.department_id,
    companyId: b.company_id,
    projectId: b.project_id,
    remark: b.remark,
    formValues: parseJson<Record<string, unknown>>(b.form_values, {}),
    loanId: b.loan_id,
    loanBillNumber: loan?.bill_number ?? '',
    relatedBills: related.map((r) => ({
      id: r.id,
      billNumber: r.bill_number,
      title: r.title,
      billTypeText: typeText(r.bill_type),
      amount: Number(r.amount),
    })),
    fees: fees.map((f) => ({
      id: f.id,
      feeType: f.fee_type,
      feeTypeText: feeTypeText(f.fee_type),
      amount: Number(f.amount),
      date: Number(f.fee_date),
      remark: f.remark,
      overReason: f.over_reason,
      invoices: feeInv
        .filter((r) => r.fee_id === f.id)
        .flatMap((r) => (invoices.has(r.invoice_id) ? [invoices.get(r.invoice_id)!] : [])),
    })),
    trips: trips.map((t) => ({
      id: t.id,
      peers: t.peers,
      date: [Number(t.start_date), Number(t.end_date)] as [number, number],
      locationCus: t.location_cus,
      budget_traffic: Number(t.budget_traffic),
      budget_stay: Number(t.budget_stay),
      budget_other: Number(t.budget_other),
      budget_total: Number(t.budget_total),
    })),
    flowId: b.flow_id,
    flowVersion: b.flow_version,
    formId: b.form_id,
    formVersion: b.form_version,
    approvalRecord: approvalRows,
    currentTasks: open.map(taskOut),
    myTasks: mine.map(taskOut),
    removableSigns: removable.map(taskOut),
    rejectNodes,
    actions: {
      canEdit: editable,
      canSubmit: editable,
      canDelete: own && (b.status === 'draft' || b.status === 'withdrawn'),
      canCopy: own,
      canWithdraw: own && running && !state!.humanActed,
      canUrge: own && running,
      canApprove: acting.length > 0,
      canReject: acting.length > 0,
      canTransfer: acting.length > 0,
      canDelegate: acting.length > 0,
      canResolve: delegated.length > 0,
      canAddSign: acting.length > 0,
      canRemoveSign: removable.length > 0,
      canOpinion: b.status !== 'draft',
      canIntervene: running && hasPermission(caller.perms, InterveneEdit),
      canPrint: b.status !== 'draft',
    },
    printCount,
    riskFlags: b.status === 'draft' ? [] : riskFlagsOf(b),
    budgetLines: budgetLinesOf(b),
    budgetPersonal: b.status === 'draft' ? 0 : Number(b.budget_personal),
  };
}
