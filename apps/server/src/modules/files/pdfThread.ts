import type { AppError } from '../../platform/errors.js';
import { startThread } from '../../platform/workers/startThread.js';
import { ThreadQueue } from '../../platform/workers/threadQueue.js';
import { fileErrors } from './files.errors.js';
import {
  PdfSourceError,
  type DisplayMode,
  type MergeOptions,
  type PdfSource,
  type PdfSourceKind,
} from './pdf.js';

/**
 * Print PDFs (pdf.ts) made on the PDF thread (entry pdf.thread.ts, heap-limited), one at a time: a file
 * merge, a document print with attachments and an invoice export never open a file on the request
 * thread. What the callers see: the PDF; a PdfSourceError for a file pdf-lib or sharp cannot read (each
 * caller words it); an AppError 400 naming the cap for a file over one of FILE_LIMITS; an AppError 503
 * when the queue is full, the thread died (out of memory) or ran over PDF_TIMEOUT_MS — the thread is
 * then restarted for the next job.
 */
export type PdfJob =
  | { op: 'merge'; sources: PdfSource[]; options: MergeOptions }
  | { op: 'layout'; sources: PdfSource[]; mode: DisplayMode; appendix: PdfSource[]; options: MergeOptions };

/** A print of a few hundred invoices takes seconds; this is for what gets past the caps. */
export const PDF_TIMEOUT_MS = 120_000;

let shared: ThreadQueue<PdfJob, Uint8Array, AppError> | null = null;

function pdfThread() {
  shared ??= new ThreadQueue<PdfJob, Uint8Array, AppError>({
    start: () => startThread(import.meta.url, 'pdf.thread'),
    maxQueue: 16,
    timeoutMs: PDF_TIMEOUT_MS,
    loadTimeoutMs: 30_000,
    errors: {
      busy: fileErrors.pdfBusy,
      failed: fileErrors.pdfFailed,
      timeout: fileErrors.pdfTimeout,
      fromThread: (error) => {
        const e = ((typeof error === 'object' && error) || {}) as {
          limit?: string;
          unreadable?: string;
          kind?: PdfSourceKind;
        };
        if (e.limit !== undefined) return fileErrors.overLimit(e.limit);
        if (e.unreadable !== undefined)
          return new PdfSourceError({ bytes: new Uint8Array(0), kind: e.kind ?? 'pdf', name: e.unreadable });
        return fileErrors.pdfFailed();
      },
    },
  });
  return shared;
}

/** Each source's bytes are copied to the thread (structured clone): the callers' buffers stay theirs. */
const plain = (sources: readonly PdfSource[]) => sources.map((s) => ({ ...s }));

/** pdf.ts mergeVertical, on the PDF thread. */
export function mergeVertical(
  sources: readonly PdfSource[],
  options: MergeOptions = {},
): Promise<Uint8Array> {
  return pdfThread().run({ op: 'merge', sources: plain(sources), options });
}

/** pdf.ts layoutPerPage, on the PDF thread. */
export function layoutPerPage(
  sources: readonly PdfSource[],
  mode: DisplayMode,
  opts: { appendix?: readonly PdfSource[] } & MergeOptions = {},
): Promise<Uint8Array> {
  const { appendix = [], ...options } = opts;
  return pdfThread().run({ op: 'layout', sources: plain(sources), mode, appendix: plain(appendix), options });
}

/** Stops the PDF thread (server shutdown, end of a test file). */
export async function closePdfThread(): Promise<void> {
  const t = shared;
  shared = null;
  await t?.close();
}
