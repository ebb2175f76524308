import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixRadicals, recognisePdf } from './pdf.js';
import { moneyToFen } from './qr.js';
import type { RecognisedInvoice } from './types.js';

const root = new URL('../../../../../../test-data/invoices/', import.meta.url);
const pdf = (name: string) => readFileSync(new URL(`pdf/${name}`, root));
const manifest = JSON.parse(readFileSync(new URL('manifest.json', root), 'utf8')) as {
  file: string;
  expected: Record<string, string>;
}[];
/** The fixture PDF was rendered from this OFD's field values (test-data/README.md). */
const source = manifest.find((e) => e.file.includes('24112000000048542163'))!.expected;
const values = (inv: RecognisedInvoice) =>
  Object.fromEntries(Object.entries(inv.fields).map(([k, f]) => [k, (f as { value: unknown }).value]));
const NOW = { now: new Date('2026-11-25T00:00:00Z') };

const EXPECTED = {
  number: source.number,
  date: source.date,
  buyerName: source.buyer,
  buyerTaxId: source.buyer_tax_id,
  sellerName: source.seller,
  sellerTaxId: source.seller_tax_id,
  amount: moneyToFen(source.amount_excl_tax!),
  tax: moneyToFen(source.tax!),
  total: moneyToFen(source.total_incl_tax!),
  goods: [{ name: '*信息技术服务*技术服务费' }],
};

describe('recognisePdf on a 数电票 PDF (Chromium-printed face with the real values of the 2024 OFD)', () => {
  it('reads every field from the text layer alone', async () => {
    const r = await recognisePdf(pdf('shudian_zhuanpiao_24112000000048542163.pdf'), {
      ...NOW,
      qrImages: false,
    });
    if (!r.ok) throw new Error(r.reason);
    expect(r.invoices).toHaveLength(1);
    const inv = r.invoices[0]!;
    expect(values(inv)).toEqual(EXPECTED);
    expect(inv.kind).toBe('digital_special');
    expect(inv.qr).toBeUndefined();
    for (const f of Object.values(inv.fields)) expect(f.source).toBe('pdf_text');
    expect(inv.warnings).toEqual([]);
  });

  it('finds the QR among the page images (no canvas) and it agrees with the text', async () => {
    const r = await recognisePdf(pdf('shudian_zhuanpiao_24112000000048542163.pdf'), NOW);
    if (!r.ok) throw new Error(r.reason);
    const inv = r.invoices[0]!;
    expect(inv.qr).toBe('01,31,,24112000000048542163,4449.00,20240528,,B2B6');
    expect(values(inv)).toEqual(EXPECTED);
    expect(inv.fields.total?.source).toBe('qr');
    expect(inv.fields.sellerName?.source).toBe('pdf_text');
    expect(inv.warnings).toEqual([]);
  });
});

describe('recognisePdf on an old-layout 增值税电子普通发票 PDF (Chromium-printed, values of 1.ofd)', () => {
  it('reads code, check code, machine number, stacked buyer/seller blocks, 合计 and 价税合计', async () => {
    const src = manifest.find((e) => e.file.includes('83089647'))!.expected;
    const r = await recognisePdf(pdf('dianzi_pupiao_033002000211_83089647.pdf'), NOW);
    if (!r.ok) throw new Error(r.reason);
    const inv = r.invoices[0]!;
    expect(inv.kind).toBe('vat_electronic');
    expect(values(inv)).toEqual({
      code: src.code,
      number: src.number,
      date: src.date,
      checkCode: src.check_code,
      machineNo: '927000236092',
      buyerName: src.buyer,
      buyerTaxId: '91320115MA202UKD7X',
      sellerName: src.seller,
      sellerTaxId: '92330781MA2EDMFU50',
      amount: moneyToFen(src.amount_excl_tax!),
      tax: moneyToFen(src.tax!),
      total: moneyToFen(src.total_incl_tax!),
      goods: [{ name: '*餐饮服务*餐费' }],
    });
    expect(inv.qr).toBeUndefined(); // that OFD's QR is a JBIG2 image: none was put in this PDF
    expect(inv.warnings).toEqual([]);
  });
});

describe('PDFs that are not text invoices', () => {
  it('a PDF with no text layer (a scan) is not guessed at: its page picture goes to OCR', async () => {
    const r = await recognisePdf(pdf('scanned_dianzi_pupiao_012001800311_33207675.pdf'), NOW);
    if (r.ok || !r.needsOcr) throw new Error(`expected needsOcr, got ${JSON.stringify(r)}`);
    expect(r.reason).toBe('PDF 没有文字层（扫描件），按图片 OCR 识别');
    expect(r.pages).toHaveLength(1);
    const png = r.pages[0]!.png;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(png).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeGreaterThan(800); // the scan itself, not a logo
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2400);
    expect(r.pages[0]!.qr?.qr).toBe('01,10,012001800311,33207675,46.62,20190508,76939056883466677916,E1BD,');
  });

  it('bytes that are not a PDF are refused', async () => {
    expect(await recognisePdf(Buffer.from('%PDF-1.7\nnot really'))).toEqual({
      ok: false,
      reason: '不是有效的 PDF 文件',
    });
  });
});

describe('fixRadicals', () => {
  it('maps Kangxi radicals that PDF writers emit back to ideographs, and leaves full-width punctuation', () => {
    expect(fixRadicals('电⼦发票（增值税专⽤发票）')).toBe('电子发票（增值税专用发票）');
    expect(fixRadicals('统⼀社会信⽤代码/纳税⼈识别号：')).toBe('统一社会信用代码/纳税人识别号：');
  });
});
