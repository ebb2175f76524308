import { parentPort } from 'node:worker_threads';
import { FileLimitError } from '../../platform/untrusted/limits.js';
import { layoutPerPage, mergeVertical, PdfSourceError } from './pdf.js';
import type { PdfJob } from './pdfThread.js';

/**
 * The PDF thread's entry (protocol of platform/workers/threadQueue.ts): pdf-lib and sharp open the
 * merged files here, heap-limited, never on the request thread (decision 0032).
 *
 *   in:  { id, input: PdfJob }
 *   out: { type: 'ready' }; { id, result: Uint8Array } (the PDF, transferred); { id, error } with
 *        { limit: reason } for a file over a cap, { unreadable: name } for one pdf-lib or sharp cannot
 *        read, or a message for anything else.
 */
const port = parentPort;
if (!port) throw new Error('pdf.thread 只能在工作线程中运行');

port.on('message', async (msg: { id: number; input: PdfJob }) => {
  const job = msg.input;
  try {
    const pdf =
      job.op === 'merge'
        ? await mergeVertical(job.sources, job.options)
        : await layoutPerPage(job.sources, job.mode, { ...job.options, appendix: job.appendix });
    port.postMessage({ id: msg.id, result: pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({
      id: msg.id,
      error:
        error instanceof FileLimitError
          ? { limit: error.message }
          : error instanceof PdfSourceError
            ? { unreadable: error.source.name ?? '', kind: error.source.kind }
            : String((error as Error)?.message ?? error),
    });
  }
});
port.postMessage({ type: 'ready' });
