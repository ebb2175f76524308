import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeQrFromImage, decodeQrFromPixels } from './qrDecode.js';

const data = (name: string) =>
  readFileSync(new URL(`../../../../../../test-data/invoices/${name}`, import.meta.url));
const ePng = data('images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png');
const specimenJpg = data('images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg');
/** manifest.json `qr_decoded_by_us` of the 电子普通发票 image. */
const E_QR = '01,10,012001800311,33207675,46.62,20190508,76939056883466677916,E1BD,';

describe('decodeQrFromImage on the real invoice images', () => {
  it('reads the 电子普通发票 png (jsqr, whole image)', async () => {
    expect(await decodeQrFromImage(ePng)).toEqual({ text: E_QR, decoder: 'jsqr', variant: 'full' });
  });

  it('zxing alone reads it too (the second decoder works)', async () => {
    const hit = await decodeQrFromImage(ePng, { decoders: ['zxing'] });
    expect(hit?.text).toBe(E_QR);
    expect(hit?.decoder).toBe('zxing');
  });

  it('the specimen 专用发票 jpg has no QR: nothing is made up', async () => {
    expect(await decodeQrFromImage(specimenJpg)).toBeUndefined();
  });
});

describe('variants rescue degraded copies of the real image', () => {
  it('a heavily compressed jpeg is read from the top-left corner', async () => {
    const jpeg = await sharp(ePng).jpeg({ quality: 30 }).toBuffer();
    const hit = await decodeQrFromImage(jpeg);
    expect(hit?.text).toBe(E_QR);
    expect(hit?.variant).not.toBe('full');
  });

  it('a smaller copy (0.7×) is read from the upscaled corner', async () => {
    const small = await sharp(ePng).resize(686).toBuffer();
    const hit = await decodeQrFromImage(small);
    expect(hit?.text).toBe(E_QR);
    expect(hit?.variant).toBe('corner');
  });

  it('a rotated, low-contrast copy and an oversized one are read', async () => {
    const rotated = await sharp(ePng).rotate(7, { background: '#fff' }).linear(0.3, 120).toBuffer();
    expect((await decodeQrFromImage(rotated))?.text).toBe(E_QR);
    const big = await sharp(ePng).resize(4000).toBuffer();
    expect((await decodeQrFromImage(big))?.text).toBe(E_QR);
  });

  it('at half size (≈1 px per module) nothing decodes: the limit, reported, not hidden', async () => {
    const half = await sharp(ePng).resize(490).toBuffer();
    expect(await decodeQrFromImage(half)).toBeUndefined();
  });
});

describe('inputs and filters', () => {
  it('bytes that are not an image give undefined', async () => {
    expect(await decodeQrFromImage(Buffer.from('%PDF-1.7 not an image'))).toBeUndefined();
  });

  it('an image over the pixel limit is refused before decoding', async () => {
    expect(await decodeQrFromImage(ePng, { maxInputPixels: 1000 })).toBeUndefined();
  });

  it('texts the filter refuses are skipped', async () => {
    expect(await decodeQrFromImage(ePng, { accept: () => false })).toBeUndefined();
  });

  it('reads raw RGB pixels (a PDF image XObject)', async () => {
    const { data: raw, info } = await sharp(ePng).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    const hit = await decodeQrFromPixels(raw, info.width, info.height, 3);
    expect(hit?.text).toBe(E_QR);
    expect(await decodeQrFromPixels(raw, info.width, info.height + 10, 3)).toBeUndefined();
  });
});
