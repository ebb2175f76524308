/** Where the print sub-app is (spec 2.3: /web-form-print/, route name subFormPrint). */
export const PRINT_APP_BASE = '/web-form-print/';

/**
 * The documents a print was opened for: `?flowIds=1,2,3`, else `?id=7`, else a `/run/7` path segment.
 * Not numbers, duplicates and zeros are dropped.
 */
export function readPrintIds(location: { pathname: string; search: string }): number[] {
  const q = new URLSearchParams(location.search);
  const raw = q.get('flowIds') ?? q.get('id') ?? /\/run\/([^/?#]+)/.exec(location.pathname)?.[1] ?? '';
  const ids = decodeURIComponent(raw)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[1-9]\d{0,15}$/.test(s))
    .map(Number);
  return [...new Set(ids)];
}

/** The print sub-app's address for these documents. */
export function printAppUrl(ids: readonly number[]): string {
  return `${PRINT_APP_BASE}?flowIds=${ids.join(',')}`;
}
