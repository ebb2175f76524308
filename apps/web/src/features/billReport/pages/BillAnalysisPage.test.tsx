import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EfficiencyReport } from '@/api/billReport';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { DETAIL, REPORT } from '../test/fixtures';
import BillAnalysisPage from './BillAnalysisPage';

// ECharts draws on a canvas jsdom lacks: the charts are replaced by what they were given.
vi.mock('../components/EfficiencyCharts', () => ({
  DepartmentChart: ({ report }: { report: EfficiencyReport }) => (
    <div data-testid="chart-department">
      {report.byDepartment.map((d) => `${d.name}:${d.documents}:${d.avgHours}`).join(',')}
    </div>
  ),
  WeekChart: ({ report }: { report: EfficiencyReport }) => (
    <div data-testid="chart-week">{report.byWeek.map((w) => `${w.week}:${w.documents}`).join(',')}</div>
  ),
}));

vi.setConfig({ testTimeout: 60_000 });
const A = '/finobill/api/web/billAnalysis';

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({
    token: 't',
    userStatus: 2,
    userMenus: { perms: ['billAnalysis:view', 'billAnalysis:export'] },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('单据分析', () => {
  it('shows the summary, the charts and the tables of the last 30 days', async () => {
    const api = stubServer({ [`GET ${A}/efficiency`]: () => REPORT });
    renderAt(<BillAnalysisPage />, '/bill/billAnalysis');
    expect((await screen.findByTestId('chart-department', undefined, { timeout: 15_000 })).textContent).toBe(
      '研发部:2:33,市场部:2:3',
    );
    expect(screen.getByTestId('chart-week').textContent).toBe('2026-11-02:2,2026-11-09:2');
    expect(screen.getByText('报销单')).toBeTruthy();
    const q = api.to(`GET ${A}/efficiency`)[0].query;
    expect(q.get('overdueHours')).toBe('48');
    const days = (Date.parse(q.get('endDate')!) - Date.parse(q.get('startDate')!)) / 86_400_000;
    expect(days).toBe(29);
    fireEvent.click(screen.getByRole('tab', { name: '按审批人' }));
    expect(await screen.findByText('王经理')).toBeTruthy();
    expect(screen.getByText('3.5')).toBeTruthy();
  });

  it('details list each document; expanding shows node wait and handling hours', async () => {
    const api = stubServer({
      [`GET ${A}/efficiency`]: () => REPORT,
      [`GET ${A}/details`]: () => ({ items: [DETAIL], page: { page_num: 1, page_size: 20, total: 1 } }),
    });
    renderAt(<BillAnalysisPage />, '/bill/billAnalysis');
    fireEvent.click(await screen.findByRole('tab', { name: '效率明细' }, { timeout: 15_000 }));
    expect(await screen.findByText('BX202611020001')).toBeTruthy();
    expect(screen.getByText('350.00')).toBeTruthy();
    fireEvent.click(document.querySelector<HTMLElement>('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('部门审批')).toBeTruthy();
    expect(api.to(`GET ${A}/details`)[0].query.get('pageSize')).toBe('20');
  });

  it('starts an export task with the filters; no export menu without billAnalysis:export', async () => {
    const api = stubServer({
      [`GET ${A}/efficiency`]: () => REPORT,
      ['POST /task-center/api/v1/tasks:export']: () => ({ id: 5 }),
      ['GET /org-arch-center/api/v1/tasks:byId/5']: () => ({ id: 5, status: 0 }),
    });
    renderAt(<BillAnalysisPage />, '/bill/billAnalysis');
    await screen.findByTestId('chart-department', undefined, { timeout: 15_000 });
    fireEvent.mouseEnter(screen.getByRole('button', { name: /导\s*出/ }));
    fireEvent.click(await screen.findByText('效率明细（按部门）'));
    await waitFor(() => expect(api.to('POST /task-center/api/v1/tasks:export')).toHaveLength(1));
    const body = api.to('POST /task-center/api/v1/tasks:export')[0].body as {
      operating_type: number;
      params: Record<string, unknown>;
    };
    expect(body.operating_type).toBe(26);
    expect(body.params).toMatchObject({
      overdueHours: 48,
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // 审批流程导出 needs flowList:view, which this user lacks
    expect(screen.queryByText('审批流程导出')).toBeNull();
    cleanup();

    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['billAnalysis:view'] } });
    stubServer({ [`GET ${A}/efficiency`]: () => REPORT });
    renderAt(<BillAnalysisPage />, '/bill/billAnalysis');
    await screen.findByTestId('chart-department', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});
