import { startThread } from '../../../platform/workers/startThread.js';
import { ThreadQueue } from '../../../platform/workers/threadQueue.js';
import type { OfdPrintResult } from '../ofdPrint/ofdPrint.js';
import type { NeedsOcr } from './index.js';
import type { RecognisedInvoice } from './types.js';

/** What recogniseFile answers, as it crosses the thread boundary. */
export type RecognitionResult = RecognisedInvoice[] | NeedsOcr;

/** A job of the thread: recognise a file, or draw an OFD's pages for a print (ofdPrint/). */
export type RecognitionJob =
  | { op: 'recognise'; bytes: Uint8Array; fileName: string; now: number }
  | { op: 'ofdPrint'; bytes: Uint8Array; name: string; verb: string; maxPages: number };

/** The thread's refusals and failures, as the caller's errors (the invoice module maps them to AppErrors). */
export interface RecognitionThreadErrors<E extends Error> {
  busy: () => E;
  failed: () => E;
  timeout: (seconds: number) => E;
  /** A file recogniseFile refuses, with its Chinese reason. */
  refused: (reason: string) => Error;
}

/**
 * One recognition thread with a bounded queue, entry recognition.thread.ts. `timeoutMs` bounds one file (a hostile PDF or a huge picture
 * costs the thread, not the server); loading pdf.js, sharp and zxing on a busy machine takes a few seconds.
 */
export function recognitionThreads<E extends Error>(
  errors: RecognitionThreadErrors<E>,
  options: { maxQueue?: number; timeoutMs?: number; loadTimeoutMs?: number } = {},
) {
  const threads = new ThreadQueue<RecognitionJob, RecognitionResult | OfdPrintResult, E>({
    // heap-limited (FILE_THREAD_LIMITS): a file that gets past the caps kills the thread, not the server
    start: () => startThread(import.meta.url, 'recognition.thread'),
    maxQueue: options.maxQueue ?? 32,
    timeoutMs: options.timeoutMs ?? 30_000,
    loadTimeoutMs: options.loadTimeoutMs ?? 30_000,
    errors: {
      busy: errors.busy,
      failed: errors.failed,
      timeout: errors.timeout,
      fromThread: (error) =>
        typeof error === 'object' && error !== null && 'recognition' in error
          ? errors.refused(String((error as { recognition: unknown }).recognition))
          : errors.failed(),
    },
  });
  return {
    /** recogniseFile on the thread; the bytes are copied, so the caller keeps its buffer. */
    recognise: (bytes: Uint8Array, fileName: string, now = new Date()) => {
      const copy = Uint8Array.from(bytes);
      return threads.run(
        { op: 'recognise', bytes: copy, fileName, now: now.getTime() },
        { transfer: [copy.buffer as ArrayBuffer] },
      ) as Promise<RecognitionResult>;
    },
    /** An OFD's first `maxPages` pages as JPEGs for a print PDF, or the reason it cannot be drawn. */
    ofdPrint: (bytes: Uint8Array, opts: { name: string; verb: string; maxPages: number }) => {
      const copy = Uint8Array.from(bytes);
      return threads.run(
        { op: 'ofdPrint', bytes: copy, ...opts },
        { transfer: [copy.buffer as ArrayBuffer] },
      ) as Promise<OfdPrintResult>;
    },
    close: () => threads.close(),
    get starts() {
      return threads.starts;
    },
  };
}
