import {
  INVOICE_FIELD_LABEL,
  INVOICE_KIND_LABEL,
  isExactSource,
  MONEY_FIELDS,
  type FieldSource,
  type InvoiceFieldEdit,
  type InvoiceInput as InvoiceInputSchema,
  type InvoiceSource,
} from '@feikong/contracts';
import type { z } from 'zod';
import { invoiceErrors } from '../invoice.errors.js';
import type { RecognisedField, RecognisedInvoice } from '../recognition/types.js';

/**
 * Recognised fields are the file's (decision 0035). An entry naming a file is compared, field by field,
 * with what the server itself read from that file (never with what the client says it read):
 * - a field read exactly (QR, PDF text layer, OFD/XML) keeps the file's value: another value is refused,
 *   naming the field; left blank, it takes the file's value;
 * - a file read exactly (not via OCR) has nothing to add: a field it lacks cannot be filled in;
 * - a field read by OCR may be corrected: the recognised value is kept beside the saved one (已修改); a field
 *   OCR did not read may be filled in (its original is null).
 * Every check after this (buyer, verification, compliance, duplicates) runs on the values it returns.
 */

type ParsedInput = z.output<typeof InvoiceInputSchema>;

/** What the server read from one file (invoice_recognitions, or read now). */
export interface FileReading {
  viaOcr: boolean;
  invoices: RecognisedInvoice[];
}
export type ReadInvoiceFile = (fileKey: string) => Promise<FileReading>;

type Value = string | number | { name: string; taxCode?: string }[] | undefined;
type Recognised = RecognisedInvoice['fields'];
const TRAVEL = ['passenger', 'from', 'to', 'trainOrFlight', 'seatClass'] as const;

/** Each comparable field: its name in saved invoices, how to read and write it on the entry. */
interface FieldAccess {
  name: string;
  recognised: (f: Recognised) => RecognisedField<unknown> | undefined;
  get: (inv: ParsedInput) => Value;
  set: (inv: ParsedInput, v: unknown) => void;
}
const plain = (
  name: Exclude<keyof ParsedInput & keyof Recognised, 'goods'> | 'billingDate',
): FieldAccess => ({
  name,
  recognised: (f) => (name === 'billingDate' ? f.date : f[name]) as RecognisedField<unknown> | undefined,
  get: (inv) => inv[name] as Value,
  set: (inv, v) => {
    (inv as Record<string, unknown>)[name] = v;
  },
});
const FIELDS: FieldAccess[] = [
  ...(
    [
      'code',
      'number',
      'billingDate',
      'amount',
      'tax',
      'total',
      'checkCode',
      'buyerName',
      'buyerTaxId',
      'sellerName',
      'sellerTaxId',
      'machineNo',
    ] as const
  ).map(plain),
  {
    name: 'goods',
    recognised: (f) => f.goods,
    get: (inv) => inv.goods,
    set: (inv, v) => {
      inv.goods = v as ParsedInput['goods'];
    },
  },
  ...TRAVEL.map((k): FieldAccess => ({
    name: `travel.${k}`,
    recognised: (f) => f[k],
    get: (inv) => inv.travel?.[k],
    set: (inv, v) => {
      inv.travel = { ...inv.travel, [k]: v as string };
    },
  })),
];

const TAX_IDS = new Set(['buyerTaxId', 'sellerTaxId']);

/** The comparable form of a value: trimmed text (tax ids upper case), money as is, goods as JSON. */
function norm(name: string, v: unknown): string | number | null {
  if (v === undefined || v === null) return null;
  // 税额 0 is the entry's default (a roll or taxi invoice has none): the same as left blank.
  if (name === 'tax' && v === 0) return null;
  if (typeof v === 'number') return v;
  if (Array.isArray(v)) {
    if (v.length === 0) return null;
    return JSON.stringify(
      (v as { name: string; taxCode?: string }[]).map((g) => [g.name.trim(), g.taxCode ?? '']),
    );
  }
  const s = String(v).trim();
  if (s === '') return null;
  return TAX_IDS.has(name) ? s.toUpperCase() : s;
}

/** How an edit shows a value: money in 分, goods as their names. */
function shown(v: unknown): string | number | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return v;
  if (Array.isArray(v)) {
    return (v as { name: string }[]).map((g) => g.name).join('、') || null;
  }
  return String(v).trim() || null;
}

function fileText(name: string, v: unknown): string {
  const s = shown(v);
  if (s === null) return '';
  return typeof s === 'number' && MONEY_FIELDS.includes(name) ? (s / 100).toFixed(2) : String(s);
}

/** The invoice of the file an entry stands for: its fileIndex, the only one, or the one with its number. */
function pick(reading: FileReading, input: ParsedInput, i: number | undefined): RecognisedInvoice {
  const list = reading.invoices;
  if (input.fileIndex !== undefined) {
    const inv = list[input.fileIndex];
    if (!inv) throw invoiceErrors.fileInvoice(i, `文件中没有第${input.fileIndex + 1}张发票`);
    return inv;
  }
  if (list.length === 1) return list[0]!;
  const byNumber = list.filter((inv) => inv.fields.number?.value === input.number);
  if (byNumber.length === 1) return byNumber[0]!;
  throw invoiceErrors.fileInvoice(i, '文件中有多张发票，请重新识别后保存');
}

export interface Provenance {
  /** The entry with the file's exact values in place. */
  input: ParsedInput;
  source: InvoiceSource;
  sources: Record<string, FieldSource>;
  edits: Record<string, { original: string | number | null; value: string | number | null }>;
  /** The invoice of the file (or QR) the entry was compared with. */
  recognised?: RecognisedInvoice;
}

/**
 * The entry's fields against what was read: `reading` of its file, or the invoice its QR text gave
 * (`qr`, every field of it exact). Without either, every field is typed by hand.
 */
export function applyReading(
  entry: ParsedInput,
  read: { reading?: FileReading; qr?: RecognisedInvoice },
  i: number | undefined,
): Provenance {
  const input: ParsedInput = {
    ...entry,
    goods: [...entry.goods],
    travel: entry.travel && { ...entry.travel },
  };
  const sources: Provenance['sources'] = {};
  const edits: Provenance['edits'] = {};
  const rec = read.reading ? pick(read.reading, input, i) : read.qr;
  // An electronic file read exactly has no field OCR could have missed; a picture or a QR text may.
  const wholeFileExact = read.reading !== undefined && !read.reading.viaOcr;
  const recordEdits = read.reading !== undefined;

  const anyExact = rec ? Object.values(rec.fields).some((f) => isExactSource(f?.source)) : false;
  if (rec && input.kind !== rec.kind) {
    if (wholeFileExact || anyExact) {
      throw invoiceErrors.fieldLocked(i, 'kind', INVOICE_FIELD_LABEL.kind!, '');
    }
    edits.kind = { original: rec.kind, value: input.kind };
  }

  for (const f of FIELDS) {
    const label = INVOICE_FIELD_LABEL[f.name] ?? f.name;
    const got = norm(f.name, f.get(input));
    const r = rec ? f.recognised(rec.fields) : undefined;
    const read = r ? norm(f.name, r.value) : null;
    if (r && read !== null && isExactSource(r.source)) {
      if (got === null) f.set(input, r.value);
      else if (got !== read) throw invoiceErrors.fieldLocked(i, f.name, label, fileText(f.name, r.value));
      sources[f.name] = r.source;
    } else if (wholeFileExact) {
      if (got !== null) throw invoiceErrors.notInFile(i, f.name, label);
    } else if (r && read !== null) {
      if (got === read) sources[f.name] = r.source;
      else {
        sources[f.name] = 'hand';
        edits[f.name] = { original: shown(r.value), value: shown(f.get(input)) };
      }
    } else if (got !== null) {
      sources[f.name] = 'hand';
      if (recordEdits) edits[f.name] = { original: null, value: shown(f.get(input)) };
    }
  }
  input.buyerTaxId = input.buyerTaxId.toUpperCase();
  input.sellerTaxId = input.sellerTaxId.toUpperCase();
  const source: InvoiceSource = read.reading
    ? read.reading.viaOcr
      ? 'ocr'
      : entry.source === 'email'
        ? 'email'
        : 'upload'
    : read.qr
      ? 'qrcode'
      : entry.source;
  return { input, source, sources, edits, recognised: rec };
}

/** The stored edits as the detail and the document show them. */
export function editsOf(json: string): InvoiceFieldEdit[] {
  const edits = JSON.parse(json || '{}') as Provenance['edits'];
  const kind = (v: string | number | null) =>
    typeof v === 'string' ? ((INVOICE_KIND_LABEL as Record<string, string>)[v] ?? v) : v;
  return Object.entries(edits).map(([field, e]) => ({
    field,
    label: INVOICE_FIELD_LABEL[field] ?? field,
    original: field === 'kind' ? kind(e.original) : e.original,
    value: field === 'kind' ? kind(e.value) : e.value,
  }));
}
