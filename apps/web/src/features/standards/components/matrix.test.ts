import { describe, expect, it } from 'vitest';
import type { StandardTable } from '@feikong/contracts';
import { draftKey, toCells, toDrafts } from './matrix';

const empty = {
  nightCap: null,
  cabins: null,
  discountCap: null,
  seats: null,
  levels: null,
  mealPerDay: null,
  trafficPerDay: null,
  cap: null,
  period: null,
  text: '',
};

describe('standard matrix drafts', () => {
  it('turns a table into drafts in 元 and 折, and back into the whole table in 分', () => {
    const table: StandardTable = {
      kind: 'air',
      feeType: '',
      dimension: 'grade',
      updatedAt: null,
      updatedByName: '',
      cells: [{ ...empty, subjectId: 3, cityGroupId: 7, cabins: ['economy'], discountCap: 85 }],
    };
    const drafts = toDrafts(table);
    expect(drafts[draftKey(3, 7)]).toMatchObject({ cabins: ['economy'], discount: 8.5 });
    // a cell emptied or outside the rows and columns shown is not saved
    drafts[draftKey(4, 7)] = { cabins: [] };
    drafts[draftKey(9, 9)] = { cabins: ['first'] };
    expect(toCells('air', drafts, [{ id: 3 }, { id: 4 }], [{ id: 7 }, { id: 0 }])).toEqual([
      { subjectId: 3, cityGroupId: 7, cabins: ['economy'], discountCap: 85 },
    ]);
  });

  it('keeps money in 分 and the fee period for every cell', () => {
    const drafts = { [draftKey(1, 0)]: { cap: 123.45 }, [draftKey(2, 0)]: { cap: null } };
    expect(toCells('fee', drafts, [{ id: 1 }, { id: 2 }], [{ id: 0 }], 'month')).toEqual([
      { subjectId: 1, cityGroupId: 0, cap: 12345, period: 'month' },
    ]);
    expect(toCells('hotel', { [draftKey(1, 0)]: { nightCap: 500 } }, [{ id: 1 }], [{ id: 0 }])).toEqual([
      { subjectId: 1, cityGroupId: 0, nightCap: 50000 },
    ]);
    expect(
      toCells('allowance', { [draftKey(1, 0)]: { meal: 100, traffic: null } }, [{ id: 1 }], [{ id: 0 }]),
    ).toEqual([{ subjectId: 1, cityGroupId: 0, mealPerDay: 10000, trafficPerDay: null }]);
  });
});
