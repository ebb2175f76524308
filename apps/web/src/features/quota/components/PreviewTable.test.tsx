import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/test/layoutDom';
import type { QuotaPreview } from '@feikong/contracts';
import { PreviewTable } from './PreviewTable';

afterEach(cleanup);

const line = (i: number) => ({
  user_id: i,
  name: `员工${i}`,
  phone: `1380000${String(i).padStart(4, '0')}`,
  balance: 1050,
  amount: 30000,
  balance_after: 31050,
});

describe('发放预览', () => {
  it('shows who gets how much in 元 with 2 decimals, and the totals', () => {
    const preview: QuotaPreview = {
      scene_id: 7,
      scene_name: '工作餐',
      people: 2,
      total: 60000,
      expires_at: null,
      lines: [line(1), { ...line(2), balance: 0, balance_after: 30000 }],
    };
    render(<PreviewTable preview={preview} />);
    const box = screen.getByTestId('quota-preview');
    expect(box.textContent).toContain('工作餐');
    expect(box.textContent).toContain('2 人');
    expect(box.textContent).toContain('600.00 元');
    expect(box.textContent).toContain('长期有效');
    const rows = box.querySelectorAll('tbody tr.ant-table-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first).toEqual(['员工1', '13800000001', '10.50', '300.00', '310.50']);
    expect(box.textContent).not.toContain('未列出');
  });

  it('says how many people are not listed when the server sends only the first 200', () => {
    const lines = Array.from({ length: 200 }, (_, i) => line(i + 1));
    render(
      <PreviewTable
        preview={{
          scene_id: 7,
          scene_name: '工作餐',
          people: 250,
          total: 250 * 30000,
          expires_at: null,
          lines,
        }}
      />,
    );
    expect(screen.getByText('另有 50 人未列出，发放总额已计入')).toBeTruthy();
    expect(screen.getByTestId('quota-preview').textContent).toContain('75000.00 元');
  });
});
