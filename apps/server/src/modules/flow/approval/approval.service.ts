import { AUTO_PASS_LABEL, APPROVE_MODE_LABEL, SELF_ROUTE_LABEL, type BillType } from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { occupyBudget } from '../../budget/index.js';
import { reserveInvoicesForBill } from '../../invoice/index.js';
import { handBackDue } from './agent.service.js';
import { billRepo as repo } from '../bill/index.js';
import type { BillDb } from '../bill/index.js';
import {
  assertMayFile,
  checkFeeTypes,
  claimLinesOf,
  ownEditable,
  spendDocOf,
  statusText,
  typeText,
} from '../bill/index.js';
import { definitionOf, enabledFlow, type FlowDeps } from '../design/index.js';
import { loadDirectory, staffNames } from '../directory.js';
import {
  addSign,
  approve,
  delegate,
  planRoute,
  reject,
  rejectTargets,
  removeSign,
  resolve,
  resubmit,
  submit,
  transfer,
  urge,
  withdraw,
  type ApproveMode,
  type FieldValue,
  type FlowInstance,
  type FormValues,
  type PlannedStep,
} from '../engine/index.js';
import { flowErrors } from '../flow.errors.js';
import { checkFormOfBill, formOfBill } from '../form/index.js';
import { feeTypeIndex } from '../../budget/index.js';
import { nid, parseJson, sid } from '../flow.util.js';
import * as runtimeRepo from './runtime.repo.js';
import {
  act,
  actMany,
  agentWindows,
  contextFor,
  saveResult,
  withRetry,
  type Env,
  type Loaded,
} from './runtime.service.js';

/**
 * 提交 and every approval step on a document (单据): each is one transaction (runtime.service.ts `act`).
 */

const env = (d: FlowDeps, caller: TenantCaller): Env => ({
  tenantId: caller.tenantId,
  staffId: caller.staffId,
  now: d.clock(),
});

/** What conditions see: amount (分), fee types, department, company, project, and the form's own fields. */
export async function formValuesOf(db: Db, b: BillDb, feeTypes?: string[]): Promise<FormValues> {
  const codes = feeTypes ?? (await repo.feesOf(db, b.tenant_id, [b.id])).map((f) => f.fee_type);
  // a child fee type (机票 under 差旅费) meets a condition on any of its ancestors (decision 0051)
  const tree = codes.length ? await feeTypeIndex(db, b.tenant_id) : null;
  const types = tree ? codes.flatMap((c) => tree.line(c)) : [];
  const custom = parseJson<Record<string, unknown>>(b.form_values, {});
  const values: Record<string, FieldValue> = {};
  for (const [k, v] of Object.entries(custom)) {
    const ok =
      v === null ||
      ['string', 'number', 'boolean'].includes(typeof v) ||
      (Array.isArray(v) && (v.every((x) => typeof x === 'string') || v.every((x) => typeof x === 'number')));
    if (ok) values[k] = v as FieldValue;
  }
  return {
    ...values,
    amount: Number(b.amount),
    feeType: [...new Set(types)],
    ...(b.department_id !== null ? { departmentId: sid(b.department_id) } : {}),
    ...(b.company_id !== null ? { companyId: sid(b.company_id) } : {}),
    ...(b.project_id !== null ? { projectId: sid(b.project_id) } : {}),
    billType: b.bill_type,
  };
}

function modeText(m?: ApproveMode) {
  if (!m) return '';
  if (m.kind === 'countersign' && m.passRatio !== undefined && m.passRatio < 1)
    return `${APPROVE_MODE_LABEL.countersign}（${Math.round(m.passRatio * 100)}%通过）`;
  return APPROVE_MODE_LABEL[m.kind];
}

export async function stepsOut(db: Db, tenantId: number, steps: PlannedStep[], known?: Map<number, string>) {
  const names =
    known ??
    (await staffNames(
      db,
      tenantId,
      steps.flatMap((s) => s.staff.map(nid)),
    ));
  return steps.map((s) => ({
    nodeId: s.nodeId,
    name: s.name,
    kind: s.kind,
    staff: s.staff.map((x) => ({ id: nid(x), name: names.get(nid(x)) ?? '' })),
    modeText: modeText(s.mode),
    autoPass: s.autoPass ?? null,
    note: s.autoPass
      ? AUTO_PASS_LABEL[s.autoPass]
      : s.selfRoute
        ? SELF_ROUTE_LABEL[s.selfRoute]
        : s.chosenMissing
          ? '发起人未选择审批人'
          : s.toAdministrators
            ? '无审批人，转交管理员'
            : '',
    toAdministrators: !!s.toAdministrators,
    chosenMissing: !!s.chosenMissing,
  }));
}

/** Checks before a document leaves draft: lines and amounts that make sense for its type. */
async function checkSubmittable(trx: Db, b: BillDb) {
  const fees = await repo.feesOf(trx, b.tenant_id, [b.id]);
  if (b.bill_type === 'expense' && fees.length === 0)
    throw flowErrors.badInput('fees', '报销单至少需要一条费用明细');
  // a fee type stopped (or narrowed to other bill types) since the draft was saved
  await checkFeeTypes(
    trx,
    b.tenant_id,
    b.bill_type,
    fees.map((f) => f.fee_type),
    (i) => `fees.${i}.feeType`,
  );
  if ((b.bill_type === 'loan' || b.bill_type === 'repayment') && Number(b.amount) <= 0)
    throw flowErrors.badInput('amount', `${typeText(b.bill_type)}金额必须大于0`);
  if (b.bill_type === 'repayment' && b.loan_id !== null) {
    const left = await loanLeft(trx, b.tenant_id, b.loan_id, b.id);
    if (Number(b.amount) > left)
      throw flowErrors.badInput('amount', `还款金额超过借款剩余未还金额（${(left / 100).toFixed(2)}元）`);
  }
  return fees;
}

/** 自定义表单: required fields and every value against the document's form version (adopted when it had none). */
async function checkFormOnSubmit(d: FlowDeps, trx: Db, caller: TenantCaller, b: BillDb, feeLines: number) {
  const form = await formOfBill(trx, caller.tenantId, b);
  if (!form) return;
  const trips = await repo.tripsOf(trx, caller.tenantId, b.id);
  const related = await repo.relatedOf(trx, caller.tenantId, b.id);
  await checkFormOfBill(d, trx, caller, form, parseJson<Record<string, unknown>>(b.form_values, {}), {
    submit: true,
    lines: { feeLines, tripLines: trips.length, relatedBills: related.length },
  });
  if (b.form_id === null)
    await repo.updateBill(
      trx,
      caller.tenantId,
      b.id,
      { form_id: form.formId, form_version: form.version },
      d.clock(),
    );
}

/** What is left of a loan after its approved and in-approval repayments (except `exceptBillId`). */
export async function loanLeft(db: Db, tenantId: number, loanId: number, exceptBillId = 0) {
  const loan = await repo.getBill(db, tenantId, loanId);
  if (!loan) return 0;
  const reps = await repo.repaymentsOf(db, tenantId, loanId);
  return (
    Number(loan.amount) - reps.filter((r) => r.id !== exceptBillId).reduce((s, r) => s + Number(r.amount), 0)
  );
}

/** 预览审批路线: who would approve each step if the document were submitted now. */
export async function previewRoute(d: FlowDeps, caller: TenantCaller, id: number) {
  const b = await ownEditable(d.db, caller, id);
  const { flowId, version, name } = await flowFor(d.db, b);
  const def = await definitionOf(d.db, caller.tenantId, flowId, version);
  const route = planRoute(
    def,
    { submitter: sid(caller.staffId), values: await formValuesOf(d.db, b), chosen: {} },
    await loadDirectory(d.db, caller.tenantId),
  );
  const chosenNodes = def.nodes
    .filter(
      (n) =>
        n.type === 'approver' &&
        n.sources.some((s) => s.kind === 'chosen') &&
        route.steps.some((s) => s.nodeId === n.id),
    )
    .map((n) => ({ nodeId: n.id, name: n.name }));
  return {
    flowId,
    flowName: name,
    version,
    steps: await stepsOut(d.db, caller.tenantId, route.steps),
    chosenNodes,
  };
}

/** The flow a document runs on: its own version when it goes on (returned / withdrawn), else the enabled one. */
async function flowFor(db: Db, b: BillDb) {
  if (
    b.instance_id &&
    (b.status === 'returned' || b.status === 'withdrawn') &&
    b.flow_id !== null &&
    b.flow_version !== null
  )
    return { flowId: b.flow_id, version: b.flow_version, name: b.flow_name, resume: true };
  const f = await enabledFlow(db, b.tenant_id, b.bill_type);
  if (!f) throw flowErrors.noFlow(typeText(b.bill_type));
  return { flowId: f.id, version: f.current_version, name: f.name, resume: false };
}

/** 提交: reserves the invoices, starts (or resumes) the instance, all in one transaction. */
export async function submitBill(
  d: FlowDeps,
  caller: TenantCaller,
  body: { id: number; chosen: Record<string, string[]>; confirm?: boolean },
) {
  const e = env(d, caller);
  return withRetry(d.db, async (trx) => {
    const b = await ownEditable(trx, caller, body.id);
    assertMayFile(caller, b.bill_type as BillType);
    const fees = await checkSubmittable(trx, b);
    await checkFormOnSubmit(d, trx, caller, b, fees.length);
    // 智能规则集 (billReport): a 禁止提交 rule refuses; 提示 rules need the submitter's confirm; what 提示
    // and 标记风险 rules found stays on the document for its approvers.
    const audit = await d.billRules?.(trx, caller.tenantId, b.id, {
      confirmed: body.confirm === true,
      now: e.now,
    });
    const risks = audit ? [...audit.warnings, ...audit.flags] : [];
    const flow = await flowFor(trx, b);
    if (
      !(await repo.moveStatus(
        trx,
        caller.tenantId,
        b.id,
        [b.status],
        {
          status: 'approving',
          submit_time: e.now,
          risk_flags: JSON.stringify(risks),
          risk_count: risks.length,
        },
        e.now,
      ))
    )
      throw flowErrors.billState('单据状态已变化，请刷新后重试');
    await reserveInvoicesForBill(
      trx,
      {
        tenantId: caller.tenantId,
        ownerId: caller.staffId,
        staffId: caller.staffId,
        billId: b.id,
        billNumber: b.bill_number,
        now: e.now,
      },
      await claimLinesOf(trx, caller.tenantId, b.id),
      await repo.allowsOverClaim(trx, caller.tenantId),
    );
    // 预算 (decision 0052): the lines occupy their budget nodes, replacing this document's earlier
    // occupation; a 禁止 budget short of money refuses the whole submit (this transaction rolls back).
    const spend = spendDocOf({ ...b, submit_time: e.now }, fees);
    spend.lines.push(...((await d.spendLines?.(trx, caller.tenantId, b.id)) ?? []));
    const budget = await occupyBudget(trx, spend, {
      round: e.now,
      by: caller.staffId,
      now: e.now,
    });
    await repo.updateBill(
      trx,
      caller.tenantId,
      b.id,
      {
        budget_result: JSON.stringify(budget.lines.filter((l) => l.hits.length > 0)),
        budget_personal: budget.personal,
      },
      e.now,
    );
    const values = await formValuesOf(trx, b);
    const def = await definitionOf(trx, caller.tenantId, flow.flowId, flow.version);
    const ctx = await contextFor(trx, e, def);
    const chosen = body.chosen;
    if (flow.resume) {
      const inst = await runtimeRepo.getInstance(trx, caller.tenantId, b.instance_id!);
      const state = JSON.parse(inst!.state) as FlowInstance;
      const res = resubmit(state, { actor: sid(caller.staffId), values, chosen }, ctx);
      if (!res.ok) throw flowErrors.refused(res.refusal.message);
      await repo.updateBill(trx, caller.tenantId, b.id, { submit_time: e.now, finish_time: null }, e.now);
      return saveResult(trx, e, b, inst!.id, inst!.revision, res, def);
    }
    const instanceId = await runtimeRepo.insertInstance(
      trx,
      caller.tenantId,
      { bill_id: b.id, flow_id: flow.flowId, version: flow.version },
      e.now,
    );
    const res = submit({ instanceId: sid(instanceId), submitter: sid(caller.staffId), values, chosen }, ctx);
    if (!res.ok) throw flowErrors.refused(res.refusal.message);
    await repo.updateBill(
      trx,
      caller.tenantId,
      b.id,
      {
        flow_id: flow.flowId,
        flow_version: flow.version,
        flow_name: flow.name,
        instance_id: instanceId,
        submit_time: e.now,
        finish_time: null,
      },
      e.now,
    );
    return saveResult(trx, e, b, instanceId, null, res, def);
  });
}

/** The caller's open task on the document: the one named, or their first running one. */
function myTask(
  l: Loaded,
  caller: TenantCaller,
  taskId: string | undefined,
  pick: (t: FlowInstance['tasks'][number]) => boolean = () => true,
) {
  if (taskId) return taskId;
  const me = sid(caller.staffId);
  const t = l.state.tasks.find((x) => x.assignee === me && x.status === 'running' && pick(x));
  // No task of the caller: let the engine say why with the first open task's id (您不是该任务的审批人 …).
  return t?.id ?? l.state.tasks.find((x) => x.status === 'running')?.id ?? l.state.tasks.at(-1)?.id ?? '';
}

async function run(
  d: FlowDeps,
  caller: TenantCaller,
  id: number,
  decide: (l: Loaded) => ReturnType<typeof approve>,
) {
  const e = env(d, caller);
  await handBackDue(d.db, caller.tenantId, caller.staffId, e.now);
  return act(d.db, e, id, decide);
}

export async function withdrawBill(d: FlowDeps, caller: TenantCaller, b: { id: number; reason: string }) {
  return run(d, caller, b.id, (l) =>
    withdraw(l.state, { actor: sid(caller.staffId), reason: b.reason || undefined }, l.ctx),
  );
}
export async function urgeBill(d: FlowDeps, caller: TenantCaller, b: { id: number; message: string }) {
  return run(d, caller, b.id, (l) =>
    urge(l.state, { actor: sid(caller.staffId), message: b.message || undefined }, l.ctx),
  );
}
export async function approveBill(
  d: FlowDeps,
  caller: TenantCaller,
  b: { id: number; taskId?: string; opinion: string; ccStaffIds: number[] },
) {
  return run(d, caller, b.id, (l) =>
    approve(
      l.state,
      {
        taskId: myTask(l, caller, b.taskId, (t) => t.delegation !== 'pending'),
        actor: sid(caller.staffId),
        opinion: b.opinion || undefined,
        cc: b.ccStaffIds.map(sid),
      },
      l.ctx,
    ),
  );
}
export async function rejectBill(
  d: FlowDeps,
  caller: TenantCaller,
  b: { id: number; taskId?: string; opinion: string; backTo?: string },
) {
  return run(d, caller, b.id, (l) =>
    reject(
      l.state,
      {
        taskId: myTask(l, caller, b.taskId, (t) => t.delegation !== 'pending'),
        actor: sid(caller.staffId),
        opinion: b.opinion,
        backTo: b.backTo,
      },
      l.ctx,
    ),
  );
}
export async function transferBill(
  d: FlowDeps,
  caller: TenantCaller,
  b: { id: number; taskId?: string; toStaffId: number; opinion: string },
) {
  return run(d, caller, b.id, (l) =>
    transfer(
      l.state,
      {
        taskId: myTask(l, caller, b.taskId),
        actor: sid(caller.staffId),
        to: sid(b.toStaffId),
        reason: b.opinion || undefined,
      },
      l.ctx,
    ),
  );
}
export async function delegateBill(
  d: FlowDeps,
  caller: TenantCaller,
  b: { id: number; taskId?: string; toStaffId: number; opinion: string },
) {
  return run(d, caller, b.id, (l) =>
    delegate(
      l.state,
      {
        taskId: myTask(l, caller, b.taskId),
        actor: sid(caller.staffId),
        to: sid(b.toStaffId),
        opinion: b.opinion || undefined,
      },
      l.ctx,
    ),
  );
}
export async function resolveBill(
  d: FlowDeps,
  caller: TenantCaller,
  b: { id: number; taskId?: string; opinion: string },
) {
  return run(d, caller, b.id, (l) =>
    resolve(
      l.state,
      {
        taskId: myTask(l, caller, b.taskId, (t) => t.delegation === 'pending'),
        actor: sid(caller.staffId),
        opinion: b.opinion || undefined,
      },
      l.ctx,
    ),
  );
}
export async function addSignBill(
  d: FlowDeps,
  caller: TenantCaller,
  b: { id: number; taskId?: string; type: 'before' | 'after'; staffIds: number[]; opinion: string },
) {
  return run(d, caller, b.id, (l) =>
    addSign(
      l.state,
      {
        taskId: myTask(l, caller, b.taskId),
        actor: sid(caller.staffId),
        type: b.type,
        signers: b.staffIds.map(sid),
        opinion: b.opinion || undefined,
      },
      l.ctx,
    ),
  );
}
export async function removeSignBill(
  d: FlowDeps,
  caller: TenantCaller,
  b: { id: number; taskId: string; opinion: string },
) {
  return run(d, caller, b.id, (l) =>
    removeSign(
      l.state,
      { taskId: b.taskId, actor: sid(caller.staffId), reason: b.opinion || undefined },
      l.ctx,
    ),
  );
}

/** rejectNodeList: where the caller's reject may send the document back to. */
export async function rejectNodeList(d: FlowDeps, caller: TenantCaller, id: number) {
  const e = env(d, caller);
  const trx = d.db;
  const b = await repo.getBill(trx, caller.tenantId, id);
  if (!b || !b.instance_id) throw flowErrors.billNotFound();
  const inst = await runtimeRepo.getInstance(trx, caller.tenantId, b.instance_id);
  const state = JSON.parse(inst!.state) as FlowInstance;
  if (!state.tasks.some((t) => t.assignee === sid(caller.staffId) && t.status === 'running'))
    throw flowErrors.billNotFound();
  const def = await definitionOf(trx, caller.tenantId, b.flow_id!, b.flow_version!);
  return rejectTargets(state, {
    definition: def,
    directory: await loadDirectory(trx, caller.tenantId),
    now: new Date(e.now).toISOString(),
  });
}

/** Documents per transaction of 批量审批 (runtime.service.ts `actMany`). */
export const BATCH_CHUNK = 100;

/**
 * 批量审批: the documents in chunks, each chunk one transaction with a few set queries (`actMany`), one
 * directory snapshot for the batch; the reply says, per document, done or why not — as approving one by one.
 */
export async function batchApprove(
  d: FlowDeps,
  caller: TenantCaller,
  body: { ids: number[]; opinion: string },
) {
  const e = env(d, caller);
  await handBackDue(d.db, caller.tenantId, caller.staffId, e.now);
  const shared: Env = {
    ...e,
    directory: await loadDirectory(d.db, caller.tenantId),
    agents: await agentWindows(d.db, caller.tenantId, e.now),
  };
  const ids = [...new Set(body.ids)];
  // The task picked on first sight: when another action saved the document meanwhile, the second try
  // approves that same task, so the caller hears 任务已处理 rather than about someone else's task.
  const picked = new Map<number, string>();
  const decide = (l: Loaded) => {
    const taskId = picked.get(l.bill.id) ?? myTask(l, caller, undefined, (t) => t.delegation !== 'pending');
    picked.set(l.bill.id, taskId);
    return approve(
      l.state,
      { taskId, actor: sid(caller.staffId), opinion: body.opinion || undefined },
      l.ctx,
    );
  };
  const results: { id: number; billNumber: string; ok: boolean; msg: string }[] = [];
  for (let i = 0; i < ids.length; i += BATCH_CHUNK) {
    const answers = await actMany(d.db, shared, ids.slice(i, i + BATCH_CHUNK), decide);
    for (const a of answers)
      results.push({
        id: a.id,
        billNumber: a.billNumber,
        ok: a.ok,
        msg: a.ok ? `审批通过，单据${a.saved.statusText}` : a.error.msg,
      });
  }
  const okCount = results.filter((r) => r.ok).length;
  return { okCount, failCount: results.length - okCount, results };
}

/** 评论: an opinion written to the approval record without acting (anyone who may see the document). */
export async function opinionBill(
  d: FlowDeps,
  caller: TenantCaller,
  b: { id: number; opinion: string },
  mayView: (trx: Db, bill: BillDb) => Promise<boolean>,
) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const bill = await repo.getBill(trx, caller.tenantId, b.id);
    if (!bill || !(await mayView(trx, bill))) throw flowErrors.billNotFound();
    if (bill.status === 'draft') throw flowErrors.billState(`单据${statusText(bill.status)}，不能评论`);
    const event = {
      type: 'comment',
      at: new Date(now).toISOString(),
      actor: sid(caller.staffId),
      opinion: b.opinion,
    };
    await runtimeRepo.insertLogs(trx, caller.tenantId, [
      {
        bill_id: bill.id,
        instance_id: bill.instance_id,
        type: 'comment',
        at: now,
        node_id: null,
        actor_id: caller.staffId,
        on_behalf_of: null,
        event: JSON.stringify(event),
      },
    ]);
    return null;
  });
}
