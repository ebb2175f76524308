import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt } from '@/test/screenHarness';
import { NOTICES_WAIT_MS, useVersionNoticesSettled } from './notices';

function Probe() {
  return <p>{useVersionNoticesSettled() ? 'settled' : 'waiting'}</p>;
}

/** tenant:notify answers only when the test says so. */
function holdNotices() {
  let answer: () => void = () => undefined;
  const fetched = new Promise<Response>((resolve) => {
    answer = () =>
      resolve(
        new Response(JSON.stringify({ status: 0, msg: 'ok', data: [] }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => fetched),
  );
  return () => act(answer);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('version notices settled (no layout shift under the notice bar)', () => {
  it('waits for the first answer of tenant:notify', async () => {
    setSession({ token: 'tok', userStatus: 2, top_org_name: '演示集团', ui_type: 'fee_control' });
    const answer = holdNotices();
    renderAt(<Probe />, '/home/index');
    expect(screen.getByText('waiting')).toBeTruthy();
    await answer();
    expect(await screen.findByText('settled')).toBeTruthy();
  });

  it(`stops waiting after ${NOTICES_WAIT_MS} ms when the answer is slow`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setSession({ token: 'tok', userStatus: 2, top_org_name: '演示集团', ui_type: 'fee_control' });
    holdNotices();
    renderAt(<Probe />, '/home/index');
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(NOTICES_WAIT_MS);
    });
    expect(screen.getByText('settled')).toBeTruthy();
  });

  it('does not wait without a token (nothing is asked)', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt(<Probe />, '/home/index');
    expect(screen.getByText('settled')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
