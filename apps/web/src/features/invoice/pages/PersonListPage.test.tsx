import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_DEBOUNCE_MS, MONEY_RANGE_ERROR } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer, toasts } from '@/test/screenHarness';
import { detail, page, refusal, row } from '../test/fixtures';
import PersonListPage from './PersonListPage';

vi.setConfig({ testTimeout: 60_000 });
const clickWait = () => new Promise((r) => setTimeout(r, CLICK_DEBOUNCE_MS + 50));

const W = '/invoice/api/web/invoice';
const PATH = '/invoice/personList';
const th = (title: string) =>
  [...document.querySelectorAll('th')].find((h) => h.textContent?.includes(title))!;
const dangerOk = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm-btns .ant-btn-dangerous')].at(-1)!;
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

function signIn(perms: string[]) {
  setSession({ token: 't', userStatus: 2, top_org_id: 1, userMenus: { perms } });
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  signIn(['invoice:view', 'invoice:add', 'invoice:delete']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

const rows = [
  row(1),
  row(2, {
    amountTax: 123456,
    sellerName: '杭州融运科技有限公司',
    recentStatus: 3,
    recentStatusText: '已核销',
  }),
];

describe('我的发票', () => {
  it('lists the caller’s invoices: spec row columns, money ÷100 with 2 decimals, tab amounts', async () => {
    const api = stubServer({ [`GET ${W}/pageList`]: () => page(rows) });
    renderAt(<PersonListPage />, PATH);
    expect(await screen.findByText('杭州融运科技有限公司', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('1234.56')).toBeTruthy();
    expect(screen.getAllByText('526.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('2020-07-23').length).toBe(2); // 16:00Z is the next day in China
    expect(screen.getByText('已核销')).toBeTruthy();
    expect(screen.getByTestId('tab-finishing').textContent).toContain('¥10.00');
    expect(screen.getByTestId('tab-finish').textContent).toContain('¥20.00');
    const q = api.to(`GET ${W}/pageList`)[0].query;
    expect(q.get('scope')).toBe('person');
    expect(q.get('pageSize')).toBe('20');
    expect(q.get('pageNum')).toBe('1');
  });

  it('says 空空如也~ when there is nothing, and offers a retry when the list fails', async () => {
    let fail = true;
    stubServer({
      [`GET ${W}/pageList`]: () => (fail ? refusal(500, 10000500, '服务器错误') : page([])),
    });
    renderAt(<PersonListPage />, PATH);
    expect(await screen.findByText('发票列表加载失败', undefined, { timeout: 15_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(button('重试'));
    expect(await screen.findByText('空空如也~')).toBeTruthy();
  });

  it('reads its filters, tab and sort from the URL and sends them', async () => {
    const api = stubServer({ [`GET ${W}/pageList`]: () => page(rows) });
    renderAt(
      <PersonListPage />,
      `${PATH}?tab=finish&sellerName=${encodeURIComponent('兰溪')}&amountTaxMin=10000&sortField=amountTax&sortOrder=asc&pageNum=2`,
    );
    await screen.findByText('杭州融运科技有限公司', undefined, { timeout: 15_000 });
    const q = api.to(`GET ${W}/pageList`)[0].query;
    expect(q.get('tab')).toBe('finish');
    expect(q.get('sellerName')).toBe('兰溪');
    expect(q.get('amountTaxMin')).toBe('10000');
    expect(q.get('amountTaxMax')).toBeNull();
    expect(q.get('sortField')).toBe('amountTax');
    expect(q.get('sortOrder')).toBe('asc');
    expect(q.get('pageNum')).toBe('2');
    // the 已核销 tab adds its amount column
    expect([...document.querySelectorAll('th')].some((h) => h.textContent === '已核销金额')).toBe(true);
    expect([...document.querySelectorAll('th')].some((h) => h.textContent === '核销中金额')).toBe(false);
  });

  it('sorting by a column header puts the sort in the URL and asks again from page 1', async () => {
    const api = stubServer({ [`GET ${W}/pageList`]: () => page(rows) });
    const { router } = renderAt(<PersonListPage />, PATH);
    await screen.findByText('杭州融运科技有限公司', undefined, { timeout: 15_000 });
    fireEvent.click(th('价税合计').querySelector('.ant-table-column-sorters')!);
    await waitFor(() => expect(router.state.location.search).toContain('sortField=amountTax'));
    await waitFor(() =>
      expect(api.to(`GET ${W}/pageList`).some((c) => c.query.get('sortField') === 'amountTax')).toBe(true),
    );
  });

  it('the money range filter warns 金额的最大值不可小于最小值, and a valid range goes to the URL in 分', async () => {
    const api = stubServer({ [`GET ${W}/pageList`]: () => page(rows) });
    const { router } = renderAt(<PersonListPage />, PATH);
    await screen.findByText('杭州融运科技有限公司', undefined, { timeout: 15_000 });
    const header = th('价税合计');
    fireEvent.click(header.querySelector('.ant-table-filter-trigger')!);
    const box = await screen.findByTestId('filter-amountTax');
    fireEvent.change(within(box).getByPlaceholderText('最小金额（元）'), { target: { value: '100' } });
    fireEvent.change(within(box).getByPlaceholderText('最大金额（元）'), { target: { value: '50' } });
    fireEvent.click(within(box).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(toasts()).toContain(MONEY_RANGE_ERROR));
    expect(router.state.location.search).not.toContain('amountTax');
    fireEvent.change(within(box).getByPlaceholderText('最大金额（元）'), { target: { value: '150.5' } });
    fireEvent.click(within(box).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.search).toContain('amountTaxMax=15050'));
    expect(router.state.location.search).toContain('amountTaxMin=10000');
    await waitFor(() =>
      expect(api.to(`GET ${W}/pageList`).some((c) => c.query.get('amountTaxMax') === '15050')).toBe(true),
    );
  });

  it('the seller filter suggests the sellers of my invoices (web sellerPage, 100 a page) and filters by the one chosen', async () => {
    const api = stubServer({
      [`GET ${W}/pageList`]: () => page(rows),
      [`GET ${W}/sellerPage`]: () => ({
        items: [{ name: '杭州融运科技有限公司', taxId: '91330106MA2GL4XX1B' }],
        page: { page_num: 1, page_size: 100, total: 1 },
      }),
    });
    const { router } = renderAt(<PersonListPage />, PATH);
    await screen.findByText('杭州融运科技有限公司', undefined, { timeout: 15_000 });
    fireEvent.click(th('销售方名称').querySelector('.ant-table-filter-trigger')!);
    const box = await screen.findByTestId('filter-sellerName');
    fireEvent.change(within(box).getByRole('combobox'), { target: { value: '杭州融运' } });
    await waitFor(() => expect(api.to(`GET ${W}/sellerPage`)).toHaveLength(1), { timeout: 5_000 });
    const q = api.to(`GET ${W}/sellerPage`)[0].query;
    expect([q.get('keyword'), q.get('scope'), q.get('pageSize')]).toEqual(['杭州融运', 'person', '100']);
    fireEvent.click(await screen.findByText('91330106MA2GL4XX1B'));
    fireEvent.click(within(box).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('sellerName')).toBe(
        '杭州融运科技有限公司',
      ),
    );
  });

  it('a row opens the detail dialog: VAT layout with buyer, seller, goods and the 本地校验 verdict', async () => {
    stubServer({
      [`GET ${W}/pageList`]: () => page(rows),
      [`GET ${W}/detail`]: (c) => detail(Number(c.query.get('invoiceId'))),
    });
    renderAt(<PersonListPage />, PATH);
    fireEvent.click(await screen.findByLabelText('查看发票83089641', undefined, { timeout: 15_000 }));
    const dialog = await screen.findByTestId('invoice-fields-vat');
    expect(within(dialog).getByText('91320000MA1XXXXX1X')).toBeTruthy();
    expect(within(dialog).getByText('*餐饮服务*餐费')).toBeTruthy();
    expect(within(dialog).getByText('本地校验：通过')).toBeTruthy();
  });

  it('a train ticket gets the journey layout', async () => {
    stubServer({
      [`GET ${W}/pageList`]: () => page([row(7, { type: 'train', typeText: '火车票', code: '' })]),
      [`GET ${W}/detail`]: () =>
        detail(7, {
          type: 'train',
          typeText: '火车票',
          code: '',
          goods: [],
          travel: {
            passenger: '员工乙',
            from: '北京南',
            to: '上海虹桥',
            trainOrFlight: 'G1',
            seatClass: '二等座',
          },
        }),
    });
    renderAt(<PersonListPage />, PATH);
    fireEvent.click(await screen.findByLabelText('查看发票83089647', undefined, { timeout: 15_000 }));
    const dialog = await screen.findByTestId('invoice-fields-train');
    expect(within(dialog).getByTestId('ticket-from').textContent).toBe('北京南');
    expect(within(dialog).getByTestId('ticket-to').textContent).toBe('上海虹桥');
    expect(within(dialog).getByTestId('ticket-run').textContent).toBe('G1');
    expect(await screen.findByText('火车票详情')).toBeTruthy();
    expect(within(dialog).queryByText('购买方税号')).toBeNull();
  });

  it('deletes after the confirmation; a written-off invoice is refused with the server’s reason', async () => {
    const api = stubServer({
      [`GET ${W}/pageList`]: () => page(rows),
      [`POST ${W}/remove`]: (c) => {
        const ids = (c.body as { invoiceIds: number[] }).invoiceIds;
        return ids.includes(2)
          ? refusal(409, 11201409, '发票83089642已核销，不能删除')
          : { removed: ids.length };
      },
    });
    renderAt(<PersonListPage />, PATH);
    fireEvent.click(await screen.findByLabelText('删除发票83089641', undefined, { timeout: 15_000 }));
    expect(await screen.findByText('确定删除发票【83089641】吗？')).toBeTruthy();
    fireEvent.click(dangerOk());
    await waitFor(() => expect(toasts()).toContain('删除成功'));
    expect(api.to(`POST ${W}/remove`)[0].body).toEqual({ invoiceIds: [1] });
    await waitFor(() => expect(api.to(`GET ${W}/pageList`).length).toBeGreaterThan(1));

    fireEvent.click(screen.getByLabelText('删除发票83089642'));
    await screen.findByText('确定删除发票【83089642】吗？');
    fireEvent.click(dangerOk());
    await waitFor(() => expect(toasts()).toContain('发票83089642已核销，不能删除'));
  });

  it('batch delete with nothing selected says 请选择要操作的数据', async () => {
    const api = stubServer({ [`GET ${W}/pageList`]: () => page(rows) });
    renderAt(<PersonListPage />, PATH);
    await screen.findByText('杭州融运科技有限公司', undefined, { timeout: 15_000 });
    fireEvent.click(button('批量删除'));
    await waitFor(() => expect(toasts()).toContain('请选择要操作的数据'));
    expect(api.to(`POST ${W}/remove`)).toHaveLength(0);
  });

  it('without invoice:add and invoice:delete there is no 手工录入 and no delete', async () => {
    signIn(['invoice:view']);
    stubServer({ [`GET ${W}/pageList`]: () => page(rows) });
    renderAt(<PersonListPage />, PATH);
    await screen.findByText('杭州融运科技有限公司', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /手工录入/ })).toBeNull();
    expect(screen.queryByLabelText('删除发票83089641')).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
  });
});

describe('手工录入', () => {
  async function openAndFill() {
    fireEvent.click(await screen.findByRole('button', { name: /手工录入/ }, { timeout: 15_000 }));
    fireEvent.change(await screen.findByPlaceholderText('10位或12位数字'), {
      target: { value: '033002000211' },
    });
    fireEvent.change(screen.getByPlaceholderText('8位或20位数字'), { target: { value: '83089647' } });
    const date = document.getElementById('handInput_billingDate')!;
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '2020-07-23' } });
    fireEvent.keyDown(date, { key: 'Enter', keyCode: 13 });
    fireEvent.change(document.getElementById('handInput_amount')!, { target: { value: '510.68' } });
    fireEvent.change(screen.getByPlaceholderText('校验码后6位'), { target: { value: '507415' } });
  }

  it('saves type, code, number, date, amount in 分 and the check code’s last 6', async () => {
    const api = stubServer({
      [`GET ${W}/pageList`]: () => page(rows),
      [`POST ${W}/saveHandInput`]: () => row(9),
    });
    renderAt(<PersonListPage />, PATH);
    await openAndFill();
    fireEvent.click(button('查验并保存'));
    await waitFor(() => expect(api.to(`POST ${W}/saveHandInput`)).toHaveLength(1));
    expect(api.to(`POST ${W}/saveHandInput`)[0].body).toEqual({
      kind: 'vat_special',
      code: '033002000211',
      number: '83089647',
      billingDate: '2020-07-23',
      amount: 51068,
      checkCode: '507415',
    });
    // saved: the lists ask again (the new invoice shows) and the dialog is closed with its form cleared
    await waitFor(() => expect(api.to(`GET ${W}/pageList`).length).toBeGreaterThan(1));
    await waitFor(() =>
      expect((document.getElementById('handInput_number') as HTMLInputElement | null)?.value ?? '').toBe(''),
    );
  });

  it('shows the server’s field error next to its input and a duplicate’s who/when above the form', async () => {
    let reply = refusal(400, 11201400, '开票日期（2020-07-23）不能晚于今天', [
      { field: 'billingDate', msg: '开票日期（2020-07-23）不能晚于今天' },
    ]);
    stubServer({
      [`GET ${W}/pageList`]: () => page(rows),
      [`POST ${W}/saveHandInput`]: () => reply,
    });
    renderAt(<PersonListPage />, PATH);
    await openAndFill();
    fireEvent.click(button('查验并保存'));
    const err = await screen.findByText('开票日期（2020-07-23）不能晚于今天');
    expect(err.closest('.ant-form-item')?.textContent).toContain('开票日期');
    reply = refusal(409, 11200409, '该发票已由员工乙于2026-11-20 10:00录入，不能重复录入');
    await clickWait(); // 保存 takes one click per CLICK_DEBOUNCE_MS ms (spec §5)
    fireEvent.click(button('查验并保存'));
    expect((await screen.findByTestId('hand-refusal')).textContent).toContain(
      '该发票已由员工乙于2026-11-20 10:00录入',
    );
    expect(toasts().filter((t) => t.includes('该发票已由'))).toEqual([]); // shown once, in the dialog
  });

  it('打印 and 导出 need invoice:export and a selection (请先选择数据！); selected rows open the print dialog', async () => {
    stubServer({ [`GET ${W}/pageList`]: () => page(rows) });
    const first = renderAt(<PersonListPage />, PATH);
    await screen.findByText('杭州融运科技有限公司', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /打\s*印/ })).toBeNull();
    first.unmount();

    signIn(['invoice:view', 'invoice:export']);
    renderAt(<PersonListPage />, PATH);
    await screen.findByText('杭州融运科技有限公司', undefined, { timeout: 15_000 });
    fireEvent.click(button('打印'));
    await waitFor(() => expect(toasts()).toContain('请先选择数据！'));
    // rows are selectable without the delete permission
    const boxes = document.querySelectorAll<HTMLInputElement>(
      '.ant-table-tbody .ant-table-row .ant-checkbox-input',
    );
    expect(boxes.length).toBe(2);
    fireEvent.click(boxes[1]);
    fireEvent.click(button('导出'));
    const dialog = await screen.findByTestId('print-dialog');
    expect(within(dialog).getByLabelText(`备注${rows[1].number}`)).toBeTruthy();
    expect(screen.getByText('导出发票（已选 1 张）')).toBeTruthy();
  });
});
