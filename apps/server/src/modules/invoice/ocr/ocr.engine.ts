import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { imageSize } from '../../../platform/untrusted/imageSize.js';
import { FILE_LIMITS, limitMessages } from '../../../platform/untrusted/limits.js';
import { FILE_THREAD_LIMITS } from '../../../platform/workers/startThread.js';
import { startProcess } from '../../../platform/workers/startProcess.js';
import { ThreadQueue } from '../../../platform/workers/threadQueue.js';
import { ocrErrors, type OcrError } from './ocr.errors.js';
import { OCR_WORKER_SOURCE } from './ocr.worker-source.js';

/** An axis-aligned rectangle in pixels of the (upright) source image. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One text box the OCR read: its text, where it is, and the model's confidence (0..1). */
export interface OcrLine {
  text: string;
  box: Box;
  /** The detected quadrilateral, clockwise from top-left. */
  quad: [number, number][];
  confidence: number;
}

/** An image's OCR: its upright size and its text boxes in reading order (top to bottom, left to right). */
export interface OcrPage {
  width: number;
  height: number;
  lines: OcrLine[];
}

export interface OcrEngineOptions {
  /** Images waiting or running at most; one more is refused with 识别排队已满. */
  maxQueue?: number;
  /** Per image, from the moment the worker starts on it; the worker is then restarted. */
  timeoutMs?: number;
  /** Loading the models (first image after a start), on top of the image's own timeout. */
  loadTimeoutMs?: number;
  /** Longer sides are scaled down to this before detection (phone photos are 4000 px and more). */
  maxSide?: number;
  /** onnxruntime session options (e.g. `{ intraOpNumThreads: 2 }`). */
  onnxOptions?: Record<string, unknown>;
}

interface RawLine {
  text: string;
  confidence: number;
  quad: [number, number][];
}
interface RawPage {
  width: number;
  height: number;
  lines: RawLine[];
}

/** Where the worker loads the engine from, resolved here so the thread needs no module resolution. */
function engineUrls() {
  const require = createRequire(import.meta.url);
  const ocrNode = require.resolve('@gutenye/ocr-node');
  const fromOcrNode = createRequire(ocrNode);
  const common = fromOcrNode.resolve('@gutenye/ocr-common');
  return {
    ocrNodeUrl: pathToFileURL(ocrNode).href,
    // The Detection and Recognition classes (not in the package's exports map; pinned version 1.4.8).
    modelsUrl: pathToFileURL(path.join(path.dirname(common), 'models', 'index.js')).href,
    sharpUrl: pathToFileURL(fromOcrNode.resolve('sharp')).href,
  };
}

/**
 * One long-lived OCR worker process, started on the first image, with a bounded queue. OCR takes about half
 * a second of CPU and 0.5 GB per worker, so it never runs on the request thread. A worker that exceeds
 * the per-image timeout is killed (onnxruntime cannot be interrupted) and the next image starts a new
 * one; a worker that dies fails only the image it was on. An idle worker does not keep the process alive.
 */
export class OcrEngine {
  readonly #threads: ThreadQueue<{ bytes: Uint8Array }, RawPage, OcrError>;

  constructor(options: OcrEngineOptions = {}) {
    const maxSide = options.maxSide ?? 2400;
    const onnxOptions = options.onnxOptions ?? {};
    this.#threads = new ThreadQueue({
      maxQueue: options.maxQueue ?? 16,
      timeoutMs: options.timeoutMs ?? 30_000,
      loadTimeoutMs: options.loadTimeoutMs ?? 60_000,
      // A child process, not a thread: a thread terminated mid-inference can abort the whole server.
      // V8's heap is capped; onnxruntime's and libvips' memory is bounded by the pixel cap, checked in
      // recognise() from the header and again by sharp (limitInputPixels) in the child.
      start: () =>
        startProcess(
          OCR_WORKER_SOURCE,
          { ...engineUrls(), maxSide, maxPixels: FILE_LIMITS.imagePixels, onnxOptions },
          { maxOldSpaceMb: FILE_THREAD_LIMITS.maxOldGenerationSizeMb ?? 512 },
        ),
      errors: {
        busy: ocrErrors.busy,
        failed: ocrErrors.failed,
        timeout: ocrErrors.timeout,
        fromThread: (error) => (error === 'bad_image' ? ocrErrors.badImage() : ocrErrors.failed()),
      },
    });
  }

  /** Workers started so far (a restart after a timeout or a crash counts). */
  get starts(): number {
    return this.#threads.starts;
  }

  /** OCR of one JPG/PNG (WebP, TIFF…) image; `timeoutMs` overrides the engine's per-image timeout. */
  async recognise(bytes: Uint8Array, options: { timeoutMs?: number; name?: string } = {}): Promise<OcrPage> {
    const size = imageSize(bytes);
    if (size && size.width * size.height > FILE_LIMITS.imagePixels)
      throw ocrErrors.tooManyPixels(limitMessages.imagePixels(options.name ?? '图片', '识别'));
    // Serialised over the child's IPC channel (a copy): the caller may reuse its buffer.
    const page = await this.#threads.run({ bytes }, { timeoutMs: options.timeoutMs });
    return { width: page.width, height: page.height, lines: toLines(page.lines) };
  }

  /** Stops the worker; queued images fail. */
  close(): Promise<void> {
    return this.#threads.close();
  }

  get pending(): number {
    return this.#threads.pending;
  }
}

function toLines(raw: RawLine[]): OcrLine[] {
  const lines = raw.map((line) => {
    const xs = line.quad.map((p) => p[0]);
    const ys = line.quad.map((p) => p[1]);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return {
      text: line.text.trim(),
      confidence: Math.round(line.confidence * 1000) / 1000,
      quad: line.quad.map(([px, py]) => [Math.round(px), Math.round(py)] as [number, number]),
      box: {
        x: Math.round(x),
        y: Math.round(y),
        width: Math.round(Math.max(...xs) - x),
        height: Math.round(Math.max(...ys) - y),
      },
    };
  });
  return readingOrder(lines.filter((line) => line.text.length > 0));
}

/** Top to bottom by the boxes' middles (boxes whose middles are within half a line count as one row), then left to right. */
export function readingOrder<T extends { box: Box }>(lines: T[]): T[] {
  const sorted = [...lines].sort((a, b) => a.box.y + a.box.height / 2 - (b.box.y + b.box.height / 2));
  const rows: T[][] = [];
  for (const line of sorted) {
    const mid = line.box.y + line.box.height / 2;
    const row = rows.at(-1);
    const first = row?.[0];
    if (
      row &&
      first &&
      Math.abs(first.box.y + first.box.height / 2 - mid) < Math.min(first.box.height, line.box.height) / 2
    ) {
      row.push(line);
    } else {
      rows.push([line]);
    }
  }
  return rows.flatMap((row) => row.sort((a, b) => a.box.x - b.box.x));
}

let shared: OcrEngine | null = null;

/** The process's OCR engine (one worker), created on first use. */
export function ocrEngine(): OcrEngine {
  shared ??= new OcrEngine();
  return shared;
}

/** OCR of one image on the shared worker: its size and text boxes. */
export function ocrPage(bytes: Uint8Array): Promise<OcrPage> {
  return ocrEngine().recognise(bytes);
}

/** OCR of one image on the shared worker: its text boxes with their confidences. */
export async function ocrImage(bytes: Uint8Array): Promise<OcrLine[]> {
  return (await ocrPage(bytes)).lines;
}

/** Stops the shared worker (server shutdown, end of a test file). */
export async function closeOcr(): Promise<void> {
  const engine = shared;
  shared = null;
  await engine?.close();
}
