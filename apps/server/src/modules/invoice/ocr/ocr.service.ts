import type { RecognisedInvoice } from '../recognition/types.js';
import { cutRegions } from './cutting.js';
import { extractFields } from './fields.js';
import { ocrPage } from './ocr.engine.js';

export { closeOcr, ocrEngine, ocrImage, ocrPage, OcrEngine } from './ocr.engine.js';
export type { Box, OcrEngineOptions, OcrLine, OcrPage } from './ocr.engine.js';
export { extractFields, LOW_CONFIDENCE } from './fields.js';
export { cutRegions } from './cutting.js';
export { OcrCode, OcrError } from './ocr.errors.js';

/**
 * ocrCheck: the fields of the invoice in one image (JPG/PNG photo or scan). OCR runs on the worker
 * thread; each field carries its OCR confidence.
 */
export async function ocrCheck(bytes: Uint8Array): Promise<RecognisedInvoice> {
  const page = await ocrPage(bytes);
  return extractFields(page.lines);
}

/**
 * ocrCutting: every invoice in one image (several invoices photographed together), each with the region
 * it occupies and its fields — one OCR pass over the whole image.
 */
export async function ocrCutting(bytes: Uint8Array): Promise<RecognisedInvoice[]> {
  const page = await ocrPage(bytes);
  return cutRegions(page).map(({ lines, ...region }) => ({ ...extractFields(lines), region }));
}
