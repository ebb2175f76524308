import '@/test/layoutDom';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_PATH } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import CardReleasePage from './CardReleasePage';

vi.setConfig({ testTimeout: 60_000 });

const EMPTY = { items: [], page: { page_num: 1, page_size: 10, total: 0 } };

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('卡片发放', () => {
  it('offers the mail option only for e-cards (spec 5) and sends the physical range in 分', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['cardRelease:view', 'cardRelease:edit'] } });
    const server = stubServer({
      [`GET ${CARD_PATH}/batches`]: () => EMPTY,
      [`POST ${CARD_PATH}/release`]: () => ({
        batch_id: 1,
        card_batch_no: 'P-1',
        card_count: 10,
        created: true,
      }),
    });
    const { router } = renderAt(<CardReleasePage />, '/cardPay/cardRelease');
    expect(await screen.findByText('邮件发送电子卡给持卡人')).toBeTruthy();
    expect(screen.queryByLabelText('起始卡号')).toBeNull();
    fireEvent.click(screen.getByLabelText('实体卡'));
    await waitFor(() => expect(screen.queryByText('邮件发送电子卡给持卡人')).toBeNull());
    fireEvent.change(screen.getByLabelText('批次号'), { target: { value: 'P-1' } });
    fireEvent.change(screen.getByLabelText('起始卡号'), { target: { value: '6200000100' } });
    fireEvent.change(screen.getByLabelText('结束卡号'), { target: { value: '6200000109' } });
    fireEvent.change(screen.getByLabelText('卡片数量'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('每卡金额'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: /确定发放/ }));
    await waitFor(() => expect(server.to(`POST ${CARD_PATH}/release`)).toHaveLength(1));
    expect(server.to(`POST ${CARD_PATH}/release`)[0].body).toEqual({
      card_type: 1,
      card_batch_no: 'P-1',
      begin_no: '6200000100',
      end_no: '6200000109',
      card_count: 10,
      amount: 1250,
      user: [],
      operate_sequence: 0,
      send_mail: false,
      memo: '',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cardPay/cardList'));
  });

  it('a viewer sees only 发放记录', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['cardRelease:view'] } });
    stubServer({ [`GET ${CARD_PATH}/batches`]: () => EMPTY });
    renderAt(<CardReleasePage />, '/cardPay/cardRelease');
    expect(await screen.findByText('发放记录')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /确定发放/ })).toBeNull();
  });
});
