import { sql, type Insertable } from 'kysely';
import type { BudgetLedgerTable } from '../../../db/schema.js';
import type { Db } from '../../../platform/db/database.js';
import { dialectOf } from '../../../platform/db/dialect.js';

/** All SQL of the budget ledger: active budgets and their nodes, balances (locked), ledger rows. */

export async function activeBudgets(db: Db, tenantId: number, years: number[]) {
  if (years.length === 0) return [];
  return db
    .selectFrom('budgets')
    .select(['id', 'name', 'year', 'period_type', 'control', 'overrun_pct', 'cumulative', 'current_version'])
    .where('tenant_id', '=', tenantId)
    .where('year', 'in', years)
    .where('status', '=', 1)
    .where('current_version', '>', 0)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}
export type ActiveBudget = Awaited<ReturnType<typeof activeBudgets>>[number];

export async function liveNodes(db: Db, tenantId: number, budgetIds: number[]) {
  if (budgetIds.length === 0) return [];
  return db
    .selectFrom('budget_nodes')
    .select(['id', 'budget_id', 'parent_id', 'dimension', 'value', 'label', 'control'])
    .where('tenant_id', '=', tenantId)
    .where('budget_id', 'in', budgetIds)
    .where('removed', '=', 0)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
export type LiveNode = Awaited<ReturnType<typeof liveNodes>>[number];

export interface BalanceRow {
  node_id: number;
  period: string;
  budget: number | null;
  occupied: number;
  used: number;
}

/**
 * The balance rows of these nodes (every period, or only `periods`), in (node_id, period) order. `lock`:
 * PostgreSQL locks them FOR UPDATE in that fixed order — every writer locks in the one (node, period) order, so
 * no two wait on each other crosswise: no deadlock; SQLite runs one write transaction at a time.
 */
export async function balancesOf(
  db: Db,
  tenantId: number,
  nodeIds: number[],
  lock: boolean,
  periods?: string[],
): Promise<BalanceRow[]> {
  if (nodeIds.length === 0 || periods?.length === 0) return [];
  const ids = [...new Set(nodeIds)].sort((a, b) => a - b);
  if (lock && dialectOf(db) === 'postgres') {
    const only = periods ? sql`and period in (${sql.join(periods)})` : sql``;
    const res = await sql<BalanceRow>`select node_id, period, budget, occupied, used from budget_balances
      where tenant_id = ${tenantId} and node_id in (${sql.join(ids)}) ${only}
      order by node_id, period for update`.execute(db);
    return res.rows.map(num);
  }
  let q = db
    .selectFrom('budget_balances')
    .select(['node_id', 'period', 'budget', 'occupied', 'used'])
    .where('tenant_id', '=', tenantId)
    .where('node_id', 'in', ids);
  if (periods) q = q.where('period', 'in', periods);
  const rows = await q.orderBy('node_id').orderBy('period').execute();
  return rows.map(num);
}
const num = (r: BalanceRow): BalanceRow => ({
  node_id: Number(r.node_id),
  period: r.period,
  budget: r.budget === null ? null : Number(r.budget),
  occupied: Number(r.occupied),
  used: Number(r.used),
});

export async function setBalance(db: Db, tenantId: number, r: BalanceRow) {
  await db
    .updateTable('budget_balances')
    .set({ occupied: r.occupied, used: r.used })
    .where('tenant_id', '=', tenantId)
    .where('node_id', '=', r.node_id)
    .where('period', '=', r.period)
    .execute();
}

export async function sourceRows(db: Db, tenantId: number, sourceType: string, sourceIds: number[]) {
  if (sourceIds.length === 0) return [];
  const rows = await db
    .selectFrom('budget_ledger')
    .select(['budget_id', 'node_id', 'period', 'source_id', 'source_line', 'round', 'kind', 'amount'])
    .where('tenant_id', '=', tenantId)
    .where('source_type', '=', sourceType)
    .where('source_id', 'in', sourceIds)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    node_id: Number(r.node_id),
    source_id: Number(r.source_id),
    source_line: Number(r.source_line),
    round: Number(r.round),
    amount: Number(r.amount),
  }));
}
export type SourceRow = Awaited<ReturnType<typeof sourceRows>>[number];

export async function insertLedger(db: Db, rows: Insertable<BudgetLedgerTable>[]) {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('budget_ledger')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Σ of a budget's ledger per node and period, for the reconciliation. */
export async function ledgerSums(db: Db, tenantId: number, budgetId: number) {
  const rows = await db
    .selectFrom('budget_ledger')
    .select(['node_id', 'period', 'kind', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('tenant_id', '=', tenantId)
    .where('budget_id', '=', budgetId)
    .groupBy(['node_id', 'period', 'kind'])
    .execute();
  return rows.map((r) => ({
    node_id: Number(r.node_id),
    period: r.period,
    kind: r.kind,
    total: Number(r.total),
  }));
}

export async function budgetBalances(db: Db, tenantId: number, budgetId: number) {
  const rows = await db
    .selectFrom('budget_balances')
    .select(['node_id', 'period', 'budget', 'occupied', 'used'])
    .where('tenant_id', '=', tenantId)
    .where('budget_id', '=', budgetId)
    .orderBy('node_id')
    .orderBy('period')
    .execute();
  return rows.map(num);
}
