import { readdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { RecognisedInvoice } from '../recognition/types.js';
import { parseMoney } from './normalise.js';

/**
 * The real invoice images of test-data/invoices (github guanshuicheng/invoice, MIT) with the truth from
 * its manifest.json (`expected`), for the OCR tests and bench/invoice-ocr.ts.
 */
export const INVOICE_DIR = new URL('../../../../../../test-data/invoices/images/', import.meta.url);

/** The fields the accuracy table reports, in its column order. */
export const ACCURACY_FIELDS = [
  'code',
  'number',
  'date',
  'amount',
  'tax',
  'total',
  'checkCode',
  'buyerName',
  'sellerName',
] as const;

export const COMPARED_FIELDS = [...ACCURACY_FIELDS, 'buyerTaxId', 'sellerTaxId', 'machineNo'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

/** manifest.json `expected` keys → our field names. */
const MANIFEST_KEYS: Record<string, ComparedField> = {
  code: 'code',
  number: 'number',
  date: 'date',
  amount_excl_tax: 'amount',
  tax: 'tax',
  total_incl_tax: 'total',
  check_code: 'checkCode',
  buyer: 'buyerName',
  seller: 'sellerName',
  buyer_tax_id: 'buyerTaxId',
  seller_tax_id: 'sellerTaxId',
  machine_no: 'machineNo',
};
const MONEY_FIELDS: ComparedField[] = ['amount', 'tax', 'total'];

/**
 * One invoice of the screenshots is shown inside a Postman window beside the expected JSON; OCR reads
 * only the invoice's part (its place measured on the 1901×1010 screenshot), never the answer beside it.
 */
const CROPS: Record<string, { left: number; top: number; width: number; height: number }> = {
  'guanshuicheng_pupiao_4100084140_02995607_in_screenshot.png': {
    left: 150,
    top: 380,
    width: 820,
    height: 505,
  },
};

export interface RealInvoice {
  file: string;
  kind: string;
  expected: Partial<Record<ComparedField, string | number>>;
  load(): Promise<Buffer>;
}

interface ManifestEntry {
  file: string;
  kind: string;
  expected: Record<string, string>;
}

const ROOT = new URL('../', INVOICE_DIR);

async function manifest(): Promise<ManifestEntry[]> {
  return JSON.parse(await readFile(new URL('manifest.json', ROOT), 'utf8')) as ManifestEntry[];
}

/** A real file under test-data/invoices (`dir/name`) with the truth of a manifest entry. */
function realInvoice(dir: string, name: string, entry: ManifestEntry): RealInvoice & { path: string } {
  const expected: RealInvoice['expected'] = {};
  for (const [key, value] of Object.entries(entry.expected)) {
    const field = MANIFEST_KEYS[key];
    if (field) expected[field] = MONEY_FIELDS.includes(field) ? parseMoney(value)! : value;
  }
  const path = `${dir}/${name}`;
  return {
    file: name,
    path,
    kind: entry.kind,
    expected,
    async load() {
      const bytes = await readFile(new URL(path, ROOT));
      const crop = CROPS[name];
      return crop ? sharp(bytes).extract(crop).png().toBuffer() : bytes;
    },
  };
}

/** Every invoice image of the manifest (the screenshots of expected output alone are left out). */
export async function realInvoices(): Promise<RealInvoice[]> {
  return (await manifest())
    .filter((e) => e.file.startsWith('images/') && !e.file.endsWith('_expected_screenshot.png'))
    .map((e) => realInvoice('images', e.file.slice('images/'.length), e));
}

/**
 * Every real invoice file of test-data/invoices — images, PDFs (with and without a text layer) and OFDs —
 * each with the manifest's truth for its invoice number (a PDF made from an OFD or a scan of an image
 * shares that file's entry), for the whole recognition path's accuracy table.
 */
export async function realInvoiceFiles(): Promise<(RealInvoice & { path: string })[]> {
  const truth = (await manifest()).filter((e) => e.expected.number && e.expected.amount_excl_tax);
  const files: (RealInvoice & { path: string })[] = [];
  for (const dir of ['images', 'pdf', 'ofd']) {
    for (const name of (await readdir(new URL(`${dir}/`, ROOT))).sort()) {
      if (!/\.(png|jpe?g|pdf|ofd)$/i.test(name) || name.includes('_expected_screenshot')) continue;
      const entry = truth.find((e) => name.includes(`_${e.expected.number}`));
      if (entry) files.push(realInvoice(dir, name, entry));
    }
  }
  return files;
}

export interface FieldResult {
  field: ComparedField;
  expected: string | number;
  got: string | number | undefined;
  confidence: number | undefined;
  ok: boolean;
}

/** Each expected field of the invoice against what recognition returned. */
export function compareFields(invoice: RealInvoice, got: RecognisedInvoice): FieldResult[] {
  return COMPARED_FIELDS.filter((f) => invoice.expected[f] !== undefined).map((f) => {
    const value = got.fields[f]?.value as string | number | undefined;
    return {
      field: f,
      expected: invoice.expected[f]!,
      got: value,
      confidence: got.fields[f]?.confidence,
      ok: value === invoice.expected[f],
    };
  });
}
