/**
 * Normalising OCR text of invoice fields: full-width forms, currency signs, letters the model confuses
 * with digits, amounts to 分, dates to YYYY-MM-DD, and the format checks a field's value must pass.
 */

/** NFKC (full-width digits, letters and punctuation → ASCII, ￥ → ¥, № → No), one space between words. */
export function norm(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u3000\s]+/g, ' ')
    .replace(/[：]/g, ':')
    .trim();
}

/** In a field made of digits: O/o/〇/D → 0, I/l/|/丨 → 1, spaces dropped. */
export function fixDigits(text: string): string {
  return norm(text)
    .replace(/[Oo〇QD]/g, '0')
    .replace(/[Il|丨]/g, '1')
    .replace(/\s+/g, '');
}

/** A tax id: uppercase, O → 0 and I → 1 (neither letter is used in 统一社会信用代码), spaces dropped. */
export function fixTaxId(text: string): string {
  return norm(text).toUpperCase().replace(/O/g, '0').replace(/I/g, '1').replace(/\s+/g, '');
}

const MONEY = /^-?\d{1,12}(?:\.\d{1,2})?$/;

/** '¥1,019.83' → 101983 (分); null when the text is not an amount. */
export function parseMoney(text: string): number | null {
  const cleaned = norm(text)
    .replace(/[¥Y元,，\s]/g, '')
    .replace(/[Oo]/g, '0');
  if (!MONEY.test(cleaned)) return null;
  const negative = cleaned.startsWith('-');
  const [whole = '0', fraction = ''] = cleaned.replace('-', '').split('.');
  const fen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -fen : fen;
}

/** Amount patterns inside a longer text: '¥5999.00', '5999.00', '(小写)¥7018.83', '¥553.0元'. */
export const MONEY_IN_TEXT = /¥?\s*(-?\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|-?\d+\.\d{1,2})(?![\d.])/g;

export function formatFen(fen: number): string {
  return `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
}

/** The first date in the text as YYYY-MM-DD: 2010年11月18日, 20190508, 2019-05-08, 2019/5/8. */
export function findDate(text: string): { value: string; valid: boolean } | null {
  const t = norm(text).replace(/[Oo]/g, '0');
  const m =
    /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日?/.exec(t) ??
    /(?<!\d)((?:19|20)\d{2})[-./](\d{1,2})[-./](\d{1,2})(?!\d)/.exec(t) ??
    /(?<!\d)((?:19|20)\d{2})(\d{2})(\d{2})(?!\d)/.exec(t);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const value = `${m[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { value, valid: isRealDate(year, month, day) };
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * 纳税人识别号: an 18-character 统一社会信用代码 must pass its GB 32100-2015 check character; the older
 * 15-, 17- and 20-character ids only their shape (the 15-digit one starts with a 6-digit region code).
 */
export function taxIdOk(id: string): boolean {
  if (id.length === 18) {
    let sum = 0;
    for (let i = 0; i < 17; i += 1) {
      const v = USCC_CHARS.indexOf(id[i]!);
      if (v < 0) return false;
      sum += v * USCC_WEIGHTS[i]!;
    }
    const check = (31 - (sum % 31)) % 31;
    return id[17] === USCC_CHARS[check];
  }
  if (id.length === 15) return /^\d{6}[0-9A-Z]{9}$/.test(id);
  if (id.length === 17 || id.length === 20) return /^[0-9A-Z]+$/.test(id);
  return false;
}

const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  壹: 1,
  一: 1,
  贰: 2,
  两: 2,
  二: 2,
  叁: 3,
  三: 3,
  肆: 4,
  四: 4,
  伍: 5,
  五: 5,
  陆: 6,
  六: 6,
  柒: 7,
  七: 7,
  捌: 8,
  八: 8,
  玖: 9,
  九: 9,
};
const SMALL_UNITS: Record<string, number> = { 拾: 10, 十: 10, 佰: 100, 百: 100, 仟: 1000, 千: 1000 };
const BIG_UNITS: Record<string, number> = { 万: 10_000, 萬: 10_000, 亿: 100_000_000, 億: 100_000_000 };

/**
 * 大写金额 → 分: '柒仟零壹拾捌圆捌角叁分' → 701883, '贰仟陆佰壹拾圆整' → 261000. Null when the text holds
 * anything else (OCR noise such as ⊗ in front is dropped first).
 */
export function parseChineseAmount(text: string): number | null {
  const t = text
    .replace(/[⊗©®○\s()（）:：]/g, '')
    .replace(/^.*?(?=[零壹贰叁肆伍陆柒捌玖拾佰仟万亿一二三四五六七八九十])/, '');
  const m =
    /^([零〇壹一贰两二叁三肆四伍五陆六柒七捌八玖九拾十佰百仟千万萬亿億]*)[圆元]?(?:([零壹一贰两二叁三肆四伍五陆六柒七捌八玖九])角)?(?:([零壹一贰两二叁三肆四伍五陆六柒七捌八玖九])分)?整?$/.exec(
      t,
    );
  if (!m || (!m[1] && !m[2] && !m[3])) return null;
  if (m[1] && !/[圆元]/.test(t)) return null;
  let yuan = 0;
  let section = 0;
  let digit = 0;
  for (const ch of m[1] ?? '') {
    if (ch in DIGITS) {
      digit = DIGITS[ch]!;
    } else if (ch in SMALL_UNITS) {
      section += (digit || (section === 0 && ch.match(/[拾十]/) ? 1 : 0)) * SMALL_UNITS[ch]!;
      digit = 0;
    } else if (ch === '万' || ch === '萬') {
      yuan += (section + digit) * 10_000;
      section = 0;
      digit = 0;
    } else if (ch in BIG_UNITS) {
      yuan = (yuan + section + digit) * BIG_UNITS[ch]!;
      section = 0;
      digit = 0;
    }
  }
  yuan += section + digit;
  const jiao = m[2] ? DIGITS[m[2]]! : 0;
  const fen = m[3] ? DIGITS[m[3]]! : 0;
  return yuan * 100 + jiao * 10 + fen;
}
