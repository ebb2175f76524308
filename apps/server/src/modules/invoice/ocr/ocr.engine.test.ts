import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { OcrEngine, readingOrder } from './ocr.engine.js';
import { blankPng } from '../../../../test/hostileFiles.kit.js';
import { OcrCode } from './ocr.errors.js';
import { INVOICE_DIR } from './real-invoices.testkit.js';

/**
 * The worker's guard rails. One engine for the file; it starts a second worker only where the test is
 * that a worker is replaced (after a timeout).
 */
const SLOW = 180_000;
const engine = new OcrEngine({ maxQueue: 2 });

afterAll(() => engine.close());

describe('OcrEngine', () => {
  it(
    'starts no worker before the first image; bytes that are no image fail with 图片无法识别, the worker stays',
    async () => {
      expect(engine.starts).toBe(0);
      await expect(engine.recognise(Buffer.from('%PDF-1.7 not an image'))).rejects.toMatchObject({
        code: OcrCode.badImage,
        msg: expect.stringContaining('图片无法识别'),
        httpStatus: 400,
      });
      await expect(engine.recognise(new Uint8Array(0))).rejects.toMatchObject({ code: OcrCode.badImage });
      expect(engine.starts).toBe(1);
    },
    SLOW,
  );

  it(
    'a full queue refuses the next image at once with 识别排队已满 (503); the queued ones still finish',
    async () => {
      const image = await readFile(new URL('guanshuicheng_zhuanpiao_1100094140_87654321.jpg', INVOICE_DIR));
      const first = engine.recognise(image);
      const second = engine.recognise(Buffer.from('x'));
      await expect(engine.recognise(image)).rejects.toMatchObject({ code: OcrCode.busy, httpStatus: 503 });
      const page = await first;
      expect([page.width, page.height]).toEqual([911, 534]);
      expect(page.lines.some((l) => l.text.includes('87654321'))).toBe(true);
      for (const line of page.lines) {
        expect(line.confidence).toBeGreaterThan(0);
        expect(line.confidence).toBeLessThanOrEqual(1);
        expect(line.box.x + line.box.width).toBeLessThanOrEqual(911 + 1);
      }
      await expect(second).rejects.toMatchObject({ code: OcrCode.badImage });
      expect(engine.pending).toBe(0);
      expect(engine.starts).toBe(1);
    },
    SLOW,
  );

  it(
    'an image over its timeout fails with 识别超时 and its worker is replaced by a new one for the next image',
    async () => {
      const image = await readFile(new URL('guanshuicheng_zhuanpiao_1100094140_87654321.jpg', INVOICE_DIR));
      await expect(engine.recognise(image, { timeoutMs: 1 })).rejects.toMatchObject({
        code: OcrCode.timeout,
        httpStatus: 503,
      });
      expect(engine.starts).toBe(1);
      const page = await engine.recognise(image);
      expect(engine.starts).toBe(2);
      expect(page.lines.length).toBeGreaterThan(20);
    },
    SLOW,
  );
});

describe('readingOrder', () => {
  const box = (x: number, y: number, height = 16) => ({ box: { x, y, width: 40, height } });
  it('rows top to bottom (boxes within half a line are one row), each left to right', () => {
    const lines = [box(300, 52), box(10, 100), box(10, 50), box(150, 45), box(200, 104)];
    expect(readingOrder(lines).map((l) => [l.box.x, l.box.y])).toEqual([
      [10, 50],
      [150, 45],
      [300, 52],
      [10, 100],
      [200, 104],
    ]);
  });

  it('a picture over 40 M pixels is refused from its header, before the worker decodes it', async () => {
    const starts = engine.starts;
    await expect(engine.recognise(blankPng(10_000, 9_980), { name: 'big.png' })).rejects.toMatchObject({
      code: OcrCode.badImage,
      httpStatus: 400,
      msg: '图片“big.png”超过4000万像素，无法识别',
    });
    expect(engine.starts).toBe(starts);
  });
});
