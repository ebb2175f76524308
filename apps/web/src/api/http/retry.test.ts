import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from './errors';
import { withRetry } from './retry';

afterEach(() => vi.useRealTimers());

const networkError = () => new RequestError({ kind: 'network', status: 0, msg: 'net' });

describe('withRetry', () => {
  it('defaults: 5 retries (6 calls) 100 ms apart, then rethrows the last error', async () => {
    vi.useFakeTimers();
    const fn = vi.fn(async () => {
      throw networkError();
    });
    const p = withRetry(fn).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(fn).toHaveBeenCalledTimes(1); // still waiting
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(fn).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fn).toHaveBeenCalledTimes(6);
    expect(await p).toBeInstanceOf(RequestError);
  });

  it('stops at the first success and honours custom times and wait', async () => {
    vi.useFakeTimers();
    let n = 0;
    const fn = vi.fn(async () => {
      n += 1;
      if (n < 3) throw networkError();
      return 'ok';
    });
    const p = withRetry(fn, { times: 2, waitMs: 50 });
    await vi.advanceTimersByTimeAsync(49);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(51);
    await expect(p).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('does not retry errors that would fail the same way again', async () => {
    for (const err of [
      new RequestError({ kind: 'business', status: 20001, msg: 'x' }),
      new RequestError({ kind: 'http', status: 404, msg: 'x' }),
      new RequestError({ kind: 'logout', status: 98002006, msg: 'x' }),
      new RequestError({ kind: 'cancelled', status: 0, msg: 'x' }),
    ]) {
      const fn = vi.fn(async () => {
        throw err;
      });
      await expect(withRetry(fn, { waitMs: 0 })).rejects.toBe(err);
      expect(fn).toHaveBeenCalledTimes(1);
    }
  });

  it('retries 5xx and timeouts', async () => {
    const fn = vi.fn(async () => {
      throw new RequestError({ kind: 'http', status: 503, msg: 'x' });
    });
    await expect(withRetry(fn, { times: 2, waitMs: 0 })).rejects.toBeInstanceOf(RequestError);
    expect(fn).toHaveBeenCalledTimes(3);
  });
});
