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
 * A budget's nodes indexed for matching, built once per published version (ledger.ts caches it): each node's
 * children by dimension and value, so a line finds its child in a lookup per dimension, not a pass over the
 * tree (a 20,000-node budget is matched in microseconds).
 */
export interface CompiledNodes<N extends MatchNode = MatchNode> {
  root: N | undefined;
  /** node id → dimension → dimension value → the first child (sort order) of that value. */
  children: Map<number, Map<string, Map<string, N>>>;
}
/** A department's value as the line names it (departments are ids; '012' and '12' are one department). */
const valueKey = (dimension: string, value: string) =>
  dimension === 'department' ? String(Number(value)) : value;

export function compileNodes<N extends MatchNode>(nodes: N[]): CompiledNodes<N> {
  const children = new Map<number, Map<string, Map<string, N>>>();
  let root: N | undefined;
  for (const n of nodes) {
    if (n.parent_id === null) {
      root ??= n;
      continue;
    }
    const dims = children.get(n.parent_id) ?? children.set(n.parent_id, new Map()).get(n.parent_id)!;
    const values = dims.get(n.dimension) ?? dims.set(n.dimension, new Map()).get(n.dimension)!;
    const k = valueKey(n.dimension, n.value);
    if (!values.has(k)) values.set(k, n);
  }
  return { root, children };
}

/** The candidates of a dimension for a line, most specific first. */
function wanted(dimension: string, line: LineDims): string[] {
  switch (dimension) {
    case 'department':
      return line.departments.map(String);
    case 'project':
      return line.project === null ? [] : [String(line.project)];
    case 'person':
      return line.person === null ? [] : [String(line.person)];
    case 'fee_type':
      return line.feeTypes;
    default:
      return [];
  }
}

/**
 * The nodes a line hits: from the root, into every child whose dimension value matches the line — of the
 * children sharing a dimension only the most specific (a fee type's own code before its ancestors, a
 * department before the ones above it) — and on down. The result holds every node on the matched paths (the
 * root and each ancestor too: parents roll up their children). A dimension the line lacks (no department)
 * just matches no node of that dimension; the line still hits the nodes of the other dimensions and the
 * root (never escapes the budget).
 */
export function matchCompiled<N extends MatchNode>(c: CompiledNodes<N>, line: LineDims): N[] {
  if (!c.root) return [];
  const out: N[] = [];
  const walk = (n: N) => {
    out.push(n);
    for (const [dimension, values] of c.children.get(n.id) ?? []) {
      for (const v of wanted(dimension, line)) {
        const child = values.get(v);
        if (child) {
          walk(child);
          break;
        }
      }
    }
  };
  walk(c.root);
  return out;
}

/** matchCompiled over a plain node list (tests, one-off checks). */
export function matchNodes<N extends MatchNode>(nodes: N[], line: LineDims): N[] {
  return matchCompiled(compileNodes(nodes), line);
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
