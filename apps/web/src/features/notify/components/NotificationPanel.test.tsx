import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_TEXT, MARK_ALL_READ } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { notice, renderAt, stubServer, toasts, type Call } from '@/test/screenHarness';
import { NotificationPanel } from './NotificationPanel';

const LIST = 'GET /notify-center/api/v1/notify/list';
const READ = 'POST /notify-center/api/v1/notify/read';

/** A notification list like the server's: `unread` and `read` items, filtered by status and keyword, paged. */
function listServer(data: { unread: ReturnType<typeof notice>[]; read: ReturnType<typeof notice>[] }) {
  return (c: Call) => {
    const status = c.query.get('status');
    const keyword = c.query.get('keyword') ?? '';
    const num = Number(c.query.get('page_num'));
    const size = Number(c.query.get('page_size'));
    let items =
      status === 'read' ? data.read : status === 'unread' ? data.unread : [...data.unread, ...data.read];
    if (keyword) items = items.filter((n) => n.title.includes(keyword) || n.content.includes(keyword));
    return {
      items: items.slice((num - 1) * size, num * size),
      page: { page_num: num, page_size: size, total: items.length },
      unread_total: data.unread.length,
    };
  };
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 'tok', userStatus: 2, top_org_name: '演示集团' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const items = () => screen.queryAllByTestId('notify-item');

describe('notification popover (spec §2.5)', () => {
  it('opens on the 未读 tab; 已读 asks for read ones', async () => {
    const server = stubServer({
      [LIST]: listServer({
        unread: [notice(1, { title: '未读一' })],
        read: [notice(2, { title: '已读二', status: 1 })],
      }),
    });
    renderAt(<NotificationPanel onOpen={() => {}} />);
    expect(await screen.findByText('未读一')).toBeTruthy();
    expect(screen.getByPlaceholderText('请输入关键字')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /未读/ }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: '已读' }));
    expect(await screen.findByText('已读二')).toBeTruthy();
    expect(screen.queryByText('未读一')).toBeNull();
    const statuses = server.to(LIST).map((c) => c.query.get('status'));
    expect(statuses).toContain('unread');
    expect(statuses).toContain('read');
    // Every list call is the spec's: page size 10, client type PC.
    expect(
      server.to(LIST).every((c) => c.query.get('page_size') === '10' || c.query.get('page_size') === '1'),
    ).toBe(true);
    expect(server.to(LIST).every((c) => c.query.get('client_type') === 'PC')).toBe(true);
  });

  it('searches 300 ms after typing stops, once', async () => {
    const server = stubServer({
      [LIST]: listServer({
        unread: [notice(1, { title: '欢迎使用' }), notice(2, { title: '订单待支付' })],
        read: [],
      }),
    });
    renderAt(<NotificationPanel onOpen={() => {}} />);
    await screen.findByText('欢迎使用');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const box = screen.getByPlaceholderText('请输入关键字');
    fireEvent.change(box, { target: { value: '订' } });
    act(() => void vi.advanceTimersByTime(100));
    fireEvent.change(box, { target: { value: '订单' } });
    act(() => void vi.advanceTimersByTime(250));
    expect(server.to(LIST).filter((c) => c.query.get('keyword'))).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(60));
    vi.useRealTimers();
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByText('订单待支付')).toBeTruthy();
    expect(
      server
        .to(LIST)
        .map((c) => c.query.get('keyword'))
        .filter(Boolean),
    ).toEqual(['订单']);
  });

  it('shows 空空如也~ when a tab is empty', async () => {
    stubServer({ [LIST]: listServer({ unread: [], read: [] }) });
    renderAt(<NotificationPanel onOpen={() => {}} />);
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
  });

  it('loads the next page of 10 when scrolled near the bottom', async () => {
    const unread = Array.from({ length: 15 }, (_, i) => notice(i + 1));
    const server = stubServer({ [LIST]: listServer({ unread, read: [] }) });
    renderAt(<NotificationPanel onOpen={() => {}} />);
    await waitFor(() => expect(items()).toHaveLength(10));
    const scroller = screen.getByTestId('notify-scroll');
    Object.defineProperty(scroller, 'scrollHeight', { value: 1000, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { value: 360, configurable: true });
    scroller.scrollTop = 620;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(items()).toHaveLength(15));
    expect(server.to(LIST).some((c) => c.query.get('page_num') === '2')).toBe(true);
  });

  it('标记为已读 marks all read, says 已全部标记为已读！ and empties the unread tab', async () => {
    const data = { unread: [notice(1), notice(2)], read: [] as ReturnType<typeof notice>[] };
    const server = stubServer({
      [LIST]: listServer(data),
      [READ]: (c) => {
        expect(c.body).toEqual({ hasAll: true });
        data.read = data.unread.map((n) => ({ ...n, status: 1 }));
        data.unread = [];
        return { updated: 2, unread_total: 0 };
      },
    });
    renderAt(<NotificationPanel onOpen={() => {}} />);
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '标记为已读' }));
    await waitFor(() => expect(toasts()).toContain(MARK_ALL_READ));
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
    expect(server.to(READ)).toHaveLength(1);
    expect(screen.getByRole('button', { name: '标记为已读' }).hasAttribute('disabled')).toBe(true);
  });

  it('a click marks the item read and hands it to onOpen', async () => {
    const server = stubServer({
      [LIST]: listServer({ unread: [notice(7, { title: '点我' })], read: [] }),
      [READ]: () => ({ updated: 1, unread_total: 0 }),
    });
    const onOpen = vi.fn();
    renderAt(<NotificationPanel onOpen={onOpen} />);
    fireEvent.click(await screen.findByText('点我'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    await waitFor(() => expect(server.to(READ).map((c) => c.body)).toEqual([{ id: 7 }]));
    expect(within(screen.getByTestId('notify-panel')).getByRole('tab', { name: '未读' })).toBeTruthy();
  });
});
