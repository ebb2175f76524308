import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ThreadQueue } from '../../../platform/workers/threadQueue.js';
import type { NeedsOcr } from './index.js';
import type { RecognisedInvoice } from './types.js';

/** What recogniseFile answers, as it crosses the thread boundary. */
export type RecognitionResult = RecognisedInvoice[] | NeedsOcr;

/** The thread's refusals and failures, as the caller's errors (the invoice module maps them to AppErrors). */
export interface RecognitionThreadErrors<E extends Error> {
  busy: () => E;
  failed: () => E;
  timeout: (seconds: number) => E;
  /** A file recogniseFile refuses, with its Chinese reason. */
  refused: (reason: string) => Error;
}

// Running from source (tsx, vitest) the thread must register tsx's loader before it can import the
// TypeScript entry; the compiled server (scripts/build.mjs) has the entry as dist/recognition.thread.js.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const SOURCE_LOADER = String.raw`
const { workerData } = require('node:worker_threads');
(async () => {
  (await import(workerData.tsxApi)).register();
  await import(workerData.entry);
})().catch((error) => {
  require('node:worker_threads').parentPort.postMessage({ type: 'fatal', message: String((error && error.stack) || error) });
});
`;

function startThread(): Worker {
  if (!FROM_SOURCE) return new Worker(new URL('./recognition.thread.js', import.meta.url));
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return new Worker(SOURCE_LOADER, {
    eval: true,
    workerData: {
      tsxApi: pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href,
      entry: new URL('./recognition.thread.ts', import.meta.url).href,
    },
  });
}

/**
 * One recognition thread with a bounded queue. `timeoutMs` bounds one file (a hostile PDF or a huge picture
 * costs the thread, not the server); loading pdf.js, sharp and zxing on a busy machine takes a few seconds.
 */
export function recognitionThreads<E extends Error>(
  errors: RecognitionThreadErrors<E>,
  options: { maxQueue?: number; timeoutMs?: number; loadTimeoutMs?: number } = {},
) {
  const threads = new ThreadQueue<{ bytes: Uint8Array; fileName: string; now: number }, RecognitionResult, E>(
    {
      start: startThread,
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
    },
  );
  return {
    /** recogniseFile on the thread; the bytes are copied, so the caller keeps its buffer. */
    recognise: (bytes: Uint8Array, fileName: string, now = new Date()) => {
      const copy = Uint8Array.from(bytes);
      return threads.run(
        { bytes: copy, fileName, now: now.getTime() },
        { transfer: [copy.buffer as ArrayBuffer] },
      );
    },
    close: () => threads.close(),
    get starts() {
      return threads.starts;
    },
  };
}
