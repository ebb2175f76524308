import {
  BILL_STATUS_LABEL,
  BILL_TYPE_LABEL,
  SPEND_NONE_KEY,
  type BillStatus,
  type BillType,
  type SpendFigures,
  type SpendGroup,
  type SpendGroupBy,
  type SpendLine,
  type SpendLinePage,
  type SpendReport,
  type WorkbenchSpend,
} from '@feikong/contracts';
import { hasPermission, type Caller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { platformErrors } from '../../platform/errors.js';
import {
  spendByColumn,
  spendByMonth,
  spendLinesPage,
  spendTotal,
  type SpendColumn,
  type SpendLineFilter,
  type SpendLineRow,
} from '../flow/index.js';
import { feeTypeIndex } from '../budget/index.js';
import { projectNames } from '../project/index.js';
import { chinaDay, chinaDayMs, DAY_MS } from './billReport.errors.js';

/**
 * 费用分析: where the money goes. The fee lines of 已通过 and 审批中 documents whose fee date falls in the range,
 * by department, company, fee type, project, person or month, with a trend by month and the lines behind
 * every figure. Departments, companies and people are named as the documents recorded them.
 */

export interface SpendFilter {
  startDate: string;
  endDate: string;
  groupBy: SpendGroupBy;
  billType?: string;
  departmentId?: number;
  projectId?: number;
  feeType?: string;
}

const NONE_NAME: Record<SpendColumn, string> = {
  department: '未指定部门',
  company: '未指定公司',
  feeType: '未指定费用类型',
  project: '未关联项目',
  person: '未知人员',
};

/** The first instant (China) of every month touching [startDate, endDate]; the first is the range start. */
export function monthStarts(startDate: string, endDate: string) {
  const out: { month: string; start: number }[] = [];
  let y = Number(startDate.slice(0, 4));
  let m = Number(startDate.slice(5, 7));
  const lastKey = endDate.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    out.push({ month, start: out.length === 0 ? chinaDayMs(startDate) : chinaDayMs(`${month}-01`) });
    if (month >= lastKey) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** The filter of the lines; a fee type counts with the ones under it in the tenant's tree. */
async function baseFilter(db: Db, tenantId: number, f: SpendFilter): Promise<SpendLineFilter> {
  return {
    from: chinaDayMs(f.startDate),
    to: chinaDayMs(f.endDate) + DAY_MS,
    billType: f.billType,
    departmentId: f.departmentId,
    projectId: f.projectId,
    feeTypes: f.feeType ? (await feeTypeIndex(db, tenantId)).under(f.feeType) : undefined,
  };
}
const keyOf = (v: string | number | null) => (v === null ? SPEND_NONE_KEY : String(v));

export async function spendReport(db: Db, tenantId: number, f: SpendFilter): Promise<SpendReport> {
  const base = await baseFilter(db, tenantId, f);
  const months = monthStarts(f.startDate, f.endDate);
  const [total, byMonth] = await Promise.all([
    spendTotal(db, tenantId, base),
    spendByMonth(
      db,
      tenantId,
      base,
      months.map((m) => m.start),
    ),
  ]);
  const monthFigures = (i: number): SpendFigures => {
    const { index: _i, ...figures } = byMonth.find((r) => r.index === i) ?? {
      index: i,
      ...{ approved: 0, paid: 0, approving: 0, documents: 0, lines: 0 },
    };
    return figures;
  };

  let groups: SpendGroup[];
  if (f.groupBy === 'month') {
    groups = months.map((m, i) => ({ key: m.month, name: m.month, ...monthFigures(i) }));
  } else {
    const rows = await spendByColumn(db, tenantId, base, f.groupBy);
    const feeTypeName = f.groupBy === 'feeType' ? (await feeTypeIndex(db, tenantId)).nameOf : String;
    const projects =
      f.groupBy === 'project'
        ? await projectNames(
            db,
            tenantId,
            rows.flatMap((r) => (r.value === null ? [] : [Number(r.value)])),
          )
        : new Map<number, string>();
    const nameOf = (r: (typeof rows)[number]) => {
      if (r.value === null) return NONE_NAME[f.groupBy as SpendColumn];
      if (f.groupBy === 'feeType') return feeTypeName(String(r.value));
      if (f.groupBy === 'project') return projects.get(Number(r.value)) ?? `项目${r.value}`;
      return r.name || String(r.value);
    };
    groups = rows
      .map(({ value, name: _snapshot, ...figures }, i) => ({
        key: keyOf(value),
        name: nameOf(rows[i]),
        ...figures,
      }))
      .sort((a, b) => b.approved - a.approved || b.approving - a.approving || a.key.localeCompare(b.key));
  }
  return {
    groupBy: f.groupBy,
    total,
    groups,
    months: months.map((m, i) => {
      const x = monthFigures(i);
      return { month: m.month, approved: x.approved, approving: x.approving };
    }),
  };
}

const badKey = () => platformErrors.validation('分组不正确', [{ field: 'key', msg: '分组不正确' }]);

/** The filter of one group's lines; a key that names no group of this dimension is bad input. */
async function groupFilter(db: Db, tenantId: number, f: SpendFilter, key: string | undefined) {
  const base = await baseFilter(db, tenantId, f);
  if (key === undefined) return base;
  if (f.groupBy === 'month') {
    const starts = monthStarts(f.startDate, f.endDate);
    const m = starts.findIndex((x) => x.month === key);
    if (m < 0) throw badKey();
    return { ...base, from: starts[m].start, to: m + 1 < starts.length ? starts[m + 1].start : base.to };
  }
  const column = f.groupBy;
  if (key === SPEND_NONE_KEY) {
    if (column === 'feeType' || column === 'person') throw badKey();
    return { ...base, group: { column, value: null } };
  }
  if (column === 'feeType') return { ...base, group: { column, value: key } };
  if (!/^[1-9]\d{0,15}$/.test(key)) throw badKey();
  return { ...base, group: { column, value: Number(key) } };
}

export async function spendLines(
  db: Db,
  tenantId: number,
  q: SpendFilter & { key?: string; pageNum: number; pageSize: number },
): Promise<SpendLinePage> {
  const filter = await groupFilter(db, tenantId, q, q.key);
  const { rows, total, amount } = await spendLinesPage(db, tenantId, filter, {
    offset: (q.pageNum - 1) * q.pageSize,
    limit: q.pageSize,
  });
  const items = await lineViews(db, tenantId, rows);
  return { items, page: { page_num: q.pageNum, page_size: q.pageSize, total }, amount };
}

/** Every line of the filter (and group), a page at a time, for the export. */
export async function* allSpendLines(
  db: Db,
  tenantId: number,
  q: SpendFilter & { key?: string },
  signal: AbortSignal,
  pageSize = 2000,
) {
  const filter = await groupFilter(db, tenantId, q, q.key);
  for (let offset = 0; ; offset += pageSize) {
    signal.throwIfAborted();
    const { rows } = await spendLinesPage(db, tenantId, filter, { offset, limit: pageSize }, false);
    yield await lineViews(db, tenantId, rows);
    if (rows.length < pageSize) return;
  }
}

async function lineViews(db: Db, tenantId: number, rows: SpendLineRow[]): Promise<SpendLine[]> {
  const [projects, feeTypes] = await Promise.all([
    projectNames(
      db,
      tenantId,
      rows.flatMap((r) => (r.project_id === null ? [] : [Number(r.project_id)])),
    ),
    feeTypeIndex(db, tenantId),
  ]);
  return rows.map((r) => ({
    billId: Number(r.bill_id),
    billNumber: r.bill_number,
    title: r.title,
    billType: r.bill_type,
    billTypeText: BILL_TYPE_LABEL[r.bill_type as BillType] ?? r.bill_type,
    submitterName: r.submitter_name,
    deptName: r.dept_name,
    orgName: r.org_name,
    projectName: r.project_id === null ? '' : (projects.get(Number(r.project_id)) ?? ''),
    feeType: r.fee_type,
    feeTypeText: feeTypes.nameOf(r.fee_type),
    amount: Number(r.amount),
    feeDate: chinaDay(Number(r.fee_date)),
    status: r.status,
    statusText: BILL_STATUS_LABEL[r.status as BillStatus] ?? r.status,
    payStatus: r.pay_status,
  }));
}

/**
 * The workbench's 本月费用: this China month's money of the caller's own documents and, for a caller who may
 * analyse documents (billAnalysis:view), of the whole tenant. null for a personal account.
 */
export async function workbenchSpend(db: Db, caller: Caller, now: number): Promise<WorkbenchSpend | null> {
  if (caller.tenantId === null || caller.staffId === null) return null;
  const today = chinaDay(now);
  const month = today.slice(0, 7);
  const [first] = monthStarts(`${month}-01`, today);
  const range = { from: first.start, to: chinaDayMs(today) + DAY_MS };
  const [mine, tenant] = await Promise.all([
    spendTotal(db, caller.tenantId, { ...range, submitterId: caller.staffId }),
    hasPermission(caller.perms, 'billAnalysis:view') ? spendTotal(db, caller.tenantId, range) : null,
  ]);
  return { month, mine, tenant };
}
