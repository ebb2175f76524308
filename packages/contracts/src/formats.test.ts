import { describe, expect, it } from 'vitest';
import {
  endOfDay,
  filterValueName,
  formatBankCard,
  formatDateTime,
  formatMoney,
  maskIdCard,
  randomId,
  sexLabel,
  startOfDay,
  yuanToCents,
} from './formats.js';

describe('sexLabel', () => {
  it('1 is 男, anything else 女', () => {
    expect(sexLabel(1)).toBe('男');
    expect(sexLabel('1')).toBe('男');
    expect(sexLabel(2)).toBe('女');
    expect(sexLabel(0)).toBe('女');
    expect(sexLabel(null)).toBe('女');
  });
});

describe('maskIdCard', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(maskIdCard('33010219200403064X')).toBe('330102********064X');
    expect(maskIdCard('150102880730303')).toBe('150102*****0303');
  });
  it('leaves short or empty values alone', () => {
    expect(maskIdCard('1234567890')).toBe('1234567890');
    expect(maskIdCard('')).toBe('');
    expect(maskIdCard(null)).toBe('');
  });
});

describe('formatBankCard', () => {
  it('groups by 4 with one space', () => {
    expect(formatBankCard('6222021234567890123')).toBe('6222 0212 3456 7890 123');
    expect(formatBankCard('6222 0212 3456 7890')).toBe('6222 0212 3456 7890');
    expect(formatBankCard('1234')).toBe('1234');
    expect(formatBankCard(undefined)).toBe('');
  });
});

describe('formatMoney', () => {
  it('shows cents as yuan with 2 decimals', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(7)).toBe('0.07');
    expect(formatMoney(1999)).toBe('19.99');
    expect(formatMoney(123456789)).toBe('1234567.89');
    expect(formatMoney('1050')).toBe('10.50');
  });
  it('handles negatives', () => {
    expect(formatMoney(-7)).toBe('-0.07');
    expect(formatMoney(-150)).toBe('-1.50');
    expect(formatMoney(-0)).toBe('0.00');
  });
  it('other decimal counts round half away from zero', () => {
    expect(formatMoney(1999, 0)).toBe('20');
    expect(formatMoney(1949, 0)).toBe('19');
    expect(formatMoney(-150, 0)).toBe('-2');
    expect(formatMoney(-4, 0)).toBe('0');
    expect(formatMoney(1995, 1)).toBe('20.0');
    expect(formatMoney(1999, 4)).toBe('19.9900');
  });
  it('null, undefined and garbage give an empty string', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('yuanToCents', () => {
  it('is exact where float multiplication is not', () => {
    expect(0.07 * 100).not.toBe(7); // the trap this function avoids
    expect(yuanToCents('0.07')).toBe(7);
    expect(yuanToCents('19.99')).toBe(1999);
    expect(yuanToCents(19.99)).toBe(1999);
    expect(yuanToCents(0.1 + 0.2)).toBe(30);
    expect(yuanToCents('1.1')).toBe(110);
    expect(yuanToCents(' 100 ')).toBe(10000);
    expect(yuanToCents('.5')).toBe(50);
    expect(yuanToCents('5.')).toBe(500);
  });
  it('handles signs and rounds a third decimal half away from zero', () => {
    expect(yuanToCents('-1.5')).toBe(-150);
    expect(yuanToCents('+2')).toBe(200);
    expect(yuanToCents('0.005')).toBe(1);
    expect(yuanToCents('0.004')).toBe(0);
    expect(yuanToCents('-0.005')).toBe(-1);
    expect(yuanToCents('-0.00')).toBe(0);
    expect(yuanToCents(1e-7)).toBe(0);
  });
  it('rejects malformed input', () => {
    for (const v of ['', ' ', '.', 'abc', '1,000', '1.2.3', '1e3', '--1', null, undefined, Number.NaN]) {
      expect(yuanToCents(v as string), String(v)).toBeNull();
    }
    expect(yuanToCents('999999999999999999')).toBeNull(); // beyond safe integers
  });
  it('round-trips with formatMoney', () => {
    for (const cents of [0, 1, 7, 99, 100, 1999, -250, 123456789]) {
      expect(yuanToCents(formatMoney(cents))).toBe(cents);
    }
  });
});

describe('formatDateTime', () => {
  const ms = new Date(2024, 0, 5, 8, 3, 9, 7).getTime(); // local time

  it('defaults to YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(ms)).toBe('2024-01-05 08:03:09');
    expect(formatDateTime(String(ms))).toBe('2024-01-05 08:03:09');
    expect(formatDateTime(new Date(ms))).toBe('2024-01-05 08:03:09');
  });
  it('supports the other tokens and [literal] text', () => {
    expect(formatDateTime(ms, 'YYYY/M/D H:m:s.SSS')).toBe('2024/1/5 8:3:9.007');
    expect(formatDateTime(ms, 'YY年MM月DD日')).toBe('24年01月05日');
    expect(formatDateTime(ms, '[YYYY] YYYY')).toBe('YYYY 2024');
  });
  it('empty or invalid input gives an empty string', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('startOfDay / endOfDay', () => {
  it('give the first and last moment of the local day', () => {
    const ms = new Date(2024, 2, 10, 15, 30).getTime();
    expect(startOfDay(ms)).toBe(new Date(2024, 2, 10, 0, 0, 0, 0).getTime());
    expect(endOfDay(ms)).toBe(new Date(2024, 2, 10, 23, 59, 59, 999).getTime());
  });
});

describe('filterValueName', () => {
  it('drops the last 4 characters and uppercases', () => {
    expect(filterValueName('typeText')).toBe('TYPE');
    expect(filterValueName('sourceText')).toBe('SOURCE');
    expect(filterValueName('recentStatusText')).toBe('RECENTSTATUS');
    expect(filterValueName('Text')).toBe('');
  });
});

describe('randomId', () => {
  it('is 32 letters and digits by default', () => {
    const id = randomId();
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(randomId(8)).toHaveLength(8);
    expect(randomId(0)).toBe('');
  });
  it('does not repeat and uses the whole alphabet', () => {
    const ids = Array.from({ length: 200 }, () => randomId());
    expect(new Set(ids).size).toBe(200);
    expect(new Set(ids.join('')).size).toBe(62);
  });
});
