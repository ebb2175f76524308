import { parentPort } from 'node:worker_threads';
import { renderOfdPages } from '../ofdPrint/ofdPrint.js';
import { recogniseFile, RecognitionError } from './index.js';
import type { RecognitionJob } from './recognitionThreads.js';

/**
 * The recognition thread's entry (protocol of platform/workers/threadQueue.ts): PDF text layers (pdf.js),
 * OFD packages, e-invoice XML and QR decoding of pictures (sharp, jsqr, zxing) take from a few milliseconds
 * to over a second of CPU per file, so they run here and not on the request thread.
 *
 * It also draws OFD pages for the print PDFs (ofdPrint/): the same kind of untrusted package, read the same way.
 *
 *   in:  { id, input: RecognitionJob } — { op: 'recognise', bytes, fileName, now } or
 *        { op: 'ofdPrint', bytes, name, verb, maxPages }
 *   out: { type: 'ready' }; { id, result } with recogniseFile's answer or renderOfdPages' (JPEGs or a
 *        reason); { id, error: { recognition: msg } } for a file we refuse (its Chinese reason), or
 *        { id, error: message } for anything else.
 */
const port = parentPort;
if (!port) throw new Error('recognition.thread 只能在工作线程中运行');

port.on('message', async (msg: { id: number; input: RecognitionJob }) => {
  const job = msg.input;
  try {
    if (job.op === 'ofdPrint') {
      const result = await renderOfdPages(job.bytes, job);
      port.postMessage(
        { id: msg.id, result },
        result.ok ? result.pages.map((p) => p.buffer as ArrayBuffer) : [],
      );
      return;
    }
    const result = await recogniseFile(job.bytes, job.fileName, { now: new Date(job.now) });
    port.postMessage({ id: msg.id, result });
  } catch (error) {
    port.postMessage({
      id: msg.id,
      error:
        error instanceof RecognitionError
          ? { recognition: error.message }
          : String((error as Error)?.message ?? error),
    });
  }
});
port.postMessage({ type: 'ready' });
