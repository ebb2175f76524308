import { checkImagePixels } from '../../../platform/untrusted/imageSize.js';
import { FileLimitError } from '../../../platform/untrusted/limits.js';
import { recogniseInvoiceXml, recogniseOfd } from './ofd.js';
import { recognisePdf } from './pdf.js';
import { parseInvoiceQr } from './qr.js';
import { decodeQrFromImage } from './qrDecode.js';
import type { RecognisedInvoice } from './types.js';

/**
 * Invoice recognition without OCR: one entry point that looks at a file's bytes (never trusting its name)
 * and reads what can be read exactly — a PDF's text layer and QR, an OFD's XML, an e-invoice XML, an
 * image's QR. Pictures (a photo, or the pages of a scanned PDF) are answered `{ needsOcr: true, pictures }`
 * with the invoice each one's QR gave: only OCR reads the buyer and seller off a picture, and the QR then
 * cross-checks what it read. Files we refuse throw a RecognitionError with a Chinese message for the user.
 */

export type { FieldSource, InvoiceKind, RecognisedField, RecognisedInvoice } from './types.js';
export { parseInvoiceQr, type QrParseResult } from './qr.js';
export { decodeQrFromImage, decodeQrFromPixels, type QrDecodeHit } from './qrDecode.js';
export { crossCheck } from './crossCheck.js';
export { TRAVEL_KEYS } from './travel.js';
export { recognisePdf, type PdfResult, type ScannedPage } from './pdf.js';
export { recogniseOfd, recogniseInvoiceXml, type OfdResult } from './ofd.js';

/** Files above this size are refused before any parsing (e-invoices are well under 1 MB). */
export const MAX_RECOGNITION_BYTES = 20 * 1024 * 1024;

export class RecognitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecognitionError';
  }
}

export type FileKind = 'pdf' | 'ofd' | 'image' | 'xml' | 'unknown';

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

/** What the bytes are, by their magic numbers (the name only breaks no ties here). */
export function sniffFileKind(bytes: Uint8Array): FileKind {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'ofd';
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) || // png
    startsWith(bytes, [0xff, 0xd8, 0xff]) || // jpeg
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) || // gif
    (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) || // webp
    startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || // tiff
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]) ||
    startsWith(bytes, [0x42, 0x4d]) // bmp
  ) {
    return 'image';
  }
  if (/^(\uFEFF|ï»¿)?\s*<(\?xml|[A-Za-z_:])/.test(head)) return 'xml';
  return 'unknown';
}

export interface RecogniseOptions {
  now?: Date;
  maxBytes?: number;
}

/** A picture to OCR, and the invoice its QR code gave (the QR wins where they disagree). */
export interface Picture {
  bytes: Uint8Array;
  qr?: RecognisedInvoice;
}
export interface NeedsOcr {
  needsOcr: true;
  pictures: Picture[];
}

export async function recogniseFile(
  bytes: Uint8Array,
  fileName: string,
  options: RecogniseOptions = {},
): Promise<RecognisedInvoice[] | NeedsOcr> {
  if (bytes.byteLength === 0) throw new RecognitionError(`文件“${fileName}”是空的`);
  if (bytes.byteLength > (options.maxBytes ?? MAX_RECOGNITION_BYTES)) {
    throw new RecognitionError(`文件“${fileName}”过大，发票文件不能超过 20 MB`);
  }
  const kind = sniffFileKind(bytes);
  switch (kind) {
    case 'pdf': {
      const r = await recognisePdf(bytes, { now: options.now, name: fileName }).catch(refuseOverCap);
      if (r.ok) return r.invoices;
      if (r.needsOcr) return { needsOcr: true, pictures: r.pages.map((p) => ({ bytes: p.png, qr: p.qr })) };
      throw new RecognitionError(`文件“${fileName}”：${r.reason}`);
    }
    case 'ofd': {
      const r = await recogniseOfd(bytes, { now: options.now });
      if (r.ok) return r.invoices.map((i) => i.invoice);
      throw new RecognitionError(`文件“${fileName}”：${r.reason}`);
    }
    case 'xml': {
      const r = recogniseInvoiceXml(bytes, { now: options.now });
      if (r.ok) return [r.invoice];
      throw new RecognitionError(`文件“${fileName}”：${r.reason}`);
    }
    case 'image': {
      // the header's size, before sharp decodes anything (a 380 KB PNG can declare 100 M pixels)
      try {
        checkImagePixels(bytes, fileName, '识别');
      } catch (err) {
        refuseOverCap(err);
      }
      const hit = await decodeQrFromImage(bytes);
      const qr = hit ? parseInvoiceQr(hit.text) : undefined;
      return { needsOcr: true, pictures: [{ bytes, qr: qr?.ok ? qr.invoice : undefined }] };
    }
    default:
      throw new RecognitionError(`文件“${fileName}”不是支持的发票文件（PDF、OFD、XML 或图片）`);
  }
}

/** A file over one of FILE_LIMITS' caps is refused with the cap's own reason. */
function refuseOverCap(err: unknown): never {
  if (err instanceof FileLimitError) throw new RecognitionError(err.message);
  throw err;
}
