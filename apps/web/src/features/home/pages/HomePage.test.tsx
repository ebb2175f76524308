import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotifyPage, TenantVersion, Workbench } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { notice, renderAt, stubServer, treeWith } from '@/test/screenHarness';
import HomePage from './HomePage';

const WORKBENCH = 'GET /app-ctrl/api/v1/home/workbench';
const LIST = 'GET /notify-center/api/v1/notify/list';
const BANNERS = 'GET /app-ctrl/api/v1/banner/pc:list';
const BALANCES = 'GET /right-recharge/api/v1/tenant/product:query';
const GUIDE = 'GET /auth-center/api/v1/users:enterprise/guide/info';

/** A workbench reply, typed from the contract (a changed field breaks the build). */
const workbench = (over: Partial<Workbench> = {}): Workbench => ({
  user_name: '演示管理员',
  top_org_name: '演示集团',
  show_guide: 0,
  show_guide_group: 0,
  unread_total: 2,
  recent_notifications: [],
  version: null,
  notices: [],
  tasks: null,
  pending_orders: null,
  org_balance_warning: null,
  spend: null,
  ...over,
});
const version = (over: Partial<TenantVersion> = {}): TenantVersion => ({
  product_version_name: '标准版',
  product_version_id: 2,
  activated_date: 1_795_317_723,
  expired_date: 1_826_853_723,
  is_test_version: 0,
  status: 0,
  charging_mode: 1,
  orgcode_payer_type: 1,
  days_left: 365,
  ...over,
});
const list = (): NotifyPage => ({
  items: [notice(1, { title: '欢迎使用费控平台' })],
  page: { page_num: 1, page_size: 5, total: 1 },
  unread_total: 1,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 'tok', userStatus: 2, top_org_name: '演示集团', username: '演示管理员' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('home workbench: only blocks with data', () => {
  it('shows the tenant’s published 公告 (decision 0060) and opens the detail', async () => {
    const server = stubServer({
      [WORKBENCH]: () => workbench(),
      [LIST]: list,
      [BANNERS]: () => ({ items: [] }),
      [BALANCES]: () => ({ items: [] }),
      'GET /finobase/api/v1/announcements:published': () => ({
        items: [
          {
            id: 4,
            title: '元旦放假通知',
            content: '1月1日放假',
            status: 2,
            statusText: '已发布',
            publish_time: Date.UTC(2026, 11, 28, 2),
            author_name: '演示管理员',
            updated_at: 0,
          },
        ],
        page: { page_num: 1, page_size: 5, total: 1 },
      }),
    });
    renderAt(<HomePage />, '/home');
    const block = await screen.findByTestId('home-announcements', undefined, { timeout: 15_000 });
    expect((await screen.findByText('元旦放假通知')).closest('[data-testid="home-announcements"]')).toBe(
      block,
    );
    expect(block.textContent).toContain('2026-12-28');
    expect(server.to('GET /finobase/api/v1/announcements:published')).toHaveLength(1);
  });

  it('shows 本月费用: the caller’s own, and the organisation’s with a way to 费用分析', async () => {
    const mine = { approved: 120000, paid: 0, approving: 5000, documents: 2, lines: 3 };
    stubServer({
      [WORKBENCH]: () =>
        workbench({
          spend: {
            month: '2026-11',
            mine,
            tenant: { approved: 2361000, paid: 1000000, approving: 653100, documents: 12, lines: 14 },
          },
        }),
      [LIST]: list,
      [BANNERS]: () => ({ items: [] }),
      [BALANCES]: () => ({ items: [] }),
    });
    renderAt(<HomePage />, '/home', treeWith(['/bill/spendAnalysis']));
    const card = await screen.findByTestId('home-spend', undefined, { timeout: 15_000 });
    expect(card.textContent).toContain('本月费用（2026年11月）');
    expect(screen.getByTestId('home-spend-mine').textContent).toBe('我的报销已通过¥1200.00审批中¥50.00');
    expect(screen.getByTestId('home-spend-tenant').textContent).toContain('全公司（12 张单据）');
    expect(screen.getByTestId('home-spend-tenant').textContent).toContain('其中已付款¥10000.00');
    expect(screen.getByRole('button', { name: /费用分析/ })).toBeTruthy();
  });

  it('draws the greeting, counts, version, balances, banners, guide and tasks the server gives', async () => {
    stubServer({
      [WORKBENCH]: () =>
        workbench({
          show_guide_group: 1,
          version: version({
            // 2027-10-25 00:00 in Shanghai: the last valid day is 10-24, as the server's notices say.
            expired_date: Date.parse('2027-10-24T16:00:00Z') / 1000,
          }),
          tasks: {
            running: 1,
            succeeded: 2,
            failed: 0,
            recent: [
              {
                id: 1,
                operating_type: 4,
                operating_type_name: '成员导出',
                status: 1,
                file_name: 'a.xlsx',
                success_amount: 3,
                fail_amount: 0,
                created_at: 1,
                finished_at: 2,
              },
            ],
          },
          pending_orders: { pending_payment: 1, awaiting_confirmation: 0 },
        }),
      [LIST]: list,
      [BANNERS]: () => ({
        items: [
          {
            id: 1,
            title: '横幅',
            image_url: 'data:image/png;base64,AA==',
            link_type: 2,
            link: '/x',
            sort: 1,
            start_time: 1,
            end_time: 2,
          },
        ],
      }),
      [BALANCES]: () => ({
        items: [
          {
            product_id: 1,
            code: 'c',
            product_name: '电子发票查验包',
            unit: '次',
            total_amount: 1000,
            used_amount: 920,
            remaining_amount: 80,
            updated_at: 1,
          },
        ],
      }),
      [GUIDE]: () => ({
        show_guide_group: 1,
        steps: [{ key: 'company', title: '创建公司', done: true }],
        finished: true,
      }),
    });
    renderAt(<HomePage />, '/home/index', treeWith(['/setcenter/org/company', '/home/noticeList']));
    expect((await screen.findByTestId('home-greeting')).textContent).toContain('演示管理员');
    expect(screen.getByTestId('home-greeting').textContent).toContain('演示集团');
    expect(screen.getByTestId('tile-running').textContent).toContain('1');
    expect(screen.getByTestId('tile-toPay').textContent).toContain('待支付订单');
    expect(screen.getByTestId('home-version').textContent).toContain('剩余 365 天');
    expect(screen.getByTestId('home-version').textContent).toContain('有效期至 2027-10-24');
    expect(screen.getByTestId('home-tasks').textContent).toContain('成员导出');
    expect((await screen.findByTestId('home-balance')).textContent).toContain('剩余 80 / 1000 次');
    expect(await screen.findByTestId('home-banners')).toBeTruthy();
    expect(await screen.findByTestId('home-guide')).toBeTruthy();
    expect((await screen.findByTestId('home-notices')).textContent).toContain('欢迎使用费控平台');
  });

  it('plays the banners by themselves unless the user asked for less motion (减少动态效果)', async () => {
    const banner = {
      id: 1,
      title: '横幅',
      image_url: 'data:image/png;base64,AA==',
      link_type: 2,
      link: '/x',
      sort: 1,
      start_time: 1,
      end_time: 2,
    };
    const server = {
      [WORKBENCH]: () => workbench(),
      [LIST]: list,
      [BANNERS]: () => ({ items: [banner, banner] }),
    };
    const tree = treeWith(['/home/noticeList']);
    // The test browser asks for reduced motion (test/dom.ts): the banners stay put, no progress on the dots.
    stubServer(server);
    renderAt(<HomePage />, '/home/index', tree);
    const still = (await screen.findByTestId('home-banners')).querySelector<HTMLElement>('.ant-carousel')!;
    expect(still.style.getPropertyValue('--dot-duration')).toBe('');
    cleanup();

    const motion = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...motion(query), matches: false }));
    stubServer(server);
    renderAt(<HomePage />, '/home/index', tree);
    const playing = (await screen.findByTestId('home-banners')).querySelector<HTMLElement>('.ant-carousel')!;
    expect(playing.style.getPropertyValue('--dot-duration')).toBe('5000ms');
  });

  it('leaves out blocks without data: no version, tasks, orders, balances, banners or guide', async () => {
    stubServer({
      [WORKBENCH]: () => workbench(),
      [LIST]: list,
      [BANNERS]: () => ({ items: [] }),
      [BALANCES]: () => ({ items: [] }),
    });
    renderAt(<HomePage />, '/home/index');
    await screen.findByTestId('home-greeting');
    await screen.findByText('欢迎使用费控平台');
    for (const id of [
      'home-version',
      'home-tasks',
      'home-balance',
      'home-banners',
      'home-guide',
      'tile-running',
      'tile-toPay',
    ]) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
    expect(screen.getByTestId('tile-unread')).toBeTruthy();
  });
});

describe('home workbench: no late block pushes the page down', () => {
  it('asks for the guide beside the workbench (session flags) and draws both together', async () => {
    setSession({ show_guide_group: 1 });
    const server = stubServer({
      [WORKBENCH]: () => workbench({ show_guide_group: 1 }),
      [LIST]: list,
      [GUIDE]: () => ({
        show_guide_group: 1,
        steps: [{ key: 'company', title: '创建公司', done: false }],
        finished: false,
      }),
    });
    renderAt(<HomePage />, '/home/index', treeWith(['/setcenter/org/company']));
    expect(server.to(GUIDE)).toHaveLength(1);
    await screen.findByTestId('home-greeting');
    expect(screen.getByTestId('home-guide')).toBeTruthy();
  });
});

describe('the home follows the session’s ui_type (decision 0046)', () => {
  it('a welfare tenant gets 福利首页 and the 费控 workbench is never asked for', async () => {
    setSession({
      token: 'tok',
      userStatus: 2,
      top_org_name: '福利演示企业',
      username: '福利员工',
      ui_type: 'welfare',
    });
    const server = stubServer({
      'GET /app-ctrl/api/v1/home/benefit': () => ({
        user_name: '福利员工',
        top_org_name: '福利演示企业',
        ui_type: 'welfare',
        orgcode_payer_type: 1,
        total_balance: 0,
        balances: [],
        festivals: [],
        recent: [],
      }),
    });
    renderAt(<HomePage />);
    expect(await screen.findByTestId('benefit-home')).toBeTruthy();
    expect(screen.getByText(/福利员工/)).toBeTruthy();
    expect(screen.getByText('服务费支付方式：企业自付')).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/app-ctrl/api/v1/home/workbench')).toBe(false);
  });
});
