/**
 * Validation rules of spec §5, pure (no zod, no dayjs) so the server schemas and the client forms can
 * both call them and agree. Where the spec's rule is looser than the public references (validator.js,
 * Hutool), `validators.test.ts` lists each vector that differs and why.
 */

export const MOBILE_ERROR = '手机号格式错误';
export const EMAIL_ERROR = '邮箱格式错误';

export type CitizenIdResult = { ok: true; birthDate: string } | { ok: false };

/**
 * Spec §5 rule, literally: 6 digits, optional century 18/19/20, 2 year digits, month 01-12, day 01-31,
 * 3 digits, final digit or x/X.
 * - With the century it is the 18-character form.
 * - Without it the same pattern is 16 characters (6 + YYMMDD + 3 + 1): that is the spec's
 *   "15-digit-like form". A genuine 15-digit GB 11643 number (no final character) does NOT match;
 *   the 16-character form's year is read as 19YY, as in the legacy 15-digit layout.
 * Deliberately not checked, because the spec does not: the address code, and the GB 11643 check digit
 * (use `checkCitizenIdChecksum` / `isCitizenIdStrict` for that).
 */
const CITIZEN_ID_RE = /^(\d{6})(18|19|20)?(\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dxX]$/;

/** Birth date must be a real calendar date and not in the future (spec §5); `now` is for tests. */
export function checkCitizenId(value: unknown, now: Date | number = Date.now()): CitizenIdResult {
  if (typeof value !== 'string') return { ok: false };
  const m = CITIZEN_ID_RE.exec(value);
  if (!m) return { ok: false };
  const year = Number((m[2] ?? '19') + m[3]);
  const birth = validBirthDate(year, Number(m[4]), Number(m[5]), now);
  return birth ? { ok: true, birthDate: birth } : { ok: false };
}

/** GB 11643-1999 weights for the first 17 digits and the check characters by remainder (mod 11). */
const GB11643_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const GB11643_CHECK_CHARS = '10X98765432';

/** Check character for the first 17 digits, or null when they are not 17 digits. */
export function gb11643CheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * GB11643_WEIGHTS[i];
  return GB11643_CHECK_CHARS[sum % 11];
}

/**
 * True when an 18-character number's last character is its GB 11643 check character (x accepted
 * as X). Only the checksum: the date is not looked at. Anything not 18 characters (including the
 * legacy 15-digit form, which has no check character) gives false.
 */
export function checkCitizenIdChecksum(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{17}[\dxX]$/.test(value)) return false;
  return gb11643CheckChar(value.slice(0, 17)) === value[17].toUpperCase();
}

/**
 * Legacy 15-digit number (6 address + YYMMDD + 3 sequence) to 18: insert 19, append the check char.
 * Null when the input is not 15 digits.
 */
export function citizenId15To18(value: string): string | null {
  if (!/^\d{15}$/.test(value)) return null;
  const first17 = value.slice(0, 6) + '19' + value.slice(6);
  return first17 + gb11643CheckChar(first17);
}

/**
 * Strict GB 11643 reading, for places that want more than the spec's rule: an 18-character number
 * with a real, non-future birth date and a correct check character, or a legacy 15-digit number with
 * a real 19YY birth date. Returns the birth date like `checkCitizenId`.
 */
export function isCitizenIdStrict(value: unknown, now: Date | number = Date.now()): CitizenIdResult {
  if (typeof value !== 'string') return { ok: false };
  const id18 = /^\d{15}$/.test(value) ? citizenId15To18(value) : value;
  if (!id18 || !checkCitizenIdChecksum(id18)) return { ok: false };
  const birth = validBirthDate(
    Number(id18.slice(6, 10)),
    Number(id18.slice(10, 12)),
    Number(id18.slice(12, 14)),
    now,
  );
  return birth ? { ok: true, birthDate: birth } : { ok: false };
}

/** 'YYYY-MM-DD' when the date exists in the calendar and is not after today (local time), else null. */
function validBirthDate(year: number, month: number, day: number, now: Date | number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const today = new Date(now);
  const todayKey = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  if (year * 10000 + month * 100 + day > todayKey) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Spec §5: 11 digits starting with 1. Looser than validator.js zh-CN (which wants 13-19 as the second
 * digit, or 92/98) and stricter in accepting no +86 / 0086 prefix.
 */
const MOBILE_RE = /^1\d{10}$/;
export function isMobile(value: unknown): boolean {
  return typeof value === 'string' && MOBILE_RE.test(value);
}
export function mobileError(value: unknown): string | null {
  return isMobile(value) ? null : MOBILE_ERROR;
}

/**
 * Spec §5: local part, @, domain, suffix of 2-4 letters. Read as: no spaces and no second @ anywhere,
 * and the text after the last dot is 2-4 ASCII letters. No RFC 5321 length or dot rules (validator.js
 * has them), and no quoted local parts with spaces.
 */
const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,4}$/;
export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_RE.test(value);
}
export function emailError(value: unknown): string | null {
  return isEmail(value) ? null : EMAIL_ERROR;
}
