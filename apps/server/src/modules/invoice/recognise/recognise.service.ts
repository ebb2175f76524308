import {
  REVIEW_CONFIDENCE,
  type DraftFields,
  type InvoiceSource,
  type RecognisedDraft,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { AppServices } from '../../../platform/types.js';
import { missingFileError, readTenantFile } from '../../files/index.js';
import { mayUseFileKey } from '../fileKey.service.js';
import { ocrCutting } from '../ocr/ocr.service.js';
import {
  crossCheck,
  parseInvoiceQr,
  sniffFileKind,
  TRAVEL_KEYS,
  type FieldSource,
  type RecognisedField,
  type RecognisedInvoice,
} from '../recognition/index.js';
import { AppError } from '../../../platform/errors.js';
import type { FileReading, ReadInvoiceFile } from '../core/fieldSources.js';
import type { OfdPrintResult } from '../ofdPrint/ofdPrint.js';
import { RecogniseCode, recogniseErrors } from './recognise.errors.js';
import { findRecognition, storeRecognition } from './recognise.repo.js';
import { recognitionThreads } from '../recognition/recognitionThreads.js';

/**
 * Invoice recognition for the entry page (spec §7.8 ocrCutting, ocrCheck, ocrCorrect, qrcodeCheck):
 * files are read exactly where they can be (a PDF's text layer, an OFD's XML, an e-invoice XML, a QR),
 * and only pictures go to OCR, on its worker thread. The answer is a list of editable drafts; nothing is
 * saved until the user sends them to saveInvoices.
 */

type Fields = RecognisedInvoice['fields'];

/** Our field names → the drafts' (the same except the date). */
const DRAFT_NAME: Partial<Record<keyof Fields, keyof DraftFields>> = {
  code: 'code',
  number: 'number',
  date: 'billingDate',
  amount: 'amount',
  tax: 'tax',
  total: 'total',
  checkCode: 'checkCode',
  buyerName: 'buyerName',
  buyerTaxId: 'buyerTaxId',
  sellerName: 'sellerName',
  sellerTaxId: 'sellerTaxId',
  machineNo: 'machineNo',
};
const TRAVEL = TRAVEL_KEYS;

/** What a draft must have before it can be saved; a missing one is a warning the page shows. */
const REQUIRED: { name: keyof DraftFields; label: string }[] = [
  { name: 'number', label: '发票号码' },
  { name: 'billingDate', label: '开票日期' },
  { name: 'total', label: '价税合计' },
];

/** A recognised invoice as the entry page edits it; `fileIndex`: its place among the file's invoices. */
export function toDraft(
  inv: RecognisedInvoice,
  source: InvoiceSource,
  fileKey?: string,
  fileIndex?: number,
): RecognisedDraft {
  const fields: DraftFields = {};
  const confidence: Record<string, number> = {};
  const sources: Record<string, FieldSource> = {};
  const put = (name: string, f: RecognisedField<unknown>) => {
    (fields as Record<string, unknown>)[name] = f.value;
    confidence[name] = Math.max(0, Math.min(1, f.confidence));
    sources[name] = f.source;
  };
  for (const [ours, theirs] of Object.entries(DRAFT_NAME) as [keyof Fields, keyof DraftFields][]) {
    const f = inv.fields[ours] as RecognisedField<unknown> | undefined;
    if (f && f.value !== '' && f.value !== undefined && f.value !== null) put(theirs, f);
  }
  if (inv.fields.goods && inv.fields.goods.value.length > 0) put('goods', inv.fields.goods);
  const travel: Record<string, string> = {};
  for (const k of TRAVEL) {
    const f = inv.fields[k];
    if (f && f.value) {
      travel[k] = f.value;
      confidence[`travel.${k}`] = f.confidence;
      sources[`travel.${k}`] = f.source;
    }
  }
  if (Object.keys(travel).length > 0) fields.travel = travel;
  const warnings = [...inv.warnings];
  for (const r of REQUIRED) if (fields[r.name] === undefined) warnings.push(`未识别到${r.label}，请补充`);
  return {
    kind: inv.kind,
    source,
    ...(fileKey ? { fileKey } : {}),
    ...(fileIndex !== undefined ? { fileIndex } : {}),
    fields,
    sources,
    confidence,
    lowConfidence: Object.entries(confidence)
      .filter(([, c]) => c < REVIEW_CONFIDENCE)
      .map(([name]) => name),
    warnings,
    ...(inv.region ? { region: inv.region } : {}),
    ...(inv.qr ? { qr: inv.qr } : {}),
  };
}

async function readUpload(d: AppServices, caller: TenantCaller, fileKey: string) {
  // Another person's key is answered as a missing one (decision 0033).
  if (!(await mayUseFileKey(d.db, caller, fileKey))) throw missingFileError();
  return (await readTenantFile(d, caller.tenantId, fileKey)).bytes;
}

let shared: ReturnType<typeof recognitionThreads> | null = null;

/** The process's recognition thread (PDF, OFD, XML, QR decoding), started by the first file. */
function recognitionThread() {
  shared ??= recognitionThreads({
    busy: recogniseErrors.threadBusy,
    failed: recogniseErrors.threadFailed,
    timeout: recogniseErrors.threadTimeout,
    refused: recogniseErrors.unreadable,
  });
  return shared;
}

/** Stops the recognition thread (server shutdown, end of a test file). */
export async function closeRecognition(): Promise<void> {
  const threads = shared;
  shared = null;
  await threads?.close();
}

/**
 * An OFD's first `maxPages` pages drawn for a print PDF (ofdPrint/), on the recognition thread: JPEGs, or
 * the reason it cannot be printed (not an OFD, over a cap, or drawing it ran over the thread's time). A
 * full queue or a dead thread still fails the request (503).
 */
export async function ofdPrintPages(
  bytes: Uint8Array,
  opts: { name: string; verb: string; maxPages: number },
): Promise<OfdPrintResult> {
  try {
    return await recognitionThread().ofdPrint(bytes, opts);
  } catch (err) {
    if (err instanceof AppError && err.code === RecogniseCode.threadTimeout)
      return { ok: false, reason: `文件“${opts.name}”绘制超时，无法${opts.verb}` };
    throw err;
  }
}

/**
 * Exact readers first, on the recognition thread; pictures (a photo, a scanned PDF's pages) go to OCR, one
 * pass each, every invoice on them. A picture's QR then cross-checks the OCR fields of the invoice it belongs to (the one with its
 * number, or the only one); when OCR finds nothing, the QR alone still gives a draft.
 */
export async function recogniseBytes(
  bytes: Buffer,
  fileName: string,
): Promise<{ invoices: RecognisedInvoice[]; viaOcr: boolean }> {
  const read = await recognitionThread().recognise(bytes, fileName);
  if (Array.isArray(read)) return { invoices: read, viaOcr: false };
  const invoices: RecognisedInvoice[] = [];
  for (const picture of read.pictures) {
    const found = await ocrCutting(picture.bytes);
    const qr = picture.qr;
    if (!qr) {
      invoices.push(...found);
      continue;
    }
    const qrNumber = qr.fields.number?.value;
    const i = found.length === 1 ? 0 : found.findIndex((inv) => inv.fields.number?.value === qrNumber);
    if (i < 0) {
      invoices.push(...found, crossCheck({ fields: {} }, qr));
      continue;
    }
    found[i] = { ...crossCheck(found[i]!, qr), region: found[i]!.region };
    invoices.push(...found);
  }
  return { invoices, viaOcr: true };
}

/** ocrCheck / ocrCutting: every invoice in one uploaded file, as drafts. */
export async function recogniseUpload(
  d: AppServices,
  caller: TenantCaller,
  body: { file_key: string; file_name: string },
): Promise<RecognisedDraft[]> {
  const reading = await readAndStore(d, caller, body.file_key, body.file_name);
  // A picture is a photo or scan (OCR, or its QR); a PDF, OFD or XML is the electronic invoice itself.
  const source = reading.viaOcr ? 'ocr' : 'upload';
  return reading.invoices.map((inv, i) => toDraft(inv, source, body.file_key, i));
}

/** Recognises a file and keeps what was read: saving compares the entry with it (decision 0035). */
async function readAndStore(
  d: AppServices,
  caller: TenantCaller,
  fileKey: string,
  fileName: string,
): Promise<FileReading> {
  const bytes = await readUpload(d, caller, fileKey);
  const { invoices, viaOcr: ocr } = await recogniseBytes(bytes, fileName);
  if (invoices.length === 0) throw recogniseErrors.unreadable(`文件“${fileName}”中没有识别到发票`);
  const viaOcr = ocr || sniffFileKind(bytes) === 'image';
  await storeRecognition(d.db, caller.tenantId, {
    file_key: fileKey,
    staff_id: caller.staffId,
    via_ocr: viaOcr ? 1 : 0,
    invoices: JSON.stringify(invoices),
    created_at: Date.now(),
  });
  return { viaOcr, invoices };
}

/**
 * What saveInvoices compares an entry with: the file's stored reading, or (a file never recognised here,
 * e.g. saved straight from the API) the file read now.
 */
export function fileReader(d: AppServices, caller: TenantCaller): ReadInvoiceFile {
  return async (fileKey) => {
    const stored = await findRecognition(d.db, caller.tenantId, fileKey);
    if (stored) {
      return {
        viaOcr: Number(stored.via_ocr) === 1,
        invoices: JSON.parse(stored.invoices) as RecognisedInvoice[],
      };
    }
    return readAndStore(d, caller, fileKey, fileKey.split('/').pop() ?? fileKey);
  };
}

/** qrcodeCheck: the text a scanner or phone read from an invoice's QR code. */
export function recogniseQrText(qrcode: string, now = new Date()): RecognisedDraft {
  const parsed = parseInvoiceQr(qrcode);
  if (!parsed.ok) throw recogniseErrors.notInvoiceQr(parsed.reason);
  return toDraft(
    crossCheck({ kind: parsed.invoice.kind, fields: parsed.invoice.fields }, undefined, { now }),
    'qrcode',
  );
}

/**
 * ocrCorrect: the drafts as the user corrected them, checked again (sums, date, required fields). Every
 * value the user has seen and sent back counts as confirmed; each field keeps the source the draft named
 * (shown only: saving compares with the file's stored reading, not with these).
 */
export function recheckDrafts(drafts: RecognisedDraft[], now = new Date()): RecognisedDraft[] {
  return drafts.map((draft) => {
    const fields: Fields = {};
    const hand = <T>(name: string, value: T): RecognisedField<T> => ({
      value,
      confidence: 1,
      source: draft.sources?.[name] ?? 'hand',
    });
    for (const [ours, theirs] of Object.entries(DRAFT_NAME) as [keyof Fields, keyof DraftFields][]) {
      const v = draft.fields[theirs];
      if (v !== undefined && v !== '') (fields as Record<string, unknown>)[ours] = hand(theirs, v);
    }
    if (draft.fields.goods) fields.goods = hand('goods', draft.fields.goods);
    for (const k of TRAVEL) {
      const v = draft.fields.travel?.[k];
      if (v) fields[k] = hand(`travel.${k}`, v);
    }
    const checked = crossCheck({ kind: draft.kind, fields }, undefined, { now });
    return toDraft(
      { ...checked, region: draft.region, qr: draft.qr },
      draft.source,
      draft.fileKey,
      draft.fileIndex,
    );
  });
}
