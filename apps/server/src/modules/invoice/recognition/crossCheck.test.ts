import { describe, expect, it } from 'vitest';
import { chinaToday, crossCheck } from './crossCheck.js';
import { parseInvoiceQr } from './qr.js';
import type { RecognisedInvoice } from './types.js';

const text = <T>(value: T) => ({ value, confidence: 1, source: 'pdf_text' as const });
const ocr = <T>(value: T, confidence = 0.8) => ({ value, confidence, source: 'ocr' as const });
const qrOf = (s: string): RecognisedInvoice => {
  const r = parseInvoiceQr(s);
  if (!r.ok) throw new Error(r.reason);
  return r.invoice;
};
const NOW = { now: new Date('2026-11-25T03:00:00Z') };

describe('crossCheck', () => {
  it('agreeing fields: no warning, QR values and its text kept', () => {
    const qr = qrOf('01,10,012001800311,33207675,46.62,20190508,76939056883466677916,E1BD,');
    const out = crossCheck(
      {
        kind: 'vat_electronic',
        fields: {
          code: text('012001800311'),
          number: text('33207675'),
          date: text('2019-05-08'),
          amount: text(4662),
          tax: text(608),
          total: text(5270),
          sellerName: text('天津瑞佳讯贸易有限公司'),
        },
      },
      qr,
      NOW,
    );
    expect(out.warnings).toEqual([]);
    expect(out.kind).toBe('vat_electronic');
    expect(out.qr).toBe(qr.qr);
    expect(out.fields.number?.source).toBe('qr');
    expect(out.fields.sellerName?.source).toBe('pdf_text');
    expect(out.fields.tax?.value).toBe(608);
  });

  it('the QR wins for code, number, date, amount and check code; each disagreement is named', () => {
    const qr = qrOf('01,10,012001800311,33207675,46.62,20190508,76939056883466677916,E1BD,');
    const out = crossCheck(
      {
        kind: 'vat_normal',
        fields: {
          code: ocr('012001800317'),
          number: ocr('33207676'),
          date: ocr('2019-05-03'),
          amount: ocr(4682),
          tax: ocr(608),
          checkCode: ocr('76939056883466677910'),
        },
      },
      qr,
      NOW,
    );
    expect(out.fields.code?.value).toBe('012001800311');
    expect(out.fields.number?.value).toBe('33207675');
    expect(out.fields.date?.value).toBe('2019-05-08');
    expect(out.fields.amount?.value).toBe(4662);
    expect(out.fields.checkCode?.value).toBe('76939056883466677916');
    expect(out.kind).toBe('vat_electronic');
    expect(out.warnings).toEqual([
      '票面为增值税普通发票，二维码为增值税电子普通发票，以二维码为准',
      '发票代码：票面为 012001800317，二维码为 012001800311，以二维码为准',
      '发票号码：票面为 33207676，二维码为 33207675，以二维码为准',
      '开票日期：票面为 2019-05-03，二维码为 2019-05-08，以二维码为准',
      '金额（不含税）：票面为 46.82，二维码为 46.62，以二维码为准',
      '校验码：票面为 76939056883466677910，二维码为 76939056883466677916，以二维码为准',
    ]);
    // amount + tax → total derived once the amount is the QR's.
    expect(out.fields.total?.value).toBe(5270);
  });

  it('数电票: the QR amount is compared with the total, not the amount before tax', () => {
    const qr = qrOf('01,31,,24112000000048542163,4449.00,20240528,,B2B6');
    const out = crossCheck(
      {
        fields: {
          number: text('24112000000048542163'),
          amount: text(419717),
          tax: text(25183),
          total: text(444900),
        },
      },
      qr,
      NOW,
    );
    expect(out.warnings).toEqual([]);
    expect(out.fields.amount?.value).toBe(419717);
    expect(out.fields.total?.source).toBe('qr');
    const wrong = crossCheck({ fields: { total: text(444000) } }, qr, NOW);
    expect(wrong.warnings).toEqual(['价税合计：票面为 4440.00，二维码为 4449.00，以二维码为准']);
  });

  it('amount + tax must equal the total within 1 分', () => {
    const ok = crossCheck(
      { fields: { amount: text(4662), tax: text(608), total: text(5271) } },
      undefined,
      NOW,
    );
    expect(ok.warnings).toEqual([]);
    const bad = crossCheck(
      { fields: { amount: text(4662), tax: text(608), total: text(5272) } },
      undefined,
      NOW,
    );
    expect(bad.warnings).toEqual(['金额 46.62 加税额 6.08 为 52.70，与价税合计 52.72 不符']);
  });

  it('a date after today (Beijing time) is a warning', () => {
    // 2026-11-25T20:00Z is already 2026-11-26 in Beijing.
    const late = { now: new Date('2026-11-25T20:00:00Z') };
    expect(chinaToday(late.now)).toBe('2026-11-26');
    expect(crossCheck({ fields: { date: text('2026-11-26') } }, undefined, late).warnings).toEqual([]);
    expect(crossCheck({ fields: { date: text('2026-11-27') } }, undefined, late).warnings).toEqual([
      '开票日期 2026-11-27 晚于今天（2026-11-26）',
    ]);
  });

  it('a 数电票 has no invoice code: one read from the face is dropped with a warning', () => {
    const qr = qrOf('01,32,,26512000002252004931,120.00,20260529,,F12F');
    const out = crossCheck({ fields: { code: ocr('1234567890') } }, qr, NOW);
    expect(out.fields.code).toBeUndefined();
    expect(out.warnings).toEqual(['电子发票（普通发票）没有发票代码，票面读到的 1234567890 已忽略']);
  });

  it('without a QR the kind is the document’s, or other', () => {
    expect(crossCheck({ fields: {} }, undefined, NOW).kind).toBe('other');
    expect(crossCheck({ kind: 'train', fields: {} }, undefined, NOW).kind).toBe('train');
  });
});
