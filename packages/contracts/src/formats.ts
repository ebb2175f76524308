/**
 * Display formats (spec §3, §5, §9): pure functions with no dayjs or number library, so server exports
 * (Excel, PDF) and client tables render the same text. Money is integer cents end to end.
 */
import { CENTS_PER_YUAN, DATE_FORMAT, MONEY_DECIMALS, RANDOM_ID_LENGTH } from './constants.js';

/** Spec §5: sex 1 shows 男, anything else 女 (including missing). */
export function sexLabel(sex: unknown): '男' | '女' {
  return Number(sex) === 1 ? '男' : '女';
}

/** Keep the first 6 and last 4 characters, one * per hidden character; too short to hide → unchanged. */
export function maskIdCard(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length <= 10) return value;
  return value.slice(0, 6) + '*'.repeat(value.length - 10) + value.slice(-4);
}

/** Bank card number in groups of 4 separated by a space; existing spaces are dropped first. */
export function formatBankCard(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(/\s+/g, '')
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Cents → yuan text with `decimals` places (default 2), computed on integers so no float error.
 * Fractional cents are rounded half away from zero first; fewer than 2 decimals round the same way.
 * No thousands separator (the spec shows none). null, undefined, '' or non-numbers → ''.
 */
export function formatMoney(cents: number | string | null | undefined, decimals = MONEY_DECIMALS): string {
  if (cents === null || cents === undefined || cents === '') return '';
  const n = typeof cents === 'number' ? cents : Number(cents);
  if (!Number.isFinite(n)) return '';
  const places = Math.max(0, Math.floor(decimals));
  const negative = n < 0;
  let units = BigInt(Math.round(Math.abs(n))); // whole cents
  let scale = 2; // units are 10^-scale yuan
  if (places < scale) {
    const div = 10n ** BigInt(scale - places);
    units = (units + div / 2n) / div; // half away from zero (units is non-negative)
    scale = places;
  }
  const digits = units.toString().padStart(scale + 1, '0');
  const intPart = digits.slice(0, digits.length - scale);
  const frac = (scale > 0 ? digits.slice(-scale) : '') + '0'.repeat(places - scale);
  const text = places > 0 ? `${intPart}.${frac}` : intPart;
  return negative && units !== 0n ? `-${text}` : text;
}

/**
 * Yuan (text or number) → integer cents, exactly: '0.07' → 7, '19.99' → 1999, '-1.5' → -150.
 * Works on the decimal text, never on `x * 100`. A third decimal rounds half away from zero
 * ('0.005' → 1). Empty or malformed input (letters, commas, two dots) → null.
 */
export function yuanToCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Exponent form (1e-7, 1e21) cannot be read digit by digit; toFixed(3) keeps one guard digit.
    text = /e/i.test(String(value)) ? value.toFixed(3) : String(value);
  } else {
    text = value.trim();
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const frac = (m[3] ?? '').padEnd(3, '0');
  let cents = BigInt(m[2] || '0') * 100n + BigInt(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1n;
  const result = Number(cents);
  if (!Number.isSafeInteger(result)) return null;
  return m[1] === '-' && result !== 0 ? -result : result;
}

/** Cents shown as yuan: shorthand used by tables (spec §9: "shown divided by 100"). */
export function centsToYuan(cents: number): number {
  return cents / CENTS_PER_YUAN;
}

/**
 * Millisecond timestamp → local time text. Tokens as dayjs: YYYY YY MM M DD D HH H mm m ss s SSS;
 * text in [brackets] is literal. null / undefined / '' / invalid → ''.
 */
export function formatDateTime(
  ms: number | string | Date | null | undefined,
  pattern: string = DATE_FORMAT,
): string {
  if (ms === null || ms === undefined || ms === '') return '';
  const d = ms instanceof Date ? ms : new Date(typeof ms === 'string' ? Number(ms) : ms);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number, len = 2) => String(n).padStart(len, '0');
  const tokens: Record<string, string> = {
    YYYY: p(d.getFullYear(), 4),
    YY: p(d.getFullYear() % 100),
    MM: p(d.getMonth() + 1),
    M: String(d.getMonth() + 1),
    DD: p(d.getDate()),
    D: String(d.getDate()),
    HH: p(d.getHours()),
    H: String(d.getHours()),
    mm: p(d.getMinutes()),
    m: String(d.getMinutes()),
    ss: p(d.getSeconds()),
    s: String(d.getSeconds()),
    SSS: p(d.getMilliseconds(), 3),
  };
  return pattern.replace(
    /\[([^\]]*)]|YYYY|YY|MM|M|DD|D|HH|H|mm|m|SSS|ss|s/g,
    (match, literal: string | undefined) => literal ?? tokens[match],
  );
}

// China keeps one time zone, Asia/Shanghai, at UTC+8 all year (no daylight saving since 1991), so a
// fixed offset gives the same day on every machine without time-zone data.
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** Epoch ms → YYYY-MM-DD of that instant in Asia/Shanghai, whatever the machine's time zone. */
export function shanghaiDate(ms: number): string {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  const p = (n: number, len = 2) => String(n).padStart(len, '0');
  return `${p(d.getUTCFullYear(), 4)}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`;
}

/** The expiry instant to the whole second, as the API carries it (expired_date is in seconds). */
function expirySecondMs(expiredAtMs: number): number {
  return Math.floor(expiredAtMs / 1000) * 1000;
}

/**
 * A product version's (or trial's) expiry instant, epoch ms → its last valid day, YYYY-MM-DD in
 * Asia/Shanghai: the one date behind 有效期至 X, 已于X到期 and 将于X到期, on the server and the client.
 *
 * The rule: the expiry instant, taken to the whole second, is the first moment the version no longer
 * works (see isVersionExpiredAt); the last valid day is the Shanghai day of the moment just before it.
 * So 2026-10-24T16:00:00Z (10-25 00:00 in Shanghai) → 2026-10-24, and 2026-10-24T15:59:59.999Z
 * (10-24 23:59:59 in Shanghai) → 2026-10-24; 2026-10-24T16:00:01Z → 2026-10-25.
 */
export function versionLastDay(expiredAtMs: number): string {
  return shanghaiDate(expirySecondMs(expiredAtMs) - 1);
}

/** Whether a version with this expiry instant has expired at `nowMs`: the same rule as versionLastDay. */
export function isVersionExpiredAt(expiredAtMs: number, nowMs: number): boolean {
  return nowMs >= expirySecondMs(expiredAtMs);
}

/** First moment (00:00:00.000, local) of the day holding `ms`: start of a date range (spec §5). */
export function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Last moment (23:59:59.999, local) of the day holding `ms`: end of a date range (spec §5). */
export function endOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(23, 59, 59, 999);
  return d.getTime();
}

/**
 * Column filter value name (spec §3): the field name minus its last 4 characters, uppercased,
 * e.g. typeText → TYPE, sourceText → SOURCE. Fields of 4 characters or fewer give ''.
 */
export function filterValueName(field: string): string {
  return field.length > 4 ? field.slice(0, -4).toUpperCase() : '';
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random id of letters and digits (default 32 characters, spec §9) from crypto.getRandomValues, which
 * browsers and Node 20 both have. Bytes ≥ 248 are skipped so every character is equally likely.
 */
export function randomId(length: number = RANDOM_ID_LENGTH): string {
  let out = '';
  const buf = new Uint8Array(Math.max(16, length * 2));
  while (out.length < length) {
    globalThis.crypto.getRandomValues(buf);
    for (const b of buf) {
      if (b >= 248) continue; // 248 = 4 × 62
      out += ID_ALPHABET[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * ¥1,234.50 from 分 (the Chinese sentences and the screens). Here, not beside the 企业账户 schemas, so the
 * workbench's balance warning does not load zod's schemas with it.
 */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}¥${whole}.${String(abs % 100).padStart(2, '0')}`;
}
