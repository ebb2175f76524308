/**
 * Calendar periods in a tenant's time zone (DESIGN.md "Time"): quota resets, day/month limits and time
 * slots are counted from local midnight, never from UTC's or the server's. Asia/Shanghai is the default;
 * the arithmetic is general (it reads the zone's offset at each instant), so a zone with daylight saving
 * also gets its real local midnights.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export type PeriodUnit = 'day' | 'week' | 'month' | 'year';

export interface LocalParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 1 = Monday … 7 = Sunday (ISO), as a Chinese week starts on Monday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall-clock reading of an instant in a zone. */
export function localParts(ms: number, tz = DEFAULT_TIME_ZONE): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday] ?? 1,
  };
}

/** The zone's offset from UTC at an instant, in ms (Shanghai: +8 h). */
function offsetAt(ms: number, tz: string): number {
  const p = localParts(ms, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant a local wall-clock time happens in a zone (month and day may overflow, as Date.UTC allows). */
export function localToInstant(
  tz: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset even on a day the zone changes it.
  let at = guess - offsetAt(guess, tz);
  at = guess - offsetAt(at, tz);
  return at;
}

/**
 * The last range answered per zone and unit. Every spend asks for its day, week, month and year, and
 * consecutive spends fall in the same ones; each miss costs five Intl formatToParts calls (a third of an
 * order's CPU in bench/orderIntake.ts). A range holds for every instant inside it, so a hit is exact.
 */
const lastRanges = new Map<string, [number, number]>();

/** [start, end) of the day, week (Monday first), month or year holding `ms`, in the zone. */
export function periodRange(ms: number, unit: PeriodUnit, tz = DEFAULT_TIME_ZONE): [number, number] {
  const key = `${tz}|${unit}`;
  const last = lastRanges.get(key);
  if (last && ms >= last[0] && ms < last[1]) return [last[0], last[1]];
  const range = computeRange(ms, unit, tz);
  lastRanges.set(key, range);
  return [range[0], range[1]];
}

function computeRange(ms: number, unit: PeriodUnit, tz: string): [number, number] {
  const p = localParts(ms, tz);
  switch (unit) {
    case 'day':
      return [localToInstant(tz, p.year, p.month, p.day), localToInstant(tz, p.year, p.month, p.day + 1)];
    case 'week': {
      const first = p.day - (p.weekday - 1);
      return [localToInstant(tz, p.year, p.month, first), localToInstant(tz, p.year, p.month, first + 7)];
    }
    case 'month':
      return [localToInstant(tz, p.year, p.month, 1), localToInstant(tz, p.year, p.month + 1, 1)];
    case 'year':
      return [localToInstant(tz, p.year, 1, 1), localToInstant(tz, p.year + 1, 1, 1)];
  }
}

/** Minutes after local midnight (0–1439): what a time slot such as 11:00–13:30 is compared with. */
export function minuteOfDay(ms: number, tz = DEFAULT_TIME_ZONE): number {
  const p = localParts(ms, tz);
  return p.hour * 60 + p.minute;
}
