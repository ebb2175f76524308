/** 分 → 元 with two decimals. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * yyyy-MM-dd HH:mm:ss (or yyyy-MM-dd) in China time (UTC+8, no daylight saving), whatever the browser's
 * zone: the server keeps dates as China days and prints its PDF in China time; '' for null.
 */
export function dateTime(ms: number | null | undefined, withTime = true): string {
  if (ms == null) return '';
  const s = new Date(ms + 8 * 3_600_000).toISOString();
  return withTime ? `${s.slice(0, 10)} ${s.slice(11, 19)}` : s.slice(0, 10);
}
