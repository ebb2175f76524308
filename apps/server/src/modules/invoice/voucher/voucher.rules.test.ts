import { describe, expect, it } from 'vitest';
import { VoucherCode } from './voucher.errors.js';
import {
  assertBalanced,
  buildLines,
  DEFAULT_CHART,
  DEFAULT_SETTINGS,
  voucherNumber,
} from './voucher.rules.js';

describe('voucher rules', () => {
  it('refuses lines whose debits and credits differ', () => {
    expect(() =>
      assertBalanced([
        { debit: 100, credit: 0 },
        { debit: 0, credit: 99 },
      ]),
    ).toThrow(
      expect.objectContaining({
        code: VoucherCode.unbalanced,
        message: '借方合计（¥1.00）与贷方合计（¥0.99）不相等，不能生成凭证',
      }),
    );
    expect(() =>
      assertBalanced([
        { debit: 100, credit: 0 },
        { debit: 0, credit: 100 },
      ]),
    ).not.toThrow();
  });

  it('books a red (negative) special invoice as a negative debit and stays balanced', () => {
    const { lines, debitTotal, creditTotal } = buildLines(
      [
        { kind: 'vat_special', amount: 1000_00, tax: 130_00, total: 1130_00 },
        { kind: 'vat_special', amount: -200_00, tax: -26_00, total: -226_00 },
      ],
      DEFAULT_SETTINGS,
      DEFAULT_CHART,
      '发票入账（2张）',
    );
    expect(lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['660202', 800_00, 0],
      ['22210101', 104_00, 0],
      ['2241', 0, 904_00],
    ]);
    expect(debitTotal).toBe(creditTotal);
  });

  it('numbers 记-YYYYMM-NNNN', () => {
    expect(voucherNumber('记', '202611', 7)).toBe('记-202611-0007');
    expect(voucherNumber('记', '202611', 12345)).toBe('记-202611-12345');
  });
});
