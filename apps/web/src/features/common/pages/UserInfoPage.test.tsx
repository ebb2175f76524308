import '@/test/sessionHarness';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { ok, renderRoutes, staffReply, stubApi } from '@/test/sessionHarness';
import OrgInfoPage from './OrgInfoPage';
import UserInfoPage from './UserInfoPage';

vi.setConfig({ testTimeout: 60_000 });

const PERSON = {
  user_id: 1,
  phone: '13800000001',
  real_name: '演示管理员',
  email: null,
  gender: 1,
  avatar: null,
  id_card: '110101199003074518',
  has_password: true,
  userStatus: 1,
};
const BANKS = [
  {
    id: 7,
    account_name: '演示管理员',
    bank_name: '招商银行',
    branch_name: '上海分行',
    card_no: '6225880112345678',
    is_default: 1,
  },
];

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('user info page', () => {
  it('shows the person masked: phone 138****0001, ID card first 6 + last 4, gender 男, bank card in groups of 4', async () => {
    setSession({ token: 't', userStatus: 2, top_org_id: 1 });
    stubApi({
      'GET users/person/info': ok(PERSON),
      'GET users/staff': staffReply({ org_name: '演示科技有限公司', dept_names: ['财务部'] }),
      'GET users/bank/info': ok(BANKS),
    });
    renderRoutes([{ path: '*', element: <UserInfoPage /> }], '/userInfo');
    expect(await screen.findByText('110101********4518', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByText('138****0001').length).toBeGreaterThan(0);
    expect(screen.getByText('男')).toBeTruthy();
    expect(await screen.findByText('6225 8801 1234 5678')).toBeTruthy();
    expect(screen.getByText('财务部')).toBeTruthy();
    expect(document.body.textContent).not.toContain('110101199003074518');
  });

  it('the account dialog refuses a bad ID card number', async () => {
    setSession({ token: 't', userStatus: 2 });
    const api = stubApi({
      'GET users/person/info': ok(PERSON),
      'GET users/staff': staffReply(),
      'GET users/bank/info': ok([]),
    });
    renderRoutes([{ path: '*', element: <UserInfoPage /> }], '/userInfo');
    fireEvent.click(await screen.findByRole('button', { name: /编辑资料/ }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入18位身份证号'), {
      target: { value: '110101199013074518' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('身份证号格式错误')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe('organisation info page', () => {
  it('a personal account is told it has not joined any organisation', async () => {
    setSession({ token: 't', userStatus: 1, phone: '13800000004' });
    const api = stubApi({});
    renderRoutes([{ path: '*', element: <OrgInfoPage /> }], '/orgInfo');
    expect(await screen.findByText('您还未加入到任何组织，请先加入组织')).toBeTruthy();
    expect(screen.getByText(/138\*\*\*\*0004/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('a member sees the current organisation, its tax id, product version and companies', async () => {
    setSession({ token: 't', userStatus: 2, top_org_id: 1 });
    stubApi({
      'GET users:view/organizations': ok([
        {
          org_id: 1,
          org_name: '演示集团',
          tax_id: '91310000MA1FL0001X',
          expired: false,
          is_current: true,
          product_version_name: '企业版',
          children: [{ org_id: 2, org_name: '演示科技有限公司', tax_id: '91310115MA1K4QXX1B' }],
        },
      ]),
      'GET users/staff': staffReply({ product_version_name: '企业版', expired: false }),
    });
    renderRoutes([{ path: '*', element: <OrgInfoPage /> }], '/orgInfo');
    expect(await screen.findByText('91310000MA1FL0001X', undefined, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('企业版')).toBeTruthy());
    expect(screen.getByText('服务中')).toBeTruthy();
    expect(screen.getByText('演示科技有限公司')).toBeTruthy();
    expect(screen.getByText('91310115MA1K4QXX1B')).toBeTruthy();
  });
});
