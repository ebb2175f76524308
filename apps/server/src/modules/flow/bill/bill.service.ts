import {
  BILL_CREATE_TYPE_LABEL,
  BILL_EDITABLE_STATUSES,
  BILL_NUMBER_PREFIX,
  BILL_STATUS_LABEL,
  BILL_STATUSES,
  BILL_TYPE_LABEL,
  BILL_TYPE_MENU,
  RiskFlag,
  type BillStatus,
  type BillType,
} from '@feikong/contracts';
import { hasPermission, type TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { closeBudget } from '../../budget/index.js';
import {
  assertClaims,
  billInvoices,
  checkInvoicesForBill,
  planClaims,
  releaseInvoices,
} from '../../invoice/index.js';
import * as repo from './bill.repo.js';
import type { BillDb } from './bill.repo.js';
import type { FlowDeps } from '../design/index.js';
import { flowErrors } from '../flow.errors.js';
import { pageOf, parseJson } from '../flow.util.js';
import { checkFormOfBill, formForBillType, formOfBill, formProjectId } from '../form/index.js';
import { feeTypeNames, unusableFeeTypes } from '../../budget/index.js';
import { unusableProjects } from '../../project/index.js';

/**
 * 单据 (documents): drafts with fee lines (invoices attached per line) and trip lines, my lists with status
 * tabs, copy and delete. Submitting and approving live in approval.service.ts.
 */

export const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
export const chinaDayMs = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

export const typeText = (t: string) => BILL_TYPE_LABEL[t as BillType] ?? t;
export const statusText = (s: string) => BILL_STATUS_LABEL[s as BillStatus] ?? s;

/** The caller may file (add) documents of this type. */
export function assertMayFile(caller: TenantCaller, billType: string) {
  const menu = BILL_TYPE_MENU[billType as BillType];
  if (!menu || !hasPermission(caller.perms, `${menu}:add`))
    throw flowErrors.forbidden(`没有填写${typeText(billType)}的权限`);
}

export function rowOut(b: BillDb) {
  return {
    id: b.id,
    billNumber: b.bill_number,
    billType: b.bill_type,
    billTypeText: typeText(b.bill_type),
    title: b.title,
    amount: Number(b.amount),
    status: b.status,
    statusText: statusText(b.status),
    createType: b.create_type,
    createTypeText: BILL_CREATE_TYPE_LABEL[b.create_type] ?? '',
    submitterId: b.submitter_id,
    submitterName: b.submitter_name,
    deptName: b.dept_name,
    orgName: b.org_name,
    flowName: b.flow_name,
    currentNodeName: b.current_node_name,
    currentApprovers: parseJson<string[]>(b.current_approvers, []),
    submitTime: b.submit_time === null ? null : Number(b.submit_time),
    finishTime: b.finish_time === null ? null : Number(b.finish_time),
    createAt: Number(b.created_at),
    updateAt: Number(b.updated_at),
  };
}

/** The 智能规则集 hits stored on the document at its last submit (detail, 我的待办, print). */
export function riskFlagsOf(b: Pick<BillDb, 'risk_flags'>): RiskFlag[] {
  const parsed = parseJson<unknown[]>(b.risk_flags, []);
  return Array.isArray(parsed)
    ? parsed.flatMap((x) => {
        const r = RiskFlag.safeParse(x);
        return r.success ? [r.data] : [];
      })
    : [];
}

/** The caller's own document in a state they may edit. */
export async function ownEditable(db: Db, caller: TenantCaller, id: number) {
  const b = await repo.getBill(db, caller.tenantId, id);
  if (!b || b.submitter_id !== caller.staffId) throw flowErrors.billNotFound();
  if (!BILL_EDITABLE_STATUSES.includes(b.status as BillStatus))
    throw flowErrors.billState(`单据${statusText(b.status)}，不能修改`);
  return b;
}

export interface FeeInput {
  feeType: string;
  amount: number;
  date: string;
  remark: string;
  invoiceIds: number[];
  /** 超额说明 (a line over its invoices' remaining amount, when the tenant allows it). */
  overReason?: string;
}
export interface TripInput {
  peers: string;
  date: [string, string];
  locationCus: string;
  budget_traffic: number;
  budget_stay: number;
  budget_other: number;
}
export interface BillSave {
  id?: number;
  billType: BillType;
  title: string;
  departmentId?: number;
  companyId?: number;
  projectId?: number;
  amount: number;
  remark: string;
  loanId?: number;
  relatedBillIds: number[];
  formValues: Record<string, unknown>;
  fees: FeeInput[];
  trips: TripInput[];
}

/**
 * 费用类型 (decision 0051): every fee line's code is an enabled fee type of the tenant's tree allowed for the
 * bill type; else 400 naming the line's field: 「费用类型「X」不存在」/「…已停用」/「…不适用于报销单」.
 */
export async function checkFeeTypes(
  trx: Db,
  tenantId: number,
  billType: string,
  codes: string[],
  field: (i: number) => string,
) {
  const refused = await unusableFeeTypes(trx, tenantId, codes, billType);
  if (refused.size === 0) return;
  const i = codes.findIndex((c) => refused.has(c));
  throw flowErrors.badInput(field(i), refused.get(codes[i]!)!);
}

const feeValues = (f: FeeInput): repo.FeeValues => ({
  fee_type: f.feeType,
  amount: f.amount,
  fee_date: chinaDayMs(f.date),
  remark: f.remark,
  over_reason: f.overReason ?? '',
});
const tripValues = (t: TripInput): repo.TripValues => ({
  peers: t.peers,
  start_date: chinaDayMs(t.date[0]),
  end_date: chinaDayMs(t.date[1]),
  location_cus: t.locationCus,
  budget_traffic: t.budget_traffic,
  budget_stay: t.budget_stay,
  budget_other: t.budget_other,
  budget_total: t.budget_traffic + t.budget_stay + t.budget_other,
});

/**
 * Invoices of fee lines: the submitter's, 可用 (or held by this document), on no other document in approval.
 * An approved document may have written off part of one: what is left stays claimable (checkBillClaims).
 */
export async function checkFeeInvoices(trx: Db, caller: TenantCaller, billId: number | null, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await checkInvoicesForBill(trx, caller.tenantId, caller.staffId, unique, billId);
  const other = await repo.invoicesOnOtherBills(trx, caller.tenantId, billId ?? 0, unique, ['approving']);
  if (other.length) {
    const inv = await billInvoices(trx, caller.tenantId, [other[0].invoice_id]);
    throw flowErrors.billState(
      `发票${inv.get(other[0].invoice_id)?.number ?? ''}已用于单据${other[0].bill_number}`,
    );
  }
}

/** The document's fee lines as claims on their invoices, in line order, with their 超额说明. */
export async function claimLinesOf(trx: Db, tenantId: number, billId: number) {
  const fees = await repo.feesOf(trx, tenantId, [billId]);
  const links = await repo.feeInvoicesOf(trx, tenantId, [billId]);
  return fees.map((f) => ({
    amount: Number(f.amount),
    invoiceIds: links.filter((l) => l.fee_id === f.id).map((l) => Number(l.invoice_id)),
    overReason: f.over_reason,
  }));
}

/**
 * After the document's lines were written: no fee line may claim more than its invoices have left, unless
 * the tenant allows it and the line gives its 超额说明 (submit checks it again when it reserves them).
 */
export async function checkBillClaims(trx: Db, tenantId: number, billId: number) {
  const lines = await claimLinesOf(trx, tenantId, billId);
  if (!lines.some((l) => l.invoiceIds.length)) return;
  const plan = await planClaims(trx, tenantId, billId, lines);
  assertClaims(
    plan,
    await repo.allowsOverClaim(trx, tenantId),
    lines.map((l) => l.overReason),
  );
}

/**
 * The document's amount after a line was added, edited or deleted: the sum of its lines (0 once the last one
 * is gone; a document without lines takes its amount from the form again on its next save).
 */
export async function refreshAmount(trx: Db, tenantId: number, billId: number, now: number) {
  const { sum } = await repo.feeSum(trx, tenantId, billId);
  await repo.updateBill(trx, tenantId, billId, { amount: sum }, now);
  return sum;
}

/** 保存 (draft): creates or updates the caller's document with its lines, all in one transaction. */
export async function saveBill(d: FlowDeps, caller: TenantCaller, body: BillSave) {
  assertMayFile(caller, body.billType);
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const before = body.id !== undefined ? await ownEditable(trx, caller, body.id) : undefined;
    if (before && before.bill_type !== body.billType)
      throw flowErrors.badInput('billType', '不能修改单据类型');
    const me = await repo.profileOf(trx, caller.tenantId, caller.staffId);
    if (!me) throw flowErrors.staffNotFound();
    let dept = me.dept ? { id: me.dept.id, name: me.dept.name } : null;
    if (body.departmentId !== undefined) {
      const r = await repo.deptName(trx, caller.tenantId, body.departmentId);
      if (!r) throw flowErrors.badInput('departmentId', '费用承担部门不存在');
      dept = { id: body.departmentId, name: r.name };
    }
    const companyId = body.companyId ?? me.org_id;
    const orgName = await repo.orgName(trx, caller.tenantId, companyId);
    if (orgName === undefined) throw flowErrors.badInput('companyId', '费用承担公司不存在');
    if (body.billType === 'repayment') {
      if (body.loanId === undefined) throw flowErrors.badInput('loanId', '请选择要还款的借款单');
      const loan = await repo.getBill(trx, caller.tenantId, body.loanId);
      if (
        !loan ||
        loan.bill_type !== 'loan' ||
        loan.submitter_id !== caller.staffId ||
        loan.status !== 'approved'
      )
        throw flowErrors.badInput('loanId', '借款单不存在或未审批通过');
    }
    const related = [...new Set(body.relatedBillIds)];
    const rel = await repo.billsByIds(trx, caller.tenantId, related);
    if (
      rel.length !== related.length ||
      rel.some((r) => r.submitter_id !== caller.staffId || r.id === body.id)
    )
      throw flowErrors.badInput('relatedBillIds', '关联单据不存在');
    await checkFeeTypes(
      trx,
      caller.tenantId,
      body.billType,
      body.fees.map((f) => f.feeType),
      (i) => `fees.${i}.feeType`,
    );
    await checkFeeInvoices(
      trx,
      caller,
      body.id ?? null,
      body.fees.flatMap((f) => f.invoiceIds),
    );

    // 自定义表单: a new document takes its type's published form; an existing one keeps its version.
    const form = before
      ? await formOfBill(trx, caller.tenantId, before)
      : await formForBillType(trx, caller.tenantId, body.billType);
    if (form)
      await checkFormOfBill(d, trx, caller, form, body.formValues, {
        submit: false,
        lines: { feeLines: body.fees.length, tripLines: body.trips.length, relatedBills: related.length },
      });

    // 项目 (decision 0050): the one given, else the form's 项目 field; a 进行中 project of the tenant.
    if (body.projectId !== undefined) {
      const refused = await unusableProjects(trx, caller.tenantId, [body.projectId]);
      const why = refused.get(body.projectId);
      if (why) throw flowErrors.badInput('projectId', why);
    }
    const projectId = body.projectId ?? formProjectId(form?.fields, body.formValues);
    const amount = body.fees.length ? body.fees.reduce((s, f) => s + f.amount, 0) : body.amount;
    const values = {
      title: body.title,
      department_id: dept?.id ?? null,
      dept_name: dept?.name ?? '',
      company_id: companyId,
      org_name: orgName,
      project_id: projectId ?? null,
      amount,
      remark: body.remark,
      form_values: JSON.stringify(body.formValues),
      loan_id: body.billType === 'repayment' ? (body.loanId ?? null) : null,
      form_id: form?.formId ?? null,
      form_version: form?.version ?? null,
    };
    let id: number;
    let billNumber: string;
    if (before) {
      id = before.id;
      billNumber = before.bill_number;
      await repo.updateBill(trx, caller.tenantId, id, values, now);
    } else {
      ({ id, billNumber } = await repo.insertBill(
        trx,
        caller.tenantId,
        {
          ...values,
          bill_type: body.billType,
          submitter_id: caller.staffId,
          submitter_name: me.name,
          status: 'draft',
          create_type: 1,
          flow_id: null,
          flow_version: null,
          flow_name: '',
          instance_id: null,
          current_node_name: '',
          current_approvers: '[]',
          submit_time: null,
          finish_time: null,
        },
        BILL_NUMBER_PREFIX[body.billType],
        chinaDay(now),
        now,
      ));
    }
    await repo.deleteFeesOf(trx, caller.tenantId, id);
    for (const [i, f] of body.fees.entries())
      await repo.insertFee(trx, caller.tenantId, id, feeValues(f), i + 1, f.invoiceIds);
    await repo.deleteTripsOf(trx, caller.tenantId, id);
    for (const [i, t] of body.trips.entries())
      await repo.insertTrip(trx, caller.tenantId, id, tripValues(t), i + 1);
    await repo.setRelated(trx, caller.tenantId, id, related);
    await checkBillClaims(trx, caller.tenantId, id);
    return { id, billNumber };
  });
}

// ---------- fee and trip lines one by one (bill/fee/*, trip/item/*) ----------

export async function saveFee(d: FlowDeps, caller: TenantCaller, body: FeeInput & { billId: number }) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const b = await ownEditable(trx, caller, body.billId);
    await checkFeeTypes(trx, caller.tenantId, b.bill_type, [body.feeType], () => 'feeType');
    await checkFeeInvoices(trx, caller, b.id, body.invoiceIds);
    const order = (await repo.maxOrder(trx, 'bill_fees', caller.tenantId, b.id)) + 1;
    const id = await repo.insertFee(trx, caller.tenantId, b.id, feeValues(body), order, body.invoiceIds);
    await checkBillClaims(trx, caller.tenantId, b.id);
    return { id, billAmount: await refreshAmount(trx, caller.tenantId, b.id, now) };
  });
}

async function ownFee(trx: Db, caller: TenantCaller, id: number) {
  const fee = await repo.getFee(trx, caller.tenantId, id);
  if (!fee) throw flowErrors.lineNotFound('费用明细');
  const b = await repo.getBill(trx, caller.tenantId, fee.bill_id);
  if (!b || b.submitter_id !== caller.staffId) throw flowErrors.lineNotFound('费用明细');
  return { fee, bill: await ownEditable(trx, caller, b.id) };
}

export async function editFee(d: FlowDeps, caller: TenantCaller, body: FeeInput & { id: number }) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const { bill } = await ownFee(trx, caller, body.id);
    await checkFeeTypes(trx, caller.tenantId, bill.bill_type, [body.feeType], () => 'feeType');
    await checkFeeInvoices(trx, caller, bill.id, body.invoiceIds);
    await repo.updateFee(trx, caller.tenantId, bill.id, body.id, feeValues(body), body.invoiceIds);
    await checkBillClaims(trx, caller.tenantId, bill.id);
    return { id: body.id, billAmount: await refreshAmount(trx, caller.tenantId, bill.id, now) };
  });
}

export async function deleteFee(d: FlowDeps, caller: TenantCaller, id: number) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const { bill } = await ownFee(trx, caller, id);
    await repo.deleteFee(trx, caller.tenantId, id);
    return { id, billAmount: await refreshAmount(trx, caller.tenantId, bill.id, now) };
  });
}

export async function saveTrip(d: FlowDeps, caller: TenantCaller, body: TripInput & { billId: number }) {
  return inTransaction(d.db, async (trx) => {
    const b = await ownEditable(trx, caller, body.billId);
    const order = (await repo.maxOrder(trx, 'bill_trips', caller.tenantId, b.id)) + 1;
    const id = await repo.insertTrip(trx, caller.tenantId, b.id, tripValues(body), order);
    return { id, billAmount: Number(b.amount) };
  });
}

async function ownTrip(trx: Db, caller: TenantCaller, id: number) {
  const trip = await repo.getTrip(trx, caller.tenantId, id);
  if (!trip) throw flowErrors.lineNotFound('行程');
  const b = await repo.getBill(trx, caller.tenantId, trip.bill_id);
  if (!b || b.submitter_id !== caller.staffId) throw flowErrors.lineNotFound('行程');
  return await ownEditable(trx, caller, b.id);
}

export async function editTrip(d: FlowDeps, caller: TenantCaller, body: TripInput & { id: number }) {
  return inTransaction(d.db, async (trx) => {
    const b = await ownTrip(trx, caller, body.id);
    await repo.updateTrip(trx, caller.tenantId, body.id, tripValues(body));
    return { id: body.id, billAmount: Number(b.amount) };
  });
}

export async function deleteTrip(d: FlowDeps, caller: TenantCaller, id: number) {
  return inTransaction(d.db, async (trx) => {
    const b = await ownTrip(trx, caller, id);
    await repo.deleteTrip(trx, caller.tenantId, id);
    return { id, billAmount: Number(b.amount) };
  });
}

// ---------- lists, copy, delete ----------

export interface BillPageQ extends Omit<repo.BillFilter, 'submitterId' | 'notDraft'> {
  pageNum: number;
  pageSize: number;
}

/** 我的单据 (submitted only: 我发起的), with counts per status tab. */
export async function pageMyBills(d: FlowDeps, caller: TenantCaller, q: BillPageQ, submittedOnly = false) {
  const f: repo.BillFilter = { ...q, submitterId: caller.staffId, notDraft: submittedOnly };
  const { items, total } = await repo.pageBills(d.db, caller.tenantId, f, q.pageNum, q.pageSize);
  const counts = await repo.statusCounts(d.db, caller.tenantId, f);
  const statuses = BILL_STATUSES.filter((s) => !submittedOnly || s !== 'draft');
  return {
    ...pageOf(items.map(rowOut), q.pageNum, q.pageSize, total),
    tabs: [
      { status: 'all', label: '全部', count: [...counts.values()].reduce((a, b) => a + b, 0) },
      ...statuses.map((s) => ({ status: s, label: BILL_STATUS_LABEL[s], count: counts.get(s) ?? 0 })),
    ],
  };
}

/** 复制: a new draft with the same fields and lines (invoices are not copied: one invoice, one document). */
export async function copyBill(d: FlowDeps, caller: TenantCaller, id: number) {
  const b = await repo.getBill(d.db, caller.tenantId, id);
  if (!b || b.submitter_id !== caller.staffId) throw flowErrors.billNotFound();
  const fees = await repo.feesOf(d.db, caller.tenantId, [id]);
  const trips = await repo.tripsOf(d.db, caller.tenantId, id);
  const related = await repo.relatedOf(d.db, caller.tenantId, id);
  // The copy is created on the type's current form: values of fields it no longer has are left behind.
  const form = await formForBillType(d.db, caller.tenantId, b.bill_type);
  const known = form ? new Set(form.fields.map((f) => f.key)) : null;
  const formValues = Object.fromEntries(
    Object.entries(parseJson<Record<string, unknown>>(b.form_values, {})).filter(
      ([k]) => !known || known.has(k),
    ),
  );
  return saveBill(d, caller, {
    billType: b.bill_type as BillType,
    title: b.title,
    departmentId: b.department_id ?? undefined,
    companyId: b.company_id ?? undefined,
    projectId: b.project_id ?? undefined,
    amount: Number(b.amount),
    remark: b.remark,
    loanId: b.loan_id ?? undefined,
    relatedBillIds: related.map((r) => r.id),
    formValues,
    fees: fees.map((f) => ({
      feeType: f.fee_type,
      amount: Number(f.amount),
      date: chinaDay(Number(f.fee_date)),
      remark: f.remark,
      invoiceIds: [],
    })),
    trips: trips.map((t) => ({
      peers: t.peers,
      date: [chinaDay(Number(t.start_date)), chinaDay(Number(t.end_date))],
      locationCus: t.location_cus,
      budget_traffic: Number(t.budget_traffic),
      budget_stay: Number(t.budget_stay),
      budget_other: Number(t.budget_other),
    })),
  });
}

/** 删除: the caller's draft or withdrawn document; invoices it still holds go back to 可用. */
export async function deleteBill(d: FlowDeps, caller: TenantCaller, id: number) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const b = await repo.getBill(trx, caller.tenantId, id);
    if (!b || b.submitter_id !== caller.staffId) throw flowErrors.billNotFound();
    if (b.status !== 'draft' && b.status !== 'withdrawn')
      throw flowErrors.billState(`单据${statusText(b.status)}，只有草稿或已撤回的单据可以删除`);
    await releaseInvoices(trx, {
      tenantId: caller.tenantId,
      staffId: caller.staffId,
      billId: id,
      billNumber: b.bill_number,
      now,
      why: '已删除',
    });
    await closeBudget(trx, caller.tenantId, [id], 'release', { by: caller.staffId, now });
    await repo.deleteBill(trx, caller.tenantId, id);
    return null;
  });
}

/** The tenant's fee-type names (费用类型 tree, any status): a function code → name, the code when unknown. */
export async function feeTypeTexts(db: Db, tenantId: number) {
  return feeTypeNames(db, tenantId);
}

/** 超额报销 policy (智能规则集 page, through billReport's routes). */
export async function claimSetting(db: Db, tenantId: number) {
  return { allowOverClaim: await repo.allowsOverClaim(db, tenantId) };
}
export async function saveClaimSetting(db: Db, caller: TenantCaller, allowOverClaim: boolean, now: number) {
  await repo.setAllowOverClaim(db, caller.tenantId, allowOverClaim, caller.staffId, now);
  return claimSetting(db, caller.tenantId);
}
