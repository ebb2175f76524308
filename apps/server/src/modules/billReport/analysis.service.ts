import {
  BILL_STATUS_LABEL,
  BILL_TYPE_LABEL,
  type ApproverStat,
  type BillStatus,
  type BillType,
  type EfficiencyDetailRow,
  type EfficiencyReport,
  type EfficiencyStat,
  type NodeTiming,
} from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { approvalLogsOf, billsSubmittedIn, flowNodeNames, type BillRangeRow } from '../flow/index.js';
import * as repo from './analysis.repo.js';
import { chinaDay, chinaDayMs, DAY_MS } from './billReport.errors.js';

/**
 * 单据分析: approval efficiency of the documents submitted in a range (China days) that are approved or still
 * running, from the bills' submit/finish times and the approval log (flow_logs: the engine's events).
 * - Document hours: submit → finish (finished ones); a document is overdue when it finished later than
 *   overdueHours after submit, or is still running longer than that now.
 * - A task (taskCreated … the first approved/rejected/returned/transferred/delegated event on its taskId)
 *   counts for its assignee; auto-passed and cancelled tasks count for nobody.
 * - A node visit starts at its first taskCreated and ends at its nodePassed, or when the document leaves it
 *   (returned, sent back, finished); wait = received → first action on it, handling = received → left.
 */

export const ANALYSIS_STATUSES = ['approving', 'approved'];
const HOUR = 3_600_000;
const ACTIONS = new Set([
  'approved',
  'rejected',
  'returned',
  'transferred',
  'delegated',
  'adminForcePass',
  'adminTransfer',
  'adminSendBack',
]);

export interface AnalysisFilter {
  startDate?: string;
  endDate?: string;
  billType?: string;
  departmentId?: number;
  overdueHours: number;
}

const hours = (ms: number) => Math.round((ms / HOUR) * 10) / 10;
function p90(values: number[]) {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(0.9 * s.length) - 1)];
}
const avg = (values: number[]) =>
  values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;

interface Ev {
  type: string;
  at: number;
  nodeId: string | null;
  actor: number | null;
  taskId?: string;
  to?: string[];
}
function parse(e: {
  type: string;
  at: number;
  node_id: string | null;
  actor_id: number | null;
  event: string;
}): Ev {
  let body: { taskId?: string; to?: string[] } = {};
  try {
    body = JSON.parse(e.event) as typeof body;
  } catch {
    // an unreadable event still has its type, time and node
  }
  return { type: e.type, at: e.at, nodeId: e.node_id, actor: e.actor_id, taskId: body.taskId, to: body.to };
}

export interface TaskTiming {
  assignee: number;
  createdAt: number;
  handledAt: number | null;
}

/** The tasks and node visits of one document's log. */
export function timingsOf(events: Ev[], now: number) {
  const tasks = new Map<string, TaskTiming & { done: boolean }>();
  const visits: {
    nodeId: string;
    receivedAt: number;
    firstActionAt: number | null;
    leftAt: number | null;
    approvers: Set<number>;
  }[] = [];
  const open = new Map<string, (typeof visits)[number]>();
  for (const e of events) {
    if (e.type === 'taskCreated' && e.taskId) {
      const assignee = Number(e.to?.[0] ?? e.actor ?? 0);
      tasks.set(e.taskId, { assignee, createdAt: e.at, handledAt: null, done: false });
      if (e.nodeId) {
        let v = open.get(e.nodeId);
        if (!v) {
          v = { nodeId: e.nodeId, receivedAt: e.at, firstActionAt: null, leftAt: null, approvers: new Set() };
          visits.push(v);
          open.set(e.nodeId, v);
        }
        if (assignee) v.approvers.add(assignee);
      }
      continue;
    }
    if ((e.type === 'autoPassed' || e.type === 'taskCancelled') && e.taskId) {
      const t = tasks.get(e.taskId);
      if (t && !t.done) tasks.delete(e.taskId);
    }
    if (ACTIONS.has(e.type)) {
      if (e.taskId) {
        const t = tasks.get(e.taskId);
        if (t && !t.done) {
          t.handledAt = e.at;
          t.done = true;
        }
      }
      const v = e.nodeId ? open.get(e.nodeId) : undefined;
      if (v && v.firstActionAt === null) v.firstActionAt = e.at;
    }
    if (e.type === 'nodePassed' && e.nodeId) {
      const v = open.get(e.nodeId);
      if (v) {
        v.leftAt = e.at;
        open.delete(e.nodeId);
      }
    }
    if (['returned', 'adminSendBack', 'finished', 'withdrawn'].includes(e.type)) {
      for (const v of open.values()) v.leftAt = e.at;
      open.clear();
    }
  }
  return {
    tasks: [...tasks.values()],
    visits: visits.map((v) => ({
      ...v,
      waitMs: (v.firstActionAt ?? v.leftAt ?? now) - v.receivedAt,
      handleMs: (v.leftAt ?? now) - v.receivedAt,
    })),
  };
}

function range(f: AnalysisFilter, now: number) {
  const end = f.endDate ?? chinaDay(now);
  const start = f.startDate ?? chinaDay(chinaDayMs(end) - 30 * DAY_MS);
  return { from: chinaDayMs(start), to: chinaDayMs(end) + DAY_MS };
}

export async function loadAnalysis(db: Db, tenantId: number, f: AnalysisFilter, now: number) {
  const bills = await billsSubmittedIn(db, tenantId, {
    ...range(f, now),
    billType: f.billType,
    departmentId: f.departmentId,
    statuses: ANALYSIS_STATUSES,
  });
  const logs = await approvalLogsOf(
    db,
    tenantId,
    bills.map((b) => Number(b.id)),
  );
  const pairs = bills
    .filter((b) => b.flow_id !== null && b.flow_version !== null)
    .map((b) => ({ flowId: Number(b.flow_id), version: Number(b.flow_version) }));
  const names = await flowNodeNames(db, tenantId, pairs);
  const timings = new Map(
    bills.map((b) => [Number(b.id), timingsOf((logs.get(Number(b.id)) ?? []).map(parse), now)]),
  );
  const staffIds = [...timings.values()].flatMap((t) =>
    t.tasks.map((x) => x.assignee).concat(t.visits.flatMap((v) => [...v.approvers])),
  );
  const staff = await repo.staffNames(db, tenantId, staffIds);
  return { bills, timings, names, staff };
}
type Loaded = Awaited<ReturnType<typeof loadAnalysis>>;

function docHours(b: BillRangeRow, now: number) {
  const submit = Number(b.submit_time);
  const finished = b.status === 'approved' && b.finish_time !== null;
  return { finished, ms: (finished ? Number(b.finish_time) : now) - submit };
}

function stat(
  key: string,
  name: string,
  list: BillRangeRow[],
  f: AnalysisFilter,
  now: number,
): EfficiencyStat {
  const done: number[] = [];
  let overdue = 0;
  for (const b of list) {
    const h = docHours(b, now);
    if (h.finished) done.push(h.ms);
    if (h.ms > f.overdueHours * HOUR) overdue++;
  }
  const a = avg(done);
  const p = p90(done);
  return {
    key,
    name,
    documents: list.length,
    finished: done.length,
    running: list.length - done.length,
    avgHours: a === null ? null : hours(a),
    p90Hours: p === null ? null : hours(p),
    overdue,
  };
}

function groupBy<T>(list: T[], key: (t: T) => string) {
  const m = new Map<string, T[]>();
  for (const x of list) {
    const k = key(x);
    m.set(k, [...(m.get(k) ?? []), x]);
  }
  return m;
}

/** Monday (China time) of the week of `ms`. */
function weekOf(ms: number) {
  const day = chinaDayMs(chinaDay(ms));
  const dow = new Date(day + 8 * HOUR).getUTCDay();
  return chinaDay(day - ((dow + 6) % 7) * DAY_MS);
}

export function buildReport(l: Loaded, f: AnalysisFilter, now: number): EfficiencyReport {
  const { bills } = l;
  const byType = [...groupBy(bills, (b) => b.bill_type)].map(([k, list]) =>
    stat(k, BILL_TYPE_LABEL[k as BillType] ?? k, list, f, now),
  );
  const byDepartment = [...groupBy(bills, (b) => String(b.department_id ?? 0))].map(([k, list]) =>
    stat(k, list[0].dept_name || '未指定部门', list, f, now),
  );
  const byPerson = [...groupBy(bills, (b) => String(b.submitter_id))].map(([k, list]) =>
    stat(k, list[0].submitter_name, list, f, now),
  );
  const approver = new Map<number, { handled: number[]; pending: number; overdue: number }>();
  for (const b of bills) {
    for (const t of l.timings.get(Number(b.id))?.tasks ?? []) {
      if (!t.assignee) continue;
      const a = approver.get(t.assignee) ?? { handled: [], pending: 0, overdue: 0 };
      const ms = (t.handledAt ?? now) - t.createdAt;
      if (t.handledAt !== null) a.handled.push(ms);
      else if (b.status === 'approving') a.pending++;
      else continue;
      if (ms > f.overdueHours * HOUR) a.overdue++;
      approver.set(t.assignee, a);
    }
  }
  const byApprover: ApproverStat[] = [...approver].map(([id, a]) => {
    const m = avg(a.handled);
    const p = p90(a.handled);
    return {
      approverId: id,
      approverName: l.staff.get(id) ?? String(id),
      handled: a.handled.length,
      pending: a.pending,
      avgHours: m === null ? null : hours(m),
      p90Hours: p === null ? null : hours(p),
      overdue: a.overdue,
    };
  });
  const byWeek = [...groupBy(bills, (b) => weekOf(Number(b.submit_time)))]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, list]) => {
      const s = stat(week, week, list, f, now);
      return { week, documents: s.documents, avgHours: s.avgHours };
    });
  const byDocs = (a: EfficiencyStat, b: EfficiencyStat) =>
    b.documents - a.documents || a.key.localeCompare(b.key);
  return {
    summary: stat('all', '全部', bills, f, now),
    byType: byType.sort(byDocs),
    byDepartment: byDepartment.sort(byDocs),
    byPerson: byPerson.sort(byDocs),
    byApprover: byApprover.sort((a, b) => b.handled - a.handled || a.approverId - b.approverId),
    byWeek,
  };
}

export function detailRows(l: Loaded, f: AnalysisFilter, now: number): EfficiencyDetailRow[] {
  return l.bills.map((b) => {
    const h = docHours(b, now);
    const names = l.names.get(`${Number(b.flow_id)}:${Number(b.flow_version)}`);
    const nodes: NodeTiming[] = (l.timings.get(Number(b.id))?.visits ?? []).map((v) => ({
      nodeId: v.nodeId,
      nodeName: names?.get(v.nodeId) ?? v.nodeId,
      approvers: [...v.approvers].map((s) => l.staff.get(s) ?? String(s)).join('、'),
      receivedAt: v.receivedAt,
      leftAt: v.leftAt,
      waitHours: hours(v.waitMs),
      handleHours: hours(v.handleMs),
      overdue: v.handleMs > f.overdueHours * HOUR,
    }));
    return {
      id: Number(b.id),
      billNumber: b.bill_number,
      title: b.title,
      billType: b.bill_type,
      billTypeText: BILL_TYPE_LABEL[b.bill_type as BillType] ?? b.bill_type,
      submitterName: b.submitter_name,
      deptName: b.dept_name,
      amount: Number(b.amount),
      status: b.status,
      statusText: BILL_STATUS_LABEL[b.status as BillStatus] ?? b.status,
      submitTime: Number(b.submit_time),
      finishTime: h.finished ? Number(b.finish_time) : null,
      totalHours: hours(h.ms),
      overdue: h.ms > f.overdueHours * HOUR,
      nodes,
    };
  });
}

export async function efficiencyReport(db: Db, caller: TenantCaller, f: AnalysisFilter, now: number) {
  return buildReport(await loadAnalysis(db, caller.tenantId, f, now), f, now);
}

export async function efficiencyDetails(
  db: Db,
  caller: TenantCaller,
  q: AnalysisFilter & { pageNum: number; pageSize: number },
  now: number,
) {
  const l = await loadAnalysis(db, caller.tenantId, q, now);
  // Newest first; only the page's documents get their node timings built.
  const page = {
    ...l,
    bills: [...l.bills].reverse().slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize),
  };
  return {
    items: detailRows(page, q, now),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: l.bills.length },
  };
}
