import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { billDetail, todoPage, todoRow } from '../test/fixtures';
import BillDetailPage from './BillDetailPage';
import TodoListPage from './TodoListPage';

/** Risk flags for the approver (issue 20 part 3): 我的待办's 风险 column and filter, the detail's 风险提示. */
vi.setConfig({ testTimeout: 60_000 });

const F = '/finobill/api/web/flow';
const T = { timeout: 15_000 };
const flag = (ruleName: string, detail: string) => ({
  ruleId: 1,
  ruleName,
  ruleKind: 'invoiceOtherYear',
  action: 'flag',
  message: '发票开票年度与提交年度不同',
  detail,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: ['billExpense:view'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root, .ant-select-dropdown').forEach((n) => n.remove());
});

describe('我的待办 风险', () => {
  it('shows the flagging rules per row and filters on them through the URL', async () => {
    const api = stubServer({
      [`GET ${F}/todoPageList`]: () =>
        todoPage([todoRow(1, { riskNames: ['跨年发票', '购买方非本公司'] }), todoRow(2)]),
      [`GET ${F}/todoCount`]: () => ({ pending: 2, cc: 0 }),
    });
    renderAt(<TodoListPage />, '/todo/list?risk=true');
    const flagged = (await screen.findByText('BX202611270001', undefined, T)).closest('tr')!;
    expect(within(flagged).getByTestId('risk-tags').textContent).toBe('跨年发票+1');
    const clean = screen.getByText('BX202611270002').closest('tr')!;
    expect(within(clean).getByText('无')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '风险' })).toBeTruthy();
    expect(api.to(`GET ${F}/todoPageList`)[0].query.get('risk')).toBe('true');

    // The filter: 无风险 asks for the unflagged ones.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '风险筛选' }));
    fireEvent.click(await screen.findByTitle('无风险', undefined, T));
    await waitFor(() => expect(api.to(`GET ${F}/todoPageList`).at(-1)!.query.get('risk')).toBe('false'), T);
  });
});

describe('单据详情 风险提示', () => {
  it('lists each flag with its rule, message and what hit it; an over-claimed line shows its 超额说明', async () => {
    const base = billDetail(3);
    stubServer({
      [`GET ${F}/detail`]: () => ({
        ...base,
        riskFlags: [flag('跨年发票', '发票24112000000048542163开票日期2024-12-30，不是2026年的发票')],
        fees: base.fees.map((f) => ({ ...f, overReason: '含现场补差价' })),
      }),
    });
    renderAt(<BillDetailPage />, '/bill/detail?id=3');
    const alert = await screen.findByTestId('risk-flags', undefined, T);
    expect(alert.textContent).toContain('风险提示（1）');
    expect(alert.textContent).toContain(
      '跨年发票发票开票年度与提交年度不同：发票24112000000048542163开票日期2024-12-30，不是2026年的发票',
    );
    expect(screen.getByTestId('over-reason').textContent).toBe('超额含现场补差价');
  });

  it('shows no 风险提示 for a document without flags', async () => {
    stubServer({ [`GET ${F}/detail`]: () => billDetail(4) });
    renderAt(<BillDetailPage />, '/bill/detail?id=4');
    await screen.findByTestId('line-invoice-24112000000048542163', undefined, T);
    expect(screen.queryByTestId('risk-flags')).toBeNull();
  });
});
