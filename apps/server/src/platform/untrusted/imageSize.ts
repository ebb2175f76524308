import { FILE_LIMITS, FileLimitError, limitMessages } from './limits.js';

/**
 * A picture's declared size, read from its header without decoding a pixel: PNG, JPEG, GIF, WebP,
 * BMP and TIFF. A 380 KB PNG can declare 100 M pixels, so this is what stands between an upload and a
 * decoder's gigabytes (libvips and onnxruntime allocate outside V8's heap, where a worker's
 * resourceLimits do not reach). Undefined when the header cannot be read; the decoders are then given
 * FILE_LIMITS.imagePixels themselves (sharp's limitInputPixels).
 */
export function imageSize(b: Uint8Array): { width: number; height: number } | undefined {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const has = (n: number) => b.length >= n;
  // PNG: IHDR is the first chunk
  if (has(24) && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47)
    return { width: v.getUint32(16), height: v.getUint32(20) };
  // GIF: the logical screen (frames are clipped to it)
  if (has(10) && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46)
    return { width: v.getUint16(6, true), height: v.getUint16(8, true) };
  // BMP: BITMAPINFOHEADER (a negative height is top-down)
  if (has(26) && b[0] === 0x42 && b[1] === 0x4d)
    return { width: Math.abs(v.getInt32(18, true)), height: Math.abs(v.getInt32(22, true)) };
  if (has(30) && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webpSize(b, v);
  if (has(4) && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b, v);
  if (has(8) && ((b[0] === 0x49 && b[1] === 0x49) || (b[0] === 0x4d && b[1] === 0x4d))) return tiffSize(b, v);
  return undefined;
}

/** Refuses a picture whose header declares more than FILE_LIMITS.imagePixels. */
export function checkImagePixels(bytes: Uint8Array, name: string, verb: string): void {
  const size = imageSize(bytes);
  if (size && size.width * size.height > FILE_LIMITS.imagePixels)
    throw new FileLimitError(limitMessages.imagePixels(name, verb));
}

function ascii(b: Uint8Array, at: number, n: number) {
  return String.fromCharCode(...b.subarray(at, at + n));
}

function webpSize(b: Uint8Array, v: DataView) {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X')
    return { width: 1 + (v.getUint32(24, true) & 0xffffff), height: 1 + (v.getUint32(27, true) & 0xffffff) };
  if (chunk === 'VP8L') {
    const bits = v.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ')
    return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
  return undefined;
}

/** The first SOFn marker's size (every frame of a JPEG has the same). */
function jpegSize(b: Uint8Array, v: DataView) {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) return { height: v.getUint16(at + 5), width: v.getUint16(at + 7) };
    if (marker === 0xda) return undefined; // pixel data before any frame header
    at += 2 + v.getUint16(at + 2);
  }
  return undefined;
}

/** The first image's ImageWidth (256) and ImageLength (257). */
function tiffSize(b: Uint8Array, v: DataView) {
  const le = b[0] === 0x49;
  if (v.getUint16(2, le) !== 42) return undefined;
  const ifd = v.getUint32(4, le);
  if (ifd + 2 > b.length) return undefined;
  const count = v.getUint16(ifd, le);
  let width: number | undefined;
  let height: number | undefined;
  for (let i = 0; i < count; i += 1) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > b.length) break;
    const tag = v.getUint16(e, le);
    const type = v.getUint16(e + 2, le);
    const value = type === 3 ? v.getUint16(e + 8, le) : v.getUint32(e + 8, le);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width !== undefined && height !== undefined ? { width, height } : undefined;
}
