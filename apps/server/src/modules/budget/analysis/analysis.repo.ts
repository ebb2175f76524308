import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';

/**
 * All SQL of 预算分析 (decision 0055): reads of budget_nodes, budget_balances and budget_ledger only. Figures
 * are summed in the database; a node's rows are its balance rows (its children are already in them).
 */

const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const CHUNK = 500;
function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

export async function budgetsOfYear(db: Db, tenantId: number, year: number) {
  return db
    .selectFrom('budgets')
    .select(['id', 'name', 'year', 'period_type'])
    .where('tenant_id', '=', tenantId)
    .where('year', '=', year)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function budgetOf(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('budgets')
    .select(['id', 'name', 'year', 'period_type'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface NodeRow {
  id: number;
  budget_id: number;
  parent_id: number | null;
  dimension: string;
  value: string;
  label: string;
  has_children: boolean;
}
const nodeCols = ['n.id', 'n.budget_id', 'n.parent_id', 'n.dimension', 'n.value', 'n.label'] as const;
const hasChildren = sql<number>`case when exists (select 1 from budget_nodes c where c.tenant_id = n.tenant_id and c.budget_id = n.budget_id and c.parent_id = n.id and c.removed = 0) then 1 else 0 end`;
const mapNode = (r: Record<string, unknown>): NodeRow => ({
  id: Number(r.id),
  budget_id: Number(r.budget_id),
  parent_id: r.parent_id === null ? null : Number(r.parent_id),
  dimension: String(r.dimension),
  value: String(r.value),
  label: String(r.label),
  has_children: Boolean(Number(r.has_children ?? 0)),
});

/** The nodes of the budgets under the parents (null: the roots), with whether each has children of its own. */
export async function childNodes(db: Db, tenantId: number, budgetIds: number[], parents: (number | null)[]) {
  if (budgetIds.length === 0) return [];
  const ids = parents.filter((p): p is number => p !== null);
  const out: NodeRow[] = [];
  const run = async (list: number[] | null) => {
    const rows = await db
      .selectFrom('budget_nodes as n')
      .select(nodeCols)
      .select(hasChildren.as('has_children'))
      .where('n.tenant_id', '=', tenantId)
      .where('n.budget_id', 'in', budgetIds)
      .where('n.removed', '=', 0)
      .$call((q) => (list === null ? q.where('n.parent_id', 'is', null) : q.where('n.parent_id', 'in', list)))
      .orderBy('n.sort_order')
      .orderBy('n.id')
      .execute();
    out.push(...rows.map(mapNode));
  };
  if (parents.includes(null)) await run(null);
  for (const c of chunks(ids)) await run(c);
  return out;
}

/** Nodes by id (the tenant's, not removed or removed: the ledger keeps removed nodes' rows). */
export async function nodesByIds(db: Db, tenantId: number, ids: number[]) {
  const out: NodeRow[] = [];
  for (const c of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('budget_nodes as n')
      .innerJoin('budgets as b', 'b.id', 'n.budget_id')
      .select(nodeCols)
      .select(hasChildren.as('has_children'))
      .where('n.tenant_id', '=', tenantId)
      .where('n.id', 'in', c)
      .where('b.deleted_at', 'is', null)
      .execute();
    out.push(...rows.map(mapNode));
  }
  return out;
}

/** Every live node of the budgets (the department and fee-type filters walk the trees). */
export async function allNodes(db: Db, tenantId: number, budgetIds: number[]) {
  if (budgetIds.length === 0) return [];
  const rows = await db
    .selectFrom('budget_nodes as n')
    .select(nodeCols)
    .where('n.tenant_id', '=', tenantId)
    .where('n.budget_id', 'in', budgetIds)
    .where('n.removed', '=', 0)
    .orderBy('n.sort_order')
    .orderBy('n.id')
    .execute();
  const nodes = rows.map(mapNode);
  const parents = new Set(nodes.map((n) => n.parent_id));
  for (const n of nodes) n.has_children = parents.has(n.id);
  return nodes;
}

export interface Sums {
  budget: number | null;
  occupied: number;
  used: number;
}
export interface PeriodSums extends Sums {
  node_id: number;
  period: string;
}

/** The balance rows of the nodes (node × period), only the periods named when any. */
export async function balanceRows(db: Db, tenantId: number, nodeIds: number[], periods: string[] | null) {
  const out: PeriodSums[] = [];
  for (const c of chunks(nodeIds)) {
    const rows = await db
      .selectFrom('budget_balances')
      .select(['node_id', 'period', 'budget', 'occupied', 'used'])
      .where('tenant_id', '=', tenantId)
      .where('node_id', 'in', c)
      .$call((q) => (periods ? q.where('period', 'in', periods) : q))
      .execute();
    for (const r of rows)
      out.push({
        node_id: Number(r.node_id),
        period: r.period,
        budget: numOrNull(r.budget),
        occupied: num(r.occupied),
        used: num(r.used),
      });
  }
  return out;
}

/**
 * The children of one parent, summed over the periods per node — one grouped statement driven by the
 * (tenant, budget, parent) index; the budget is null when no period of the node is budgeted.
 */
export async function childSums(
  db: Db,
  tenantId: number,
  budgetId: number,
  parentId: number,
  periods: string[] | null,
) {
  // Driven from the parent index into the balance primary key (node, period): never a scan of the budget.
  const rows = await db
    .selectFrom('budget_nodes as n')
    .innerJoin('budget_balances as b', 'b.node_id', 'n.id')
    .select([
      'b.node_id',
      sql<string | null>`sum(b.budget)`.as('budget'),
      sql<string>`sum(b.occupied)`.as('occupied'),
      sql<string>`sum(b.used)`.as('used'),
    ])
    .where('n.tenant_id', '=', tenantId)
    .where('n.budget_id', '=', budgetId)
    .where('n.parent_id', '=', parentId)
    .$call((q) => (periods ? q.where('b.period', 'in', periods) : q))
    .groupBy('b.node_id')
    .execute();
  return new Map<number, Sums>(
    rows.map((r) => [
      Number(r.node_id),
      { budget: numOrNull(r.budget), occupied: num(r.occupied), used: num(r.used) },
    ]),
  );
}

/** The children's budgets per period (a parent without its own budget shows what its children have). */
export async function childBudgetByPeriod(db: Db, tenantId: number, budgetId: number, parentId: number) {
  const rows = await db
    .selectFrom('budget_balances as b')
    .select(['b.period', sql<string | null>`sum(b.budget)`.as('budget')])
    .where('b.tenant_id', '=', tenantId)
    .where('b.budget_id', '=', budgetId)
    .where('b.node_id', 'in', (eb) =>
      eb
        .selectFrom('budget_nodes as n')
        .select('n.id')
        .where('n.tenant_id', '=', tenantId)
        .where('n.budget_id', '=', budgetId)
        .where('n.parent_id', '=', parentId)
        .where('n.removed', '=', 0),
    )
    .groupBy('b.period')
    .execute();
  return new Map(rows.map((r) => [r.period, numOrNull(r.budget)]));
}

type OverRow = {
  budget_id: unknown;
  node_id: unknown;
  period: string;
  budget: unknown;
  occupied: unknown;
  used: unknown;
  excess: unknown;
};
const overOut = (r: OverRow) => ({
  budget_id: Number(r.budget_id),
  node_id: Number(r.node_id),
  period: r.period,
  budget: num(r.budget),
  occupied: num(r.occupied),
  used: num(r.used),
  excess: num(r.excess),
});
const overCols = sql`b.budget_id, b.node_id, b.period, b.budget, b.occupied, b.used, b.occupied + b.used - b.budget as excess`;
/** The predicate of the partial index budget_balances_over, word for word so the planner uses it (null budget: not over). */
const isOver = sql`b.occupied + b.used - b.budget > 0`;
const inPeriods = (periods: string[] | null) =>
  periods ? sql`and b.period in (${sql.join(periods)})` : sql``;

/**
 * The largest overruns (node × period with occupied + used > budget) of each budget, largest first: the first
 * entries of budget_balances_over (ordered by the excess), a statement per budget.
 */
export async function overBudgetRows(
  db: Db,
  tenantId: number,
  budgetIds: number[],
  periods: string[] | null,
  limit: number,
) {
  const out: ReturnType<typeof overOut>[] = [];
  for (const budgetId of budgetIds) {
    const r = await sql<OverRow>`select ${overCols} from budget_balances b
      where b.tenant_id = ${tenantId} and b.budget_id = ${budgetId} and ${isOver} ${inPeriods(periods)}
      order by b.occupied + b.used - b.budget desc, b.node_id, b.period limit ${limit}`.execute(db);
    out.push(...r.rows.map(overOut));
  }
  return out.sort((a, b) => b.excess - a.excess || a.node_id - b.node_id).slice(0, limit);
}

/**
 * The largest overruns under the nodes (themselves included): the subtree's ids walked down the parent index,
 * then their balance rows by the primary key (node, period) — not the partial index, which a planner would
 * otherwise walk through every overrun of the budget probing the subtree.
 */
export async function overBudgetUnder(
  db: Db,
  tenantId: number,
  nodes: { id: number; budget_id: number }[],
  periods: string[] | null,
  limit: number,
) {
  const byBudget = new Map<number, number[]>();
  for (const n of nodes)
    (byBudget.get(n.budget_id) ?? byBudget.set(n.budget_id, []).get(n.budget_id)!).push(n.id);
  const under: number[] = [];
  for (const [budgetId, all] of byBudget)
    for (const ids of chunks(all)) {
      const r = await sql<{ id: unknown }>`with recursive sub(id) as (
          select n.id from budget_nodes n
            where n.tenant_id = ${tenantId} and n.budget_id = ${budgetId} and n.id in (${sql.join(ids)})
          union all
          select n.id from budget_nodes n join sub on n.parent_id = sub.id
            where n.tenant_id = ${tenantId} and n.budget_id = ${budgetId}
        )
        select id from sub`.execute(db);
      under.push(...r.rows.map((x) => Number(x.id)));
    }
  const out: ReturnType<typeof overOut>[] = [];
  for (const ids of chunks([...new Set(under)])) {
    const r = await sql<OverRow>`select ${overCols} from budget_balances b
      where b.tenant_id = ${tenantId} and b.node_id in (${sql.join(ids)})
        and b.budget is not null and b.occupied + b.used > b.budget ${inPeriods(periods)}
      order by b.occupied + b.used - b.budget desc, b.node_id, b.period limit ${limit}`.execute(db);
    out.push(...r.rows.map(overOut));
  }
  return out.sort((a, b) => b.excess - a.excess || a.node_id - b.node_id).slice(0, limit);
}

/**
 * The documents behind a node's figure: the ledger rows of the node in the periods, per document —
 * occupied = Σoccupy − Σuse − Σrelease, used = Σuse (decision 0052) — those holding anything of the kind asked,
 * latest first, paged; and the sums over all of them.
 */
export async function ledgerByDocument(
  db: Db,
  tenantId: number,
  q: {
    nodeId: number;
    periods: string[] | null;
    kind: 'all' | 'occupied' | 'used';
    pageNum: number;
    pageSize: number;
  },
) {
  const occ = sql<string>`sum(case when kind = 'occupy' then amount when kind = 'use' or kind = 'release' then -amount else 0 end)`;
  const used = sql<string>`sum(case when kind = 'use' then amount else 0 end)`;
  const having =
    q.kind === 'occupied'
      ? sql<boolean>`${occ} <> 0`
      : q.kind === 'used'
        ? sql<boolean>`${used} <> 0`
        : sql<boolean>`${occ} <> 0 or ${used} <> 0`;
  const grouped = db
    .selectFrom('budget_ledger')
    .select([
      'source_type',
      'source_id',
      occ.as('occupied'),
      used.as('used'),
      sql<string>`sum(case when kind = 'occupy' then over_amount else 0 end)`.as('over_amount'),
      sql<string>`sum(case when kind = 'occupy' then personal_amount else 0 end)`.as('personal_amount'),
      sql<string>`max(created_at)`.as('last_at'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('node_id', '=', q.nodeId)
    .$call((x) => (q.periods ? x.where('period', 'in', q.periods) : x))
    .groupBy(['source_type', 'source_id'])
    .having(having);
  const [items, totals] = await Promise.all([
    grouped
      .orderBy(sql`max(created_at)`, 'desc')
      .orderBy('source_id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute(),
    db
      .selectFrom(grouped.as('g'))
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(g.occupied), 0)`.as('occupied'),
        sql<string>`coalesce(sum(g.used), 0)`.as('used'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((r) => ({
      source_type: r.source_type,
      source_id: Number(r.source_id),
      occupied: num(r.occupied),
      used: num(r.used),
      over_amount: num(r.over_amount),
      personal_amount: num(r.personal_amount),
      last_at: num(r.last_at),
    })),
    total: num(totals.n),
    occupied: num(totals.occupied),
    used: num(totals.used),
  };
}
