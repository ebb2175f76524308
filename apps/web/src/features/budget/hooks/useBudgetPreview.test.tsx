import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { BudgetPreviewAlert } from '../components/BudgetPreviewAlert';
import { useBudgetPreview, type PreviewLine } from './useBudgetPreview';

const CHECK = 'POST /finobill/api/web/budget/check';
const refusal =
  '预算「2026年市场部」研发部 2026年11月 可用 ¥1,000.00，本单占用 ¥1,500.00，超出 ¥500.00，不能提交';
const reply = {
  lines: [
    {
      fee_id: 1,
      fee_type: 'travel',
      amount: 150_000,
      period: '2026-11',
      hits: [
        {
          budget_id: 5,
          budget_name: '2026年市场部',
          node_id: 2,
          node_label: '研发部',
          period: '2026-11',
          control: 3,
          available: 100_000,
          occupy: 150_000,
          over: 50_000,
        },
      ],
      over: 50_000,
      personal: 0,
      flagged: false,
      refusal,
    },
  ],
  personal: 0,
  refusal,
};

function Form({ lines, billId }: { lines: PreviewLine[]; billId?: number }) {
  return <BudgetPreviewAlert check={useBudgetPreview({ billId, lines, departmentId: 7 })} />;
}
/** The form's fee lines as the user types them (set from the test). */
let type: (lines: PreviewLine[]) => void = () => undefined;
function Typing({ billId }: { billId?: number }) {
  const [lines, setLines] = useState<PreviewLine[]>([]);
  type = setLines;
  return <Form lines={lines} billId={billId} />;
}
const day = new Date(2026, 10, 20).getTime();

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: [] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('预算预览 while typing', () => {
  it('asks once the typing settles, with the complete lines only, and shows the refusal before any save', async () => {
    const api = stubServer({ [CHECK]: () => reply });
    renderAt(<Typing billId={31} />, '/bill/edit');
    const typed = (amount: number | null): PreviewLine[] => [
      { feeType: 'travel', amount, date: day },
      { feeType: null, amount: 5_000, date: day }, // no fee type yet: not asked about
    ];
    // Three keystrokes inside the pause: one request, for the last amount.
    for (const amount of [1_500, 15_000, 150_000]) {
      act(() => type(typed(amount)));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(api.to(CHECK)).toHaveLength(0);
    expect(await screen.findByTestId('budget-preview', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('budget-preview').textContent).toContain(refusal);
    const calls = api.to(CHECK);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      bill_id: 31,
      department_id: 7,
      lines: [{ fee_type: 'travel', amount: 150_000, date: '2026-11-20' }],
    });
  });

  it('says nothing while no line is complete, and nothing when the budgets cannot be asked', async () => {
    const api = stubServer({ [CHECK]: () => new Response('{}', { status: 500 }) });
    renderAt(<Form lines={[{ feeType: 'travel', amount: null, date: day }]} />, '/bill/edit');
    await new Promise((r) => setTimeout(r, 800));
    expect(api.to(CHECK)).toHaveLength(0);
    cleanup();
    renderAt(<Form lines={[{ feeType: 'travel', amount: 100, date: day }]} />, '/bill/edit');
    await waitFor(() => expect(api.to(CHECK)).toHaveLength(1), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('budget-preview')).toBeNull();
  });
});
