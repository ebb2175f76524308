import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import type { TenantOrder } from '@/api/rights';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer, toasts } from '@/test/screenHarness';
import CashierPage from './CashierPage';

const PATH = '/setcenter/rightRecharge/cashier?order_id=42';
const R = '/right-recharge/api/v1';

function order(over: Partial<TenantOrder> = {}): TenantOrder {
  return {
    id: 42,
    order_no: 'RR20261122000000123456',
    order_type: 1,
    order_type_name: '产品版本',
    product_version_id: 1,
    product_id: null,
    item_name: '基础版',
    months: 12,
    quantity: 1,
    unit_price: 298_000,
    amount: 298_000,
    status: 1,
    status_name: '待支付',
    created_by: 1,
    creator_name: '张三',
    created_at: Date.now() - 60_000,
    paid_at: null,
    completed_at: null,
    cancelled_at: null,
    invoiced: false,
    invoiced_at: null,
    bank_pay: null,
    payee: { account_name: '某某收款有限公司', bank_name: '某某银行', account_no: '6222 0000 1111' },
    ...over,
  };
}

const RECEIPT = {
  id: 7,
  file_name: '回单.pdf',
  content_type: 'application/pdf',
  size: 2048,
  uploaded_at: Date.now(),
  url: '/pub-svc-center/api/v1/files/download?key=k&name=n&expires=1&sig=s',
};

function pick(name: string, type: string, size = 2048) {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  if (size > 16) Object.defineProperty(file, 'size', { value: size });
  const input = screen.getByTestId('receipt-upload').querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

async function fillTransfer() {
  const form = await screen.findByTestId('transfer-form');
  fireEvent.change(within(form).getByLabelText('付款银行'), { target: { value: '招商银行深圳分行' } });
  fireEvent.change(within(form).getByLabelText('付款账号'), { target: { value: '7559 1234 5678 901' } });
  return form;
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 'tok', top_org_name: '过期示例公司', userMenus: { perms: ['*'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('收银台: transfer receipts (转账凭证)', () => {
  it('shows the payee account the server sends (config), and requires a receipt before submitting', async () => {
    const s = stubServer({ [`GET ${R}/tenant/order:query`]: () => order() });
    renderAt(<CashierPage />, PATH);
    const payee = await screen.findByTestId('payee');
    expect(payee.textContent).toContain('某某收款有限公司');
    expect(payee.textContent).toContain('6222 0000 1111');
    const form = await fillTransfer();
    fireEvent.click(within(form).getByRole('button', { name: '提交转账信息' }));
    expect(await within(form).findByText('请上传转账凭证')).toBeTruthy();
    expect(s.to(`PUT ${R}/tenant/order/bank-pay:confirm`)).toHaveLength(0);
  });

  it('refuses a wrong type or a file over 10 MB before uploading', async () => {
    const s = stubServer({ [`GET ${R}/tenant/order:query`]: () => order() });
    renderAt(<CashierPage />, PATH);
    await screen.findByTestId('receipt-upload');
    pick('回单.gif', 'image/gif');
    pick('回单.pdf', 'application/pdf', 10 * 1024 * 1024 + 1);
    await waitFor(() => expect(toasts().join('|')).toContain('回单.gif：仅支持 JPG、PNG 或 PDF 格式的凭证'));
    await waitFor(() => expect(toasts().join('|')).toContain('回单.pdf：凭证不能超过 10MB'));
    expect(s.to(`POST ${R}/tenant/order/bank-pay/receipt:upload`)).toHaveLength(0);
  });

  it('uploads a chosen receipt at once and submits its id with the transfer', async () => {
    const paid = order({
      status: 2,
      status_name: '已付款待确认',
      paid_at: Date.now(),
      bank_pay: {
        payer_account_name: '过期示例公司',
        payer_bank: '招商银行深圳分行',
        payer_account_no: '7559123456789010',
        transfer_amount: 298_000,
        transfer_time: Date.now(),
        receipts: [RECEIPT],
        receipt_url: null,
        remark: null,
      },
    });
    let current = order();
    const s = stubServer({
      [`GET ${R}/tenant/order:query`]: () => current,
      [`POST ${R}/tenant/order/bank-pay/receipt:upload`]: () => RECEIPT,
      [`PUT ${R}/tenant/order/bank-pay:confirm`]: () => (current = paid),
    });
    renderAt(<CashierPage />, PATH);
    const form = await fillTransfer();
    pick('回单.pdf', 'application/pdf');
    await waitFor(() => expect(s.to(`POST ${R}/tenant/order/bank-pay/receipt:upload`)).toHaveLength(1));
    const sent = s.fn.mock.calls.find(([url]) => String(url).includes('receipt:upload'))![1].body as FormData;
    expect(sent.get('order_id')).toBe('42');
    expect((sent.get('file') as File).name).toBe('回单.pdf');
    await within(form).findByText('回单.pdf');

    fireEvent.click(within(form).getByRole('button', { name: '提交转账信息' }));
    await waitFor(() => expect(s.to(`PUT ${R}/tenant/order/bank-pay:confirm`)).toHaveLength(1));
    expect(s.to(`PUT ${R}/tenant/order/bank-pay:confirm`)[0].body).toMatchObject({
      order_id: 42,
      payer_bank: '招商银行深圳分行',
      payer_account_no: '755912345678901',
      transfer_amount: 298_000,
      receipt_ids: [7],
    });
    const waiting = await screen.findByTestId('awaiting-confirmation');
    expect(within(waiting).getByTestId('receipt-list').textContent).toContain('回单.pdf');
  });
});
