import { describe, expect, it } from 'vitest';
import { firstXmlForbidden, xmlSafe, xmlSafeValue } from './xmlText.js';

describe('xmlSafe', () => {
  it('drops exactly the characters XML 1.0 forbids', () => {
    expect(xmlSafe('ctl\uFFFE\uFFFFend')).toBe('ctlend');
    expect(xmlSafe('a\u0000b\u0008c\u000Bd\u000Ce\u001Ff')).toBe('abcdef');
    expect(xmlSafe('lone \uD800 high, lone \uDC00 low')).toBe('lone  high, lone  low');
    // Allowed: tab, LF, CR, CJK, U+FFFD, a surrogate pair (emoji), private use, C1 controls.
    const ok = '差旅\t报销\n\r\uFFFD😀\uE000\u0085';
    expect(xmlSafe(ok)).toBe(ok);
    expect(xmlSafeValue(12)).toBe(12);
    expect(xmlSafeValue(null)).toBeNull();
    expect(xmlSafeValue('x\u0001')).toBe('x');
  });

  it('names the first forbidden character', () => {
    expect(firstXmlForbidden('ctl\uFFFE\uFFFFend')).toBe('U+FFFE');
    expect(firstXmlForbidden('a\u0000')).toBe('U+0000');
    expect(firstXmlForbidden('a\uDBFF')).toBe('U+DBFF');
    expect(firstXmlForbidden('差旅😀\t')).toBeNull();
  });
});
