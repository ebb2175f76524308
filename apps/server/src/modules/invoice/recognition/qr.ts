import type { InvoiceKind, RecognisedField, RecognisedInvoice } from './types.js';

/**
 * The QR code printed on spec-era VAT invoices and on 数电票: comma-separated fields
 *
 *   version, type, code, number, amount, date(YYYYMMDD), check code, tail[, ''(trailing comma)]
 *
 * Quirks seen in real strings (test-data/invoices/qr_samples.json):
 * - types 01/04/10/11/14/20 carry the amount BEFORE tax; 数电票 (31/32/61) carry the tax-inclusive total;
 * - the amount may have 0, 1 or 2 decimals ('112', '64.9');
 * - 数电票 have no code and no check code (empty fields); 01 专票 have no check code;
 * - the tail (anti-forgery) has 4 hex characters, once 3, and is sometimes absent;
 * - some producers append a trailing comma;
 * - a variant layout inserts the seller's tax id after the number:
 *   version, type, code, number, seller tax id, amount, date, check code[, tail];
 * - 电子发票（铁路电子客票） reuse type 10 with six fields and no code (parseRailwayQr).
 */

export type QrParseResult = { ok: true; invoice: RecognisedInvoice } | { ok: false; reason: string };

/** QR type code → our kind. 20 is the QR code of 增值税电子专用发票 (invoice type 08). */
const KIND_BY_QR_TYPE: Record<string, InvoiceKind> = {
  '01': 'vat_special',
  '04': 'vat_normal',
  '10': 'vat_electronic',
  '11': 'vat_roll',
  '14': 'vat_toll',
  '20': 'vat_electronic_special',
  '08': 'vat_electronic_special',
  '31': 'digital_special',
  '32': 'digital_normal',
  '61': 'digital_air',
};

/** 数电票: no invoice code, the QR amount is the tax-inclusive total. */
export const DIGITAL_KINDS: ReadonlySet<InvoiceKind> = new Set([
  'digital_special',
  'digital_normal',
  'digital_air',
  'digital_train',
]);

const MONEY = /^-?\d{1,12}(?:\.\d{1,2})?$/;
const TAX_ID = /^[0-9A-Z]{15,20}$/;
const DATE8 = /^(\d{4})(\d{2})(\d{2})$/;

/** '46.62' → 4662, '112' → 11200, '64.9' → 6490; undefined when it is not a money amount. */
export function moneyToFen(text: string): number | undefined {
  const t = text
    .trim()
    .replace(/^[¥￥]/, '')
    .replace(/,/g, '');
  if (!MONEY.test(t)) return undefined;
  const negative = t.startsWith('-');
  const [yuan, frac = ''] = (negative ? t.slice(1) : t).split('.');
  const fen = Number(yuan) * 100 + Number((frac + '00').slice(0, 2));
  return negative ? -fen : fen;
}

/** 'YYYYMMDD' (or 'YYYY-MM-DD') → 'YYYY-MM-DD' when it is a real calendar date. */
export function compactDateToIso(text: string): string | undefined {
  const m = DATE8.exec(text.replace(/-/g, ''));
  if (!m) return undefined;
  const [, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (
    date.getUTCFullYear() !== Number(y) ||
    date.getUTCMonth() !== Number(mo) - 1 ||
    date.getUTCDate() !== Number(d)
  ) {
    return undefined;
  }
  return `${y}-${mo}-${d}`;
}

const qrField = <T>(value: T): RecognisedField<T> => ({ value, confidence: 1, source: 'qr' });
const fail = (why: string): QrParseResult => ({ ok: false, reason: `不是发票二维码：${why}` });

/** Parses the text of an invoice QR code; anything else is refused with a Chinese reason. */
export function parseInvoiceQr(raw: string): QrParseResult {
  const text = raw.replace(/^\uFEFF/, '').trim();
  if (text.length === 0) return fail('内容为空');
  if (text.length > 512) return fail('内容过长');
  if (!text.includes(',')) return fail('不是以逗号分隔的发票字段');
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > 8 && parts[parts.length - 1] === '') parts.pop(); // trailing comma
  if (parts.length < 6) return fail('字段个数不足');
  if (!/^\d{2}$/.test(parts[0]!)) return fail('版本号不是两位数字');
  const railway = parseRailwayQr(parts, text);
  if (railway) return railway;
  const typeCode = parts[1]!;
  const kind = KIND_BY_QR_TYPE[typeCode];
  if (!kind) return fail(`未知的发票类型代码“${typeCode}”`);
  const digital = DIGITAL_KINDS.has(kind);

  // The variant layout puts the seller's tax id where the amount should be.
  let sellerTaxId: string | undefined;
  let rest = parts.slice(4);
  if (!MONEY.test(rest[0] ?? '') && TAX_ID.test(rest[0] ?? '') && MONEY.test(rest[1] ?? '')) {
    sellerTaxId = rest[0];
    rest = rest.slice(1);
  }
  if (rest.length > 4) return fail('字段个数过多');
  const [amountText = '', dateText = '', checkText = '', tail = ''] = rest;

  const code = parts[2]!;
  if (digital) {
    if (code !== '') return fail('数电票不应有发票代码');
  } else if (!/^(\d{10}|\d{12})$/.test(code)) {
    return fail('发票代码应为10位或12位数字');
  }
  const number = parts[3]!;
  if (!/^\d{8,20}$/.test(number)) return fail('发票号码应为8至20位数字');
  const amount = moneyToFen(amountText);
  if (amount === undefined) return fail(`金额“${amountText}”不是数字`);
  const date = compactDateToIso(dateText);
  if (!date || dateText.length !== 8) return fail(`开票日期“${dateText}”不是有效日期`);
  // The variant layout's sample carries a hex digest there; only a 20-digit value is a check code.
  if (checkText !== '' && !/^\d{20}$/.test(checkText) && !sellerTaxId) return fail('校验码应为20位数字');
  if (tail !== '' && !/^[0-9A-Za-z]{1,8}$/.test(tail)) return fail('末段校验位格式不对');

  const fields: RecognisedInvoice['fields'] = {
    number: qrField(number),
    date: qrField(date),
  };
  if (code) fields.code = qrField(code);
  if (digital) fields.total = qrField(amount);
  else fields.amount = qrField(amount);
  if (/^\d{20}$/.test(checkText)) fields.checkCode = qrField(checkText);
  if (sellerTaxId) fields.sellerTaxId = qrField(sellerTaxId);
  return { ok: true, invoice: { kind, fields, qr: text, warnings: [] } };
}

/**
 * 电子发票（铁路电子客票）: `01,10,<20-digit number>,<fare>,<date YYYYMMDD>,<tail>` — six fields, no code and
 * no check code, the fare tax-inclusive. Type 10 is also the 增值税电子普通发票's, whose third field is a
 * 10- or 12-digit code and which has eight fields: only six fields with a 20-digit third one are a railway
 * ticket. Undefined when the text is not that shape (the VAT reading then applies).
 */
function parseRailwayQr(parts: string[], text: string): QrParseResult | undefined {
  const p = parts.length === 7 && parts[6] === '' ? parts.slice(0, 6) : parts; // trailing comma
  if (p.length !== 6 || p[1] !== '10' || !/^\d{20}$/.test(p[2]!)) return undefined;
  const [, , number, fareText = '', dateText = '', tail = ''] = p;
  const total = moneyToFen(fareText);
  if (total === undefined) return fail(`票价“${fareText}”不是数字`);
  const date = compactDateToIso(dateText);
  if (!date || dateText.length !== 8) return fail(`开票日期“${dateText}”不是有效日期`);
  if (tail !== '' && !/^[0-9A-Za-z]{1,8}$/.test(tail)) return fail('末段校验位格式不对');
  const fields: RecognisedInvoice['fields'] = {
    number: qrField(number!),
    date: qrField(date),
    total: qrField(total),
  };
  return { ok: true, invoice: { kind: 'digital_train', fields, qr: text, warnings: [] } };
}

/** Cheap test used by decoders to skip QR codes that are obviously something else (a URL, a wifi code). */
export function looksLikeInvoiceQr(text: string): boolean {
  return parseInvoiceQr(text).ok;
}
