import { describe, expect, it } from 'vitest';
import { evaluateCondition, pickBranch } from './conditions.js';
import type { Branch, Condition } from './types.js';

const v = {
  amount: 150000,
  feeType: ['travel', 'meal'],
  departmentId: 'd1',
  companyId: 'c1',
  projectId: 'p9',
  city: '上海',
};

describe('conditions', () => {
  it.each<[Condition, boolean]>([
    [{ field: 'amount', op: 'eq', value: 150000 }, true],
    [{ field: 'amount', op: 'ne', value: 150000 }, false],
    [{ field: 'amount', op: 'gt', value: 150000 }, false],
    [{ field: 'amount', op: 'gte', value: 150000 }, true],
    [{ field: 'amount', op: 'lt', value: 200000 }, true],
    [{ field: 'amount', op: 'lte', value: 149999 }, false],
    [{ field: 'amount', op: 'between', value: [100000, 150000] }, true],
    [{ field: 'departmentId', op: 'in', value: ['d1', 'd2'] }, true],
    [{ field: 'companyId', op: 'notIn', value: ['c1'] }, false],
    [{ field: 'projectId', op: 'eq', value: 'p9' }, true],
    [{ field: 'city', op: 'eq', value: '上海' }, true],
    // A list (fee types of the lines): positive operators hold when any element does, negative when all do.
    [{ field: 'feeType', op: 'eq', value: 'meal' }, true],
    [{ field: 'feeType', op: 'notIn', value: ['meal'] }, false],
    [{ field: 'feeType', op: 'ne', value: 'hotel' }, true],
    // A missing field holds only for negative operators.
    [{ field: 'nothing', op: 'eq', value: 'x' }, false],
    [{ field: 'nothing', op: 'ne', value: 'x' }, true],
    [{ field: 'amount', op: 'gt', value: '1' }, false],
  ])('%j → %s', (c, expected) => {
    expect(evaluateCondition(v, c)).toBe(expected);
  });

  it('combines all and any groups', () => {
    const c: Condition = {
      all: [
        { field: 'companyId', op: 'eq', value: 'c1' },
        {
          any: [
            { field: 'amount', op: 'gt', value: 1e9 },
            { field: 'feeType', op: 'in', value: ['travel'] },
          ],
        },
      ],
    };
    expect(evaluateCondition(v, c)).toBe(true);
    expect(evaluateCondition({ ...v, feeType: 'office' }, c)).toBe(false);
  });

  it('takes the first branch that holds, in order, else the default', () => {
    const branches: Branch[] = [
      { id: 'def', name: '其他', isDefault: true, next: 'x' },
      { id: 'b1', name: '大额', when: { field: 'amount', op: 'gte', value: 100000 }, next: 'big' },
      { id: 'b2', name: '更大额', when: { field: 'amount', op: 'gte', value: 140000 }, next: 'bigger' },
    ];
    expect(pickBranch(branches, v)?.id).toBe('b1');
    expect(pickBranch(branches, { amount: 10 })?.id).toBe('def');
  });
});
