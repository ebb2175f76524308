import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportRecord, VerificationRecord } from '@/api/invoice';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer, toasts } from '@/test/screenHarness';
import { page, refusal, row } from '../test/fixtures';
import RepairInvoicePage from './RepairInvoicePage';
import TaskCheckPage from './TaskCheckPage';

vi.setConfig({ testTimeout: 60_000 });

const W = '/invoice/api/web/invoice';
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

const record = (id: number, over: Partial<VerificationRecord> = {}): VerificationRecord => ({
  id,
  invoiceId: id,
  type: 'vat_electronic',
  typeText: '增值税电子普通发票',
  code: '033002000211',
  number: `8308964${id}`,
  billingDate: Date.UTC(2020, 6, 22, 16),
  amount: 51068,
  passed: true,
  label: '本地校验',
  official: false,
  message: '本地校验通过（未经税务机关查验）',
  checkerName: '员工乙',
  createAt: 1_795_000_000_000,
  ...over,
});
const support = (id: number): SupportRecord => ({
  id,
  billId: 301,
  invoiceId: id,
  number: `8308964${id}`,
  typeText: '增值税电子普通发票',
  amountTax: 52600,
  sellerName: '兰溪市悦济舫餐厅',
  remark: '先报销后补票',
  userEnterName: '员工乙',
  createAt: 1_795_000_000_000,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoice:view', 'invoice:add'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

describe('查验记录', () => {
  it('shows each verdict with its provider label; page 2 comes from the URL', async () => {
    const api = stubServer({
      [`GET ${W}/record/pageList`]: () => ({
        items: [
          record(1),
          record(2, { passed: false, message: '金额（¥510.68）加税额（¥15.32）应等于价税合计（¥600.00）' }),
        ],
        page: { page_num: 2, page_size: 20, total: 22 },
      }),
    });
    renderAt(<TaskCheckPage />, '/invoice/taskCheck?pageNum=2');
    const ok = await screen.findByTestId('verdict-1', undefined, { timeout: 15_000 });
    expect(ok.textContent).toBe('通过本地校验');
    expect(screen.getByTestId('verdict-2').textContent).toBe('不通过本地校验');
    expect(screen.getByText('金额（¥510.68）加税额（¥15.32）应等于价税合计（¥600.00）')).toBeTruthy();
    expect(screen.getAllByText('510.68', { selector: 'td' })).toHaveLength(2);
    expect(api.to(`GET ${W}/record/pageList`)[0].query.get('pageNum')).toBe('2');
  });

  it('says 空空如也~ without records', async () => {
    stubServer({
      [`GET ${W}/record/pageList`]: () => ({ items: [], page: { page_num: 1, page_size: 20, total: 0 } }),
    });
    renderAt(<TaskCheckPage />, '/invoice/taskCheck');
    expect(await screen.findByText('空空如也~', undefined, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('补录发票', () => {
  it('lists the 补录 records and supplies available invoices to a bill', async () => {
    const api = stubServer({
      [`GET ${W}/support/pageList`]: () => ({
        items: [support(1)],
        page: { page_num: 1, page_size: 20, total: 1 },
      }),
      [`GET ${W}/pageList/bill`]: () => {
        const { items, page: p } = page([row(5, { sellerName: '杭州融运科技有限公司', amountTax: 1120 })]);
        return { items, page: p };
      },
      [`POST ${W}/support/invoice`]: (c) => {
        const b = c.body as { invoiceIds: number[] };
        return b.invoiceIds.length ? { items: [support(5)] } : refusal(400, 10000400, 'x');
      },
    });
    renderAt(<RepairInvoicePage />, '/invoice/repairInvoice');
    expect(await screen.findByText('先报销后补票', undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(button('补录发票'));
    fireEvent.change(await screen.findByPlaceholderText('已报销单据的ID'), { target: { value: '301' } });
    const select = document.getElementById('support_invoiceIds')!;
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('83089645 杭州融运科技有限公司 ¥11.20'));
    fireEvent.click(button('确定补录'));
    await waitFor(() => expect(api.to(`POST ${W}/support/invoice`)).toHaveLength(1));
    expect(api.to(`POST ${W}/support/invoice`)[0].body).toEqual({ billId: 301, invoiceIds: [5], remark: '' });
    await waitFor(() => expect(api.to(`GET ${W}/support/pageList`).length).toBeGreaterThan(1));
  });

  it('a refused 补录 (already written off) keeps the dialog open with the server’s reason', async () => {
    stubServer({
      [`GET ${W}/support/pageList`]: () => ({ items: [], page: { page_num: 1, page_size: 20, total: 0 } }),
      [`GET ${W}/pageList/bill`]: () => ({ items: [row(5)], page: { page_num: 1, page_size: 50, total: 1 } }),
      [`POST ${W}/support/invoice`]: () => refusal(409, 11204409, '发票83089645已补录过，不能重复补录'),
    });
    renderAt(<RepairInvoicePage />, '/invoice/repairInvoice');
    fireEvent.click(await screen.findByRole('button', { name: /补录发票/ }, { timeout: 15_000 }));
    fireEvent.change(await screen.findByPlaceholderText('已报销单据的ID'), { target: { value: '301' } });
    fireEvent.mouseDown(document.getElementById('support_invoiceIds')!);
    fireEvent.click(await screen.findByText(/^83089645 /));
    fireEvent.click(button('确定补录'));
    await waitFor(() => expect(toasts()).toContain('发票83089645已补录过，不能重复补录'));
    expect(within(document.querySelector('.ant-modal')!).getByText('补录发票')).toBeTruthy();
  });
});
