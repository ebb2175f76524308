import { RETRY_DEFAULT_TIMES, RETRY_DEFAULT_WAIT_MS } from './constants';
import { RequestError } from './errors';

export interface RetryOptions {
  /** Retries after the first failure (spec §9: 5). */
  times?: number;
  /** Wait between attempts in ms (spec §9: 100). */
  waitMs?: number;
  /** Decides whether a failure is worth another attempt. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
}

/**
 * Only transient failures are retried by default: network, timeout and 5xx. A business error, a 4xx,
 * a logout or a cancel would fail the same way again (or must not be repeated).
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof RequestError)) return true;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.status >= 500;
}

/**
 * Calls `fn`, and on a failure calls it again up to `times` more times, `waitMs` apart.
 * The main client never does this by itself (spec §7.1): callers opt in per call.
 */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const times = options.times ?? RETRY_DEFAULT_TIMES;
  const waitMs = options.waitMs ?? RETRY_DEFAULT_WAIT_MS;
  const shouldRetry = options.shouldRetry ?? isTransient;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= times || !shouldRetry(error, attempt)) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
