import { DIGITAL_KINDS } from './qr.js';
import { settleTicketAmounts } from './travel.js';
import type { InvoiceKind, RecognisedField, RecognisedInvoice } from './types.js';

/**
 * Merges the fields read from a document (text layer, XML, OCR) with those of its QR code. The QR is
 * the machine-readable copy the tax system printed, so it wins for kind, code, number, date, amounts and
 * check code; every disagreement becomes a Chinese warning that names the field and both values. Then
 * the sums are checked (金额 + 税额 = 价税合计 within 1 分) and the date must not be in the future.
 */

type Fields = RecognisedInvoice['fields'];

const LABEL: Partial<Record<keyof Fields, string>> = {
  code: '发票代码',
  number: '发票号码',
  date: '开票日期',
  amount: '金额（不含税）',
  tax: '税额',
  total: '价税合计',
  checkCode: '校验码',
  sellerTaxId: '销售方纳税人识别号',
};
const QR_WINS = ['code', 'number', 'date', 'amount', 'total', 'checkCode', 'sellerTaxId'] as const;

export const yuan = (fen: number) =>
  `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
const show = (key: keyof Fields, v: unknown) =>
  typeof v === 'number' && (key === 'amount' || key === 'tax' || key === 'total') ? yuan(v) : String(v);

const KIND_NAME: Record<InvoiceKind, string> = {
  vat_special: '增值税专用发票',
  vat_normal: '增值税普通发票',
  vat_electronic: '增值税电子普通发票',
  vat_roll: '增值税普通发票（卷式）',
  vat_toll: '通行费电子普通发票',
  vat_electronic_special: '增值税电子专用发票',
  digital_special: '电子发票（增值税专用发票）',
  digital_normal: '电子发票（普通发票）',
  digital_air: '电子发票（航空运输电子客票行程单）',
  digital_train: '电子发票（铁路电子客票）',
  train: '火车票',
  air: '航空运输电子客票行程单',
  taxi: '出租车发票',
  quota: '定额发票',
  other: '其他发票',
};

/** Today in China ('YYYY-MM-DD'): invoices are dated in Beijing time. */
export function chinaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

export interface CrossCheckInput {
  kind?: InvoiceKind;
  fields: Fields;
  warnings?: string[];
}

export function crossCheck(
  doc: CrossCheckInput,
  qr: RecognisedInvoice | undefined,
  options: { now?: Date } = {},
): RecognisedInvoice {
  const fields: Fields = { ...doc.fields };
  const warnings = [...(doc.warnings ?? [])];
  let kind: InvoiceKind = doc.kind ?? 'other';
  if (qr) {
    // OCR calls a railway e-ticket 火车票 (train); its QR then says which one it is.
    if (doc.kind && doc.kind !== qr.kind && !(doc.kind === 'train' && qr.kind === 'digital_train')) {
      warnings.push(`票面为${KIND_NAME[doc.kind]}，二维码为${KIND_NAME[qr.kind]}，以二维码为准`);
    }
    kind = qr.kind;
    for (const key of QR_WINS) {
      const fromQr = qr.fields[key] as RecognisedField<unknown> | undefined;
      if (!fromQr) continue;
      const fromDoc = fields[key] as RecognisedField<unknown> | undefined;
      if (fromDoc && fromDoc.value !== fromQr.value) {
        warnings.push(
          `${LABEL[key]}：票面为 ${show(key, fromDoc.value)}，二维码为 ${show(key, fromQr.value)}，以二维码为准`,
        );
      }
      (fields as Record<string, unknown>)[key] = fromQr;
    }
  }

  settleTicketAmounts(kind, fields, warnings);
  const { amount, tax, total } = fields;
  if (amount && tax && !total) {
    fields.total = {
      value: amount.value + tax.value,
      confidence: Math.min(amount.confidence, tax.confidence),
      source: amount.source,
    };
  } else if (amount && tax && total && Math.abs(amount.value + tax.value - total.value) > 1) {
    warnings.push(
      `金额 ${yuan(amount.value)} 加税额 ${yuan(tax.value)} 为 ${yuan(amount.value + tax.value)}，与价税合计 ${yuan(total.value)} 不符`,
    );
  }
  if (DIGITAL_KINDS.has(kind) && fields.code) {
    warnings.push(`${KIND_NAME[kind]}没有发票代码，票面读到的 ${fields.code.value} 已忽略`);
    delete fields.code;
  }

  if (fields.date) {
    const today = chinaToday(options.now ?? new Date());
    if (fields.date.value > today) warnings.push(`开票日期 ${fields.date.value} 晚于今天（${today}）`);
  }
  return { kind, fields, ...(qr?.qr ? { qr: qr.qr } : {}), warnings };
}
