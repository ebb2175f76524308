import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import ProductVersionPage from './ProductVersionPage';

const PLANS = {
  items: [
    {
      id: 1,
      code: 'basic',
      name: '基础版',
      description: 'd',
      price: 298_000,
      period_months: 12,
      max_users: 50,
      features: ['组织架构'],
    },
    {
      id: 2,
      code: 'standard',
      name: '标准版',
      description: 'd',
      price: 698_050,
      period_months: 12,
      max_users: 200,
      features: [],
    },
  ],
};
const PRODUCTS = {
  items: [
    {
      id: 1,
      code: 'sms',
      name: '短信包 1000条',
      description: 'd',
      unit: '条',
      amount_per_unit: 1000,
      price: 8_000,
      product_type: 1,
    },
  ],
};

function server() {
  return stubServer({
    'GET /right-recharge/api/v1/product-version:list': () => PLANS,
    'GET /right-recharge/api/v1/product:list': () => PRODUCTS,
    'GET /right-recharge/api/v1/tenant/product:query': () => ({ items: [] }),
    'GET /right-recharge/api/v1/tenant/product-version:query': () => ({
      product_version_name: '标准版',
      product_version_id: 2,
      status: 1,
      activated_date: 1,
      expired_date: 2,
    }),
    'POST /right-recharge/api/v1/tenant/product-version:purchase': () => ({ id: 42, order_no: 'RR1' }),
  });
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('权益购买 (spec §2.3, §7.4)', () => {
  it('shows plans with prices ÷100 and 2 decimals, the current version expired', async () => {
    setSession({ token: 'tok', userStatus: 2, top_org_name: '过期示例公司', userMenus: { perms: ['*'] } });
    server();
    renderAt(<ProductVersionPage />, '/setcenter/rightRecharge/productVersion');
    expect((await screen.findByTestId('plan-basic')).textContent).toContain('¥2980.00');
    expect(screen.getByTestId('plan-standard').textContent).toContain('¥6980.50');
    expect(screen.getByTestId('plan-basic').textContent).toContain('/ 年');
    expect((await screen.findByTestId('current-version')).textContent).toContain('已过期');
  });

  it('type=product shows the add-ons', async () => {
    setSession({ token: 'tok', userStatus: 2, userMenus: { perms: ['*'] } });
    server();
    renderAt(<ProductVersionPage />, '/setcenter/rightRecharge/productVersion?type=product');
    expect((await screen.findByTestId('product-sms')).textContent).toContain('¥80.00');
    expect(screen.queryByTestId('plan-basic')).toBeNull();
  });

  it('立即购买 → 确认订单 with the total → creates the order and opens the cashier', async () => {
    setSession({ token: 'tok', userStatus: 2, userMenus: { perms: ['*'] } });
    const s = server();
    const { router } = renderAt(<ProductVersionPage />, '/setcenter/rightRecharge/productVersion');
    fireEvent.click(
      within(await screen.findByTestId('plan-basic')).getByRole('button', { name: '立即购买' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('purchase-total').textContent).toBe('¥2980.00');
    fireEvent.click(within(dialog).getByText('2年'));
    expect(within(dialog).getByTestId('purchase-total').textContent).toBe('¥5960.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setcenter/rightRecharge/cashier'));
    expect(router.state.location.search).toBe('?order_id=42');
    expect(s.to('POST /right-recharge/api/v1/tenant/product-version:purchase')[0].body).toEqual({
      product_version_id: 1,
      months: 24,
    });
  });

  it('without the buy permission the buttons are off and the page says whom to ask', async () => {
    setSession({ token: 'tok', userStatus: 2, userMenus: { perms: [] } });
    server();
    renderAt(<ProductVersionPage />, '/setcenter/rightRecharge/productVersion');
    const card = await screen.findByTestId('plan-basic');
    expect(within(card).getByRole('button', { name: '立即购买' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('您暂无购买权限')).toBeTruthy();
  });
});
