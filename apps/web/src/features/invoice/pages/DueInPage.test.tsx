import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DuePage, DueRow } from '@/api/invoiceDue';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { refusal } from '../test/fixtures';
import DueInPage from './DueInPage';

vi.setConfig({ testTimeout: 60_000 });

const D = '/invoice/api/web/due';
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
/** Midnight of a China day. */
const chinaDay = (d: string) => Date.parse(`${d}T00:00:00+08:00`);

const due = (id: number, over: Partial<DueRow> = {}): DueRow => ({
  id,
  sellerName: '上海虹桥商务酒店有限公司',
  sellerTaxId: '',
  expectedTotal: 128000,
  expectedKind: null,
  expectedKindText: '',
  expectedDate: chinaDay('2026-11-30'),
  reason: '上海客户拜访住宿',
  status: 1,
  statusText: '待收',
  overdue: false,
  overdueDays: 0,
  matchedInvoice: null,
  matchMode: null,
  matchedAt: null,
  cancelReason: '',
  cancelledAt: null,
  ownerStaffId: 3,
  ownerName: '员工乙',
  orgName: '演示科技',
  deptName: '研发部',
  createAt: 1_795_000_000_000,
  updateAt: 1_795_000_000_000,
  ...over,
});
const pageOf = (items: DueRow[]): DuePage => ({
  items,
  page: { page_num: 1, page_size: 20, total: items.length },
  tabs: [
    { tab: 'open', label: '待收', count: 2, amount: 214000 },
    { tab: 'overdue', label: '逾期', count: 1, amount: 86000 },
    { tab: 'received', label: '已收', count: 0, amount: 0 },
    { tab: 'cancelled', label: '已取消', count: 0, amount: 0 },
    { tab: 'all', label: '全部', count: 2, amount: 214000 },
  ],
});
const LATE = due(2, {
  sellerName: '杭州顺达汽车租赁有限公司',
  expectedTotal: 86000,
  expectedDate: chinaDay('2026-11-19'),
  statusText: '逾期',
  overdue: true,
  overdueDays: 6,
});

const perms = (list: string[]) => setSession({ token: 't', userStatus: 2, userMenus: { perms: list } });

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  perms(['invoice:view', 'invoice:add']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root, .ant-drawer').forEach((n) => n.remove());
});

describe('待收发票', () => {
  it('lists my records with tab counts and amounts, the overdue one highlighted, China days whatever the zone', async () => {
    const api = stubServer({ [`GET ${D}/pageList`]: () => pageOf([LATE, due(1)]) });
    renderAt(<DueInPage />, '/invoice/dueIn?tab=open&sellerName=酒店');
    const late = (
      await screen.findByText('杭州顺达汽车租赁有限公司', undefined, { timeout: 15_000 })
    ).closest('tr')!;
    expect(late.className).toContain('fk-due-overdue');
    expect(within(late).getByText('逾期6天')).toBeTruthy();
    expect(within(late).getByText(/2026-11-19/)).toBeTruthy();
    expect(screen.getByTestId('due-tab-open').textContent).toBe('待收 2 · ¥2140.00');
    expect(screen.getByTestId('due-tab-overdue').textContent).toBe('逾期 1 · ¥860.00');
    const q = api.to(`GET ${D}/pageList`)[0].query;
    expect([q.get('tab'), q.get('sellerName')]).toEqual(['open', '酒店']);
    // No organisation view without orgInvoice:view.
    expect(screen.queryByText('组织待收')).toBeNull();
  });

  it('registers an expected invoice in 分 with the chosen day; a refused amount shows by its field', async () => {
    let calls = 0;
    const api = stubServer({
      [`GET ${D}/pageList`]: () => pageOf([]),
      [`POST ${D}/save`]: () =>
        ++calls === 1
          ? refusal(400, 10000400, '预计金额：超出范围', [
              { field: 'expectedTotal', msg: '预计金额：超出范围' },
            ])
          : due(9),
    });
    renderAt(<DueInPage />, '/invoice/dueIn');
    fireEvent.click(await screen.findByRole('button', { name: '登记待收发票' }, { timeout: 15_000 }));
    fireEvent.change(document.getElementById('dueSave_sellerName')!, {
      target: { value: '成都锦城会务服务有限公司' },
    });
    fireEvent.change(document.getElementById('dueSave_expectedYuan')!, { target: { value: '1580.5' } });
    fireEvent.change(document.getElementById('dueSave_reason')!, { target: { value: '会务费' } });
    fireEvent.click(
      within(screen.getByRole('dialog', { name: '登记待收发票' })).getByRole('button', { name: /^登\s*记$/ }),
    );
    expect(await screen.findByText('预计金额：超出范围', undefined, { timeout: 15_000 })).toBeTruthy();
    const body = api.to(`POST ${D}/save`)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      sellerName: '成都锦城会务服务有限公司',
      sellerTaxId: '',
      expectedTotal: 158050,
      expectedKind: null,
      reason: '会务费',
    });
    expect(body.expectedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the server’s reason in the match picker when a match is refused', async () => {
    stubServer({
      [`GET ${D}/pageList`]: () => pageOf([due(1)]),
      [`GET ${D}/candidates`]: () => ({
        items: [
          {
            invoiceId: 7,
            number: '99934328',
            typeText: '增值税电子普通发票',
            sellerName: '上海虹桥商务酒店有限公司',
            sellerTaxId: '',
            amountTax: 128000,
            billingDate: chinaDay('2026-11-20'),
            createAt: 1_795_000_000_000,
            mismatch: null,
          },
        ],
        page: { page_num: 1, page_size: 50, total: 1 },
      }),
      [`POST ${D}/match`]: () =>
        refusal(409, 11241409, '发票99934328已匹配其他待收发票，一张发票只能匹配一条记录'),
    });
    renderAt(<DueInPage />, '/invoice/dueIn');
    fireEvent.click(await screen.findByRole('button', { name: '匹配发票' }, { timeout: 15_000 }));
    fireEvent.click(await screen.findByText('99934328', undefined, { timeout: 15_000 }));
    fireEvent.click(button('确定匹配'));
    expect(
      await screen.findByText('发票99934328已匹配其他待收发票，一张发票只能匹配一条记录', undefined, {
        timeout: 15_000,
      }),
    ).toBeTruthy();
    // The dialog stays open (by its title: in tests every antd id is test-id, so aria-labelledby can name
    // another element, the frame's page-size select).
    expect(screen.getByRole('dialog').textContent).toContain('匹配发票');
  });

  it('offers the organisation view with orgInvoice:view: every person, read only', async () => {
    perms(['invoice:view', 'invoice:add', 'orgInvoice:view']);
    const api = stubServer({
      [`GET ${D}/pageList`]: () => pageOf([due(1)]),
      [`GET ${D}/orgPageList`]: () => pageOf([due(1), due(5, { ownerName: '审批人甲', deptName: '财务部' })]),
      [`GET ${D}/orgOptions`]: () => ({
        persons: [{ id: 3, name: '员工乙' }],
        depts: [{ id: 8, name: '研发部' }],
      }),
    });
    const { router } = renderAt(<DueInPage />, '/invoice/dueIn');
    fireEvent.click(await screen.findByText('组织待收', undefined, { timeout: 15_000 }));
    expect(await screen.findByText('审批人甲', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.search).toContain('view=org');
    expect(api.to(`GET ${D}/orgPageList`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '登记待收发票' })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
  });

  it('says what is missing to a user with neither view', async () => {
    perms(['invoiceCenter:view']);
    stubServer({});
    renderAt(<DueInPage />, '/invoice/dueIn');
    expect(await screen.findByText(/您没有查看待收发票的权限/, undefined, { timeout: 15_000 })).toBeTruthy();
  });
});
