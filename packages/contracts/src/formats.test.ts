import { describe, expect, it } from 'vitest';
import {
  endOfDay,
  filterValueName,
  formatBankCard,
  formatDateTime,
  formatMoney,
  isVersionExpiredAt,
  maskIdCard,
  randomId,
  sexLabel,
  shanghaiDate,
  startOfDay,
  versionLastDay,
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

describe('version expiry: one day, one rule, Asia/Shanghai', () => {
  const at = (iso: string) => Date.parse(iso);

  it('shanghaiDate is the Shanghai calendar day, whatever the machine time zone', () => {
    expect(shanghaiDate(at('2026-10-24T15:59:59.999Z'))).toBe('2026-10-24');
    expect(shanghaiDate(at('2026-10-24T16:00:00.000Z'))).toBe('2026-10-25');
    expect(shanghaiDate(at('2026-12-31T16:00:00.000Z'))).toBe('2027-01-01');
  });

  it('an expiry at Shanghai midnight makes the day before the last valid day', () => {
    // 2026-10-24T16:00:00Z is 2026-10-25 00:00 in Shanghai: the version works through 10-24.
    expect(versionLastDay(at('2026-10-24T16:00:00.000Z'))).toBe('2026-10-24');
    expect(isVersionExpiredAt(at('2026-10-24T16:00:00.000Z'), at('2026-10-24T15:59:59.999Z'))).toBe(false);
    expect(isVersionExpiredAt(at('2026-10-24T16:00:00.000Z'), at('2026-10-24T16:00:00.000Z'))).toBe(true);
  });

  it('one millisecond before Shanghai midnight is still the same day', () => {
    expect(versionLastDay(at('2026-10-24T15:59:59.999Z'))).toBe('2026-10-24');
    // The instant is taken to the whole second (the API's expired_date): seconds and ms agree.
    const seconds = Math.floor(at('2026-10-24T15:59:59.999Z') / 1000);
    expect(versionLastDay(seconds * 1000)).toBe('2026-10-24');
  });

  it('an expiry after Shanghai midnight keeps that day valid', () => {
    expect(versionLastDay(at('2026-10-24T16:00:01.000Z'))).toBe('2026-10-25');
    expect(versionLastDay(at('2026-10-25T09:30:00.000Z'))).toBe('2026-10-25');
    expect(isVersionExpiredAt(at('2026-10-25T09:30:00.000Z'), at('2026-10-25T09:29:59.999Z'))).toBe(false);
  });

  it('the shown day and the expiry check agree: expired exactly after the last valid day ends', () => {
    for (const iso of ['2026-10-24T16:00:00.000Z', '2026-10-24T15:59:59.999Z', '2026-10-25T03:00:00.400Z']) {
      const e = at(iso);
      const lastDay = versionLastDay(e);
      // Every moment still valid falls on or before the last valid day; the first expired one after it.
      const lastValid = Math.floor(e / 1000) * 1000 - 1;
      expect(isVersionExpiredAt(e, lastValid)).toBe(false);
      expect(shanghaiDate(lastValid)).toBe(lastDay);
      expect(isVersionExpiredAt(e, lastValid + 1)).toBe(true);
    }
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
