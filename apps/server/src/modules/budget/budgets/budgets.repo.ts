import type { Db } from '../../../platform/db/database.js';
import { versionStore } from '../../../platform/versions/versionStore.js';

/** All SQL of the budget designs: the template and versions (decision 0027), nodes, balance rows, lists. */

export const budgetVersions = versionStore({
  templates: 'budgets',
  versions: 'budget_versions',
  key: 'budget_id',
  content: 'content',
  draft: 'draft',
  scope: [],
  copied: [
    'year',
    'period_type',
    'budget_mode',
    'fee_dimension',
    'control',
    'overrun_pct',
    'cumulative',
    'remark',
  ],
});

export async function getBudget(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('budgets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
export type BudgetDb = NonNullable<Awaited<ReturnType<typeof getBudget>>>;

export async function pageBudgets(
  db: Db,
  tenantId: number,
  q: { keyword?: string; year?: number; status?: number; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('budgets').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  if (q.keyword) base = base.where('name', 'like', `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.year) base = base.where('year', '=', q.year);
  if (q.status) base = base.where('status', '=', q.status);
  const [items, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('year', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

export async function nodesOf(db: Db, tenantId: number, budgetId: number) {
  const rows = await db
    .selectFrom('budget_nodes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('budget_id', '=', budgetId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
  }));
}

export async function insertNode(
  db: Db,
  v: {
    tenant_id: number;
    budget_id: number;
    dimension: string;
    value: string;
    label: string;
    control: number | null;
    sort_order: number;
  },
) {
  const r = await db
    .insertInto('budget_nodes')
    .values({ ...v, parent_id: null, removed: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateNode(
  db: Db,
  tenantId: number,
  id: number,
  patch: {
    parent_id?: number | null;
    dimension?: string;
    value?: string;
    label?: string;
    control?: number | null;
    sort_order?: number;
    removed?: number;
  },
) {
  await db
    .updateTable('budget_nodes')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function balancesOfBudget(db: Db, tenantId: number, budgetIds: number[]) {
  if (budgetIds.length === 0) return [];
  const rows = await db
    .selectFrom('budget_balances')
    .select(['budget_id', 'node_id', 'period', 'budget', 'occupied', 'used'])
    .where('tenant_id', '=', tenantId)
    .where('budget_id', 'in', budgetIds)
    .execute();
  return rows.map((r) => ({
    budget_id: Number(r.budget_id),
    node_id: Number(r.node_id),
    period: r.period,
    budget: r.budget === null ? null : Number(r.budget),
    occupied: Number(r.occupied),
    used: Number(r.used),
  }));
}

/**
 * Per budget, summed over the year in SQL: the root's budget, occupied and used, and its children's budget
 * (the list's total when the root has none). Reads only the root's and its children's balance rows, never a
 * budget's whole tree. A sum over no budgeted row is null (not budgeted).
 */
export async function rootTotalsOf(db: Db, tenantId: number, budgetIds: number[]) {
  if (budgetIds.length === 0) return [];
  const rows = await db
    .selectFrom('budget_balances as b')
    .innerJoin('budget_nodes as n', (j) =>
      j.onRef('n.id', '=', 'b.node_id').onRef('n.tenant_id', '=', 'b.tenant_id'),
    )
    .leftJoin('budget_nodes as p', (j) =>
      j.onRef('p.id', '=', 'n.parent_id').onRef('p.tenant_id', '=', 'n.tenant_id'),
    )
    .select((eb) => [
      'b.budget_id',
      eb.case().when('n.parent_id', 'is', null).then(1).else(0).end().as('is_root'),
      eb.fn.sum<string | number | null>('b.budget').as('budget'),
      eb.fn.sum<string | number>('b.occupied').as('occupied'),
      eb.fn.sum<string | number>('b.used').as('used'),
    ])
    .where('b.tenant_id', '=', tenantId)
    .where('b.budget_id', 'in', budgetIds)
    .where('n.removed', '=', 0)
    .where((eb) => eb.or([eb('n.parent_id', 'is', null), eb('p.parent_id', 'is', null)]))
    .groupBy(['b.budget_id', 'is_root'])
    .execute();
  return rows.map((r) => ({
    budget_id: Number(r.budget_id),
    root: Number(r.is_root) === 1,
    budget: r.budget === null ? null : Number(r.budget),
    occupied: Number(r.occupied),
    used: Number(r.used),
  }));
}

export async function hasLedger(db: Db, tenantId: number, budgetId: number) {
  const r = await db
    .selectFrom('budget_ledger')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('budget_id', '=', budgetId)
    .limit(1)
    .executeTakeFirst();
  return !!r;
}

export async function deleteBudgetRows(db: Db, tenantId: number, id: number, now: number) {
  await db
    .deleteFrom('budget_balances')
    .where('tenant_id', '=', tenantId)
    .where('budget_id', '=', id)
    .execute();
  await db
    .updateTable('budget_nodes')
    .set({ removed: 1 })
    .where('tenant_id', '=', tenantId)
    .where('budget_id', '=', id)
    .execute();
  await db
    .updateTable('budgets')
    .set({ deleted_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function setStatus(
  db: Db,
  tenantId: number,
  id: number,
  status: number,
  by: number,
  now: number,
) {
  const r = await db
    .updateTable('budgets')
    .set({ status, updated_by: by, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Nodes of the tenant by id (any budget, removed ones too): what other modules read of a ledger row's node. */
export async function nodesByIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('budget_nodes')
    .select(['id', 'parent_id', 'dimension', 'value', 'label'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((n) => ({
    ...n,
    id: Number(n.id),
    parent_id: n.parent_id === null ? null : Number(n.parent_id),
  }));
}

export async function nodeOfTenant(db: Db, tenantId: number, nodeId: number) {
  return db
    .selectFrom('budget_nodes')
    .innerJoin('budgets', 'budgets.id', 'budget_nodes.budget_id')
    .select(['budget_nodes.id', 'budget_nodes.budget_id'])
    .where('budget_nodes.tenant_id', '=', tenantId)
    .where('budget_nodes.id', '=', nodeId)
    .where('budgets.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function pageLedger(
  db: Db,
  tenantId: number,
  q: { nodeId: number; period?: string; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('budget_ledger').where('tenant_id', '=', tenantId).where('node_id', '=', q.nodeId);
  if (q.period) base = base.where('period', '=', q.period);
  const [items, total] = await Promise.all([
    base
      .select(['id', 'period', 'kind', 'amount', 'over_amount', 'personal_amount', 'source_id', 'created_at'])
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

/**
 * Takes the budget's row lock (PostgreSQL: the UPDATE's row lock until commit; SQLite: the single writer) so
 * two publishes of one budget read each other's nodes, never the same old tree. false: no such budget.
 */
export async function lockBudget(db: Db, tenantId: number, id: number, now: number) {
  const r = await db
    .updateTable('budgets')
    .set({ updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Sets the budget of (node, period) rows — inserting a balance row that is new; occupied/used untouched — in set
 * statements of 400 rows.
 */
export async function setPeriodBudgets(
  db: Db,
  tenantId: number,
  budgetId: number,
  rows: { nodeId: number; period: string; budget: number | null }[],
) {
  for (let i = 0; i < rows.length; i += 400) {
    await db
      .insertInto('budget_balances')
      .values(
        rows.slice(i, i + 400).map((r) => ({
          tenant_id: tenantId,
          budget_id: budgetId,
          node_id: r.nodeId,
          period: r.period,
          budget: r.budget,
          occupied: 0,
          used: 0,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['node_id', 'period']).doUpdateSet((eb) => ({ budget: eb.ref('excluded.budget') })),
      )
      .execute();
  }
}
