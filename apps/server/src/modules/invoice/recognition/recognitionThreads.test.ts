import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import { recognitionThreads } from './recognitionThreads.js';

/**
 * Recognition off the request thread: the real readers run on the thread (loaded through tsx here, from
 * dist/recognition.thread.js in the compiled server), their refusals keep their Chinese reason, and a
 * file over its time budget costs the thread, which the next file replaces.
 */
const FILES = new URL('../../../../../../test-data/invoices/', import.meta.url);
const SLOW = 120_000;

const err = (code: number, httpStatus: number) => () => new AppError(code, `错误 ${code}`, httpStatus);
const threads = recognitionThreads(
  {
    busy: err(1, 503),
    failed: err(2, 500),
    timeout: (s) => new AppError(3, `超时 ${s} 秒`, 504),
    refused: (reason) => new AppError(4, reason, 400),
  },
  { maxQueue: 3, timeoutMs: 20_000 },
);
afterAll(() => threads.close());

describe('recognition thread', () => {
  it(
    'reads a real OFD and a real PDF e-invoice exactly; an image comes back as a picture for OCR with its QR',
    async () => {
      expect(threads.starts).toBe(0);
      const ofd = await readFile(new URL('ofd/ofdrw_fapiaoshili_050001700111_99999951.ofd', FILES));
      const fromOfd = await threads.recognise(ofd, '发票.ofd');
      expect(Array.isArray(fromOfd) && fromOfd[0]?.fields.number?.value).toBe('99999951');
      const pdf = await readFile(new URL('pdf/shudian_zhuanpiao_24112000000048542163.pdf', FILES));
      const fromPdf = await threads.recognise(pdf, '发票.pdf');
      expect(Array.isArray(fromPdf) && fromPdf[0]?.fields.number?.value).toBe('24112000000048542163');
      const png = await readFile(
        new URL('images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png', FILES),
      );
      const picture = await threads.recognise(png, '发票.png');
      expect(Array.isArray(picture)).toBe(false);
      if (Array.isArray(picture)) return;
      expect(picture.pictures).toHaveLength(1);
      expect(picture.pictures[0]!.qr?.fields.number?.value).toBe('33207675');
      expect(Buffer.from(picture.pictures[0]!.bytes).equals(png)).toBe(true);
      expect(threads.starts).toBe(1);
    },
    SLOW,
  );

  it(
    'a refused file keeps its Chinese reason; the caller keeps its buffer',
    async () => {
      const bytes = Buffer.from('这不是发票');
      await expect(threads.recognise(bytes, '说明.txt')).rejects.toMatchObject({
        code: 4,
        httpStatus: 400,
        msg: '文件“说明.txt”不是支持的发票文件（PDF、OFD、XML 或图片）',
      });
      expect(bytes.toString()).toBe('这不是发票');
      await expect(threads.recognise(new Uint8Array(0), '空.pdf')).rejects.toMatchObject({
        msg: '文件“空.pdf”是空的',
      });
      expect(threads.starts).toBe(1);
    },
    SLOW,
  );

  it(
    'a full queue is refused at once (503); a file over its budget fails with 504 and the next file gets a new thread',
    async () => {
      const slow = recognitionThreads(
        {
          busy: err(1, 503),
          failed: err(2, 500),
          timeout: (s) => new AppError(3, `超时 ${s} 秒`, 504),
          refused: (reason) => new AppError(4, reason, 400),
        },
        { maxQueue: 1, timeoutMs: 1 },
      );
      try {
        const png = await readFile(new URL('images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg', FILES));
        const first = slow.recognise(png, '发票.jpg');
        await expect(slow.recognise(png, '发票.jpg')).rejects.toMatchObject({ code: 1, httpStatus: 503 });
        await expect(first).rejects.toMatchObject({ code: 3, httpStatus: 504 });
        await expect(slow.recognise(png, '发票.jpg')).rejects.toMatchObject({ code: 3 });
        expect(slow.starts).toBe(2);
      } finally {
        await slow.close();
      }
    },
    SLOW,
  );
});
