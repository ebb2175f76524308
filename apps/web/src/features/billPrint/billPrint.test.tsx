import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillPrintData } from '@/api/billPrint';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { FormPrintApp } from '@/subapps/formPrint/FormPrintApp';
import { BillBatchPrintButton, BillPrintButton, BillPrintView, DEVELOPER_MODE_KEY, readPrintIds } from '.';

vi.setConfig({ testTimeout: 60_000 });

const P = '/finobill/api/web/flow/print';
const T0 = Date.parse('2026-11-20T10:00:00+08:00');
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

const data = (id: number, over: Partial<BillPrintData> = {}): BillPrintData => ({
  billId: id,
  billNumber: `BX2026112000${id}`,
  flowName: '报销审批',
  template: { orgName: '演示科技集团', title: '报销单', billType: 'expense' },
  data: {
    title: '上海出差报销',
    amount: 52600,
    status: 'approved',
    statusText: '已通过',
    submitterName: '员工乙',
    deptName: '研发部',
    orgName: '演示科技',
    remark: '',
    submitTime: T0,
    finishTime: T0,
    fees: [
      {
        id: 1,
        feeType: 'meal',
        feeTypeText: '餐饮费',
        amount: 52600,
        date: T0,
        remark: '客户接待',
        invoices: [
          {
            id: 5,
            number: '24312000000012345678',
            sellerName: '兰溪市悦济舫餐厅',
            amountTax: 52600,
            billingDate: T0,
          },
        ],
      },
    ],
    trips: [
      {
        id: 1,
        peers: '张三',
        date: [T0, T0 + 86_400_000],
        locationCus: '上海',
        budget_traffic: 10000,
        budget_stay: 20000,
        budget_other: 0,
        budget_total: 30000,
      },
    ],
  },
  formFields: [
    { key: 'title', label: '事由', value: '上海出差报销' },
    { key: 'amount', label: '金额', value: '¥526.00' },
  ],
  approveNodeRecord: [
    {
      at: T0,
      nodeId: 'n1',
      nodeName: '部门审批',
      actorId: 2,
      actorName: '审批人甲',
      onBehalfOfText: '代 王五 审批',
      action: 'approved',
      actionLabel: '通过',
      toNames: [],
      opinion: '同意',
      reason: '',
    },
  ],
  extendData: { createAt: T0, billNumber: `BX2026112000${id}` },
  attachments: [{ fileType: 'ofd', filePath: '/files/x.ofd?sig=1', fileName: '发票.ofd', remark: '发票 1' }],
  printCount: 0,
  riskFlags: [],
  budgetLines: [],
  budgetPersonal: 0,
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: ['billExpense:view'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

describe('readPrintIds', () => {
  it.each([
    ['/web-form-print/', '?flowIds=3,1,3,x,0', [3, 1]],
    ['/web-form-print/', '?id=7', [7]],
    ['/web-form-print/run/9/0', '', [9]],
    ['/web-form-print/', '', []],
  ])('%s%s', (pathname, search, ids) => expect(readPrintIds({ pathname, search })).toEqual(ids));
});

describe('BillPrintView', () => {
  it('prints the template: header, fields, 大写金额, fees with invoices, trips, approval record with 代 <name> 审批, attachments, signatures', async () => {
    const api = stubServer({ [`GET ${P}/data`]: () => ({ items: [{ flowId: 1, data: data(1) }] }) });
    renderAt(<BillPrintView ids={[1]} print={() => {}} />);
    const sheet = await screen.findByTestId('bill-print-sheet', undefined, { timeout: 15_000 });
    expect(within(sheet).getByText('演示科技集团')).toBeTruthy();
    expect(within(sheet).getByRole('heading', { name: '报销单' })).toBeTruthy();
    expect(within(sheet).getByText('单据编号：BX20261120001')).toBeTruthy();
    expect(within(sheet).getByText(/24312000000012345678 兰溪市悦济舫餐厅 ¥526.00/)).toBeTruthy();
    expect(within(sheet).getByText('2026-11-20 至 2026-11-21')).toBeTruthy();
    const record = within(sheet).getByRole('table', { name: '审批记录' });
    const headers = within(record)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['节点', '审批人', '代理审批', '操作', '意见', '时间']);
    expect(within(sheet).getByTestId('bill-print-amount').textContent).toBe(
      '金额合计（大写）：人民币伍佰贰拾陆元整（小写）¥526.00',
    );
    expect(within(sheet).getByLabelText('签字').textContent).toBe('制单：审核：审批：出纳：领款人：');
    const row = within(record).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['部门审批', '审批人甲', '代 王五 审批', '通过', '同意', '2026-11-20 10:00:00']);
    expect(within(sheet).getByRole('link', { name: '发票.ofd' }).getAttribute('href')).toBe(
      '/files/x.ofd?sig=1',
    );
    const q = api.to(`GET ${P}/data`)[0]!.query;
    expect([q.get('id'), q.get('flowIds')]).toEqual(['1', '1']);
  });

  it('leaves the agent column out when no agent acted', async () => {
    const plain = data(1);
    plain.approveNodeRecord = plain.approveNodeRecord.map((r) => ({ ...r, onBehalfOfText: '' }));
    plain.data = { ...plain.data, amount: 1000505 };
    stubServer({ [`GET ${P}/data`]: () => ({ items: [{ flowId: 1, data: plain }] }) });
    renderAt(<BillPrintView ids={[1]} print={() => {}} />);
    const sheet = await screen.findByTestId('bill-print-sheet', undefined, { timeout: 15_000 });
    const record = within(sheet).getByRole('table', { name: '审批记录' });
    expect(within(record).queryByText('代理审批')).toBeNull();
    expect(within(sheet).getByText(/人民币壹万零伍元零伍分/)).toBeTruthy();
  });

  it('打印 calls window.print and saves a print record of every document', async () => {
    const print = vi.fn();
    const api = stubServer({
      [`GET ${P}/data`]: () => ({
        items: [
          { flowId: 1, data: data(1) },
          { flowId: 2, data: data(2) },
        ],
      }),
      [`POST ${P}/record`]: () => ({
        items: [
          { flowId: 1, printCount: 1 },
          { flowId: 2, printCount: 3 },
        ],
      }),
    });
    renderAt(<BillPrintView ids={[1, 2]} print={print} />);
    expect(await screen.findAllByTestId('bill-print-sheet', undefined, { timeout: 15_000 })).toHaveLength(2);
    fireEvent.click(button('打印'));
    expect(print).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.to(`POST ${P}/record`)).toHaveLength(1));
    expect(api.to(`POST ${P}/record`)[0]!.body).toEqual({ flowIds: [1, 2] });
    expect(await screen.findByText('已保存打印记录（第 1 次、第 3 次）')).toBeTruthy();
  });

  it('developer mode (spec 4.1): prints without saving a record', async () => {
    localStorage.setItem(DEVELOPER_MODE_KEY, '1');
    const print = vi.fn();
    const api = stubServer({ [`GET ${P}/data`]: () => ({ items: [{ flowId: 1, data: data(1) }] }) });
    renderAt(<BillPrintView ids={[1]} print={print} />);
    await screen.findByTestId('bill-print-sheet', undefined, { timeout: 15_000 });
    expect(screen.getByText('（开发者模式：不保存打印记录）')).toBeTruthy();
    fireEvent.click(button('打印'));
    expect(print).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.to(`POST ${P}/record`)).toHaveLength(0);
  });

  it('a refused load shows 打印失败 with the reason', async () => {
    stubServer({
      [`GET ${P}/data`]: () =>
        new Response(JSON.stringify({ status: 11310404, msg: '单据不存在', data: null }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderAt(<BillPrintView ids={[5]} print={() => {}} />);
    expect(await screen.findByText('打印失败', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('bill-print-sheet')).toBeNull();
    expect(screen.queryByRole('button', { name: /打\s*印/ })).toBeNull();
  });

  it('下载PDF asks for the batch PDF of the documents and downloads its link', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const api = stubServer({
      [`GET ${P}/data`]: () => ({ items: [{ flowId: 1, data: data(1) }] }),
      [`POST ${P}/pdf`]: () => ({
        url: '/signed/a.pdf',
        fileName: 'BX1.pdf',
        printed: 1,
        attached: 0,
        attachments: [],
      }),
    });
    renderAt(<BillPrintView ids={[1]} print={() => {}} />);
    await screen.findByTestId('bill-print-sheet', undefined, { timeout: 15_000 });
    fireEvent.click(button('下载PDF'));
    await waitFor(() => expect(clicks).toEqual(['/signed/a.pdf BX1.pdf']));
    expect(api.to(`POST ${P}/pdf`)[0]!.body).toEqual({ flowIds: [1], attach: true });
  });
});

describe('buttons', () => {
  it('打印 opens the print sub-app for the document; batch 打印 needs a selection', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderAt(
      <>
        <BillPrintButton billId={7} />
        <BillBatchPrintButton selectedIds={[]} />
      </>,
    );
    const [single, batch] = screen.getAllByRole('button', { name: /打\s*印/ });
    fireEvent.click(single!);
    expect(open).toHaveBeenCalledWith('/web-form-print/?flowIds=7', '_blank', 'noopener');
    fireEvent.click(batch!);
    expect(await screen.findByText('请先选择数据！')).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('batch 打印 with a selection opens them together', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderAt(<BillBatchPrintButton selectedIds={[3, 4]} />);
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(open).toHaveBeenCalledWith('/web-form-print/?flowIds=3,4', '_blank', 'noopener');
  });
});

describe('the /web-form-print/ sub-app', () => {
  it('loads the documents of ?flowIds= at 1200x600 at least', async () => {
    stubServer({ [`GET ${P}/data`]: () => ({ items: [{ flowId: 4, data: data(4) }] }) });
    const { container } = render(
      <FormPrintApp location={{ pathname: '/web-form-print/', search: '?flowIds=4' }} print={() => {}} />,
    );
    expect(await screen.findByText('单据编号：BX20261120004', undefined, { timeout: 15_000 })).toBeTruthy();
    const layout = container.querySelector('.ant-layout') as HTMLElement;
    expect(layout.style.minWidth).toBe('1200px');
  });
});

describe('BillPrintSheet risk flags', () => {
  it('prints a 风险提示 table when the document was flagged, none otherwise', async () => {
    const flag = {
      ruleId: 1,
      ruleName: '跨年发票',
      ruleKind: 'invoiceOtherYear',
      action: 'flag',
      message: '发票开票年度与提交年度不同',
      detail: '发票24312000000012345678开票日期2024-12-30，不是2026年的发票',
    };
    stubServer({
      [`GET ${P}/data`]: () => ({
        items: [
          { flowId: 1, data: data(1, { riskFlags: [flag] }) },
          { flowId: 2, data: data(2) },
        ],
      }),
    });
    renderAt(<BillPrintView ids={[1, 2]} print={() => {}} />);
    const sheets = await screen.findAllByTestId('bill-print-sheet', undefined, { timeout: 15_000 });
    const risks = within(sheets[0]!).getByRole('table', { name: '风险提示' });
    expect(
      within(within(risks).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['跨年发票', `发票开票年度与提交年度不同：${flag.detail}`]);
    expect(within(sheets[1]!).queryByRole('table', { name: '风险提示' })).toBeNull();
  });
});
