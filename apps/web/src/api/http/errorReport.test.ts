import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch';
import { configureApi } from './env';
import {
  ERROR_REPORT_PATH,
  createErrorReporter,
  installErrorReporter,
  type ClientErrorReport,
} from './errorReport';
import { RequestError } from './errors';

beforeEach(() => {
  vi.useFakeTimers();
  configureApi({ baseUrl: '', appEnv: 'test' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('error reporter', () => {
  it('batches errors and sends them 3 s after the first one', async () => {
    const send = vi.fn(async (_r: ClientErrorReport[]) => {});
    const reporter = createErrorReporter({ send, now: () => 1_700_000_000_000 });
    reporter.report(new Error('first'));
    await vi.advanceTimersByTimeAsync(1_000);
    reporter.report('second');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledOnce();
    const batch = send.mock.calls[0][0];
    expect(batch.map((r) => r.message)).toEqual(['first', 'second']);
    expect(batch[0]).toMatchObject({
      occurred_at: 1_700_000_000_000,
      url: location.href,
      user_agent: navigator.userAgent,
    });
    expect(batch[0].stack).toContain('first');
  });

  it('truncates messages to 1000 characters', async () => {
    const send = vi.fn(async (_r: ClientErrorReport[]) => {});
    const reporter = createErrorReporter({ send });
    reporter.report(new Error('x'.repeat(5_000)));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(send.mock.calls[0][0][0].message).toHaveLength(1_000);
  });

  it('POSTs {reports} to the platform endpoint with plain fetch', async () => {
    const fetch = stubFetch(() => new Response('{"status":0,"msg":"ok","data":null}'));
    const reporter = createErrorReporter();
    reporter.report(new Error('boom'));
    await vi.advanceTimersByTimeAsync(3_000);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(ERROR_REPORT_PATH);
    expect(init.method).toBe('POST');
    const body = JSON.parse(init.body as string) as { reports: ClientErrorReport[] };
    expect(body.reports).toHaveLength(1);
    expect(body.reports[0].message).toBe('boom');
  });

  it('never throws, drops failed batches, and goes quiet after repeated failures', async () => {
    const send = vi.fn(async () => {
      throw new Error('down');
    });
    const reporter = createErrorReporter({ send, maxFailures: 2 });
    for (let i = 0; i < 4; i++) {
      expect(() => reporter.report(new Error(`e${i}`))).not.toThrow();
      await vi.advanceTimersByTimeAsync(3_000);
    }
    expect(send).toHaveBeenCalledTimes(2); // its own failures are not reported, and it stops trying
    expect(reporter.pendingCount()).toBe(0);
  });

  it('skips request errors and duplicate copies in one batch', async () => {
    const send = vi.fn(async (_r: ClientErrorReport[]) => {});
    const reporter = createErrorReporter({ send });
    reporter.report(new RequestError({ kind: 'business', status: 1, msg: 'shown already' }));
    const e = new Error('loop');
    reporter.report(e);
    reporter.report(e);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(send.mock.calls[0][0]).toHaveLength(1);
  });

  it('collects window errors and unhandled rejections until uninstalled', async () => {
    const send = vi.fn(async (_r: ClientErrorReport[]) => {});
    const stop = installErrorReporter(window, createErrorReporter({ send }));
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('window boom'), message: 'window boom' }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('lost promise') });
    window.dispatchEvent(rejection);
    stop();
    // Vitest fails a run on a window error nobody listens to; a no-op listener stands in for the app.
    const noop = (e: Event) => e.preventDefault();
    window.addEventListener('error', noop);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('after stop') }));
    window.removeEventListener('error', noop);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(send.mock.calls[0][0].map((r) => r.message)).toEqual(['window boom', 'lost promise']);
  });
});
