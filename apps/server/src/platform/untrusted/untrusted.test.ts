import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  blankPng,
  flateBombPdf,
  hugeImagePdf,
  manyPagesPdf,
  rawPdf,
} from '../../../test/hostileFiles.kit.js';
import { checkImagePixels, imageSize } from './imageSize.js';
import { FILE_LIMITS, FileLimitError } from './limits.js';
import { DECODERS, scanPdf } from './pdfScan.js';

// The caps checked before any decoder sees an untrusted file (decision 0032): a picture's size from its
// header, a PDF's pages and inflated streams from a bounded look at its bytes.

describe('imageSize: the header, not the pixels', () => {
  it('reads PNG, JPEG, WebP, GIF, TIFF and BMP headers', async () => {
    const img = sharp({ create: { width: 37, height: 23, channels: 3, background: '#888' } });
    expect(imageSize(blankPng(10_000, 9_980))).toEqual({ width: 10_000, height: 9_980 });
    for (const format of ['jpeg', 'webp', 'gif', 'tiff', 'png'] as const)
      expect(imageSize(await img.clone().toFormat(format).toBuffer()), format).toEqual({
        width: 37,
        height: 23,
      });
    const bmp = Buffer.alloc(54);
    bmp.write('BM', 0, 'latin1');
    bmp.writeInt32LE(640, 18);
    bmp.writeInt32LE(-480, 22); // top-down
    expect(imageSize(bmp)).toEqual({ width: 640, height: 480 });
    expect(imageSize(Buffer.from('not an image'))).toBeUndefined();
  });

  it('refuses over 40 M pixels naming the cap; just under passes', () => {
    expect(() => checkImagePixels(blankPng(6000, 6600), 'a.png', '识别')).not.toThrow();
    expect(() => checkImagePixels(blankPng(6400, 6400), 'b.png', '合并')).toThrow(
      new FileLimitError('图片“b.png”超过4000万像素，无法合并'),
    );
  });
});

/** pdf-lib's own PDF of empty pages (its pages go into object streams). */
async function blankPages(n: number) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < n; i += 1) doc.addPage();
  return Buffer.from(await doc.save());
}

describe('scanPdf: pages and inflated bytes before pdf-lib or pdf.js', () => {
  it('counts pages written plainly and inside object streams (pdf-lib saves them there)', async () => {
    expect(await scanPdf(manyPagesPdf(12), 'a.pdf', '合并')).toMatchObject({ pages: 12, encrypted: false });
    const compressed = await blankPages(30);
    expect(compressed.toString('latin1')).toContain('/ObjStm');
    expect((await scanPdf(compressed, 'b.pdf', '合并')).pages).toBe(30);
  });

  it('refuses more than 500 pages, in either form, in milliseconds', async () => {
    const started = performance.now();
    await expect(scanPdf(manyPagesPdf(20_000), 'many.pdf', '合并')).rejects.toThrow(
      '文件“many.pdf”页数超过500页，无法合并',
    );
    expect(performance.now() - started).toBeLessThan(2000);
    await expect(scanPdf(await blankPages(FILE_LIMITS.pdfPages + 1), 'obj.pdf', '打印')).rejects.toThrow(
      '文件“obj.pdf”页数超过500页，无法打印',
    );
  });

  it('refuses streams that inflate past 200 MB in all: a content stream, an image, many small ones', async () => {
    await expect(scanPdf(flateBombPdf(1 << 30), 'bomb.pdf', '识别')).rejects.toThrow(
      '文件“bomb.pdf”解压后超过200 MB，无法识别',
    );
    await expect(scanPdf(hugeImagePdf(30_000, 30_000), 'huge.pdf', '识别')).rejects.toThrow(
      '解压后超过200 MB',
    );
    // 30 streams of 8 MB each: each is fine, together they are not
    const stream = zlib.deflateSync(Buffer.alloc(8 << 20));
    const objects = ['<< /Type /Catalog >>'];
    for (let i = 0; i < 30; i += 1)
      objects.push(
        Buffer.concat([
          Buffer.from(`<< /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`),
          stream,
          Buffer.from('\nendstream'),
        ]) as unknown as string,
      );
    await expect(scanPdf(rawPdf(objects), 'many.pdf', '识别')).rejects.toThrow('解压后超过200 MB');
    // under the cap: counted
    expect((await scanPdf(hugeImagePdf(2000, 1000), 'ok.pdf', '识别')).inflatedBytes).toBeGreaterThanOrEqual(
      2e6,
    );
  });

  it('says when a file is encrypted (its streams cannot be checked)', async () => {
    const pdf = Buffer.from(
      manyPagesPdf(1)
        .toString('latin1')
        .replace('/Root 1 0 R', '/Root 1 0 R /Encrypt << /Filter /Standard >>'),
      'latin1',
    );
    expect((await scanPdf(pdf, 'e.pdf', '识别')).encrypted).toBe(true);
  });

  it('decodes LZW, RunLength, ASCIIHex and ASCII85 within the budget', async () => {
    const text = (b: unknown) => Buffer.from(b as Uint8Array).toString('latin1');
    // the PDF reference's LZW example
    expect(text(await DECODERS.LZWDecode!(Buffer.from('800B6050220C0C8501', 'hex'), 100, true))).toBe(
      '-----A---B',
    );
    expect(
      text(await DECODERS.RunLengthDecode!(Buffer.from([2, 0x61, 0x62, 0x63, 254, 0x7a, 128]), 100, true)),
    ).toBe('abczzz');
    expect(text(await DECODERS.ASCIIHexDecode!(Buffer.from('41 42 4>'), 100, true))).toBe('AB@');
    expect(text(await DECODERS.ASCII85Decode!(Buffer.from('9jqo^z~>'), 100, true))).toBe('Man \0\0\0\0');
    // 4 MB of RunLength "repeat 128 times" pairs would be 256 MB
    const rl = Buffer.alloc(4 << 20);
    for (let i = 0; i < rl.length; i += 2) rl[i] = 129;
    expect(await DECODERS.RunLengthDecode!(rl, FILE_LIMITS.pdfInflatedBytes, false)).toBeNull();
  });
});
