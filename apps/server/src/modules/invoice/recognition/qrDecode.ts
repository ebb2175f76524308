import type * as Zxing from '@zxing/library';
import jsQRModule from 'jsqr';
import type { default as SharpFn, Sharp } from 'sharp';
import { FILE_LIMITS } from '../../../platform/untrusted/limits.js';
import { looksLikeInvoiceQr } from './qr.js';

/**
 * Reads QR codes from raster images: sharp decodes (png, jpeg, webp, gif, tiff) to raw pixels, jsqr
 * looks for a QR, and @zxing/library (0.21.3, the last release that runs on Node 20) is the second
 * decoder when jsqr finds nothing. The whole image is tried first, then variants: the top-left corner
 * where invoices print their QR, rescaled, and thresholded copies (photos, faint prints).
 */

type JsQr = (
  data: Uint8ClampedArray,
  width: number,
  height: number,
  options?: { inversionAttempts?: 'dontInvert' | 'onlyInvert' | 'attemptBoth' | 'invertFirst' },
) => { data: string } | null;
// jsqr is CommonJS with an `exports.default`; under Node's ESM loader the default import may be the module object.
const jsQR: JsQr = ((jsQRModule as unknown as { default?: JsQr }).default ?? jsQRModule) as JsQr;

/**
 * sharp (libvips) and zxing take about a second to load on a busy machine: loaded on first use, not when
 * the server starts. (Tests freeze Object.prototype after loading the app; zxing assigns toString on its
 * prototypes while loading, so apps/server/test/setup.ts loads it before the freeze.)
 */
interface Libs {
  sharp: typeof SharpFn;
  zxing: typeof Zxing;
}
let libs: Promise<Libs> | undefined;
const loadLibs = (): Promise<Libs> =>
  (libs ??= Promise.all([import('sharp'), import('@zxing/library')]).then(([s, zxing]) => ({
    sharp: s.default,
    zxing: zxing as typeof Zxing,
  })));

export interface QrDecodeOptions {
  /** Which decoded texts count (default: invoice QR codes only); others are skipped and the search goes on. */
  accept?: (text: string) => boolean;
  /** Refuse images with more pixels than this before decoding them (default FILE_LIMITS.imagePixels). */
  maxInputPixels?: number;
  /** Decoders to use, in order (default both: jsqr, then zxing). */
  decoders?: readonly ('jsqr' | 'zxing')[];
}

export interface QrDecodeHit {
  text: string;
  decoder: 'jsqr' | 'zxing';
  /** Which image variant decoded: full, corner, scaled, threshold, corner-threshold. */
  variant: string;
}

/** Images bigger than this are shrunk before decoding: a QR of an invoice stays far above jsqr's minimum. */
const WORK_SIDE = 2000;
const DEFAULT_MAX_PIXELS = FILE_LIMITS.imagePixels;

interface Gray {
  rgba: Uint8ClampedArray;
  luminance: Uint8ClampedArray;
  width: number;
  height: number;
}

async function toPixels(pipeline: Sharp): Promise<Gray> {
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const luminance = new Uint8ClampedArray(info.width * info.height);
  for (let i = 0, p = 0; i < luminance.length; i++, p += 4) {
    // Transparent pixels (PNG QR codes on a transparent background) count as white.
    const a = rgba[p + 3]! / 255;
    const y = 0.299 * rgba[p]! + 0.587 * rgba[p + 1]! + 0.114 * rgba[p + 2]!;
    luminance[i] = Math.round(y * a + 255 * (1 - a));
    if (a < 1) {
      rgba[p] = rgba[p + 1] = rgba[p + 2] = luminance[i]!;
      rgba[p + 3] = 255;
    }
  }
  return { rgba, luminance, width: info.width, height: info.height };
}

function zxingDecode({ zxing }: Libs, g: Gray): string | undefined {
  const { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;
  const hints = new Map<(typeof DecodeHintType)[keyof typeof DecodeHintType], unknown>([
    [DecodeHintType.TRY_HARDER, true],
  ]);
  try {
    const source = new RGBLuminanceSource(g.luminance, g.width, g.height);
    const result: Zxing.Result = new QRCodeReader().decode(
      new BinaryBitmap(new HybridBinarizer(source)),
      hints,
    );
    return result.getText();
  } catch {
    return undefined; // NotFoundException, ChecksumException, FormatException: nothing readable here
  }
}

/** The variants tried, in order; each makes a fresh pipeline from the normalised source. */
function variants(base: () => Sharp, width: number, height: number): [string, () => Sharp][] {
  const cornerW = Math.max(1, Math.round(width * 0.4));
  const cornerH = Math.max(1, Math.round(height * 0.5));
  const corner = () => {
    const scale = Math.max(1, Math.min(4, 800 / Math.max(cornerW, cornerH)));
    return base()
      .extract({ left: 0, top: 0, width: cornerW, height: cornerH })
      .resize(Math.round(cornerW * scale), Math.round(cornerH * scale));
  };
  const longest = Math.max(width, height);
  const scaledSide = longest > 1000 ? 1000 : Math.min(2000, longest * 2);
  return [
    ['full', base],
    ['corner', corner],
    ['scaled', () => base().resize(scaledSide, scaledSide, { fit: 'inside' })],
    ['threshold', () => base().grayscale().normalise().threshold(140)],
    ['corner-threshold', () => corner().grayscale().normalise().threshold(140)],
    ['sharpened', () => base().grayscale().normalise().sharpen({ sigma: 1.5 })],
  ];
}

async function decodeFrom(
  { sharp, zxing }: Libs,
  source: () => Sharp,
  options: QrDecodeOptions,
): Promise<QrDecodeHit | undefined> {
  const accept = options.accept ?? looksLikeInvoiceQr;
  // Normalise once (EXIF orientation, at most WORK_SIDE pixels a side, RGBA) so that each variant below is
  // one sharp pipeline: sharp keeps only the last resize of a pipeline.
  const { data, info } = await source()
    .rotate()
    .resize(WORK_SIDE, WORK_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const base = () => sharp(data, { raw: { width, height, channels: 4 } });
  // Each variant is materialised once; zxing only runs after jsqr failed on every variant.
  const decoders = options.decoders ?? ['jsqr', 'zxing'];
  const pixels: [string, Gray][] = [];
  for (const [name, make] of variants(base, width, height)) {
    const g = await toPixels(make());
    pixels.push([name, g]);
    if (!decoders.includes('jsqr')) continue;
    const hit = jsQR(g.rgba, g.width, g.height, { inversionAttempts: 'attemptBoth' });
    if (hit?.data && accept(hit.data)) return { text: hit.data, decoder: 'jsqr', variant: name };
  }
  if (!decoders.includes('zxing')) return undefined;
  for (const [name, g] of pixels) {
    const text = zxingDecode({ sharp, zxing }, g);
    if (text && accept(text)) return { text, decoder: 'zxing', variant: name };
  }
  return undefined;
}

/**
 * Finds an invoice QR in an encoded image (png, jpeg, webp, gif, tiff). Undefined when there is none
 * or the bytes are not an image sharp can read.
 */
export async function decodeQrFromImage(
  bytes: Uint8Array,
  options: QrDecodeOptions = {},
): Promise<QrDecodeHit | undefined> {
  const limitInputPixels = options.maxInputPixels ?? DEFAULT_MAX_PIXELS;
  try {
    const lib = await loadLibs();
    return await decodeFrom(lib, () => lib.sharp(bytes, { limitInputPixels, failOn: 'error' }), options);
  } catch {
    return undefined; // unsupported or corrupt image, or over the pixel limit
  }
}

/** The same search on raw pixels (an image XObject of a PDF): 1 (gray), 3 (RGB) or 4 (RGBA) channels. */
export async function decodeQrFromPixels(
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: 1 | 3 | 4,
  options: QrDecodeOptions = {},
): Promise<QrDecodeHit | undefined> {
  if (
    width * height > (options.maxInputPixels ?? DEFAULT_MAX_PIXELS) ||
    data.length < width * height * channels
  ) {
    return undefined;
  }
  const buf = Buffer.from(data.buffer, data.byteOffset, width * height * channels);
  try {
    const lib = await loadLibs();
    return await decodeFrom(lib, () => lib.sharp(buf, { raw: { width, height, channels } }), options);
  } catch {
    return undefined;
  }
}
