import {
  BudgetControl,
  budgetPeriods,
  budgetPeriodText,
  type BudgetPeriodType,
  yuan,
  type BudgetCheckReply,
  type BudgetHit,
  type BudgetLineResult,
} from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { inTransaction } from '../../../platform/db/database.js';
import { registerProcessCache } from '../../../platform/processCaches.js';
import { localParts } from '../../../platform/time/periods.js';
import { departmentLine } from '../../org/index.js';
import { feeTypeIndex } from '../feeTypes/index.js';
import { budgetLedgerErrors } from './ledger.errors.js';
import { ledgerAppended } from './listeners.js';
import {
  availableOf,
  compileNodes,
  matchCompiled,
  periodOfLine,
  type CompiledNodes,
  type Figures,
} from './match.js';
import * as repo from './ledger.repo.js';

/**
 * The budget ledger (decision 0052): the one place budget figures move. Every move runs inside the
 * document step's transaction: the balance rows of the nodes it touches are locked in (node, period)
 * order, the ledger rows are appended (occupy / use / release, unique per node, source line, round and
 * kind) and the balances written — so balance.occupied = Σoccupy − Σuse − Σrelease and balance.used = Σuse.
 */

export interface SpendLine {
  /** bill_fees.id */
  id: number;
  feeType: string;
  amount: number;
  /** ms; the document date when the line has none. */
  date: number;
}
/** A document as the budget sees it. */
export interface SpendDoc {
  tenantId: number;
  sourceId: number;
  submitterId: number;
  departmentId: number | null;
  projectId: number | null;
  lines: SpendLine[];
}
/** A fee type's code and its ancestors, nearest first (the fee-type tree's feeTypeAncestors). */
export type FeeTypeAncestors = (code: string) => Promise<string[]>;
/** The tenant's fee-type tree, read once per check: a line matches a node of its fee type or any ancestor. */
async function treeAncestors(db: Db, tenantId: number): Promise<FeeTypeAncestors> {
  const tree = await feeTypeIndex(db, tenantId);
  return async (code) => tree.line(code);
}

type LiveNode = repo.LiveNode;
/**
 * Each published budget version's nodes, indexed for matching (compileNodes): nodes change only when a version
 * is published, which bumps current_version, so (tenant, budget, version) keys them safely across processes.
 * Bounded: the oldest entries go first past CACHE_MAX.
 */
const compiledCache = new Map<string, CompiledNodes<LiveNode>>();
const CACHE_MAX = 500;
registerProcessCache(() => compiledCache.clear());

async function compiledBudgets(db: Db, tenantId: number, budgets: repo.ActiveBudget[]) {
  const out = new Map<number, CompiledNodes<LiveNode>>();
  const cacheKey = (b: repo.ActiveBudget) => `${tenantId}|${b.id}|${b.current_version}`;
  const missing: repo.ActiveBudget[] = [];
  for (const b of budgets) {
    const hit = compiledCache.get(cacheKey(b));
    if (hit) out.set(b.id, hit);
    else missing.push(b);
  }
  if (missing.length === 0) return out;
  const nodes = await repo.liveNodes(
    db,
    tenantId,
    missing.map((b) => b.id),
  );
  const byBudget = new Map<number, LiveNode[]>();
  for (const n of nodes)
    (byBudget.get(n.budget_id) ?? byBudget.set(n.budget_id, []).get(n.budget_id)!).push(n);
  for (const b of missing) {
    const compiled = compileNodes(byBudget.get(b.id) ?? []);
    out.set(b.id, compiled);
    compiledCache.set(cacheKey(b), compiled);
    if (compiledCache.size > CACHE_MAX) compiledCache.delete(compiledCache.keys().next().value!);
  }
  return out;
}

const SOURCE = 'bill';
const key = (node: number, period: string) => `${node}|${period}`;

interface Planned {
  reply: BudgetCheckReply;
  /** Open occupations of the source (closed by a release before the new ones). */
  open: repo.SourceRow[];
  occupy: {
    budget_id: number;
    node_id: number;
    period: string;
    line: number;
    amount: number;
    over: number;
    personal: number;
  }[];
  balances: Map<string, repo.BalanceRow>;
  loaded: Map<string, string>;
}

/** Rows of the source still occupying: occupy rows no use or release of the same node/line/round closed. */
function openRows(rows: repo.SourceRow[]) {
  const closed = new Set(
    rows
      .filter((r) => r.kind !== 'occupy')
      .map((r) => `${r.node_id}|${r.source_id}|${r.source_line}|${r.round}`),
  );
  return rows.filter(
    (r) => r.kind === 'occupy' && !closed.has(`${r.node_id}|${r.source_id}|${r.source_line}|${r.round}`),
  );
}

async function plan(db: Db, doc: SpendDoc, lock: boolean, ancestors: FeeTypeAncestors): Promise<Planned> {
  const lines = doc.lines.map((l) => ({ ...l, at: localParts(l.date) }));
  const budgets = await repo.activeBudgets(db, doc.tenantId, [...new Set(lines.map((l) => l.at.year))]);
  const nodesOf = await compiledBudgets(db, doc.tenantId, budgets);
  const departments = await departmentLine(db, doc.tenantId, doc.departmentId);
  const feeTypes = new Map<string, string[]>();
  for (const l of lines) if (!feeTypes.has(l.feeType)) feeTypes.set(l.feeType, await ancestors(l.feeType));

  const matched = lines.map((l) =>
    budgets.flatMap((b) => {
      const period = periodOfLine(b, l.at.year, l.at.month);
      if (!period) return [];
      const compiled = nodesOf.get(b.id);
      if (!compiled) return [];
      const hit = matchCompiled(compiled, {
        departments,
        project: doc.projectId,
        person: doc.submitterId,
        feeTypes: feeTypes.get(l.feeType)!,
      });
      return hit.length ? [{ budget: b, period, nodes: hit }] : [];
    }),
  );
  const open = openRows(await repo.sourceRows(db, doc.tenantId, SOURCE, [doc.sourceId]));
  const nodeIds = [...matched.flat().flatMap((m) => m.nodes.map((n) => n.id)), ...open.map((r) => r.node_id)];
  // Only the periods the check reads: the lines' own, and the earlier ones of a cumulative budget.
  const periods = new Set(open.map((r) => r.period));
  for (const m of matched.flat()) {
    if (!m.budget.cumulative) periods.add(m.period);
    else
      for (const p of budgetPeriods(m.budget.year, m.budget.period_type as BudgetPeriodType)) {
        periods.add(p);
        if (p === m.period) break;
      }
  }
  const rows = await repo.balancesOf(db, doc.tenantId, nodeIds, lock, [...periods]);
  const balances = new Map(rows.map((r) => [key(r.node_id, r.period), { ...r }]));
  const loaded = new Map(rows.map((r) => [key(r.node_id, r.period), `${r.occupied}|${r.used}`]));
  // The document's own occupation is replaced, never added to: take it back first.
  for (const r of open) {
    const b = balances.get(key(r.node_id, r.period));
    if (b) b.occupied -= r.amount;
  }

  const base = new Map<string, number>();
  const mine = new Map<string, number>();
  const occupy: Planned['occupy'] = [];
  const out: BudgetLineResult[] = [];
  let refusal: string | null = null;
  lines.forEach((l, i) => {
    const hits: BudgetHit[] = [];
    let personal = 0;
    let flagged = false;
    let lineRefusal: string | null = null;
    let linePeriod = '';
    for (const m of matched[i]!) {
      const figuresOf =
        (nodeId: number) =>
        (p: string): Figures | undefined =>
          balances.get(key(nodeId, p));
      const budgeted = m.nodes.filter((n) => balances.get(key(n.id, m.period))?.budget != null);
      if (budgeted.length === 0) continue;
      linePeriod ||= m.period;
      // Each node over-spends under its own 超支控制 (or the budget's): the worst 个人承担 node sets the share.
      let worst = { over: 0, nodeId: 0 };
      for (const n of m.nodes) {
        const k = key(n.id, m.period);
        const control = n.control ?? m.budget.control;
        const available = availableOf(m.budget, m.period, figuresOf(n.id));
        if (available !== null) {
          if (!base.has(k)) base.set(k, available);
          const over = Math.max(0, l.amount - Math.max(0, available));
          mine.set(k, (mine.get(k) ?? 0) + l.amount);
          if (control === BudgetControl.personal && over > worst.over) worst = { over, nodeId: n.id };
          if (control === BudgetControl.combine && over > 0) flagged = true;
          if (over > 0 && control === BudgetControl.forbid && !lineRefusal) {
            const before = base.get(k)!;
            const need = mine.get(k)!;
            lineRefusal = `预算「${m.budget.name}」${n.parent_id === null ? '总额' : n.label} ${budgetPeriodText(m.period)} 可用 ${yuan(Math.max(0, before))}，本单占用 ${yuan(need)}，超出 ${yuan(need - Math.max(0, before))}，不能提交`;
          }
          hits.push({
            budget_id: m.budget.id,
            budget_name: m.budget.name,
            node_id: n.id,
            node_label: n.parent_id === null ? '总额' : n.label,
            period: m.period,
            control,
            available,
            occupy: l.amount,
            over,
          });
        }
        const bal = balances.get(k);
        if (bal) bal.occupied += l.amount;
      }
      const share = Math.min(l.amount, worst.over);
      personal = Math.max(personal, share);
      for (const n of m.nodes)
        occupy.push({
          budget_id: m.budget.id,
          node_id: n.id,
          period: m.period,
          line: l.id,
          amount: l.amount,
          over: hits.find((h) => h.node_id === n.id)?.over ?? 0,
          personal: n.id === worst.nodeId ? share : 0,
        });
    }
    refusal ||= lineRefusal;
    out.push({
      fee_id: l.id,
      fee_type: l.feeType,
      amount: l.amount,
      period: linePeriod,
      hits,
      over: Math.max(0, ...hits.map((h) => h.over)),
      personal,
      flagged,
      refusal: lineRefusal,
    });
  });
  return {
    reply: { lines: out, personal: out.reduce((s, l) => s + l.personal, 0), refusal },
    open,
    occupy,
    balances,
    loaded,
  };
}

async function writeBalances(db: Db, tenantId: number, p: Pick<Planned, 'balances' | 'loaded'>) {
  for (const [k, b] of p.balances)
    if (p.loaded.get(k) !== `${b.occupied}|${b.used}`) await repo.setBalance(db, tenantId, b);
}

/** 预算预览: what the document would occupy and where it falls short; nothing is written. */
export async function previewBudget(
  db: Db,
  doc: SpendDoc,
  ancestors?: FeeTypeAncestors,
): Promise<BudgetCheckReply> {
  return (await plan(db, doc, false, ancestors ?? (await treeAncestors(db, doc.tenantId)))).reply;
}

/**
 * 提交: the document's lines occupy (预占) their nodes, replacing the document's earlier occupation. A 禁止
 * budget short of money refuses (AppError, the caller's transaction rolls back); 个人承担 and 合并 pass and say
 * so in the reply (stored on the document by the caller).
 */
export async function occupyBudget(
  db: Db,
  doc: SpendDoc,
  opts: { round: number; by: number; now: number; ancestors?: FeeTypeAncestors },
): Promise<BudgetCheckReply> {
  return inTransaction(db, async (trx) => {
    const p = await plan(trx, doc, true, opts.ancestors ?? (await treeAncestors(trx, doc.tenantId)));
    if (p.reply.refusal) throw budgetLedgerErrors.overBudget(p.reply.refusal);
    const appended = [
      ...p.open.map((r) => ({
        tenant_id: doc.tenantId,
        budget_id: r.budget_id,
        node_id: r.node_id,
        period: r.period,
        source_type: SOURCE,
        source_id: doc.sourceId,
        source_line: r.source_line,
        round: r.round,
        kind: 'release',
        amount: r.amount,
        // Every row of one multi-row insert names the same columns: SQLite has no DEFAULT in VALUES.
        over_amount: 0,
        personal_amount: 0,
        created_by: opts.by,
        created_at: opts.now,
      })),
      ...p.occupy.map((o) => ({
        tenant_id: doc.tenantId,
        budget_id: o.budget_id,
        node_id: o.node_id,
        period: o.period,
        source_type: SOURCE,
        source_id: doc.sourceId,
        source_line: o.line,
        round: opts.round,
        kind: 'occupy',
        amount: o.amount,
        over_amount: o.over,
        personal_amount: o.personal,
        created_by: opts.by,
        created_at: opts.now,
      })),
    ];
    await repo.insertLedger(trx, appended);
    await writeBalances(trx, doc.tenantId, p);
    await ledgerAppended(trx, appended);
    return p.reply;
  });
}

/**
 * 审批通过 (kind 'use': occupied → used) or 驳回/撤回/退回/删除 (kind 'release': occupied → free) of documents:
 * each open occupation row gets its closing row once (a second call finds nothing open: idempotent).
 */
export async function closeBudget(
  db: Db,
  tenantId: number,
  sourceIds: number[],
  kind: 'use' | 'release',
  opts: { by: number | null; now: number },
) {
  if (sourceIds.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    const first = openRows(await repo.sourceRows(trx, tenantId, SOURCE, sourceIds));
    if (first.length === 0) return 0;
    const rows = await repo.balancesOf(
      trx,
      tenantId,
      first.map((r) => r.node_id),
      true,
    );
    // Read again under the lock: a concurrent close of the same document already wrote its rows.
    const open = openRows(await repo.sourceRows(trx, tenantId, SOURCE, sourceIds));
    const balances = new Map(rows.map((r) => [key(r.node_id, r.period), { ...r }]));
    const loaded = new Map(rows.map((r) => [key(r.node_id, r.period), `${r.occupied}|${r.used}`]));
    for (const r of open) {
      const b = balances.get(key(r.node_id, r.period));
      if (!b) continue;
      b.occupied -= r.amount;
      if (kind === 'use') b.used += r.amount;
    }
    const appended = open.map((r) => ({
      tenant_id: tenantId,
      budget_id: r.budget_id,
      node_id: r.node_id,
      period: r.period,
      source_type: SOURCE,
      source_id: r.source_id,
      source_line: r.source_line,
      round: r.round,
      kind,
      amount: r.amount,
      created_by: opts.by,
      created_at: opts.now,
    }));
    await repo.insertLedger(trx, appended);
    await writeBalances(trx, tenantId, { balances, loaded });
    await ledgerAppended(trx, appended);
    return open.length;
  });
}

/**
 * The balances of a budget against its ledger: every (node, period) whose occupied or used differs from
 * Σoccupy − Σuse − Σrelease and Σuse. Empty = reconciled.
 */
export async function reconcileBudget(db: Db, tenantId: number, budgetId: number) {
  const sums = new Map<string, { occupied: number; used: number }>();
  for (const s of await repo.ledgerSums(db, tenantId, budgetId)) {
    const k = key(s.node_id, s.period);
    const v = sums.get(k) ?? sums.set(k, { occupied: 0, used: 0 }).get(k)!;
    if (s.kind === 'occupy') v.occupied += s.total;
    else if (s.kind === 'use') {
      v.occupied -= s.total;
      v.used += s.total;
    } else v.occupied -= s.total;
  }
  const out: {
    node_id: number;
    period: string;
    balance: Figures;
    ledger: { occupied: number; used: number };
  }[] = [];
  for (const b of await repo.budgetBalances(db, tenantId, budgetId)) {
    const l = sums.get(key(b.node_id, b.period)) ?? { occupied: 0, used: 0 };
    if (l.occupied !== b.occupied || l.used !== b.used)
      out.push({ node_id: b.node_id, period: b.period, balance: b, ledger: l });
  }
  return out;
}
