import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { clearForLogout, reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { NotificationBell } from './NotificationBell';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeSource {
  static all: FakeSource[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
  push(data: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
  }
  fail() {
    act(() => this.onerror?.(new Event('error')));
  }
}
const open = () => FakeSource.all.filter((s) => !s.closed);

beforeEach(() => {
  FakeSource.all = [];
  vi.stubGlobal('EventSource', FakeSource);
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 'tok 1', userStatus: 2, top_org_name: '演示集团' });
  stubServer({
    'GET /notify-center/api/v1/notify/list': () => ({
      items: [],
      page: { page_num: 1, page_size: 1, total: 3 },
      unread_total: 3,
    }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const badge = () => document.querySelector('[data-testid="notify-bell"] .ant-badge-count');

describe('the bell (spec §2.4, §2.5)', () => {
  it('shows the unread count and follows the stream; above 99 it says 99+', async () => {
    renderAt(<NotificationBell />);
    await waitFor(() => expect(badge()?.getAttribute('title')).toBe('3'));
    const [source] = open();
    expect(source.url).toBe('/notify-center/api/v1/notify/stream?token=tok%201');
    source.push({ unread_total: 4 });
    await waitFor(() => expect(badge()?.getAttribute('title')).toBe('4'));
    source.push({ unread_total: 150 });
    await waitFor(() => expect(badge()?.textContent).toBe('99+'));
    expect(screen.getByTestId('notify-bell').getAttribute('aria-label')).toBe('消息通知，99+ 条未读');
    source.push({ unread_total: 0 });
    await waitFor(() => expect(badge()).toBeNull());
  });

  it('reconnects with a growing wait after an error, and closes on logout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt(<NotificationBell />);
    await waitFor(() => expect(open()).toHaveLength(1));
    open()[0].fail();
    expect(open()).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(999));
    expect(open()).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(open()).toHaveLength(1);
    open()[0].fail();
    act(() => void vi.advanceTimersByTime(1999));
    expect(open()).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(open()).toHaveLength(1);

    act(() => clearForLogout());
    expect(open()).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(open()).toHaveLength(0);
  });

  it('closes the stream when unmounted', async () => {
    const view = renderAt(<NotificationBell />);
    await waitFor(() => expect(open()).toHaveLength(1));
    view.unmount();
    expect(open()).toHaveLength(0);
  });

  it('a personal account has no bell and no stream', async () => {
    setSession({ userStatus: 1, top_org_name: '' });
    renderAt(<NotificationBell />);
    await act(async () => {});
    expect(screen.queryByTestId('notify-bell')).toBeNull();
    expect(FakeSource.all).toHaveLength(0);
  });
});
