import { createRequire } from 'node:module';
import path from 'node:path';
import { FILE_LIMITS } from '../../../platform/untrusted/limits.js';
import { scanPdf } from '../../../platform/untrusted/pdfScan.js';
import { crossCheck } from './crossCheck.js';
import { fieldsFromLayout, type TextItem } from './layout.js';
import { parseInvoiceQr } from './qr.js';
import { decodeQrFromPixels } from './qrDecode.js';
import type { RecognisedInvoice } from './types.js';

/**
 * PDF e-invoices (增值税电子普通/专用发票 and 数电票 PDFs): fields from the text layer read with pdfjs-dist 5
 * (legacy build, no canvas), grouped into lines and read label by label (layout.ts); the QR from the
 * page's image XObjects, taken from pdfjs' operator list as raw pixels and decoded with qrDecode. A PDF
 * with no text (a scan) is never guessed at: each page's largest picture is handed back as a PNG for OCR,
 * with the invoice its QR gave.
 */

/** A scanned page: its picture (PNG) for OCR, and the invoice its QR code gave, if any. */
export interface ScannedPage {
  png: Buffer;
  qr?: RecognisedInvoice;
}

export type PdfResult =
  | { ok: true; invoices: RecognisedInvoice[] }
  | { ok: false; needsOcr: true; reason: string; pages: ScannedPage[] }
  | { ok: false; needsOcr?: undefined; reason: string };

export interface PdfOptions {
  maxPages?: number;
  /** The file's name, in a refusal over a cap. */
  name?: string;
  /** Decode QR images (default true). */
  qrImages?: boolean;
  now?: Date;
}

const MAX_PAGES = 20;
/** Fewer non-blank characters than this in the whole file: no text layer. */
const MIN_TEXT_CHARS = 10;
/** Image XObjects tried per page for a QR, and the sizes worth trying. */
const MAX_IMAGES_PER_PAGE = 6;
const MIN_QR_SIDE = 40;
const MAX_QR_PIXELS = 4_000_000;
/** Scanned pages handed to OCR (each costs seconds), and the longest side they are scaled to. */
const MAX_SCANNED_PAGES = 5;
const SCAN_MAX_SIDE = 2400;
/** A picture smaller than this on a page without text is a logo or stamp, not the scanned page. */
const MIN_SCAN_SIDE = 300;

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * Fonts that share glyphs between a CJK ideograph and a Kangxi radical make some PDF writers (Chromium's
 * Skia among them) map the glyph to the radical: ⼦ (U+2F26) for 子, ⽤ (U+2F64) for 用. NFKC maps each
 * radical back to its ideograph; only those blocks are touched so full-width punctuation in names stays.
 */
export function fixRadicals(s: string): string {
  return s.replace(/[\u2e80-\u2fdf]/g, (ch) => ch.normalize('NFKC'));
}

interface PdfImage {
  width: number;
  height: number;
  kind: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/** pdfjs ImageKind: 1 = 1 bit gray (packed), 2 = RGB, 3 = RGBA. Gray 1 bpp is unpacked to 8 bits. */
function toChannels(img: PdfImage): { data: Uint8Array; channels: 1 | 3 | 4 } | undefined {
  if (!img.data) return undefined;
  if (img.kind === 2)
    return { data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength), channels: 3 };
  if (img.kind === 3)
    return { data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength), channels: 4 };
  if (img.kind === 1) {
    const rowBytes = (img.width + 7) >> 3;
    const out = new Uint8Array(img.width * img.height);
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const bit = (img.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        out[y * img.width + x] = bit ? 255 : 0;
      }
    }
    return { data: out, channels: 1 };
  }
  return undefined;
}

/** A scanned page's raw pixels as a PNG no longer than SCAN_MAX_SIDE on either side (OCR's input). */
async function scanToPng(scan: {
  pixels: { data: Uint8Array; channels: 1 | 3 | 4 };
  width: number;
  height: number;
}): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(scan.pixels.data, {
    raw: { width: scan.width, height: scan.height, channels: scan.pixels.channels },
  })
    .resize({ width: SCAN_MAX_SIDE, height: SCAN_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Before pdf.js sees the file, its pages and inflated streams are checked (scanPdf throws a
 * FileLimitError over a cap); an encrypted file is refused, as its streams cannot be checked. pdf.js
 * itself skips any image over FILE_LIMITS.imagePixels (maxImageSize) without decoding it.
 */
export async function recognisePdf(bytes: Uint8Array, options: PdfOptions = {}): Promise<PdfResult> {
  const scan = await scanPdf(bytes, options.name ?? 'PDF', '识别');
  if (scan.encrypted) return { ok: false, reason: 'PDF 文件已加密，无法读取' };
  // pdfjs takes a few hundred ms to load: on first use, not at server start.
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    doc = await getDocument({
      data: new Uint8Array(bytes), // pdfjs transfers (detaches) the buffer it is given
      maxImageSize: FILE_LIMITS.imagePixels,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
      cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
      cMapPacked: true,
      standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
    }).promise;
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'PasswordException') return { ok: false, reason: 'PDF 文件已加密，无法读取' };
    return { ok: false, reason: '不是有效的 PDF 文件' };
  }
  try {
    const pages = Math.min(doc.numPages, options.maxPages ?? MAX_PAGES);
    const invoices: RecognisedInvoice[] = [];
    const scanned: ScannedPage[] = [];
    let textChars = 0;
    for (let p = 1; p <= pages; p++) {
      const page = await doc.getPage(p);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: TextItem[] = [];
      let pageChars = 0;
      for (const it of content.items) {
        if (!('str' in it) || !it.str.trim()) continue;
        const [a, b, c, d, e, f] = it.transform as number[];
        const size = Math.hypot(c!, d!) || Math.hypot(a!, b!) || it.height;
        items.push({
          x: e!,
          baseline: viewport.height - f!,
          size,
          text: fixRadicals(it.str),
          width: it.width,
        });
        pageChars += it.str.replace(/\s+/g, '').length;
      }
      const layout = fieldsFromLayout(items, 'pdf_text');

      textChars += pageChars;
      const pageHasText = pageChars >= MIN_TEXT_CHARS;
      let qr: RecognisedInvoice | undefined;
      let scan:
        { pixels: { data: Uint8Array; channels: 1 | 3 | 4 }; width: number; height: number } | undefined;
      if (options.qrImages !== false || !pageHasText) {
        const ops = await page.getOperatorList();
        let tried = 0;
        for (let i = 0; i < ops.fnArray.length && tried < MAX_IMAGES_PER_PAGE && (!qr || !pageHasText); i++) {
          if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
          const id = (ops.argsArray[i] as [string])[0];
          const img = await new Promise<PdfImage | undefined>((resolve) => {
            const store = id.startsWith('g_') ? page.commonObjs : page.objs;
            try {
              store.get(id, (o: PdfImage) => resolve(o));
            } catch {
              resolve(undefined);
            }
          });
          if (!img || Math.min(img.width, img.height) < MIN_QR_SIDE) continue;
          const pixels = toChannels(img);
          if (!pixels) continue;
          if (
            !pageHasText &&
            Math.min(img.width, img.height) >= MIN_SCAN_SIDE &&
            img.width * img.height > (scan ? scan.width * scan.height : 0)
          ) {
            scan = { pixels, width: img.width, height: img.height };
          }
          if (qr || options.qrImages === false || img.width * img.height > MAX_QR_PIXELS) continue;
          tried++;
          const hit = await decodeQrFromPixels(pixels.data, img.width, img.height, pixels.channels);
          const parsed = hit ? parseInvoiceQr(hit.text) : undefined;
          if (parsed?.ok) qr = parsed.invoice;
        }
      }
      page.cleanup();
      if (scan && scanned.length < MAX_SCANNED_PAGES) scanned.push({ png: await scanToPng(scan), qr });
      if (!pageHasText) continue;
      if (!layout.fields.number && !layout.fields.code && !qr) continue; // a goods-list continuation page
      const invoice = crossCheck(layout, qr, { now: options.now });
      const number = invoice.fields.number?.value;
      if (number && invoices.some((inv) => inv.fields.number?.value === number)) continue;
      invoices.push(invoice);
    }
    if (textChars < MIN_TEXT_CHARS) {
      if (!scanned.length) return { ok: false, reason: 'PDF 既没有文字层也没有扫描的页面图像，无法识别' };
      return {
        ok: false,
        needsOcr: true,
        reason: 'PDF 没有文字层（扫描件），按图片 OCR 识别',
        pages: scanned,
      };
    }
    if (!invoices.length) return { ok: false, reason: 'PDF 中没有读到发票号码' };
    return { ok: true, invoices };
  } finally {
    await doc.destroy();
  }
}
