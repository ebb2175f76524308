import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EfficiencyReport } from '@/api/billReport';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { efficiencyPrintUrl, readEfficiencyQuery } from '../printQuery';
import { DETAIL, REPORT } from '../test/fixtures';
import { EfficiencyAnalysisPrintPage, EfficiencyDetailsPrintPage } from './EfficiencyPrintPages';

// ECharts draws on a canvas jsdom lacks: the charts are replaced by what they were given.
vi.mock('../components/EfficiencyCharts', () => ({
  DepartmentChart: ({ report }: { report: EfficiencyReport }) => (
    <div data-testid="chart-department">{report.byDepartment.map((d) => d.name).join(',')}</div>
  ),
  WeekChart: ({ report }: { report: EfficiencyReport }) => (
    <div data-testid="chart-week">{report.byWeek.length}</div>
  ),
}));

vi.setConfig({ testTimeout: 60_000 });
const A = '/finobill/api/web/billAnalysis';
const QUERY = '?startDate=2026-11-01&endDate=2026-11-27&billType=expense&overdueHours=24';

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

describe('the printable query', () => {
  it('reads the URL, falling back on bad values, and writes it back', () => {
    const { filter, page } = readEfficiencyQuery(`${QUERY}&pageNum=2&pageSize=50`);
    expect(filter).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-27',
      billType: 'expense',
      overdueHours: 24,
    });
    expect(page).toEqual({ pageNum: 2, pageSize: 50 });
    const bad = readEfficiencyQuery('?startDate=11/01&billType=cash&overdueHours=-3&pageSize=1000');
    expect(bad.filter.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(bad.filter.billType).toBeUndefined();
    expect(bad.filter.overdueHours).toBe(48);
    expect(bad.page).toEqual({ pageNum: 1, pageSize: 100 });
    expect(efficiencyPrintUrl('efficiencyDetailsBillDetail', filter)).toBe(
      `/subForm/efficiencyDetailsBillDetail${QUERY}`,
    );
  });
});

describe('printable 单据分析 pages', () => {
  it('efficiencyAnalysisBillDetail: the query, the charts and every table at once; 打印 prints', async () => {
    const api = stubServer({ [`GET ${A}/efficiency`]: () => REPORT });
    const print = vi.fn();
    renderAt(
      <EfficiencyAnalysisPrintPage search={QUERY} print={print} />,
      '/subForm/efficiencyAnalysisBillDetail',
    );
    expect((await screen.findByTestId('chart-department', undefined, { timeout: 15_000 })).textContent).toBe(
      '研发部,市场部',
    );
    expect(screen.getByRole('heading', { name: '审批效率分析' })).toBeTruthy();
    expect(screen.getByText('提交日期：2026-11-01 至 2026-11-27')).toBeTruthy();
    expect(screen.getByText('单据类型：报销单')).toBeTruthy();
    // No tabs: the approver table shows without a click.
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByText('王经理')).toBeTruthy();
    const q = api.to(`GET ${A}/efficiency`)[0].query;
    expect([q.get('startDate'), q.get('endDate'), q.get('billType'), q.get('overdueHours')]).toEqual([
      '2026-11-01',
      '2026-11-27',
      'expense',
      '24',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('efficiencyDetailsBillDetail: each document with its nodes open, 100 a page', async () => {
    const api = stubServer({
      [`GET ${A}/details`]: () => ({ items: [DETAIL], page: { page_num: 1, page_size: 100, total: 1 } }),
    });
    renderAt(
      <EfficiencyDetailsPrintPage search={QUERY} print={vi.fn()} />,
      '/subForm/efficiencyDetailsBillDetail',
    );
    expect(await screen.findByText('BX202611020001', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '审批效率明细' })).toBeTruthy();
    // The node table is open without clicking anything.
    expect(screen.getByText('部门审批')).toBeTruthy();
    expect(api.to(`GET ${A}/details`)[0].query.get('pageSize')).toBe('100');
  });
});
