import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { BudgetImportExport } from './BudgetImportExport';

vi.setConfig({ testTimeout: 30_000 });
const TASKS = '/task-center/api/v1';
const task = (over: Record<string, unknown>) => ({
  id: 9,
  status: 1,
  operating_type: 150,
  file_name: '预算导入.xlsx',
  success_amount: 0,
  fail_amount: 0,
  error_msg: null,
  export_attachment: null,
  create_time: 0,
  update_time: 0,
  creator_name: '',
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: ['budgetList:edit'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function uploadIn(dialog: HTMLElement) {
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
  const file = new File(['x'], '预算.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('预算详情 › 导入/导出 (tasks 150/151)', () => {
  it('a view-only user exports; the 导入 button is not there', async () => {
    const api = stubServer({ [`POST ${TASKS}/tasks:export`]: () => ({ id: 3 }) });
    renderAt(<BudgetImportExport budgetId={7} dimensionText="部门" canEdit={false} onImported={() => {}} />);
    expect(screen.queryByTestId('budget-import')).toBeNull();
    fireEvent.click(screen.getByTestId('budget-export'));
    await waitFor(() => expect(api.to(`POST ${TASKS}/tasks:export`)).toHaveLength(1));
    expect(api.to(`POST ${TASKS}/tasks:export`)[0]!.body).toEqual({
      operating_type: 151,
      params: { budget_id: 7, template: false },
    });
  });

  it('uploads with the budget id; bad rows: nothing published and the failure file; then a new version', async () => {
    let answer = task({
      fail_amount: 2,
      export_attachment: JSON.stringify({ url: '/f/x', name: '失败.xlsx' }),
    });
    const api = stubServer({
      [`POST ${TASKS}/tasks:import`]: () => ({ id: 9 }),
      'GET /org-arch-center/api/v1/tasks:byId/9': () => answer,
    });
    const onImported = vi.fn();
    renderAt(<BudgetImportExport budgetId={7} dimensionText="部门" canEdit onImported={onImported} />);
    fireEvent.click(screen.getByTestId('budget-import'));
    const dialog = await screen.findByTestId('budget-import-dialog');
    expect(within(dialog).getByText(/部门编码（或名称）/)).toBeTruthy();
    await uploadIn(dialog);
    await waitFor(() => expect(api.to(`POST ${TASKS}/tasks:import`)).toHaveLength(1));
    const form = api.fn.mock.calls.find(([url]) => String(url).includes('tasks:import'))![1]!
      .body as FormData;
    expect(form.get('operating_type')).toBe('150');
    expect(form.get('params')).toBe('{"budget_id":7}');
    const bad = await within(dialog).findByTestId('budget-import-result', undefined, { timeout: 5000 });
    expect(bad.textContent).toContain('2 行有误，未发布任何数据');
    expect(within(bad).getByText('下载失败明细')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();

    answer = task({ success_amount: 48 });
    await uploadIn(dialog);
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(within(dialog).getByTestId('budget-import-result').textContent).toContain(
      '已导入 48 行，发布为新版本',
    );
  });
});
