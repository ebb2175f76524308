import { describe, expect, it } from 'vitest';
import { localParts, minuteOfDay, periodRange } from './periods.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('periods in the tenant time zone', () => {
  it('a Shanghai day starts at 16:00 UTC the day before', () => {
    // 2026-11-30 23:30 in Shanghai = 15:30 UTC.
    const at = Date.parse('2026-11-30T15:30:00Z');
    expect(periodRange(at, 'day').map(iso)).toEqual(['2026-11-29T16:00:00.000Z', '2026-11-30T16:00:00.000Z']);
    // 00:30 on 12-01 in Shanghai is already the next day and the next month, though UTC still says 11-30.
    const after = Date.parse('2026-11-30T16:30:00Z');
    expect(periodRange(after, 'day')[0]).toBe(Date.parse('2026-11-30T16:00:00Z'));
    expect(periodRange(after, 'month').map(iso)).toEqual([
      '2026-11-30T16:00:00.000Z',
      '2026-12-31T16:00:00.000Z',
    ]);
    expect(periodRange(at, 'month')[0]).toBe(Date.parse('2026-10-31T16:00:00Z'));
  });

  it('weeks start on Monday and years roll over at local midnight', () => {
    // 2026-11-28 is a Saturday.
    const sat = Date.parse('2026-11-28T04:00:00Z');
    expect(localParts(sat).weekday).toBe(6);
    expect(periodRange(sat, 'week').map(iso)).toEqual([
      '2026-11-22T16:00:00.000Z',
      '2026-11-29T16:00:00.000Z',
    ]);
    const newYear = Date.parse('2026-12-31T16:00:00Z');
    expect(periodRange(newYear, 'year')[0]).toBe(newYear);
    expect(periodRange(newYear - 1, 'year')[1]).toBe(newYear);
  });

  it('another zone with daylight saving keeps its real midnights', () => {
    // Europe/Berlin switches to summer time on 2026-03-29: that day has 23 hours.
    const [start, end] = periodRange(Date.parse('2026-03-29T12:00:00Z'), 'day', 'Europe/Berlin');
    expect(iso(start)).toBe('2026-03-28T23:00:00.000Z');
    expect(end - start).toBe(23 * 3600_000);
  });

  it('a time slot compares with the local minute of the day', () => {
    expect(minuteOfDay(Date.parse('2026-11-28T03:30:00Z'))).toBe(11 * 60 + 30);
    expect(minuteOfDay(Date.parse('2026-11-28T16:05:00Z'))).toBe(5);
  });

  it('answers the same whatever was asked before (the last range is remembered per zone and unit)', () => {
    // Local midnights of 2026-11-30 and 2026-12-01 in Shanghai, and Berlin's 23-hour day.
    const nov30 = Date.parse('2026-11-29T16:00:00Z');
    const dec1 = Date.parse('2026-11-30T16:00:00Z');
    const asked = [dec1 - 1, dec1, dec1 - 1, nov30 - 1, dec1 + 86_400_000, dec1 - 1, nov30];
    for (const at of asked) {
      const [start, end] = periodRange(at, 'day');
      expect(at >= start && at < end).toBe(true);
      expect(end - start).toBe(86_400_000);
      expect(Math.abs((start - nov30) % 86_400_000)).toBe(0);
      const [mStart] = periodRange(at, 'month');
      expect(mStart).toBe(at >= dec1 ? dec1 : Date.parse('2026-10-31T16:00:00Z'));
    }
    // The same unit in another zone is its own range, not Shanghai's remembered one.
    periodRange(Date.parse('2026-03-29T12:00:00Z'), 'day');
    const berlin = periodRange(Date.parse('2026-03-29T12:00:00Z'), 'day', 'Europe/Berlin');
    expect(iso(berlin[0])).toBe('2026-03-28T23:00:00.000Z');
    // A caller changing the returned pair does not change what the next caller gets.
    const mine = periodRange(dec1, 'day');
    mine[0] = 0;
    expect(periodRange(dec1, 'day')[0]).toBe(dec1);
  });
});
