import { describe, expect, it } from 'vitest';
import { draftBody, draftProblems, draftTotal, type DraftLine } from './components/PurchaseLines';
import { purchaseTaskIdOf, purchaseTaskPrintTitle } from './pages/PurchaseTaskPrintPage';
import { purchaseTaskPrintUrl } from './queries';

const line = (p: Partial<DraftLine> = {}): DraftLine => ({
  key: 'k',
  name: '笔记本电脑',
  spec: '14寸',
  quantity: 2,
  price: 6500.5,
  expect_date: 1_796_000_000_000,
  fee_type: null,
  ...p,
});

describe('采购管理 (client)', () => {
  it('prints the task at /subForm/purchaseTaskDetail/0/0 with its id in the query, titled org + 采购单', () => {
    expect(purchaseTaskPrintUrl(12)).toBe('/subForm/purchaseTaskDetail/0/0?id=12');
    expect(purchaseTaskIdOf('?id=12')).toBe(12);
    expect(purchaseTaskIdOf('?purchase_task_id=7')).toBe(7);
    expect(purchaseTaskIdOf('?id=0')).toBeNull();
    expect(purchaseTaskIdOf('?id=abc')).toBeNull();
    expect(purchaseTaskPrintTitle('演示集团')).toBe('演示集团采购单');
  });

  it('checks and totals the purchase lines in 分', () => {
    expect(draftTotal([line(), line({ quantity: 1, price: 0.01 })])).toBe(2 * 650_050 + 1);
    expect(draftProblems([])).toEqual(['请至少填写一行采购明细']);
    expect(draftProblems([line({ name: ' ', quantity: 0, price: null })])).toEqual([
      '采购明细第1行：请填写品名',
      '采购明细第1行：数量必须大于0',
      '采购明细第1行：请填写单价',
    ]);
    expect(draftBody([line(), line({ fee_type: 'office' })])).toEqual([
      {
        name: '笔记本电脑',
        spec: '14寸',
        quantity: 2,
        price: 650_050,
        expect_date: 1_796_000_000_000,
        fee_type: null,
      },
      {
        name: '笔记本电脑',
        spec: '14寸',
        quantity: 2,
        price: 650_050,
        expect_date: 1_796_000_000_000,
        fee_type: 'office',
      },
    ]);
  });
});
