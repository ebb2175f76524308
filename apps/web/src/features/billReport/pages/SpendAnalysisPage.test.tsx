import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpendReport } from '@/api/billReport';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import SpendAnalysisPage from './SpendAnalysisPage';

// ECharts draws on a canvas jsdom lacks: the charts are replaced by what they were given, and a bar click.
vi.mock('../components/SpendCharts', () => ({
  SpendGroupChart: ({ report, onPick }: { report: SpendReport; onPick: (key: string) => void }) => (
    <div data-testid="chart-spend-groups">
      {report.groups.map((g) => (
        <button key={g.key} type="button" onClick={() => onPick(g.key)}>
          {`bar:${g.name}:${g.approved}`}
        </button>
      ))}
    </div>
  ),
  SpendMonthChart: ({ report }: { report: SpendReport }) => (
    <div data-testid="chart-spend-months">
      {report.months.map((m) => `${m.month}:${m.approved}`).join(',')}
    </div>
  ),
}));

vi.setConfig({ testTimeout: 60_000 });
const A = '/finobill/api/web/billAnalysis';

const REPORT: SpendReport = {
  groupBy: 'department',
  total: { approved: 3700000, paid: 3500000, approving: 800000, documents: 3, lines: 4 },
  groups: [
    { key: '11', name: '研发部', approved: 3700000, paid: 3500000, approving: 0, documents: 2, lines: 3 },
    { key: '12', name: '市场部', approved: 0, paid: 0, approving: 800000, documents: 1, lines: 1 },
  ],
  months: [{ month: '2026-11', approved: 3700000, approving: 800000 }],
};
const LINE = {
  billId: 7,
  billNumber: 'BX202611010001',
  title: '北京出差',
  billType: 'expense',
  billTypeText: '报销单',
  submitterName: '张三',
  deptName: '研发部',
  orgName: '演示子公司',
  projectName: '星火（XH01）',
  feeType: 'hotel',
  feeTypeText: '住宿费',
  amount: 3000000,
  feeDate: '2026-11-01',
  status: 'approved',
  statusText: '已通过',
  payStatus: 'paid',
};

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: ['billAnalysis:view'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('费用分析', () => {
  it('shows this month’s money by department, with shares and the trend', async () => {
    const api = stubServer({ [`GET ${A}/spend`]: () => REPORT });
    renderAt(<SpendAnalysisPage />, '/bill/spendAnalysis');
    expect(await screen.findByText('bar:研发部:3700000', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('chart-spend-months').textContent).toBe('2026-11:3700000');
    expect(screen.getAllByText('¥37000.00').length).toBeGreaterThan(0);
    expect(screen.getByText('100.0%')).toBeTruthy();
    const q = api.to(`GET ${A}/spend`)[0].query;
    expect(q.get('groupBy')).toBe('department');
    expect(q.get('startDate')).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('asks again by another dimension', async () => {
    const api = stubServer({ [`GET ${A}/spend`]: () => REPORT });
    renderAt(<SpendAnalysisPage />, '/bill/spendAnalysis');
    await screen.findByText('bar:研发部:3700000', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByText('按费用类型'));
    await waitFor(() =>
      expect(api.to(`GET ${A}/spend`).some((c) => c.query.get('groupBy') === 'feeType')).toBe(true),
    );
  });

  it('reads the range and the dimension from the URL, ignoring a bad date', async () => {
    const api = stubServer({ [`GET ${A}/spend`]: () => REPORT });
    renderAt(
      <SpendAnalysisPage />,
      '/bill/spendAnalysis?startDate=2026-10-01&endDate=2026-10-31&groupBy=project',
    );
    await screen.findByText('bar:研发部:3700000', undefined, { timeout: 15_000 });
    const q = api.to(`GET ${A}/spend`)[0].query;
    expect([q.get('startDate'), q.get('endDate'), q.get('groupBy')]).toEqual([
      '2026-10-01',
      '2026-10-31',
      'project',
    ]);
    cleanup();
    const again = stubServer({ [`GET ${A}/spend`]: () => REPORT });
    renderAt(
      <SpendAnalysisPage />,
      '/bill/spendAnalysis?startDate=2026-02-30&endDate=2026-03-01&groupBy=city',
    );
    await screen.findByText('bar:研发部:3700000', undefined, { timeout: 15_000 });
    const q2 = again.to(`GET ${A}/spend`)[0].query;
    expect(q2.get('groupBy')).toBe('department');
    expect(q2.get('startDate')).toMatch(/-01$/);
  });

  it('drills down from a bar or a row to the lines, each opening its document', async () => {
    const api = stubServer({
      [`GET ${A}/spend`]: () => REPORT,
      [`GET ${A}/spendLines`]: () => ({
        items: [LINE],
        page: { page_num: 1, page_size: 20, total: 1 },
        amount: 3000000,
      }),
    });
    renderAt(<SpendAnalysisPage />, '/bill/spendAnalysis');
    fireEvent.click(await screen.findByText('bar:研发部:3700000', undefined, { timeout: 15_000 }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('费用明细：研发部')).toBeTruthy();
    const link = await within(drawer).findByRole('link', { name: 'BX202611010001' });
    expect(link.getAttribute('href')).toBe('/bill/detail?id=7');
    expect(within(drawer).getByTestId('spend-lines-sum').textContent).toBe('合计 ¥30000.00');
    expect(api.to(`GET ${A}/spendLines`)[0].query.get('key')).toBe('11');
  });

  it('exports the figures, or one group’s lines, through the task centre; no 导出 without billAnalysis:export', async () => {
    setSession({
      token: 't',
      userStatus: 2,
      userMenus: { perms: ['billAnalysis:view', 'billAnalysis:export'] },
    });
    const api = stubServer({
      [`GET ${A}/spend`]: () => REPORT,
      [`GET ${A}/spendLines`]: () => ({
        items: [LINE],
        page: { page_num: 1, page_size: 20, total: 1 },
        amount: 3000000,
      }),
      ['POST /task-center/api/v1/tasks:export']: () => ({ id: 9 }),
      ['GET /org-arch-center/api/v1/tasks:byId/9']: () => ({ id: 9, status: 0 }),
    });
    renderAt(
      <SpendAnalysisPage />,
      '/bill/spendAnalysis?startDate=2026-11-01&endDate=2026-11-30&groupBy=feeType',
    );
    await screen.findByText('bar:研发部:3700000', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(api.to('POST /task-center/api/v1/tasks:export')).toHaveLength(1));
    expect(api.to('POST /task-center/api/v1/tasks:export')[0].body).toEqual({
      operating_type: 142,
      params: { startDate: '2026-11-01', endDate: '2026-11-30', groupBy: 'feeType' },
    });
    fireEvent.click(screen.getByText('bar:市场部:0'));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(await within(drawer).findByRole('button', { name: '导出明细' }));
    await waitFor(() => expect(api.to('POST /task-center/api/v1/tasks:export')).toHaveLength(2));
    expect(api.to('POST /task-center/api/v1/tasks:export')[1].body).toMatchObject({
      operating_type: 142,
      params: { groupBy: 'feeType', key: '12' },
    });
    cleanup();

    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['billAnalysis:view'] } });
    stubServer({ [`GET ${A}/spend`]: () => REPORT });
    renderAt(<SpendAnalysisPage />, '/bill/spendAnalysis');
    await screen.findByText('bar:研发部:3700000', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('narrows by fee type (from the tenant’s tree) and by project, kept in the URL', async () => {
    const api = stubServer({
      [`GET ${A}/spend`]: () => REPORT,
      ['GET /finobill/api/web/feeType/options']: () => [
        { id: 1, code: 'travel', name: '差旅费', parent_id: 0, level: 1 },
        { id: 2, code: 'travel_air', name: '机票', parent_id: 1, level: 2 },
      ],
      ['GET /finobill/api/web/project/options']: () => [],
    });
    renderAt(
      <SpendAnalysisPage />,
      '/bill/spendAnalysis?startDate=2026-11-01&endDate=2026-11-30&projectId=7',
    );
    await screen.findByText('bar:研发部:3700000', undefined, { timeout: 15_000 });
    expect(api.to(`GET ${A}/spend`)[0].query.get('projectId')).toBe('7');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '费用类型' }));
    fireEvent.click(await screen.findByTitle('机票'));
    await waitFor(() =>
      expect(api.to(`GET ${A}/spend`).some((c) => c.query.get('feeType') === 'travel_air')).toBe(true),
    );
  });

  it('shows 空空如也~ when nothing was spent', async () => {
    stubServer({
      [`GET ${A}/spend`]: () => ({
        ...REPORT,
        total: { approved: 0, paid: 0, approving: 0, documents: 0, lines: 0 },
        groups: [],
        months: [{ month: '2026-11', approved: 0, approving: 0 }],
      }),
    });
    renderAt(<SpendAnalysisPage />, '/bill/spendAnalysis');
    expect(await screen.findByText('空空如也~', undefined, { timeout: 15_000 })).toBeTruthy();
  });
});
