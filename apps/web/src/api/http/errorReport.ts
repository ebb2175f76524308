import { ERROR_REPORT_MAX_BATCH, type ClientErrorReport } from '@feikong/contracts';
import { getSession } from '../../stores/session';
import { ERROR_REPORT_DELAY_MS, ERROR_REPORT_MAX_CHARS, HEADER_ENV, HEADER_TOKEN } from './constants';
import { apiConfig } from './env';
import { RequestError } from './errors';

/** Client error reports (spec §7.1 "error reports go to an error-reporting service"). */
export const ERROR_REPORT_PATH = '/platform/api/v1/error-reports';

export type { ClientErrorReport } from '@feikong/contracts';

export interface ErrorReporterOptions {
  /** Wait after the first error of a batch (spec §9: 3 s). */
  delayMs?: number;
  /** At most this many reports per batch; the rest of a burst is dropped. */
  maxBatch?: number;
  /** After this many failed sends in a row the reporter goes quiet for the page's life. */
  maxFailures?: number;
  send?: (reports: ClientErrorReport[]) => Promise<void>;
  now?: () => number;
}

export function truncate(text: string, max = ERROR_REPORT_MAX_CHARS): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** Plain fetch, not the request client: a failing report must never toast, log out or re-report. */
export async function sendReports(reports: ClientErrorReport[]): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = getSession().token;
  if (token) headers[HEADER_TOKEN] = token;
  if (apiConfig.appEnv) headers[HEADER_ENV] = apiConfig.appEnv;
  const res = await fetch(`${apiConfig.baseUrl}${ERROR_REPORT_PATH}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ reports }),
    keepalive: true, // still delivered when the page is closing
  });
  if (!res.ok) throw new Error(`error report rejected: ${res.status}`);
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

export function createErrorReporter(options: ErrorReporterOptions = {}) {
  const delayMs = options.delayMs ?? ERROR_REPORT_DELAY_MS;
  const maxBatch = options.maxBatch ?? ERROR_REPORT_MAX_BATCH;
  const maxFailures = options.maxFailures ?? 3;
  const send = options.send ?? sendReports;
  const now = options.now ?? Date.now;
  let queue: ClientErrorReport[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;

  async function flush(): Promise<void> {
    timer = null;
    const batch = queue;
    queue = [];
    if (!batch.length) return;
    try {
      await send(batch);
      failures = 0;
    } catch {
      failures++; // dropped on purpose: re-queueing or reporting this failure could loop forever
    }
  }

  function report(error: unknown): void {
    try {
      // Request errors are server or network conditions the user was already told about, not client bugs.
      if (error instanceof RequestError) return;
      if (failures >= maxFailures || queue.length >= maxBatch) return;
      const { message, stack } = describe(error);
      const entry: ClientErrorReport = {
        message: truncate(message),
        url: truncate(typeof location === 'undefined' ? '' : location.href),
        user_agent: truncate(typeof navigator === 'undefined' ? '' : navigator.userAgent),
        occurred_at: now(),
      };
      if (stack) entry.stack = truncate(stack);
      // The same error in a render loop would fill the batch with copies.
      if (queue.some((q) => q.message === entry.message && q.stack === entry.stack)) return;
      queue.push(entry);
      timer ??= setTimeout(() => void flush(), delayMs);
    } catch {
      // never throw from the reporter
    }
  }

  return { report, flush, pendingCount: () => queue.length };
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;

/** Listens to window errors and unhandled rejections; returns a function that stops listening. */
export function installErrorReporter(target: Window = window, reporter = createErrorReporter()) {
  const onError = (e: ErrorEvent) => reporter.report(e.error ?? e.message);
  const onRejection = (e: PromiseRejectionEvent) => reporter.report(e.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
