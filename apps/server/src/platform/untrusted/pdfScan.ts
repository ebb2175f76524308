import zlib from 'node:zlib';
import { FILE_LIMITS, FileLimitError, limitMessages } from './limits.js';

/**
 * A look at a PDF before pdf-lib or pdf.js opens it (decision 0032): its page objects are counted and
 * every stream is decoded once, bounded, to learn how big it becomes — neither library can be told to
 * stop inflating, and a 1 MB stream can inflate to a gigabyte. Runs on a worker thread (it costs CPU).
 *
 * - Pages: `/Type /Page` objects in the file and inside its object streams (an object stream is where a
 *   compressed PDF keeps them). It counts every page object, also unused ones, so it can only overcount;
 *   the merge checks pdf-lib's own count after loading too.
 * - Inflated bytes: each stream's filter chain is applied (Flate, LZW, RunLength, ASCIIHex, ASCII85),
 *   the output counted and dropped, all streams together at most FILE_LIMITS.pdfInflatedBytes. Image
 *   codecs (DCT, JPX, JBIG2, CCITT) end the chain: their size is the image's pixels, which pdf.js bounds
 *   with maxImageSize, and pdf-lib never decodes them.
 * - An encrypted file's streams cannot be decoded here, so it is reported (`encrypted`) for the caller
 *   to decide (recognition refuses it; pdf-lib copies encrypted streams without decoding them).
 */
export interface PdfScan {
  pages: number;
  inflatedBytes: number;
  encrypted: boolean;
}

export async function scanPdf(bytes: Uint8Array, name: string, verb: string): Promise<PdfScan> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString('latin1');
  const budget = FILE_LIMITS.pdfInflatedBytes;
  let pages = countPages(text);
  let inflated = 0;
  const refs = new Map<string, number | undefined>();
  const tooBig = () => new FileLimitError(limitMessages.pdfInflated(name, verb));
  const tooManyPages = () => new FileLimitError(limitMessages.pdfPages(name, verb));
  if (pages > FILE_LIMITS.pdfPages) throw tooManyPages();
  const keyword = /stream(?:\r\n|\n|\r)/g;
  for (let m = keyword.exec(text); m; m = keyword.exec(text)) {
    const at = m.index;
    if (!/>>\s*$/.test(text.slice(Math.max(0, at - 64), at))) continue; // "endstream", or not after a dict
    const head = text.lastIndexOf('obj', at);
    const dict = text.slice(head < 0 || at - head > 65_536 ? Math.max(0, at - 65_536) : head, at);
    const start = at + m[0].length;
    const end = streamEnd(text, start, declaredLength(text, dict, refs));
    keyword.lastIndex = end;
    const filters = filtersOf(dict);
    if (filters.length === 0) continue;
    const objStm = /\/Type\s*\/ObjStm\b/.test(dict);
    let data: Uint8Array = buf.subarray(start, end);
    let decoded = false;
    for (const [i, filter] of filters.entries()) {
      const decode = DECODERS[filter];
      if (!decode) break; // an image codec (bounded by pixels) or one we do not know
      const keep = objStm || i < filters.length - 1;
      const out = await decode(data, budget - inflated, keep);
      if (out === null) throw tooBig();
      if (!(out instanceof Uint8Array)) {
        inflated += out.size;
        break;
      }
      inflated += out.length;
      data = out;
      decoded = true;
    }
    if (objStm && decoded) {
      pages += countPages(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1'));
      if (pages > FILE_LIMITS.pdfPages) throw tooManyPages();
    }
  }
  return { pages, inflatedBytes: inflated, encrypted: /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/.test(text) };
}

/** A PDF name with its #xx escapes decoded. */
const nameOf = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

function countPages(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/\/Type\s*\/([^\s/<>[\]()]+)/g)) if (nameOf(m[1]!) === 'Page') n += 1;
  return n;
}

function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dict);
  if (!m) return [];
  return [...m[1]!.matchAll(/\/([^\s/<>[\]()]+)/g)].map((f) => nameOf(f[1]!));
}

/** /Length as written, or as the object it refers to says. */
function declaredLength(
  text: string,
  dict: string,
  refs: Map<string, number | undefined>,
): number | undefined {
  const m = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dict);
  if (!m) return undefined;
  if (m[2] === undefined) return Number(m[1]);
  const ref = `${m[1]} ${m[2]}`;
  if (!refs.has(ref)) {
    const obj = new RegExp(`(?:^|[^0-9])${m[1]}\\s+${m[2]}\\s+obj\\s*(\\d+)\\s*endobj`).exec(text);
    refs.set(ref, obj ? Number(obj[1]) : undefined);
  }
  return refs.get(ref);
}

/** Where a stream's data ends: at /Length when "endstream" follows there (as pdf.js checks), else at "endstream". */
function streamEnd(text: string, start: number, length: number | undefined): number {
  if (
    length !== undefined &&
    start + length <= text.length &&
    /^\s*endstream/.test(text.slice(start + length, start + length + 40))
  )
    return start + length;
  const end = text.indexOf('endstream', start);
  return end < 0 ? text.length : end;
}

/**
 * Each decoder answers its output, or null when it would pass `max` bytes. With `keep` false only the
 * size matters (the last filter of a stream that is not an object stream): the output is counted and
 * dropped, so a 200 MB stream costs no 200 MB here. Sizes are all a kept:false answer means.
 */
type Decoder = (
  data: Uint8Array,
  max: number,
  keep: boolean,
) => Promise<Uint8Array | { size: number } | null>;

/** Streams inflating to less than this are inflated in one call; larger ones are counted chunk by chunk. */
const FLATE_IN_ONE = 8 * 1024 * 1024;

const flate: Decoder = async (data, max, keep) => {
  try {
    return zlib.inflateSync(data, {
      maxOutputLength: Math.min(max, FLATE_IN_ONE) + 1,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' && max <= FLATE_IN_ONE) return null;
    // larger, or damaged (readers keep what came before the damage): chunk by chunk
    return inflateCounted(data, max, keep);
  }
};

/** Inflates chunk by chunk until the end, the damage, or max + 1 bytes; keeps the chunks only if asked. */
function inflateCounted(
  data: Uint8Array,
  max: number,
  keep: boolean,
): Promise<Uint8Array | { size: number } | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 });
    const done = () => {
      if (settled) return;
      settled = true;
      resolve(size > max ? null : keep ? Buffer.concat(chunks) : { size });
    };
    inflate.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        inflate.destroy();
        done();
      } else if (keep) chunks.push(c);
    });
    inflate.on('error', done);
    inflate.on('close', done);
    inflate.on('end', done);
    inflate.end(data);
  });
}

/** A byte buffer that grows by doubling, refusing to pass `max` bytes; with keep false it only counts. */
class Out {
  bytes = new Uint8Array(4096);
  length = 0;
  constructor(
    private readonly max: number,
    private readonly keep = true,
  ) {}
  /** False when the output would pass max. */
  push(byte: number, times = 1): boolean {
    if (this.length + times > this.max) return false;
    if (!this.keep) {
      this.length += times;
      return true;
    }
    while (this.length + times > this.bytes.length) {
      const grown = new Uint8Array(Math.min(this.bytes.length * 2 + times, this.max + 1));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.fill(byte, this.length, this.length + times);
    this.length += times;
    return true;
  }
  result(): Uint8Array | { size: number } {
    return this.keep ? this.bytes.subarray(0, this.length) : { size: this.length };
  }
}

const runLength: Decoder = async (data, max, keep) => {
  const out = new Out(max, keep);
  for (let i = 0; i < data.length;) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      for (let k = 0; k <= n && i + 1 + k < data.length; k += 1) if (!out.push(data[i + 1 + k]!)) return null;
      i += n + 2;
    } else {
      if (!out.push(data[i + 1] ?? 0, 257 - n)) return null;
      i += 2;
    }
  }
  return out.result();
};

/** LZW with EarlyChange 1 (the default; pdf.js reads the same for 0 within one code length). */
const lzw: Decoder = async (data, max, keep) => {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let dict: Uint8Array[] = [];
  const reset = () => {
    dict = [];
    for (let i = 0; i < 256; i += 1) dict.push(Uint8Array.of(i));
    dict.push(new Uint8Array(0), new Uint8Array(0)); // 256 clear, 257 end
  };
  reset();
  let width = 9;
  let prev: Uint8Array | null = null;
  let bitBuf = 0;
  let bits = 0;
  for (const byte of data) {
    bitBuf = ((bitBuf << 8) | byte) >>> 0;
    bits += 8;
    while (bits >= width) {
      const code = (bitBuf >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        reset();
        width = 9;
        prev = null;
        continue;
      }
      if (code === 257) return keep ? concat(chunks, size) : { size };
      let entry: Uint8Array;
      if (code < dict.length) entry = dict[code]!;
      else if (prev && code === dict.length) entry = Uint8Array.of(...prev, prev[0]!);
      else return keep ? concat(chunks, size) : { size }; // damaged: stop here, as a reader would
      if (keep) chunks.push(entry);
      size += entry.length;
      if (size > max) return null;
      if (prev && dict.length < 4096) dict.push(Uint8Array.of(...prev, entry[0]!));
      prev = entry;
      if (dict.length + 1 >= 1 << width && width < 12) width += 1;
    }
  }
  return keep ? concat(chunks, size) : { size };
};

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const asciiHex: Decoder = async (data) => {
  const hex = Buffer.from(data)
    .toString('latin1')
    .replace(/>.*$/s, '')
    .replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
};

const ascii85: Decoder = async (data, max) => {
  const s = Buffer.from(data).toString('latin1').replace(/~>.*$/s, '').replace(/\s/g, '');
  const out = new Out(max);
  let group: number[] = [];
  const flush = (n: number) => {
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const c of group) v = v * 85 + c;
    group = [];
    for (let k = 0; k < n; k += 1) if (!out.push(Math.floor(v / 2 ** (24 - 8 * k)) & 0xff)) return false;
    return true;
  };
  for (const ch of s) {
    if (ch === 'z' && group.length === 0) {
      if (!out.push(0, 4)) return null;
      continue;
    }
    const c = ch.charCodeAt(0) - 33;
    if (c < 0 || c > 84) break;
    group.push(c);
    if (group.length === 5 && !flush(4)) return null;
  }
  if (group.length > 1 && !flush(group.length - 1)) return null;
  return out.result();
};

/** By filter name, with the abbreviations pdf.js also reads (exported for the tests). */
export const DECODERS: Record<string, Decoder> = {
  FlateDecode: flate,
  Fl: flate,
  LZWDecode: lzw,
  LZW: lzw,
  RunLengthDecode: runLength,
  RL: runLength,
  ASCIIHexDecode: asciiHex,
  AHx: asciiHex,
  ASCII85Decode: ascii85,
  A85: ascii85,
};
