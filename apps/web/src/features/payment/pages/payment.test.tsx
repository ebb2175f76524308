import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentBatchDetail, PaymentLine, PaymentWaitingRow } from '@/api/payment';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { BillPaymentBlock } from '../components/BillPaymentBlock';
import BatchDetailPage from './BatchDetailPage';
import WaitingPage from './WaitingPage';

vi.setConfig({ testTimeout: 60_000 });

const P = '/finobill/api/web/payment';
const FINANCE = ['paymentWaiting:view', 'paymentWaiting:pay', 'paymentBatch:view', 'paymentBatch:pay'];
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

const row = (billId: number, over: Partial<PaymentWaitingRow> = {}): PaymentWaitingRow => ({
  billId,
  billNumber: `BX20261101900${billId}`,
  billType: 'expense',
  billTypeText: '报销单',
  title: `差旅报销${billId}`,
  submitterId: 9,
  submitterName: '员工乙',
  deptName: '研发部',
  amount: 356000,
  billAmount: 356000,
  personalAmount: 0,
  approvedAt: 1_795_000_000_000,
  lastFailReason: '',
  ...over,
});
const line = (id: number, over: Partial<PaymentLine> = {}): PaymentLine => ({
  id,
  seq: id,
  billId: id,
  billNumber: `BX20261101900${id}`,
  billType: 'expense',
  billTypeText: '报销单',
  title: `差旅报销${id}`,
  submitterName: '员工乙',
  deptName: '研发部',
  amount: 356000,
  payeeName: '员工乙',
  accountNo: '6214830212345678',
  bankName: '招商银行 上海张江支行',
  status: 'pending',
  statusText: '待支付',
  failReason: '',
  resultAt: null,
  resultByName: '',
  ...over,
});
const batch = (lines: PaymentLine[], over: Partial<PaymentBatchDetail> = {}): PaymentBatchDetail => ({
  id: 5,
  batchNo: 'PC20261128000005',
  status: 'unsent',
  statusText: '未发送',
  lineCount: lines.length,
  totalAmount: lines.reduce((n, l) => n + l.amount, 0),
  paidCount: 0,
  paidAmount: 0,
  failedCount: 0,
  failedAmount: 0,
  pendingCount: lines.length,
  remark: '',
  createdByName: '审批人甲',
  createdAt: 1_795_000_000_000,
  sentAt: null,
  finishedAt: null,
  lines,
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: FINANCE } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root, .ant-popover').forEach((n) => n.remove());
});

describe('待支付单据', () => {
  it('shows the last failure’s reason, and makes a batch of the ticked documents', async () => {
    const api = stubServer({
      [`GET ${P}/waiting/list`]: () => ({
        items: [
          row(1),
          row(2, {
            lastFailReason: '户名与账号不符',
            amount: 86000,
            billAmount: 100000,
            personalAmount: 14000,
          }),
        ],
        page: { page_num: 1, page_size: 20, total: 2 },
      }),
      [`POST ${P}/batch/create`]: () => batch([line(2)]),
    });
    const { router } = renderAt(<WaitingPage />, '/payment/waiting');
    expect(await screen.findByText('户名与账号不符')).toBeTruthy();
    // nothing ticked: the action says so and sends nothing
    fireEvent.click(button('生成付款批次'));
    await waitFor(() => expect(document.body.textContent).toContain('请至少选择一张单据！'));
    const r2 = screen.getByText('BX202611019002').closest('tr')!;
    // 单据金额 1000.00, 个人承担 140.00, 应付 860.00: the batch totals what is paid.
    expect(r2.textContent).toContain('1000.00');
    expect(r2.textContent).toContain('140.00');
    expect(screen.getByText('BX202611019001').closest('tr')!.textContent).toContain('—');
    fireEvent.click(within(r2).getByRole('checkbox'));
    fireEvent.click(button('生成付款批次'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('已选 1 张单据，合计 ¥860.00');
    fireEvent.click(within(dialog).getByRole('button', { name: /生\s*成/ }));
    await waitFor(() => expect(api.to(`POST ${P}/batch/create`)).toHaveLength(1));
    expect(api.to(`POST ${P}/batch/create`)[0].body).toEqual({ billIds: [2] });
    await waitFor(() => expect(router.state.location.search).toBe('?id=5'));
    expect(router.state.location.pathname).toBe('/payment/batch/detail');
  });

  it('sends the filters from the URL', async () => {
    const api = stubServer({
      [`GET ${P}/waiting/list`]: () => ({ items: [], page: { page_num: 1, page_size: 20, total: 0 } }),
    });
    renderAt(<WaitingPage />, '/payment/waiting?billType=loan&amountMin=10000&keyword=BX1');
    await waitFor(() => expect(api.to(`GET ${P}/waiting/list`).length).toBeGreaterThan(0));
    const q = api.to(`GET ${P}/waiting/list`)[0].query;
    expect([q.get('billType'), q.get('amountMin'), q.get('keyword')]).toEqual(['loan', '10000', 'BX1']);
  });
});

describe('付款批次详情', () => {
  it('records 支付失败 with its reason, and 已支付 per line', async () => {
    let current = batch([line(1), line(2)]);
    const api = stubServer({
      [`GET ${P}/batch/detail`]: () => current,
      [`POST ${P}/batch/result`]: (c) => {
        const body = c.body as { lines: { lineId: number; result: string; reason?: string }[] };
        current = batch(
          current.lines.map((l) => {
            const r = body.lines.find((x) => x.lineId === l.id);
            if (!r) return l;
            return r.result === 'paid'
              ? { ...l, status: 'paid', statusText: '已支付' }
              : { ...l, status: 'failed', statusText: '支付失败', failReason: r.reason ?? '' };
          }),
        );
        return {
          okCount: body.lines.length,
          failCount: 0,
          results: body.lines.map((l) => ({ lineId: l.lineId, ok: true, msg: '已登记' })),
          batch: current,
        };
      },
    });
    renderAt(<BatchDetailPage />, '/payment/batch/detail?id=5');
    const r2 = (await screen.findByText('BX202611019002')).closest('tr')!;
    fireEvent.click(within(r2).getByRole('button', { name: /^支付失败$/ }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('失败原因'), { target: { value: '户名与账号不符' } });
    fireEvent.click(ok);
    await waitFor(() => expect(api.to(`POST ${P}/batch/result`)).toHaveLength(1));
    expect(api.to(`POST ${P}/batch/result`)[0].body).toEqual({
      batchId: 5,
      lines: [{ lineId: 2, result: 'failed', reason: '户名与账号不符' }],
    });
    expect(await screen.findByText('户名与账号不符')).toBeTruthy();

    const r1 = screen.getByText('BX202611019001').closest('tr')!;
    fireEvent.click(within(r1).getByRole('button', { name: /^已支付$/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^(确\s*定|OK)$/ }));
    await waitFor(() => expect(api.to(`POST ${P}/batch/result`)).toHaveLength(2));
    expect(api.to(`POST ${P}/batch/result`)[1].body).toEqual({
      batchId: 5,
      lines: [{ lineId: 1, result: 'paid' }],
    });
  });
});

describe('支付信息', () => {
  it('shows when, by whom and to which card a document was paid; nothing when the server answers null', async () => {
    stubServer({
      [`GET ${P}/bill`]: (c) =>
        c.query.get('billId') === '1'
          ? {
              billId: 1,
              payStatus: 'paid',
              payStatusText: '已支付',
              batchNo: 'PC20261128000005',
              paidAt: 1_795_000_000_000,
              paidByName: '审批人甲',
              amount: 356000,
              billAmount: 400000,
              personalAmount: 44000,
              payeeName: '员工乙',
              accountNoMasked: '**** 5678',
              bankName: '招商银行',
              lastFailReason: '',
            }
          : null,
    });
    renderAt(
      <>
        <BillPaymentBlock billId={1} />
        <BillPaymentBlock billId={2} />
      </>,
    );
    const block = await screen.findByTestId('bill-payment');
    expect(block.textContent).toContain('已支付');
    expect(block.textContent).toContain('审批人甲');
    expect(block.textContent).toContain('**** 5678');
    expect(within(block).getByTestId('payment-personal').textContent).toBe(
      '¥440.00（单据金额 ¥4000.00，超预算部分由本人承担，不予支付）',
    );
    expect(screen.getAllByTestId('bill-payment')).toHaveLength(1);
  });
});
