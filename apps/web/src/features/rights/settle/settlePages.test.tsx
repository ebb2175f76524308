import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import type { SettleDetail } from '@/api/settle';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import TenantInvoiceApplyPage from './TenantInvoiceApplyPage';
import TenantInvoiceDetailPage from './TenantInvoiceDetailPage';

const S = '/org-settle-center/api/v1';
const ORDERS = [
  {
    kind: 1,
    kind_name: '系统权益订单',
    id: 5,
    order_no: 'RR1',
    item_name: '短信包 1000条',
    amount: 8_000,
    paid_at: 1,
  },
  {
    kind: 2,
    kind_name: '企业账户充值',
    id: 5,
    order_no: 'CZ1',
    item_name: '企业账户充值',
    amount: 100_000,
    paid_at: 1,
  },
];
const TITLE = {
  title: '演示集团有限公司',
  tax_no: '91350100M000100Y43',
  address: '上海市浦东新区1号',
  phone: '021-12345678',
  bank_name: '招商银行',
  bank_account: '6225880000000000',
  email: '',
  receiver: '',
  receiver_phone: '',
  mail_address: '',
};

function detail(over: Partial<SettleDetail> = {}): SettleDetail {
  return {
    id: 9,
    apply_no: 'KP20261130101811247516',
    status: 2,
    status_name: '已开票',
    mode: 1,
    mode_name: '电子发票',
    ...TITLE,
    amount: 108_000,
    order_count: 2,
    applicant_name: '演示管理员',
    applied_at: 1,
    issued_at: 2,
    remark: '',
    invoice_number: '24112000000048542163',
    reject_reason: '',
    return_reason: '',
    rejected_at: null,
    returned_at: null,
    express_company_code: '',
    express_company_name: '',
    express_no: '',
    file: {
      file_name: '发票.pdf',
      url: '/pub-svc-center/api/v1/files/download?key=k&name=n&expires=1&sig=s',
    },
    ...over,
  };
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 'tok', top_org_name: '演示集团', userMenus: { perms: ['*'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('申请开票', () => {
  it('shows the server’s total for the chosen orders and sends only the orders, never an amount', async () => {
    const s = stubServer({
      [`POST ${S}/bill/unInvoicing`]: () => ({
        items: ORDERS,
        page: { page_num: 1, page_size: 200, total: 2 },
      }),
      [`POST ${S}/invoice/info`]: () => TITLE,
      [`POST ${S}/invoice/content`]: () => ({
        items: [
          { kind: 1, content: '*信息技术服务*软件服务费', count: 1, amount: 8_000 },
          { kind: 2, content: '*预付卡销售*企业账户预付款', count: 1, amount: 100_000 },
        ],
        count: 2,
        amount: 108_000,
      }),
      [`POST ${S}/invoice:apply`]: () => detail({ status: 1, status_name: '待开票', file: null }),
    });
    const { router } = renderAt(<TenantInvoiceApplyPage />, '/setcenter/rightRecharge/tenantInvoiceApply');
    const table = await screen.findByTestId('un-invoiced-orders');
    await within(table).findByText('CZ1');
    await waitFor(() =>
      expect((screen.getByLabelText('发票抬头') as HTMLInputElement).value).toBe('演示集团有限公司'),
    );
    for (const no of ['RR1', 'CZ1']) {
      const row = within(table).getByText(no).closest('tr')!;
      fireEvent.click(within(row).getByRole('checkbox'));
    }
    await waitFor(() => expect(screen.getByTestId('invoice-total').textContent).toContain('¥1080.00'));
    expect(screen.getByTestId('invoice-total').textContent).toContain('已选 2 笔订单');
    expect(s.to(`POST ${S}/invoice/content`).at(-1)!.body).toEqual({
      orders: [
        { kind: 1, id: 5 },
        { kind: 2, id: 5 },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(s.to(`POST ${S}/invoice:apply`)).toHaveLength(1), { timeout: 5_000 });
    const body = s.to(`POST ${S}/invoice:apply`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: '演示集团有限公司',
      mode: 1,
      orders: [
        { kind: 1, id: 5 },
        { kind: 2, id: 5 },
      ],
    });
    expect(body).not.toHaveProperty('amount');
    await waitFor(() => expect(router.state.location.search).toBe('?invoice_id=9'));
  });
});

describe('开票详情', () => {
  it('offers the issued PDF through its signed link and returns the 发票 with a reason', async () => {
    const s = stubServer({
      [`POST ${S}/invoice/detail`]: () => detail(),
      [`POST ${S}/invoice/productDetail`]: () => ({
        items: [{ kind: 1, content: '*信息技术服务*软件服务费', count: 2, amount: 108_000 }],
        count: 2,
        amount: 108_000,
      }),
      [`POST ${S}/invoice/orderDetail`]: () => ({
        items: ORDERS,
        page: { page_num: 1, page_size: 100, total: 2 },
      }),
      [`POST ${S}/invoice:return`]: () => detail({ status: 5, status_name: '已退回', file: null }),
    });
    renderAt(<TenantInvoiceDetailPage />, '/setcenter/rightRecharge/tenantInvoiceDetail?invoice_id=9');
    expect((await screen.findByTestId('invoice-status')).textContent).toBe('已开票');
    const download = screen.getByTestId('download-invoice');
    expect(download.getAttribute('href')).toContain('/pub-svc-center/api/v1/files/download');
    expect(screen.getByText('24112000000048542163')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '退回发票' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('退回原因'), { target: { value: '抬头有误' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(s.to(`POST ${S}/invoice:return`)).toHaveLength(1));
    expect(s.to(`POST ${S}/invoice:return`)[0]!.body).toEqual({ invoice_id: 9, reason: '抬头有误' });
  });
});
