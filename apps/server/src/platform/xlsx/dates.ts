/**
 * Excel stores a date cell as a number: the days since 1900-01-00 in the 1900 date system (Windows Excel's
 * default, and what every writer we meet uses). The bounded reader (reader.ts) reads values, not styles, so
 * a date cell reaches an import as that serial number ("46082"); this turns it back into a calendar day.
 *
 * Lotus 1-2-3's bug, kept by Excel: serial 60 is 1900-02-29, a day that never was. Serials 1–59 are
 * 1900-01-01 … 1900-02-28, serial 61 is 1900-03-01, so from 61 on the offset from 1899-12-30 is exact.
 * Serial 60 and anything outside 1 … 2958465 (9999-12-31) is no date: null. A fraction is the time of day;
 * it is rounded to the second (a computed 45657.9999999 is 2025-01-01 00:00, not 2024-12-31) and dropped.
 */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
const MAX_SERIAL = 2_958_465;

export function excelSerialToDate(serial: number): CalendarDay | null {
  if (!Number.isFinite(serial)) return null;
  const days = Math.floor(Math.round(serial * 86_400) / 86_400);
  if (days < 1 || days > MAX_SERIAL || days === 60) return null;
  // 1899-12-31 + days before the phantom day; one day less after it.
  const d = new Date(Date.UTC(1899, 11, 31) + (days < 60 ? days : days - 1) * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** A cell's text as the reader gives it: a plain number (no sign, no exponent) that may be a date serial. */
export function excelSerialOf(text: string): number | null {
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}
