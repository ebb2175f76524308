import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BenefitHome } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { BenefitWorkbench } from '../components/BenefitWorkbench';
import StorePage from './StorePage';
import { festivalState, isBenefitUi, storeBalances } from '../rules';

const HOME = 'GET /app-ctrl/api/v1/home/benefit';
const CLAIM = 'POST /app-ctrl/api/v1/home/benefit/festival:claim';
const DAY = 86_400_000;

const home = (over: Partial<BenefitHome> = {}): BenefitHome => ({
  user_name: '福利员工',
  top_org_name: '福利演示企业',
  ui_type: 'welfare',
  orgcode_payer_type: 0,
  total_balance: 50000,
  balances: [
    { scene_id: 1, scene_name: '节日福利', category: 14, balance: 20000 },
    { scene_id: 2, scene_name: '商城福利', category: 1, balance: 30000 },
  ],
  festivals: [
    {
      id: 7,
      title: '元旦节福利',
      scene_id: 1,
      scene_name: '节日福利',
      amount: 50000,
      claim_from: Date.now() - DAY,
      claim_until: Date.now() + DAY,
      expires_at: null,
      claimed: false,
      claimed_at: null,
    },
  ],
  recent: [
    {
      id: 3,
      scene_name: '商城福利',
      kind: 'debit',
      delta: -1200,
      balance_after: 28800,
      memo: '商城订单消费',
      created_at: Date.now(),
    },
  ],
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('福利首页 and 福利商城', () => {
  it('a welfare tenant gets 福利首页: balances per scene, 节日福利 to claim, recent moves, who pays', async () => {
    setSession({
      token: 'tok',
      userStatus: 2,
      top_org_name: '福利演示企业',
      username: '福利员工',
      ui_type: 'welfare',
    });
    let claimed = false;
    const server = stubServer({
      [HOME]: () =>
        claimed
          ? home({ festivals: [{ ...home().festivals[0], claimed: true, claimed_at: Date.now() }] })
          : home(),
      [CLAIM]: () => {
        claimed = true;
        return { id: 7, scene_id: 1, granted: 50000, balance: 70000, claimed_at: Date.now() };
      },
    });
    renderAt(<BenefitWorkbench />);
    const balances = await screen.findByTestId('benefit-balances');
    expect(within(balances).getByTestId('benefit-balances-total').textContent).toBe('¥500.00');
    expect(within(balances).getByText('节日福利')).toBeTruthy();
    expect(within(balances).getByText('¥300.00')).toBeTruthy();
    expect(screen.getByText('服务费支付方式：服务商支付')).toBeTruthy();
    expect(within(screen.getByTestId('benefit-recent')).getByText('商城订单消费')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('festival-7')).getByRole('button', { name: /立即领取/ }));
    await waitFor(() => expect(within(screen.getByTestId('festival-7')).getByText('已领取')).toBeTruthy());
    expect(server.calls.find((c) => c.path.endsWith('festival:claim'))?.body).toEqual({ id: 7 });
  });

  it('the store shows only the 商城 and 通用 balances and their moves', async () => {
    setSession({ token: 'tok', userStatus: 2, top_org_name: '商城福利演示企业', ui_type: 'shop_welfare' });
    stubServer({ [HOME]: () => home() });
    renderAt(<StorePage />, '/store/index');
    const box = await screen.findByTestId('store-balances');
    expect(within(box).getByTestId('store-balances-total').textContent).toBe('¥500.00');
    expect(within(screen.getByTestId('benefit-recent')).getByText('商城订单消费')).toBeTruthy();
  });
});

describe('rules', () => {
  it('names the benefit interfaces, the store’s scenes and a festival’s state', () => {
    expect([isBenefitUi('welfare'), isBenefitUi('shop_welfare'), isBenefitUi('fee_control')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(storeBalances(home().balances).map((b) => b.scene_name)).toEqual(['节日福利', '商城福利']);
    expect(
      storeBalances([{ scene_id: 9, scene_name: '外卖', category: 2, balance: 1 }]).map((b) => b.scene_id),
    ).toEqual([]);
    const f = home().festivals[0];
    const now = Date.now();
    expect(festivalState(f, now)).toBe('claimable');
    expect(festivalState({ ...f, claim_from: now + DAY }, now)).toBe('notStarted');
    expect(festivalState({ ...f, claim_until: now - DAY }, now)).toBe('ended');
    expect(festivalState({ ...f, claimed: true }, now)).toBe('claimed');
  });
});
