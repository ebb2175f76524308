import { parentPort } from 'node:worker_threads';
import { recogniseFile, RecognitionError } from './index.js';

/**
 * The recognition thread's entry (protocol of platform/workers/threadQueue.ts): PDF text layers (pdf.js),
 * OFD packages, e-invoice XML and QR decoding of pictures (sharp, jsqr, zxing) take from a few milliseconds
 * to over a second of CPU per file, so they run here and not on the request thread.
 *
 *   in:  { id, input: { bytes: Uint8Array, fileName: string, now: number } }
 *   out: { type: 'ready' }; { id, result } with recogniseFile's answer; { id, error: { recognition: msg } }
 *        for a file we refuse (its Chinese reason), or { id, error: message } for anything else.
 */
const port = parentPort;
if (!port) throw new Error('recognition.thread 只能在工作线程中运行');

port.on(
  'message',
  async (msg: { id: number; input: { bytes: Uint8Array; fileName: string; now: number } }) => {
    try {
      const result = await recogniseFile(msg.input.bytes, msg.input.fileName, {
        now: new Date(msg.input.now),
      });
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
  },
);
port.postMessage({ type: 'ready' });
