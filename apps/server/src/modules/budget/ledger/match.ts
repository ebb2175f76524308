import { budgetPeriodOf, budgetPeriods, type BudgetPeriodType } from '@feikong/contracts';

/**
 * The pure part of the budget check (decision 0052): which nodes of a budget a fee line hits, and what a
 * node has left in a period. No database: ledger.ts loads and locks, this decides.
 */

export interface MatchNode {
  id: number;
  parent_id: number | null;
  dimension: string;
  value: string;
}

/** What a fee line is, in the budget's dimensions. */
export interface LineDims {
  /** The document's department and the ones above it, nearest first ([] for none). */
  departments: number[];
  project: number | null;
  person: number | null;
  /** The line's fee-type code and its ancestors, nearest first ([code] while fee types are flat). */
  feeTypes: string[];
}

/**
 * The nodes a line hits: from the root, into every child whose dimension value matches the line — of the
 * children sharing a dimension only the most specific (a fee type's own code before its ancestors, a
 * department before the ones above it) — and
 * on down. The result holds every node on the matched paths (the root and each ancestor too: parents roll
 * up their children). A dimension the line lacks (no department) just matches no node of that dimension;
 * the line still hits the nodes of the other dimensions and the root (never escapes the budget).
 */
export function matchNodes(nodes: MatchNode[], line: LineDims): MatchNode[] {
  const children = new Map<number | null, MatchNode[]>();
  for (const n of nodes) {
    const list = children.get(n.parent_id) ?? children.set(n.parent_id, []).get(n.parent_id)!;
    list.push(n);
  }
  const root = (children.get(null) ?? [])[0];
  if (!root) return [];
  const out: MatchNode[] = [];
  const rank = (n: MatchNode): number => {
    switch (n.dimension) {
      case 'department':
        return line.departments.indexOf(Number(n.value));
      case 'project':
        return line.project !== null && n.value === String(line.project) ? 0 : -1;
      case 'person':
        return line.person !== null && n.value === String(line.person) ? 0 : -1;
      case 'fee_type':
        return line.feeTypes.indexOf(n.value);
      default:
        return -1;
    }
  };
  const walk = (n: MatchNode) => {
    out.push(n);
    const best = new Map<string, { node: MatchNode; rank: number }>();
    for (const c of children.get(n.id) ?? []) {
      const r = rank(c);
      if (r < 0) continue;
      const seen = best.get(c.dimension);
      if (!seen || r < seen.rank) best.set(c.dimension, { node: c, rank: r });
    }
    for (const { node } of best.values()) walk(node);
  };
  walk(root);
  return out;
}

export interface BudgetRules {
  year: number;
  period_type: string;
  overrun_pct: number;
  cumulative: number;
}

/** The budget's period of a local (year, month); null when the budget is for another year. */
export function periodOfLine(b: BudgetRules, year: number, month: number): string | null {
  if (year !== b.year) return null;
  return budgetPeriodOf(year, month, b.period_type as BudgetPeriodType);
}

export interface Figures {
  budget: number | null;
  occupied: number;
  used: number;
}

/**
 * What a node may still take in a period: budget − occupied − used, plus the allowed overrun
 * (⌊budget × pct / 100⌋); when cumulative, plus what earlier periods of the year left (or minus what they
 * overspent). null: the node has no budget in the period (not checked).
 */
export function availableOf(
  b: BudgetRules,
  period: string,
  figuresOf: (period: string) => Figures | undefined,
) {
  const here = figuresOf(period);
  if (!here || here.budget === null) return null;
  const allowance = Math.floor((here.budget * b.overrun_pct) / 100);
  if (!b.cumulative) return here.budget + allowance - here.occupied - here.used;
  let left = 0;
  for (const p of budgetPeriods(b.year, b.period_type as BudgetPeriodType)) {
    const f = figuresOf(p);
    if (f) left += (f.budget ?? 0) - f.occupied - f.used;
    if (p === period) break;
  }
  return left + allowance;
}
