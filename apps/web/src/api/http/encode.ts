/**
 * Bracket-style encoding shared by query strings and form-urlencoded bodies (spec §7.1):
 * arrays `a[]=1&a[]=2`, nested objects `o[k]=v`, arrays of objects `a[][k]=v`.
 * null and undefined are left out; brackets stay literal, names and values are percent-encoded.
 */
export type Encodable = Record<string, unknown>;

function pairs(prefix: string, value: unknown, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) pairs(`${prefix}[]`, item, out);
    return;
  }
  if (value instanceof Date) {
    out.push(`${prefix}=${encodeURIComponent(String(value.getTime()))}`);
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pairs(`${prefix}[${encodeURIComponent(k)}]`, v, out);
    return;
  }
  out.push(`${prefix}=${encodeURIComponent(String(value))}`);
}

export function encodeBrackets(data: Encodable): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(data)) pairs(encodeURIComponent(key), value, out);
  return out.join('&');
}

/** Query parameters are search/filter values: strings are trimmed (spec §5 "request strings are trimmed"). */
export function trimStrings(data: Encodable): Encodable {
  const trim = (v: unknown): unknown => {
    if (typeof v === 'string') return v.trim();
    if (Array.isArray(v)) return v.map(trim);
    if (v && typeof v === 'object' && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trim(x)]));
    }
    return v;
  };
  return trim(data) as Encodable;
}
