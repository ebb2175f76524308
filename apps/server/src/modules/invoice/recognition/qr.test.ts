import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compactDateToIso, moneyToFen, parseInvoiceQr } from './qr.js';

interface Sample {
  qr: string;
  source: string;
  truth?: { amount_excl_tax?: string; total?: string };
}
const samples = (
  JSON.parse(
    readFileSync(new URL('../../../../../../test-data/invoices/qr_samples.json', import.meta.url), 'utf8'),
  ) as { samples: Sample[] }
).samples;

const DIGITAL = new Set(['31', '32', '61']);

describe('parseInvoiceQr on every real sample', () => {
  it('has the samples', () => expect(samples.length).toBeGreaterThanOrEqual(18));

  for (const sample of samples) {
    it(sample.qr, () => {
      const result = parseInvoiceQr(sample.qr);
      if (!result.ok) throw new Error(result.reason);
      const inv = result.invoice;
      const parts = sample.qr.split(',');
      const type = parts[1]!;
      expect(inv.fields.number?.value).toBe(parts[3]);
      expect(inv.fields.date?.value).toBe(
        `${parts[5]!.slice(0, 4)}-${parts[5]!.slice(4, 6)}-${parts[5]!.slice(6, 8)}`,
      );
      expect(inv.qr).toBe(sample.qr);
      if (DIGITAL.has(type)) {
        // 数电票: the QR amount is the tax-inclusive total, never the amount before tax.
        expect(inv.fields.code).toBeUndefined();
        expect(inv.fields.amount).toBeUndefined();
        expect(inv.fields.total?.value).toBe(moneyToFen(parts[4]!));
        if (sample.truth?.total) expect(inv.fields.total?.value).toBe(moneyToFen(sample.truth.total));
      } else {
        expect(inv.fields.code?.value).toBe(parts[2]);
        expect(inv.fields.total).toBeUndefined();
        expect(inv.fields.amount?.value).toBe(moneyToFen(parts[4]!));
        if (sample.truth?.amount_excl_tax) {
          expect(inv.fields.amount?.value).toBe(moneyToFen(sample.truth.amount_excl_tax));
        }
      }
      if (parts[6]) expect(inv.fields.checkCode?.value).toBe(parts[6]);
      else expect(inv.fields.checkCode).toBeUndefined();
      expect(inv.fields.amount?.source ?? inv.fields.total?.source).toBe('qr');
      expect(inv.fields.number?.confidence).toBe(1);
    });
  }
});

describe('parseInvoiceQr quirks', () => {
  it('maps every type code', () => {
    const kinds = Object.fromEntries(
      ['01', '04', '10', '11', '14', '20'].map((t) => [
        t,
        (parseInvoiceQr(`01,${t},1200154130,03630024,94.62,20160621,,9335`) as any).invoice?.kind,
      ]),
    );
    expect(kinds).toEqual({
      '01': 'vat_special',
      '04': 'vat_normal',
      '10': 'vat_electronic',
      '11': 'vat_roll',
      '14': 'vat_toll',
      '20': 'vat_electronic_special',
    });
    for (const [t, kind] of [
      ['31', 'digital_special'],
      ['32', 'digital_normal'],
      ['61', 'digital_air'],
    ]) {
      const r = parseInvoiceQr(`01,${t},,24112000000048542163,4449.00,20240528,,B2B6`);
      expect(r.ok && r.invoice.kind).toBe(kind);
    }
  });

  it('amounts without decimals or with one decimal are exact 分', () => {
    const r1 = parseInvoiceQr('01,32,,23442000000014209621,112,20230215,,74AE');
    expect(r1.ok && r1.invoice.fields.total?.value).toBe(11200);
    const r2 = parseInvoiceQr('01,10,011001605111,80100798,64.9,20161018,85342965681116380258');
    expect(r2.ok && r2.invoice.fields.amount?.value).toBe(6490);
    const r3 = parseInvoiceQr('01,31,,24512000000202537619,128656.32,20240925,,DFC');
    expect(r3.ok && r3.invoice.fields.total?.value).toBe(12865632);
  });

  it('tail: 4 or 3 characters, absent, and a trailing comma give the same fields', () => {
    const base = '01,10,050001700111,12235358,10000.00,20200805,16630282980991510014';
    const variants = [base, `${base},7257`, `${base},7257,`, `${base},DFC`, `${base},`];
    const fields = variants.map((v) => {
      const r = parseInvoiceQr(v);
      if (!r.ok) throw new Error(`${v}: ${r.reason}`);
      return r.invoice.fields;
    });
    for (const f of fields) expect(f).toEqual(fields[0]);
  });

  it('reads the variant layout with the seller tax id inserted', () => {
    const r = parseInvoiceQr('01,10,153002209100,11335527,91530102MA7KNHQC36,459.00,20221102,00fe434c');
    if (!r.ok) throw new Error(r.reason);
    expect(r.invoice.fields.sellerTaxId?.value).toBe('91530102MA7KNHQC36');
    expect(r.invoice.fields.amount?.value).toBe(45900);
    expect(r.invoice.fields.date?.value).toBe('2022-11-02');
    expect(r.invoice.fields.code?.value).toBe('153002209100');
    expect(r.invoice.fields.number?.value).toBe('11335527');
  });

  it('accepts a BOM and surrounding whitespace', () => {
    const r = parseInvoiceQr(
      '\uFEFF 01,04,4200161350,00015045,165106.00,20160501,48114255542168294433,DBFE,\n',
    );
    expect(r.ok && r.invoice.fields.amount?.value).toBe(16510600);
  });

  it.each([
    ['', '内容为空'],
    ['https://inv-veri.chinatax.gov.cn/', '逗号'],
    ['WIFI:S:office;T:WPA;P:secret;;', '逗号'],
    ['hello,world', '字段个数不足'],
    ['01,99,050001700111,12235358,10000.00,20200805,,7257', '未知的发票类型代码“99”'],
    ['1,10,050001700111,12235358,10000.00,20200805,,7257', '版本号'],
    ['01,10,0500017001,1223535,10000.00,20200805,,7257', '发票号码'],
    ['01,10,05000170011,12235358,10000.00,20200805,,7257', '发票代码'],
    ['01,10,,12235358,10000.00,20200805,,7257', '发票代码'],
    ['01,32,050001700111,24312000000136634917,0.01,20240514,,1DD6', '数电票不应有发票代码'],
    ['01,10,050001700111,12235358,10000.001,20200805,,7257', '金额'],
    ['01,10,050001700111,12235358,abc,20200805,,7257', '金额'],
    ['01,10,050001700111,12235358,10000.00,20200231,,7257', '开票日期'],
    ['01,10,050001700111,12235358,10000.00,2020-08-05,,7257', '开票日期'],
    ['01,10,050001700111,12235358,10000.00,20200805,1663028298,7257', '校验码'],
    ['01,10,050001700111,12235358,10000.00,20200805,,7257,x,y', '字段个数过多'],
  ])('refuses %j', (text, why) => {
    const r = parseInvoiceQr(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toMatch(/^不是发票二维码：/);
      expect(r.reason).toContain(why);
    }
  });
});

describe('helpers', () => {
  it('moneyToFen', () => {
    expect(moneyToFen('46.62')).toBe(4662);
    expect(moneyToFen('¥1,019.83')).toBe(101983);
    expect(moneyToFen('0.01')).toBe(1);
    expect(moneyToFen('-5.1')).toBe(-510);
    expect(moneyToFen('1.234')).toBeUndefined();
    expect(moneyToFen('')).toBeUndefined();
  });
  it('compactDateToIso', () => {
    expect(compactDateToIso('20240229')).toBe('2024-02-29');
    expect(compactDateToIso('20230229')).toBeUndefined();
    expect(compactDateToIso('2024-05-28')).toBe('2024-05-28');
  });
});
