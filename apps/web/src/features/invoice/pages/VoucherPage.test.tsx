import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoucherCandidate, VoucherRow, VoucherSettings } from '@/api/invoiceVoucher';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { refusal } from '../test/fixtures';
import VoucherPage from './VoucherPage';

vi.setConfig({ testTimeout: 60_000 });

const V = '/invoice/api/web/voucher';
const button = (name: string, root: HTMLElement = document.body) =>
  within(root).getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const DAY = Date.parse('2026-11-20T00:00:00+08:00');

const row = (over: Partial<VoucherRow> = {}): VoucherRow => ({
  id: 7,
  number: '记-202611-0003',
  word: '记',
  period: '202611',
  orgId: 2,
  orgName: '演示科技有限公司',
  voucherDate: DAY,
  summary: '发票入账（2张）',
  status: 1,
  statusText: '已生成',
  debitTotal: 497500,
  creditTotal: 497500,
  invoiceCount: 2,
  creatorName: '演示管理员',
  createAt: DAY,
  voidReason: null,
  voiderName: null,
  voidAt: null,
  ...over,
});
const candidate = (id: number, orgId: number, orgName: string): VoucherCandidate => ({
  id,
  type: 'vat_special',
  typeText: '增值税专用发票',
  code: '',
  number: `0000000${id}`,
  billingDate: DAY,
  amount: 10000,
  tax: 1300,
  amountTax: 11300,
  sellerName: '某某酒店有限公司',
  userOrgId: orgId,
  userOrgName: orgName,
  userEnterName: '员工乙',
  dealStatusText: '查验通过',
});
const settings: VoucherSettings = {
  accounts: [
    { code: '660202', name: '管理费用—办公费', category: 'cost' },
    { code: '660204', name: '管理费用—交通费', category: 'cost' },
    { code: '2241', name: '其他应付款', category: 'credit' },
  ],
  items: [
    {
      item: 'taxi',
      label: '出租车发票',
      category: 'cost',
      accountCode: '660204',
      accountName: '管理费用—交通费',
    },
    {
      item: 'payable',
      label: '贷方科目（应付报销款）',
      category: 'credit',
      accountCode: '2241',
      accountName: '其他应付款',
    },
  ],
};
const list = (items: VoucherRow[]) => ({ items, page: { page_num: 1, page_size: 20, total: items.length } });

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({
    token: 't',
    userStatus: 2,
    userMenus: { perms: ['invoiceVoucher:view', 'invoiceVoucher:edit'] },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

describe('发票凭证', () => {
  it('lists vouchers with money in yuan; a status filter goes to the server and the URL', async () => {
    const api = stubServer({
      [`GET ${V}/pageList`]: () => list([row()]),
      [`GET ${V}/orgList`]: () => ({ items: [{ id: 2, name: '演示科技有限公司' }] }),
    });
    const { router } = renderAt(<VoucherPage />, '/invoice/voucher?status=2');
    expect(await screen.findByText('记-202611-0003', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('4975.00')).toBeTruthy();
    expect(screen.getByText('2026-11-20')).toBeTruthy();
    expect(api.to(`GET ${V}/pageList`)[0].query.get('status')).toBe('2');
    expect(router.state.location.search).toContain('status=2');
  });

  it('生成凭证 shows the server refusal of a mixed selection in the dialog and creates nothing', async () => {
    const api = stubServer({
      [`GET ${V}/pageList`]: () => list([]),
      [`GET ${V}/orgList`]: () => ({ items: [] }),
      [`GET ${V}/candidates`]: () => ({
        items: [candidate(1, 2, '演示科技有限公司'), candidate(2, 3, '第二公司')],
        page: { page_num: 1, page_size: 10, total: 2 },
      }),
      [`POST ${V}/preview`]: () =>
        refusal(400, 11251400, '所选发票属于不同公司（演示科技有限公司、第二公司），请按公司分别生成凭证'),
    });
    renderAt(<VoucherPage />, '/invoice/voucher');
    fireEvent.click(await screen.findByRole('button', { name: /生成凭证/ }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('00000001');
    for (const n of ['00000001', '00000002']) {
      const tr = within(dialog).getByText(n).closest('tr')!;
      fireEvent.click(within(tr).getByRole('checkbox'));
    }
    expect(within(dialog).getByText('已选 2 张，价税合计 ¥226.00')).toBeTruthy();
    expect(within(dialog).getByText(/所选发票属于不同公司：一张凭证只能包含同一公司的发票/)).toBeTruthy();
    fireEvent.click(button('预览凭证', dialog));
    expect(
      await within(dialog).findByText(
        '所选发票属于不同公司（演示科技有限公司、第二公司），请按公司分别生成凭证',
      ),
    ).toBeTruthy();
    expect((api.to(`POST ${V}/preview`)[0].body as { invoiceIds: number[] }).invoiceIds).toEqual([1, 2]);
    expect(api.to(`POST ${V}/create`)).toHaveLength(0);
  });

  it('科目设置 saves only the changed item; a viewer sees no 生成凭证 and cannot change accounts', async () => {
    const api = stubServer({
      [`GET ${V}/pageList`]: () => list([]),
      [`GET ${V}/orgList`]: () => ({ items: [] }),
      [`GET ${V}/accountSetting`]: () => settings,
      [`POST ${V}/accountSetting/save`]: () => settings,
    });
    renderAt(<VoucherPage />, '/invoice/voucher');
    fireEvent.click(await screen.findByRole('button', { name: /科目设置/ }, { timeout: 15_000 }));
    const select = await screen.findByLabelText('出租车发票入账科目');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('660202 管理费用—办公费'));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(api.to(`POST ${V}/accountSetting/save`)).toHaveLength(1));
    expect(api.to(`POST ${V}/accountSetting/save`)[0].body).toEqual({
      items: [{ item: 'taxi', accountCode: '660202' }],
    });

    cleanup();
    document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceVoucher:view'] } });
    renderAt(<VoucherPage />, '/invoice/voucher');
    await screen.findByRole('button', { name: /科目设置/ }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /生成凭证/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /科目设置/ }));
    const locked = await screen.findByLabelText('出租车发票入账科目');
    expect(locked.closest('.ant-select')?.className).toContain('ant-select-disabled');
    expect(screen.queryByRole('button', { name: /^保\s*存$/ })).toBeNull();
  });
});
