import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { crossCheck } from './crossCheck.js';
import { recogniseFile } from './index.js';
import { recogniseInvoiceXml, recogniseOfd } from './ofd.js';
import { recognisePdf } from './pdf.js';
import { parseInvoiceQr } from './qr.js';
import { maskIdNo, railwayTax, settleTicketAmounts } from './travel.js';
import type { RecognisedInvoice } from './types.js';

/**
 * 电子发票（铁路电子客票） and 电子发票（航空运输电子客票行程单） from every source: OFD (its XBRL attachment,
 * its page text alone, its QR image alone), PDF (text layer + QR image), the bare XBRL XML and the QR text.
 * The fixtures are synthetic (test-data/invoices/travel/README.md).
 */

const dir = new URL('../../../../../../test-data/invoices/travel/', import.meta.url);
const file = (name: string) => readFileSync(new URL(name, dir));
const NOW = { now: new Date('2026-11-25T00:00:00Z') };
const values = (inv: RecognisedInvoice) =>
  Object.fromEntries(Object.entries(inv.fields).map(([k, f]) => [k, (f as { value: unknown }).value]));

const RAIL = 'railway_26329116804002389322';
const AIR = 'air_26119110000012345678';

/** What the railway face says; 税额 10.73 = 130.00 ÷ 1.09 × 0.09 (stated in the XBRL, derived elsewhere). */
const RAIL_FIELDS = {
  number: '26329116804002389322',
  date: '2026-03-13',
  total: 13000,
  tax: 1073,
  amount: 11927,
  buyerName: '示例科技有限公司',
  buyerTaxId: '91320100MA1XY2Z3AB',
  passenger: '张三',
  idNo: '320102********123X',
  from: '南京南',
  to: '杭州东',
  trainOrFlight: 'G7629',
  seatClass: '二等座',
  travelDate: '2026-03-06',
  ticketNo: '6520158123031391234562026',
};
/** 合计 1314.40 = 票价 1100 + 燃油 60 + 增值税 104.40 + 民航发展基金 50; 金额 = 合计 − 增值税税额. */
const AIR_FIELDS = {
  number: '26119110000012345678',
  date: '2026-03-10',
  total: 131440,
  tax: 10440,
  amount: 121000,
  buyerName: '示例科技有限公司',
  buyerTaxId: '91320100MA1XY2Z3AB',
  passenger: '李四',
  idNo: '110101********1234',
  from: '北京首都',
  to: '上海虹桥',
  trainOrFlight: 'MU5102',
  seatClass: '经济舱',
  travelDate: '2026-03-12',
  ticketNo: '7812345678901',
};

describe('QR of the railway ticket (six fields, type 10, no code)', () => {
  const qr = JSON.parse(readFileSync(new URL('travel_qr.json', dir), 'utf8')) as {
    samples: { qr: string; kind: string; truth: Record<string, string> }[];
  };

  it('reads kind, number, date and the tax-inclusive fare; 税额 is derived at 9%', () => {
    const parsed = parseInvoiceQr(qr.samples[0]!.qr);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.invoice.kind).toBe('digital_train');
    expect(parsed.invoice.fields.code).toBeUndefined();
    expect(parsed.invoice.fields.checkCode).toBeUndefined();
    const inv = crossCheck({ kind: parsed.invoice.kind, fields: parsed.invoice.fields }, undefined, NOW);
    expect(values(inv)).toEqual({
      number: RAIL_FIELDS.number,
      date: RAIL_FIELDS.date,
      total: 13000,
      tax: 1073,
      amount: 11927,
    });
    expect(inv.warnings).toEqual([]);
  });

  it('accepts a trailing comma', () => {
    const parsed = parseInvoiceQr(qr.samples[1]!.qr);
    expect(parsed.ok && parsed.invoice.kind).toBe('digital_train');
  });

  it('the air itinerary (61) keeps its total and asks for the tax it cannot derive', () => {
    const parsed = parseInvoiceQr(qr.samples[2]!.qr);
    if (!parsed.ok) throw new Error(parsed.reason);
    const inv = crossCheck(parsed.invoice, undefined, NOW);
    expect(inv.kind).toBe('digital_air');
    expect(values(inv)).toEqual({ number: AIR_FIELDS.number, date: AIR_FIELDS.date, total: 131440 });
    expect(inv.warnings).toEqual(['行程单的增值税税额未读到，请按票面填写金额和税额']);
  });

  it('still reads every 增值税电子普通发票 (type 10) as before: 8 or 9 fields with a code', () => {
    for (const text of [
      '01,10,012001800311,33207675,46.62,20190508,76939056883466677916,E1BD,',
      '01,10,050001700111,12235358,10000.00,20200805,16630282980991510014,7257',
      '01,10,011001605111,80100798,64.9,20161018,85342965681116380258',
    ]) {
      const parsed = parseInvoiceQr(text);
      if (!parsed.ok) throw new Error(parsed.reason);
      expect(parsed.invoice.kind).toBe('vat_electronic');
      expect(parsed.invoice.fields.code?.value).toBe(text.split(',')[2]);
      expect(parsed.invoice.fields.amount?.value).toBeGreaterThan(0);
      expect(parsed.invoice.fields.total).toBeUndefined();
    }
  });

  it('six fields with a 12-digit third one stay a VAT QR (no check code); a broken fare is refused', () => {
    const vat = parseInvoiceQr('01,10,012001800311,33207675,46.62,20190508');
    if (!vat.ok) throw new Error(vat.reason);
    expect(vat.invoice.kind).toBe('vat_electronic');
    expect(vat.invoice.fields.number?.value).toBe('33207675');
    const bad = parseInvoiceQr('01,10,26329116804002389322,abc,20260313,6F2A');
    expect(bad.ok ? '' : bad.reason).toContain('票价');
    expect(parseInvoiceQr('01,10,26329116804002389322,130.00,20261399,6F2A').ok).toBe(false);
  });
});

describe('railway ticket amounts and the ID number', () => {
  it('税额 = 票价 ÷ 1.09 × 0.09, rounded to the 分', () => {
    expect(railwayTax(13000)).toBe(1073);
    expect(railwayTax(49300)).toBe(4071);
    expect(railwayTax(0)).toBe(0);
  });

  it('a stated 税额 is kept, never recomputed', () => {
    const f = (value: number) => ({ value, confidence: 1, source: 'ofd_xml' as const });
    const fields: RecognisedInvoice['fields'] = { total: f(55300), tax: f(300) };
    settleTicketAmounts('digital_train', fields, []);
    expect(fields.tax?.value).toBe(300);
    expect(fields.amount?.value).toBe(55000);
  });

  it('masks an ID number to its first 6 and last 4 characters', () => {
    expect(maskIdNo('110101199003071234')).toBe('110101********1234');
    expect(maskIdNo('3201021990****123x')).toBe('320102********123X');
    expect(maskIdNo('张三')).toBeUndefined();
  });
});

describe('OFD', () => {
  it('railway: the XBRL attachment gives every field, the QR image agrees', async () => {
    const r = await recogniseOfd(file(`${RAIL}.ofd`), NOW);
    if (!r.ok) throw new Error(r.reason);
    const [inv] = r.invoices;
    expect(inv!.invoice.kind).toBe('digital_train');
    expect(values(inv!.invoice)).toEqual(RAIL_FIELDS);
    expect(inv!.origin.passenger).toBe('xbrl');
    expect(inv!.qrFrom).toBe('image');
    expect(inv!.invoice.warnings).toEqual([]);
  });

  it('railway: the page text alone gives the journey, the fare and the derived 税额', async () => {
    const r = await recogniseOfd(file(`${RAIL}.ofd`), { ...NOW, layers: ['page'], qrImages: false });
    if (!r.ok) throw new Error(r.reason);
    expect(r.invoices[0]!.invoice.kind).toBe('digital_train');
    expect(values(r.invoices[0]!.invoice)).toEqual(RAIL_FIELDS);
  });

  it('railway: the QR image alone still gives kind and amounts', async () => {
    const r = await recogniseOfd(file(`${RAIL}.ofd`), { ...NOW, layers: ['customData'] });
    if (!r.ok) throw new Error(r.reason);
    const inv = r.invoices[0]!.invoice;
    expect(inv.kind).toBe('digital_train');
    expect(values(inv)).toMatchObject({ total: 13000, tax: 1073, amount: 11927 });
  });

  it('air: attachment and page text each give the itinerary, 合计 as the total', async () => {
    for (const layers of [undefined, ['page'] as const]) {
      const r = await recogniseOfd(file(`${AIR}.ofd`), { ...NOW, ...(layers ? { layers } : {}) });
      if (!r.ok) throw new Error(r.reason);
      const inv = r.invoices[0]!.invoice;
      expect(inv.kind).toBe('digital_air');
      expect(values(inv)).toEqual(AIR_FIELDS);
      expect(inv.warnings).toEqual([]);
    }
  });
});

describe('PDF (text layer and QR image)', () => {
  it('railway', async () => {
    const r = await recognisePdf(file(`${RAIL}.pdf`), NOW);
    if (!r.ok) throw new Error(r.reason);
    expect(r.invoices[0]!.kind).toBe('digital_train');
    expect(r.invoices[0]!.qr).toBe('01,10,26329116804002389322,130.00,20260313,6F2A');
    expect(values(r.invoices[0]!)).toEqual(RAIL_FIELDS);
    expect(r.invoices[0]!.warnings).toEqual([]);
  });

  it('air', async () => {
    const r = await recognisePdf(file(`${AIR}.pdf`), NOW);
    if (!r.ok) throw new Error(r.reason);
    expect(r.invoices[0]!.kind).toBe('digital_air');
    expect(values(r.invoices[0]!)).toEqual(AIR_FIELDS);
    expect(r.invoices[0]!.warnings).toEqual([]);
  });
});

describe('XML (the XBRL instance on its own)', () => {
  it('railway: stated 税额 and 金额, the ID number masked', () => {
    const r = recogniseInvoiceXml(file(`${RAIL}.xml`), NOW);
    if (!r.ok) throw new Error(r.reason);
    expect(r.invoice.kind).toBe('digital_train');
    expect(values(r.invoice)).toEqual(RAIL_FIELDS);
  });

  it('air: the full ID number in the file is never kept', async () => {
    const r = await recogniseFile(file(`${AIR}.xml`), `${AIR}.xml`, NOW);
    if (!Array.isArray(r)) throw new Error('expected invoices');
    expect(r[0]!.kind).toBe('digital_air');
    expect(values(r[0]!)).toEqual(AIR_FIELDS);
    expect(JSON.stringify(r[0])).not.toContain('110101199003071234');
  });
});
