import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountReply, NamedItem, OrgStatistics, Staff, Title } from '@/api/org';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { demoTree, ok, okPage, renderPage, stubApi, toasts } from '../test/harness';
import { nodeFilter } from '../rules/staff';
import OrgStaffPage from './OrgStaffPage';

vi.setConfig({ testTimeout: 60_000 });

const staff = (id: number, name: string, phone: string) =>
  ({
    id,
    user_id: id,
    user_name: name,
    real_name: name,
    avatar: null,
    phone,
    gender: null,
    email: null,
    job_no: null,
    status: 1,
    org_id: 2,
    org_name: '演示科技',
    dept_ids: [3],
    dept_names: ['研发部'],
    dept_name: '研发部',
    grade_id: null,
    grade_name: '',
    job_id: null,
    job_name: '',
    title_id: null,
    title_name: '',
    supervisor_id: null,
    supervisor_name: '',
    created_at: 1_700_000_000_000,
    resigned_at: null,
  }) satisfies Staff;

function api() {
  return stubApi({
    'GET departments:list': ok(demoTree()),
    'GET organizations/statistics': ok({
      company_count: 2,
      department_count: 5,
      active_staff_count: 2,
      resigned_staff_count: 0,
    } satisfies OrgStatistics),
    'GET users': okPage([staff(11, '员工乙', '13800000003'), staff(12, '审批人甲', '13800000002')], 20),
    'GET job/grades': okPage<NamedItem>([], 999),
    'GET job/jobs': okPage<NamedItem>([], 999),
    'GET title:byOrgId': ok([] satisfies Title[]),
    'POST users:batch_update': ok({ count: 1 } satisfies CountReply),
  });
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, top_org_id: 1, userMenus: { perms: ['*'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('组织与员工', () => {
  it('lists the staff of the top organisation (page size 20), then of a department subtree', async () => {
    const calls = api();
    renderPage(<OrgStaffPage />);
    expect(await screen.findByText('员工乙', undefined, { timeout: 15_000 })).toBeTruthy();
    const first = calls.called('GET users')[0];
    expect(first.query.get('page_size')).toBe('20');
    expect(first.query.get('status')).toBe('1');
    expect(first.query.get('dept_id')).toBeNull();

    fireEvent.click(await screen.findByText('研发部', { selector: '.fk-org-node-name' }));
    await waitFor(() =>
      expect(calls.called('GET users').some((c) => c.query.get('dept_id') === '3')).toBe(true),
    );
    expect(nodeFilter(demoTree()[0])).toEqual({});
  });

  it('批量修改 with no row selected warns 请至少选择一条数据！ and opens nothing', async () => {
    const calls = api();
    renderPage(<OrgStaffPage />);
    await screen.findByText('员工乙', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: /批量修改/ }));
    await waitFor(() => expect(toasts().join()).toContain('请至少选择一条数据！'));
    expect(screen.queryByTestId('batch-form')).toBeNull();
    expect(calls.called('POST users:batch_update')).toHaveLength(0);
  });

  it('batch update sends only the ticked field for the selected rows', async () => {
    const calls = api();
    renderPage(<OrgStaffPage />);
    await screen.findByText('员工乙', undefined, { timeout: 15_000 });
    const row = screen.getByText('员工乙').closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getAllByRole('button', { name: /批量修改/ })[0]);
    const form = await screen.findByTestId('batch-form');
    fireEvent.click(within(form).getByLabelText('员工状态'));
    fireEvent.click(await within(form).findByLabelText('离职'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.called('POST users:batch_update')).toHaveLength(1));
    expect(calls.called('POST users:batch_update')[0].body).toEqual({ ids: [11], status: 2 });
  });

  it('the staff dialog shows the Chinese validation messages', async () => {
    api();
    renderPage(<OrgStaffPage />);
    await screen.findByText('员工乙', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: /新增员工/ }));
    const form = await screen.findByTestId('staff-form');
    fireEvent.change(within(form).getByPlaceholderText('11位手机号'), { target: { value: '2380013800' } });
    fireEvent.change(within(form).getAllByPlaceholderText('选填')[0], { target: { value: 'bad@mail' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('手机号格式错误')).toBeTruthy();
    expect(await screen.findByText('邮箱格式错误')).toBeTruthy();
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
  });
});
