/**
 * Characters XML 1.0 allows (§2.2 Char): tab, line feed, carriage return, U+0020–U+D7FF, U+E000–U+FFFD and
 * U+10000–U+10FFFF. Anything else — other C0 controls, a lone surrogate, U+FFFE, U+FFFF — makes every XML
 * the product writes (an .xlsx sheet, the print SVG, Pango markup) unreadable. One definition, used where
 * text leaves (xmlSafe) and where it enters (firstXmlForbidden: the server's request validation).
 */

// With the `u` flag a well-formed surrogate pair is one code point (allowed); a lone half is matched.
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const HAS_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** `text` without the characters XML 1.0 forbids (they are dropped). */
export function xmlSafe(text: string): string {
  return HAS_FORBIDDEN.test(text) ? text.replace(FORBIDDEN, '') : text;
}

/** A cell or field value with its text made XML-safe; numbers, dates, null and the like pass unchanged. */
export function xmlSafeValue<T>(value: T): T {
  return (typeof value === 'string' ? xmlSafe(value) : value) as T;
}

/** The first character of `text` XML 1.0 forbids, as U+XXXX, or null when there is none. */
export function firstXmlForbidden(text: string): string | null {
  const m = HAS_FORBIDDEN.exec(text);
  if (!m) return null;
  return `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
