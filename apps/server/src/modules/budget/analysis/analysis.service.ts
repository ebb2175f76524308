import {
  BILL_STATUS_LABEL,
  BudgetDimensionLabel,
  BudgetPeriodTypeLabel,
  budgetPeriodText,
  budgetPeriods,
  type BillStatus,
  type BudgetAnalysis,
  type BudgetAnalysisFigures,
  type BudgetAnalysisKind,
  type BudgetAnalysisLinesPage,
  type BudgetDimension,
  type BudgetPeriodType,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import type { BudgetHooks } from '../budgets/index.js';
import { feeTypeIndex } from '../feeTypes/index.js';
import { budgetAnalysisErrors as errors } from './analysis.errors.js';
import * as repo from './analysis.repo.js';

/**
 * 预算分析 (decision 0055): what a budget (or every budget of a year) has, holds and has spent — read from the
 * balance rows, where every node already includes its children (the ledger moves every node on a line's path),
 * so a figure is never a sum of a node and its children. One level of a tree at a time: the budgets of the year,
 * a budget's top nodes, a node's children.
 */

export interface AnalysisFilter {
  year?: number;
  budget_id?: number;
  node_id?: number;
  period?: string;
  department_id?: number;
  fee_type?: string;
}

const TOP_OVERRUNS = 10;
/** The focus nodes whose missing budget is filled from their children's (a few queries each). */
const FALLBACK_MAX = 20;

/** The months [first, last] a period key covers. */
export function monthsOf(key: string): [number, number] {
  const p = key.split('-')[1];
  if (!p) return [1, 12];
  if (p === 'H1') return [1, 6];
  if (p === 'H2') return [7, 12];
  if (p.startsWith('Q')) {
    const q = Number(p.slice(1));
    return [3 * q - 2, 3 * q];
  }
  return [Number(p), Number(p)];
}
/** Periods in time order: by their last month, the shorter first (1月, 2月, 3月, 第1季度, …). */
export function periodOrder(a: string, b: string) {
  const [a0, a1] = monthsOf(a);
  const [b0, b1] = monthsOf(b);
  return a1 - b1 || b0 - a0 || a.localeCompare(b);
}
/** A budget's periods that overlap the chosen period (all of them without one). */
export function overlapping(year: number, type: string, period: string | undefined) {
  const all = budgetPeriods(year, type as BudgetPeriodType);
  if (!period) return all;
  const [f0, f1] = monthsOf(period);
  return all.filter((k) => {
    const [k0, k1] = monthsOf(k);
    return k0 <= f1 && f0 <= k1;
  });
}

export function figuresOf(s: repo.Sums): BudgetAnalysisFigures {
  const spent = s.occupied + s.used;
  return {
    budget: s.budget,
    occupied: s.occupied,
    used: s.used,
    available: s.budget === null ? null : s.budget - spent,
    rate: s.budget === null || s.budget <= 0 ? null : Math.round((spent * 1000) / s.budget) / 10,
  };
}
const addSums = (a: repo.Sums, b: repo.Sums): repo.Sums => ({
  budget: a.budget === null && b.budget === null ? null : (a.budget ?? 0) + (b.budget ?? 0),
  occupied: a.occupied + b.occupied,
  used: a.used + b.used,
});
const ZERO: repo.Sums = { budget: null, occupied: 0, used: 0 };

const chinaYear = (now: number) => new Date(now + 8 * 3600_000).getUTCFullYear();
const labelOf = (n: repo.NodeRow, budgetName: string) =>
  n.parent_id === null ? budgetName : n.label || n.value;

/** The ancestors of nodes (by id → the chain from the root down to the node), a level per query. */
async function chains(db: Db, tenantId: number, nodes: repo.NodeRow[]) {
  const known = new Map(nodes.map((n) => [n.id, n]));
  let missing = nodes.map((n) => n.parent_id).filter((p): p is number => p !== null && !known.has(p));
  for (let depth = 0; missing.length > 0 && depth < 32; depth++) {
    for (const n of await repo.nodesByIds(db, tenantId, missing)) known.set(n.id, n);
    missing = [...known.values()]
      .map((n) => n.parent_id)
      .filter((p): p is number => p !== null && !known.has(p));
  }
  return (n: repo.NodeRow) => {
    const out: repo.NodeRow[] = [];
    for (
      let at: repo.NodeRow | undefined = n;
      at;
      at = at.parent_id === null ? undefined : known.get(at.parent_id)
    )
      out.unshift(at);
    return out;
  };
}

/**
 * The nodes the department / fee-type filters select: those whose path from the root matches every filter
 * given, the first on each path that does; of those, per budget only the shallowest (a line hits one node per
 * dimension under a parent, so nodes of one depth never share a line; a deeper match under another branch would
 * count a line twice).
 */
function filtered(
  nodes: repo.NodeRow[],
  dept: number | undefined,
  feeCodes: Set<string> | null,
): repo.NodeRow[] {
  const kids = new Map<number | null, repo.NodeRow[]>();
  for (const n of nodes) (kids.get(n.parent_id) ?? kids.set(n.parent_id, []).get(n.parent_id)!).push(n);
  const found: { node: repo.NodeRow; depth: number }[] = [];
  const walk = (n: repo.NodeRow, depth: number, d: boolean, f: boolean) => {
    const dd = d || (n.dimension === 'department' && n.value === String(dept));
    const ff = f || (n.dimension === 'fee_type' && feeCodes !== null && feeCodes.has(n.value));
    if ((dept === undefined || dd) && (feeCodes === null || ff)) return void found.push({ node: n, depth });
    for (const c of kids.get(n.id) ?? []) walk(c, depth + 1, dd, ff);
  };
  for (const root of kids.get(null) ?? []) walk(root, 0, false, false);
  const shallowest = new Map<number, number>();
  for (const x of found)
    shallowest.set(x.node.budget_id, Math.min(shallowest.get(x.node.budget_id) ?? Infinity, x.depth));
  return found.filter((x) => x.depth === shallowest.get(x.node.budget_id)).map((x) => x.node);
}

export async function budgetAnalysis(
  db: Db,
  caller: Pick<TenantCaller, 'tenantId'>,
  q: AnalysisFilter,
  now: number,
): Promise<BudgetAnalysis> {
  const tenantId = caller.tenantId;
  let focusNode: repo.NodeRow | null = null;
  let budgetId = q.budget_id;
  if (q.node_id !== undefined) {
    focusNode = (await repo.nodesByIds(db, tenantId, [q.node_id]))[0] ?? null;
    if (!focusNode) throw errors.nodeNotFound();
    if (budgetId !== undefined && focusNode.budget_id !== budgetId)
      throw errors.badField('node_id', '预算节点不属于所选预算');
    budgetId = focusNode.budget_id;
  }
  const one = budgetId === undefined ? null : await repo.budgetOf(db, tenantId, budgetId);
  if (budgetId !== undefined && !one) throw errors.budgetNotFound();
  const year = one?.year ?? q.year ?? chinaYear(now);
  if (q.period && Number(q.period.slice(0, 4)) !== year)
    throw errors.badField('period', `期间须在${year}年内`);
  const yearBudgets = await repo.budgetsOfYear(db, tenantId, year);
  const selected = one ? [one] : yearBudgets;
  const budgetIds = selected.map((b) => Number(b.id));
  const nameOf = new Map(selected.map((b) => [Number(b.id), b.name]));
  const periods = q.period
    ? [...new Set(selected.flatMap((b) => overlapping(b.year, b.period_type, q.period)))]
    : null;

  // Where we look: the year's roots, a budget's root, a node, or the nodes the filters select.
  const filtering = q.department_id !== undefined || !!q.fee_type;
  let focus: repo.NodeRow[];
  if (filtering) {
    const codes = q.fee_type ? new Set((await feeTypeIndex(db, tenantId)).under(q.fee_type)) : null;
    const within = await repo.allNodes(db, tenantId, focusNode ? [focusNode.budget_id] : budgetIds);
    focus = filtered(focusNode ? subtree(within, focusNode.id) : within, q.department_id, codes);
  } else if (focusNode) focus = [focusNode];
  else focus = await repo.childNodes(db, tenantId, budgetIds, [null]);

  // The figures of the focus per period (its own balance rows), a missing budget filled from its children.
  const rows = await repo.balanceRows(
    db,
    tenantId,
    focus.map((n) => n.id),
    periods,
  );
  const fills = new Map<number, Map<string, number | null>>();
  if (focus.length <= FALLBACK_MAX)
    for (const n of focus) {
      const own = rows.filter((r) => r.node_id === n.id);
      if (n.has_children && own.length > 0 && own.every((r) => r.budget === null))
        fills.set(n.id, await repo.childBudgetByPeriod(db, tenantId, n.budget_id, n.id));
    }
  const byPeriod = new Map<string, repo.Sums>();
  const byNode = new Map<number, repo.Sums>();
  for (const r of rows) {
    const s = { ...r, budget: r.budget ?? fills.get(r.node_id)?.get(r.period) ?? null };
    byPeriod.set(r.period, addSums(byPeriod.get(r.period) ?? ZERO, s));
    byNode.set(r.node_id, addSums(byNode.get(r.node_id) ?? ZERO, s));
  }
  const trend = [...byPeriod.entries()]
    .sort(([a], [b]) => periodOrder(a, b))
    .map(([period, s]) => ({ period, text: budgetPeriodText(period), ...s }));
  const total = figuresOf([...byPeriod.values()].reduce(addSums, ZERO));

  // The rows: a single focus opens into its children; several (the year's budgets, a filter) are the rows.
  const single = !filtering && (focusNode !== null || one !== null) && focus.length === 1;
  let nodeRows: { node: repo.NodeRow; sums: repo.Sums }[];
  if (single && focus[0]!.has_children) {
    const parent = focus[0]!;
    const [kids, sums] = await Promise.all([
      repo.childNodes(db, tenantId, [parent.budget_id], [parent.id]),
      repo.childSums(db, tenantId, parent.budget_id, parent.id, periods),
    ]);
    nodeRows = kids.map((node) => ({ node, sums: sums.get(node.id) ?? ZERO }));
  } else nodeRows = focus.map((node) => ({ node, sums: byNode.get(node.id) ?? ZERO }));

  // The largest overruns inside the focus (a node × period over its budget).
  // A budget's root is the whole budget: its overruns are the first entries of the partial index.
  const whole = !filtering && (!focusNode || focusNode.parent_id === null);
  const over = whole
    ? await repo.overBudgetRows(db, tenantId, budgetIds, periods, TOP_OVERRUNS)
    : await repo.overBudgetUnder(db, tenantId, focus, periods, TOP_OVERRUNS);
  const overNodes = await repo.nodesByIds(
    db,
    tenantId,
    over.map((o) => o.node_id),
  );
  const chainOf = await chains(db, tenantId, [
    ...overNodes,
    ...(focusNode ? [focusNode] : []),
    ...nodeRows.map((r) => r.node),
  ]);
  const overById = new Map(overNodes.map((n) => [n.id, n]));
  const pathText = (n: repo.NodeRow) =>
    chainOf(n)
      .slice(1)
      .map((a) => a.label || a.value)
      .join(' › ') ||
    nameOf.get(n.budget_id) ||
    '';

  const path: BudgetAnalysis['path'] = [];
  if (one) {
    const crumbs = focusNode ? chainOf(focusNode) : focus.filter((n) => n.parent_id === null).slice(0, 1);
    for (const n of crumbs)
      path.push({ budget_id: n.budget_id, node_id: n.id, label: labelOf(n, nameOf.get(n.budget_id) ?? '') });
  }

  return {
    year,
    period: q.period ?? null,
    budgets: yearBudgets.map((b) => ({
      id: Number(b.id),
      name: b.name,
      period_type: b.period_type,
      periodTypeText: BudgetPeriodTypeLabel[b.period_type as BudgetPeriodType] ?? b.period_type,
    })),
    path,
    total,
    nodes: nodeRows.map(({ node, sums }) => ({
      ...figuresOf(sums),
      budget_id: node.budget_id,
      budget_name: nameOf.get(node.budget_id) ?? '',
      node_id: node.id,
      label:
        filtering && node.parent_id !== null
          ? pathText(node)
          : labelOf(node, nameOf.get(node.budget_id) ?? ''),
      dimension: node.dimension,
      dimensionText: BudgetDimensionLabel[node.dimension as BudgetDimension] ?? node.dimension,
      has_children: node.has_children,
    })),
    trend,
    overruns: over.map((o) => {
      const n = overById.get(o.node_id)!;
      return {
        budget_id: o.budget_id,
        budget_name: nameOf.get(o.budget_id) ?? '',
        node_id: o.node_id,
        label: labelOf(n, nameOf.get(o.budget_id) ?? ''),
        path: pathText(n),
        period: o.period,
        periodText: budgetPeriodText(o.period),
        budget: o.budget,
        occupied: o.occupied,
        used: o.used,
        excess: o.excess,
      };
    }),
  };
}

/** The node and everything under it. */
function subtree(nodes: repo.NodeRow[], rootId: number) {
  const kids = new Map<number | null, repo.NodeRow[]>();
  for (const n of nodes) (kids.get(n.parent_id) ?? kids.set(n.parent_id, []).get(n.parent_id)!).push(n);
  const out: repo.NodeRow[] = [];
  const top = nodes.find((n) => n.id === rootId);
  const walk = (n: repo.NodeRow) => {
    out.push(n);
    for (const c of kids.get(n.id) ?? []) walk(c);
  };
  if (top) walk(top);
  // The focus node stands as the root of the walk in filtered().
  return out.map((n) => (n.id === rootId ? { ...n, parent_id: null } : n));
}

/** The documents behind a node's figure in the chosen period, paged, with the sums over all of them. */
export async function analysisLines(
  db: Db,
  caller: TenantCaller,
  q: { node_id: number; period?: string; kind: BudgetAnalysisKind; page_num: number; page_size: number },
  hooks: Pick<BudgetHooks, 'billRefs'>,
): Promise<BudgetAnalysisLinesPage> {
  const node = (await repo.nodesByIds(db, caller.tenantId, [q.node_id]))[0];
  if (!node) throw errors.nodeNotFound();
  const b = await repo.budgetOf(db, caller.tenantId, node.budget_id);
  if (!b) throw errors.budgetNotFound();
  if (q.period && Number(q.period.slice(0, 4)) !== b.year)
    throw errors.badField('period', `期间须在${b.year}年内`);
  const page = await repo.ledgerByDocument(db, caller.tenantId, {
    nodeId: node.id,
    periods: q.period ? overlapping(b.year, b.period_type, q.period) : null,
    kind: q.kind,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  const refs = await hooks.billRefs(
    db,
    caller.tenantId,
    page.items.map((r) => r.source_id),
  );
  return {
    items: page.items.map((r) => {
      const ref = refs.get(r.source_id);
      return {
        source_type: r.source_type,
        bill_id: r.source_id,
        bill_number: ref?.number ?? '',
        title: ref?.title ?? '',
        submitter_name: ref?.submitterName ?? '',
        dept_name: ref?.deptName ?? '',
        status: ref?.status ?? '',
        statusText: ref ? (BILL_STATUS_LABEL[ref.status as BillStatus] ?? ref.status) : '已删除',
        occupied: r.occupied,
        used: r.used,
        over_amount: r.over_amount,
        personal_amount: r.personal_amount,
        last_at: r.last_at,
      };
    }),
    page: { page_num: q.page_num, page_size: q.page_size, total: page.total },
    occupied: page.occupied,
    used: page.used,
  };
}
