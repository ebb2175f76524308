import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BudgetLineResult } from '@feikong/contracts';
import { BillBudgetPanel } from './BillBudgetPanel';
import { BudgetPreviewAlert } from './BudgetPreviewAlert';

afterEach(cleanup);

const line = (over: Partial<BudgetLineResult> = {}): BudgetLineResult => ({
  fee_id: 1,
  fee_type: 'travel',
  amount: 150_000,
  period: '2026-11',
  hits: [
    {
      budget_id: 1,
      budget_name: '2026年市场部',
      node_id: 2,
      node_label: '差旅费',
      period: '2026-11',
      control: 2,
      available: 100_000,
      occupy: 150_000,
      over: 50_000,
    },
  ],
  over: 50_000,
  personal: 50_000,
  flagged: false,
  refusal: null,
  ...over,
});

describe('BillBudgetPanel (单据详情 › 预算)', () => {
  it('shows nothing for a document no budget checked', () => {
    const { container } = render(<BillBudgetPanel lines={[]} personal={0} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the line’s budget, 预算占用, 超预算 and 个人承担', () => {
    render(<BillBudgetPanel lines={[line()]} personal={50_000} />);
    const panel = screen.getByTestId('bill-budget');
    expect(panel.textContent).toContain('个人承担 ¥500.00');
    expect(panel.textContent).toContain('2026年市场部 · 差旅费 · 2026年11月（提交时可用 ¥1000.00）');
    expect(panel.textContent).toContain('¥1500.00');
    expect(panel.textContent).toContain('超预算 ¥500.00');
    expect(screen.getByTestId('bill-budget-personal').textContent).toBe('¥500.00');
  });

  it('names a line’s fee type as the document does (a child of the tenant’s tree)', () => {
    render(
      <BillBudgetPanel
        lines={[line({ fee_type: 'travel_air' })]}
        personal={0}
        feeTypeNames={{ travel_air: '机票' }}
      />,
    );
    expect(screen.getByRole('cell', { name: '机票' })).toBeTruthy();
  });

  it('flags a line over a 合并 budget to the approver without a personal share', () => {
    const combine = line({ personal: 0, flagged: true, hits: [{ ...line().hits[0]!, control: 1 }] });
    render(<BillBudgetPanel lines={[combine]} personal={0} />);
    expect(screen.getByTestId('bill-budget').textContent).toContain('本单超预算（预算允许超支并标记）');
    expect(screen.queryByTestId('bill-budget-personal')).toBeNull();
  });
});

describe('BudgetPreviewAlert (填写单据 › 预算预览)', () => {
  const refusal =
    '预算「2026年市场部」差旅费 2026年11月 可用 ¥1,000.00，本单占用 ¥1,500.00，超出 ¥500.00，不能提交';
  it('says what a forbid budget would refuse, the personal share, or that the budget covers it', () => {
    const { rerender } = render(
      <BudgetPreviewAlert check={{ lines: [line({ personal: 0, refusal })], personal: 0, refusal }} />,
    );
    expect(screen.getByTestId('budget-preview').textContent).toContain(refusal);
    rerender(<BudgetPreviewAlert check={{ lines: [line()], personal: 50_000, refusal: null }} />);
    expect(screen.getByTestId('budget-preview').textContent).toContain('个人承担 ¥500.00');
    rerender(
      <BudgetPreviewAlert check={{ lines: [line({ over: 0, personal: 0 })], personal: 0, refusal: null }} />,
    );
    expect(screen.getByTestId('budget-preview').textContent).toContain('预算充足：提交后占用预算 ¥1500.00');
    rerender(<BudgetPreviewAlert check={{ lines: [line({ hits: [] })], personal: 0, refusal: null }} />);
    expect(screen.queryByTestId('budget-preview')).toBeNull();
  });
});
