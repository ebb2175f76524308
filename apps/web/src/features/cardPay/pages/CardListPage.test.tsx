import '@/test/layoutDom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_PATH, type CardRow } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import CardListPage from './CardListPage';

vi.setConfig({ testTimeout: 60_000 });

const row = (over: Partial<CardRow>): CardRow => ({
  id: 1,
  card_no: '800000000100001',
  card_type: 2,
  cardTypeText: '电子卡',
  holder_id: 5,
  holder_name: '张三',
  status: 1,
  statusText: '正常',
  balance: 50_000,
  card_batch_no: 'B-1',
  created_at: 1_795_000_000_000,
  ...over,
});
const PAGE = {
  items: [row({}), row({ id: 2, card_no: '800000000100002', status: 2, statusText: '冻结' })],
  page: { page_num: 1, page_size: 20, total: 2 },
};

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('卡片列表', () => {
  it('lists cards with balance and status; 冻结 asks a reason and sends it; a card number opens 卡片详情', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['cardList:view', 'cardList:edit'] } });
    const server = stubServer({
      [`GET ${CARD_PATH}/list`]: () => PAGE,
      [`POST ${CARD_PATH}/freeze`]: (c) => ({
        card_id: (c.body as { card_id: number }).card_id,
        status: 2,
        statusText: '冻结',
        balance: 50_000,
      }),
    });
    const { router } = renderAt(<CardListPage />, '/cardPay/cardList');
    const first = (await screen.findByText('800000000100001')).closest('tr')!;
    expect(within(first).getByText('500.00')).toBeTruthy();
    expect(within(first).getByText('正常')).toBeTruthy();
    const second = screen.getByText('800000000100002').closest('tr')!;
    expect(within(second).getByRole('button', { name: /解\s*冻/ })).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: /冻\s*结/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请填写冻结原因'), { target: { value: '挂失' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确定冻结/ }));
    await waitFor(() => expect(server.to(`POST ${CARD_PATH}/freeze`)).toHaveLength(1));
    expect(server.to(`POST ${CARD_PATH}/freeze`)[0].body).toEqual({ card_id: 1, reason: '挂失' });

    fireEvent.click(screen.getByText('800000000100001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cardPay/cardDetail/1'));
  });

  it('a viewer sees no 冻结, 解冻 or 注销', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['cardList:view'] } });
    stubServer({ [`GET ${CARD_PATH}/list`]: () => PAGE });
    renderAt(<CardListPage />, '/cardPay/cardList');
    const first = (await screen.findByText('800000000100001')).closest('tr')!;
    expect(within(first).queryByRole('button', { name: /冻\s*结/ })).toBeNull();
    expect(within(first).queryByRole('button', { name: /注\s*销/ })).toBeNull();
  });
});
