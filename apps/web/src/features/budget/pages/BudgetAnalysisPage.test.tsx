import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetAnalysisData } from '@/api/budget';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import BudgetAnalysisPage from './BudgetAnalysisPage';

type NodeRow = BudgetAnalysisData['nodes'][number];
type Overrun = BudgetAnalysisData['overruns'][number];
// ECharts draws on a canvas jsdom lacks: the charts are replaced by what they were given, and their clicks.
vi.mock('../components/BudgetAnalysisCharts', () => ({
  BUDGET_COLOR: { budget: '#000', occupied: '#000', used: '#000', excess: '#000' },
  BudgetNodeChart: ({ nodes, onPick }: { nodes: NodeRow[]; onPick: (r: NodeRow, k: string) => void }) => (
    <div data-testid="chart-budget-nodes">
      {nodes.map((n) => (
        <button key={n.node_id} type="button" onClick={() => onPick(n, 'used')}>
          {`bar:${n.label}:${n.used}`}
        </button>
      ))}
    </div>
  ),
  BudgetTrendChart: ({
    trend,
    onPick,
  }: {
    trend: BudgetAnalysisData['trend'];
    onPick: (p: string, k: string) => void;
  }) => (
    <div data-testid="chart-budget-trend">
      {trend.map((p) => (
        <button key={p.period} type="button" onClick={() => onPick(p.period, 'occupied')}>
          {`point:${p.period}:${p.occupied}`}
        </button>
      ))}
    </div>
  ),
  BudgetOverrunChart: ({ overruns, onPick }: { overruns: Overrun[]; onPick: (o: Overrun) => void }) => (
    <div data-testid="chart-budget-overruns">
      {overruns.map((o) => (
        <button key={`${o.node_id}-${o.period}`} type="button" onClick={() => onPick(o)}>
          {`over:${o.label}:${o.excess}`}
        </button>
      ))}
    </div>
  ),
}));

vi.setConfig({ testTimeout: 60_000 });
const B = '/finobill/api/web/budget';
const node = (id: number, label: string, over: Partial<NodeRow> = {}): NodeRow => ({
  budget_id: 5,
  budget_name: '2026年部门费用预算',
  node_id: id,
  label,
  dimension: 'department',
  dimensionText: '部门',
  has_children: false,
  budget: 1_800_000,
  occupied: 300_000,
  used: 1_600_000,
  available: -100_000,
  rate: 105.6,
  ...over,
});
const REPORT: BudgetAnalysisData = {
  year: 2026,
  period: null,
  budgets: [{ id: 5, name: '2026年部门费用预算', period_type: 'month', periodTypeText: '月度' }],
  path: [{ budget_id: 5, node_id: 1, label: '2026年部门费用预算' }],
  total: { budget: 3_300_000, occupied: 300_000, used: 2_500_000, available: 500_000, rate: 84.8 },
  nodes: [
    node(2, '研发部', { has_children: true }),
    node(3, '财务部', { budget: null, available: null, rate: null }),
  ],
  trend: [{ period: '2026-11', text: '2026年11月', budget: 3_300_000, occupied: 300_000, used: 2_500_000 }],
  overruns: [
    {
      budget_id: 5,
      budget_name: '2026年部门费用预算',
      node_id: 4,
      label: '差旅费',
      path: '研发部 › 差旅费',
      period: '2026-11',
      periodText: '2026年11月',
      budget: 1_200_000,
      occupied: 0,
      used: 1_600_000,
      excess: 400_000,
    },
  ],
};
const LINES = {
  items: [
    {
      source_type: 'bill',
      bill_id: 77,
      bill_number: 'BX202611270001',
      title: '西安合作洽谈差旅报销',
      submitter_name: '员工乙',
      dept_name: '研发部',
      status: 'approved',
      statusText: '已通过',
      occupied: 0,
      used: 276_000,
      over_amount: 0,
      personal_amount: 0,
      last_at: 1_795_000_000_000,
    },
  ],
  page: { page_num: 1, page_size: 20, total: 1 },
  occupied: 0,
  used: 276_000,
};

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: ['budgetList:view'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('预算分析', () => {
  it('shows the totals, the rows one level down, the trend and the overruns of the budget in the URL', async () => {
    const api = stubServer({ [`GET ${B}/analysis`]: () => REPORT });
    renderAt(<BudgetAnalysisPage />, '/budget/budgetAnalysis?budget_id=5&period=2026-11');
    const page = await screen.findByTestId('budget-analysis', undefined, { timeout: 15_000 });
    expect(await within(page).findByText('bar:研发部:1600000', undefined, { timeout: 15_000 })).toBeTruthy();
    const q = api.to(`GET ${B}/analysis`)[0]!.query;
    expect([q.get('budget_id'), q.get('period')]).toEqual(['5', '2026-11']);
    const totals = within(page).getByTestId('budget-analysis-totals');
    expect(totals.textContent).toContain('¥33000.00');
    expect(totals.textContent).toContain('84.8%');
    expect(within(page).getByText('point:2026-11:300000')).toBeTruthy();
    expect(within(page).getByText('over:差旅费:400000')).toBeTruthy();
    const table = within(page).getByTestId('budget-analysis-nodes');
    expect(within(table).getByText('未编制')).toBeTruthy();
    expect(within(table).getByText('-1000.00')).toBeTruthy();
    // A row with children opens the level under it.
    fireEvent.click(within(table).getByText('研发部'));
    await waitFor(() =>
      expect(api.to(`GET ${B}/analysis`).some((c) => c.query.get('node_id') === '2')).toBe(true),
    );
  });

  it('drills down from a bar, a trend point, an overrun or a figure to the documents, each linking to 单据详情', async () => {
    const api = stubServer({
      [`GET ${B}/analysis`]: () => REPORT,
      [`GET ${B}/analysisLines`]: () => LINES,
    });
    renderAt(<BudgetAnalysisPage />, '/budget/budgetAnalysis?budget_id=5');
    const page = await screen.findByTestId('budget-analysis', undefined, { timeout: 15_000 });
    fireEvent.click(await within(page).findByText('bar:研发部:1600000', undefined, { timeout: 15_000 }));
    const drawer = await screen.findByTestId('budget-analysis-lines');
    expect(within(drawer).getByText('单据明细：研发部')).toBeTruthy();
    const link = await within(drawer).findByRole('link', { name: 'BX202611270001' });
    expect(link.getAttribute('href')).toBe('/bill/detail?id=77');
    expect(within(drawer).getByTestId('budget-analysis-lines-sum').textContent).toContain('已用 ¥2760.00');
    const first = api.to(`GET ${B}/analysisLines`)[0]!.query;
    expect([first.get('node_id'), first.get('kind')]).toEqual(['2', 'used']);

    fireEvent.click(within(page).getByText('over:差旅费:400000'));
    await waitFor(() =>
      expect(
        api
          .to(`GET ${B}/analysisLines`)
          .some((c) => c.query.get('node_id') === '4' && c.query.get('period') === '2026-11'),
      ).toBe(true),
    );
    fireEvent.click(within(page).getByText('point:2026-11:300000'));
    await waitFor(() =>
      expect(
        api
          .to(`GET ${B}/analysisLines`)
          .some((c) => c.query.get('node_id') === '1' && c.query.get('kind') === 'occupied'),
      ).toBe(true),
    );
  });

  it('filters by a department chosen from the organisation tree (department_id in the URL and the query)', async () => {
    const dept = {
      key: 'dept-12',
      id: 12,
      pid: 1,
      name: '研发部',
      full_name: '研发部',
      order: 1,
      has_priv: true,
      source: 0,
      org_type: 'dept',
      org_id: 1,
      children: [],
    };
    const api = stubServer({
      [`GET ${B}/analysis`]: () => REPORT,
      ['GET /org-arch-center/api/v1/departments:list']: () => [
        {
          key: 'org-1',
          id: 1,
          pid: 0,
          name: '演示集团',
          full_name: '演示集团',
          order: 0,
          has_priv: true,
          source: 0,
          org_type: 'org',
          org_id: 1,
          children: [dept],
        },
      ],
    });
    const { router } = renderAt(<BudgetAnalysisPage />, '/budget/budgetAnalysis?budget_id=5');
    const page = await screen.findByTestId('budget-analysis', undefined, { timeout: 15_000 });
    await within(page).findByText('bar:研发部:1600000', undefined, { timeout: 15_000 });
    const picker = within(page).getByLabelText('部门');
    fireEvent.mouseDown(picker.querySelector('input')!);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-title')].find(
        (o) => o.textContent === '研发部',
      );
      if (!found) throw new Error('no 研发部 yet');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() =>
      expect(api.to(`GET ${B}/analysis`).some((c) => c.query.get('department_id') === '12')).toBe(true),
    );
    expect(router.state.location.search).toContain('department_id=12');
  });

  it('exports the figures through the task centre (预算执行导出, 152)', async () => {
    const api = stubServer({
      [`GET ${B}/analysis`]: () => REPORT,
      ['POST /task-center/api/v1/tasks:export']: () => ({ id: 9 }),
      ['GET /org-arch-center/api/v1/tasks:byId/9']: () => ({ id: 9, status: 0 }),
    });
    renderAt(<BudgetAnalysisPage />, '/budget/budgetAnalysis?budget_id=5');
    const page = await screen.findByTestId('budget-analysis', undefined, { timeout: 15_000 });
    await within(page).findByText('bar:研发部:1600000', undefined, { timeout: 15_000 });
    fireEvent.click(within(page).getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(api.to('POST /task-center/api/v1/tasks:export')).toHaveLength(1));
    expect(api.to('POST /task-center/api/v1/tasks:export')[0]!.body).toMatchObject({
      operating_type: 152,
      params: { budget_id: 5, year: 2026 },
    });
  });
});
