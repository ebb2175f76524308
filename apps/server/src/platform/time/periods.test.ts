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
});
