import { describe, expect, it } from 'vitest';
import { availableOf, matchNodes, type MatchNode } from './match.js';

const n = (id: number, parent_id: number | null, dimension: string, value = ''): MatchNode => ({
  id,
  parent_id,
  dimension,
  value,
});
const tree = [
  n(1, null, 'root'),
  n(2, 1, 'department', '10'),
  n(3, 2, 'fee_type', 'travel'),
  n(4, 2, 'fee_type', 'travel.air'),
  n(5, 1, 'project', '7'),
  n(6, 1, 'fee_type', 'office'),
];
const ids = (l: MatchNode[]) => l.map((x) => x.id).sort((a, b) => a - b);

describe('matchNodes', () => {
  it('takes the most specific fee type (own code before ancestors) and every ancestor', () => {
    const line = { departments: [10], project: null, person: null, feeTypes: ['travel.air', 'travel'] };
    expect(ids(matchNodes(tree, line))).toEqual([1, 2, 4]);
    expect(ids(matchNodes(tree, { ...line, feeTypes: ['travel.train', 'travel'] }))).toEqual([1, 2, 3]);
  });
  it('follows every matching dimension; an empty dimension matches nothing but the others still hit', () => {
    expect(
      ids(matchNodes(tree, { departments: [10], project: 7, person: null, feeTypes: ['office'] })),
    ).toEqual([1, 2, 5, 6]);
    expect(
      ids(matchNodes(tree, { departments: [], project: null, person: null, feeTypes: ['office'] })),
    ).toEqual([1, 6]);
    expect(
      ids(matchNodes(tree, { departments: [], project: null, person: null, feeTypes: ['meal'] })),
    ).toEqual([1]);
  });
});

describe('matchNodes by department', () => {
  it('a sub-department spends its parent department’s node; a node of the sub-department itself comes first', () => {
    const line = { departments: [11, 10], project: null, person: null, feeTypes: ['travel'] };
    expect(ids(matchNodes(tree, line))).toEqual([1, 2, 3]);
    const both = [...tree, n(7, 1, 'department', '11')];
    expect(ids(matchNodes(both, line))).toEqual([1, 7]);
    expect(ids(matchNodes(tree, { ...line, departments: [12] }))).toEqual([1]);
  });
});

describe('availableOf', () => {
  const figs: Record<string, { budget: number | null; occupied: number; used: number }> = {
    '2026-01': { budget: 100, occupied: 0, used: 40 },
    '2026-02': { budget: 100, occupied: 30, used: 0 },
    '2026-03': { budget: null, occupied: 0, used: 0 },
  };
  const b = { year: 2026, period_type: 'month', overrun_pct: 10, cumulative: 0 };
  it('budget − occupied − used + overrun; null when not budgeted', () => {
    expect(availableOf(b, '2026-02', (p) => figs[p])).toBe(80);
    expect(availableOf(b, '2026-03', (p) => figs[p])).toBeNull();
  });
  it('cumulative: what earlier periods left carries over', () => {
    expect(availableOf({ ...b, cumulative: 1 }, '2026-02', (p) => figs[p])).toBe(60 + 70 + 10);
  });
});
