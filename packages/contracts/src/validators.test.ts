import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkCitizenId,
  checkCitizenIdChecksum,
  citizenId15To18,
  emailError,
  gb11643CheckChar,
  isCitizenIdStrict,
  isEmail,
  isMobile,
  mobileError,
} from './validators.js';

// Real vectors (validator.js 13.15.35 and Hutool tests), kept in the repository's test-data/validators
// (sources and licences in test-data/README.md).
function readVectors<T>(file: string): T {
  return JSON.parse(
    readFileSync(new URL(`../../../test-data/validators/${file}`, import.meta.url), 'utf8'),
  ) as T;
}

interface CnIdVectors {
  algorithm: { weights: number[]; map_remainder_to_check: Record<string, string> };
  validator_js_zh_CN: { vectors: { valid: string[]; invalid: string[] } };
  hutool_IdcardUtil: {
    vectors: { valid: string[]; invalid: string[] };
    convert15To18: Record<string, string>;
  };
  our_gb11643_check_of_each_vector: Record<string, string>;
}
const cn = readVectors<CnIdVectors>('cn_id_vectors.json');

/** Vector strings may carry a note, e.g. "33010219200403064x (strict mode)"; the id is the first word. */
const idOf = (vector: string) => vector.split(' (')[0];

/** Every vector with the reference verdict, tagged by source. */
const cnVectors = [
  ...cn.validator_js_zh_CN.vectors.valid.map((v) => ({ src: 'validator.js', v, ref: true })),
  ...cn.validator_js_zh_CN.vectors.invalid.map((v) => ({ src: 'validator.js', v, ref: false })),
  ...cn.hutool_IdcardUtil.vectors.valid.map((v) => ({ src: 'hutool', v, ref: true })),
  ...cn.hutool_IdcardUtil.vectors.invalid.map((v) => ({ src: 'hutool', v, ref: false })),
];

// A fixed "today" so the not-in-the-future rule does not drift with the calendar.
const NOW = new Date(2025, 0, 1);

describe('checkCitizenId (spec §5 rule) against validator.js and Hutool vectors', () => {
  it('reads the vector files', () => {
    expect(cnVectors.length).toBe(46);
    expect(cn.algorithm.weights).toHaveLength(17);
  });

  // ---- Where the spec rule and the references disagree, one by one ----

  it('accepts numbers whose GB 11643 check digit is wrong (spec does not verify it)', () => {
    // validator.js invalid: check digit should be 5 / 1. The spec rule has no checksum step.
    expect(checkCitizenId('235407195106112742', NOW)).toEqual({ ok: true, birthDate: '1951-06-11' });
    expect(checkCitizenId('135407195106112742', NOW)).toEqual({ ok: true, birthDate: '1951-06-11' });
  });

  it('accepts any 6-digit address code (spec checks digits only, validator.js checks the province)', () => {
    // validator.js invalid: province 16 / 01 do not exist (and the check digits are wrong: 9 / 4 expected).
    expect(checkCitizenId('160323197806058856', NOW)).toEqual({ ok: true, birthDate: '1978-06-05' });
    expect(checkCitizenId('010203197503102721', NOW)).toEqual({ ok: true, birthDate: '1975-03-10' });
  });

  it('accepts a lower-case x (spec: "final digit or x/X"; Hutool strict mode wants X)', () => {
    expect(checkCitizenId(idOf('33010219200403064x (strict mode)'), NOW)).toEqual({
      ok: true,
      birthDate: '1920-04-03',
    });
  });

  it('rejects genuine 15-digit numbers (the spec\'s "15-digit-like" form is 16 characters)', () => {
    // validator.js and Hutool accept these legacy 15-digit ids (6 + YYMMDD + 3, no check character).
    // The spec's pattern without the century is 6 + YYMMDD + 3 + 1 final character = 16 characters.
    expect(checkCitizenId('110101491001001', NOW)).toEqual({ ok: false }); // validator.js valid
    expect(checkCitizenId('150102880730303', NOW)).toEqual({ ok: false }); // Hutool valid
    expect(checkCitizenId('111111111111111', NOW)).toEqual({ ok: false }); // Hutool valid
  });

  /** id → spec verdict, for every vector where it differs from the reference verdict above. */
  const SPEC_DIFFERS: Record<string, boolean> = {
    '235407195106112742': true,
    '135407195106112742': true,
    '160323197806058856': true,
    '010203197503102721': true,
    '33010219200403064x (strict mode)': true,
    '110101491001001': false,
    '150102880730303': false,
    '111111111111111': false,
  };

  it('lists every disagreement explicitly (the table above matches the data)', () => {
    const differing = cnVectors
      .filter(({ v, ref }) => checkCitizenId(idOf(v), NOW).ok !== ref)
      .map(({ v }) => v)
      .sort();
    expect(differing).toEqual(Object.keys(SPEC_DIFFERS).sort());
  });

  it.each(cnVectors)('$src $v → reference $ref', ({ v, ref }) => {
    const expected = v in SPEC_DIFFERS ? SPEC_DIFFERS[v] : ref;
    expect(checkCitizenId(idOf(v), NOW).ok).toBe(expected);
  });

  // ---- The rule itself ----

  it('returns the birth date as YYYY-MM-DD', () => {
    expect(checkCitizenId('235407195106112745', NOW)).toEqual({ ok: true, birthDate: '1951-06-11' });
    expect(checkCitizenId('820000200009100032', NOW)).toEqual({ ok: true, birthDate: '2000-09-10' });
    expect(checkCitizenId('11010118991231123X', NOW)).toEqual({ ok: true, birthDate: '1899-12-31' });
  });

  it('rejects centuries other than 18/19/20', () => {
    expect(checkCitizenId('520323297806058856', NOW).ok).toBe(false); // 29xx
    expect(checkCitizenId('110101170001011234', NOW).ok).toBe(false); // 17xx
  });

  it('rejects dates that do not exist', () => {
    expect(checkCitizenId('520323197802318856', NOW).ok).toBe(false); // 31 Feb
    expect(checkCitizenId('11010119000229123X', NOW).ok).toBe(false); // 1900 is not a leap year
    expect(checkCitizenId('11010120000229123X', NOW)).toEqual({ ok: true, birthDate: '2000-02-29' });
    expect(checkCitizenId('110101197013011234', NOW).ok).toBe(false); // month 13
    expect(checkCitizenId('110101197004001234', NOW).ok).toBe(false); // day 00
  });

  it('rejects a birth date in the future, today is fine', () => {
    const now = new Date(2024, 5, 15, 10, 0);
    expect(checkCitizenId('110101202406151234', now)).toEqual({ ok: true, birthDate: '2024-06-15' });
    expect(checkCitizenId('110101202406161234', now).ok).toBe(false);
    // validator.js invalid vector born 2070: rejected today, accepted once 2070 has passed.
    expect(checkCitizenId('235407207006112742', NOW).ok).toBe(false);
    expect(checkCitizenId('235407207006112742', new Date(2071, 0, 1)).ok).toBe(true);
  });

  it('accepts the 16-character century-less form, year read as 19YY', () => {
    expect(checkCitizenId('1101014910010010', NOW)).toEqual({ ok: true, birthDate: '1949-10-01' });
    expect(checkCitizenId('110101491001001X', NOW)).toEqual({ ok: true, birthDate: '1949-10-01' });
    expect(checkCitizenId('1101019402310010', NOW).ok).toBe(false); // 31 Feb 1994
  });

  it('rejects non-strings, spaces and other characters', () => {
    expect(checkCitizenId(undefined, NOW).ok).toBe(false);
    // A number (not a string) is refused: 18 digits do not even survive as a JS number.
    expect(checkCitizenId(Number('235407195106112745'), NOW).ok).toBe(false);
    expect(checkCitizenId(' 235407195106112745', NOW).ok).toBe(false);
    expect(checkCitizenId('3301022011022000D6', NOW).ok).toBe(false);
  });
});

describe('GB 11643-1999 check digit', () => {
  it('matches the algorithm table of the vector file', () => {
    // 17 ones: sum of weights mod 11 gives the remainder; the table maps it to the check char.
    const sum = cn.algorithm.weights.reduce((a, b) => a + b, 0);
    expect(gb11643CheckChar('1'.repeat(17))).toBe(cn.algorithm.map_remainder_to_check[String(sum % 11)]);
    expect(gb11643CheckChar('1234')).toBeNull();
  });

  it('agrees with the vector file verdict for every 18-character vector', () => {
    let checked = 0;
    for (const [key, verdict] of Object.entries(cn.our_gb11643_check_of_each_vector)) {
      const id = idOf(key.split(':').slice(2).join(':'));
      const expectedChar = /^bad-check\(expected (.)\)$/.exec(verdict)?.[1];
      if (verdict === 'ok') {
        expect(checkCitizenIdChecksum(id), key).toBe(true);
      } else if (expectedChar) {
        expect(checkCitizenIdChecksum(id), key).toBe(false);
        expect(gb11643CheckChar(id.slice(0, 17)), key).toBe(expectedChar);
      } else {
        // 15-digit, not-15/18-digit, bad-format: no check character to verify. (bad-date: the
        // file does not say; 520323197802318856 should end in X, 201511221897205960 is right.)
        if (verdict !== 'bad-date') expect(checkCitizenIdChecksum(id), key).toBe(false);
        continue;
      }
      checked++;
    }
    expect(checked).toBe(18); // 12 ok + 6 bad-check in the file
    expect(checkCitizenIdChecksum('520323197802318856')).toBe(false);
    expect(checkCitizenIdChecksum('201511221897205960')).toBe(true);
  });

  it('converts 15 to 18 digits like Hutool', () => {
    for (const [id15, id18] of Object.entries(cn.hutool_IdcardUtil.convert15To18)) {
      expect(citizenId15To18(id15)).toBe(id18);
    }
    expect(citizenId15To18('12345')).toBeNull();
  });

  it('isCitizenIdStrict agrees with validator.js and Hutool except where noted', () => {
    // Not checked by the strict reading: address codes (validator.js rejects provinces 01 and 16) and
    // the case of x (Hutool strict mode rejects lower case; we accept it, as the spec does).
    const STRICT_DIFFERS: Record<string, boolean> = {
      '010101491001001': true,
      '160101491001001': true,
      '33010219200403064x (strict mode)': true,
    };
    for (const { src, v, ref } of cnVectors) {
      const expected = v in STRICT_DIFFERS ? STRICT_DIFFERS[v] : ref;
      expect(isCitizenIdStrict(idOf(v), NOW).ok, `${src} ${v}`).toBe(expected);
    }
    expect(isCitizenIdStrict('150102880730303', NOW)).toEqual({ ok: true, birthDate: '1988-07-30' });
    expect(isCitizenIdStrict('235407207006112743', NOW).ok).toBe(false); // right check char, born 2070
  });
});

interface MobileEmailRow {
  kind: 'mobile' | 'email';
  input: string;
  validatorjs_expected: boolean;
  disagree: boolean;
  [appRule: string]: unknown;
}
const me = readVectors<{ rows: MobileEmailRow[] }>('mobile_email_vectors.json');
const appRuleOf = (r: MobileEmailRow) =>
  r[Object.keys(r).find((k) => k.startsWith('app_rule')) as string] as boolean;
/** Long inputs are stored shortened ("aaaa...(len 132)") and cannot be run; see the length test. */
const runnable = me.rows.filter((r) => !/\.\.\.\(len \d+\)$/.test(r.input));
const ours = (r: MobileEmailRow) => (r.kind === 'mobile' ? isMobile(r.input) : isEmail(r.input));

describe('isMobile / isEmail against validator.js vectors', () => {
  it('reads the vector file', () => {
    expect(me.rows).toHaveLength(100);
    expect(me.rows.length - runnable.length).toBe(5);
  });

  // Each disagreement with validator.js, grouped by reason. Spec: exactly 11 digits starting with 1.
  /** Country prefix +86 / 0086: validator.js accepts it, the spec's 11-digit rule does not. */
  const MOBILE_PREFIXED = [
    '008616238234822',
    '+8616238234822',
    '+8613238234822',
    '+8613487234567',
    '+8617823492338',
    '+8616637108167',
    '+8616712341234',
    '+8619912341234',
    '+8619812341234',
    '+8619712341234',
    '+8619612341234',
    '+8619512341234',
    '+8619312341234',
    '+8619212341234',
    '+8619112341234',
    '+8617269427292',
    '008618812341234',
    '008617269427292',
  ];
  /** validator.js also allows 92x / 98x numbers; the spec wants a leading 1. */
  const MOBILE_9X = [
    '92138389438',
    '+8692138389438',
    '008692138389438',
    '98199649964',
    '+8698099649964',
    '008698099649964',
  ];
  /** validator.js wants 13-19 as the first two digits; the spec does not check the second digit. */
  const MOBILE_12X = ['12038389438', '12838389438'];
  /** Spec reading of the email rule: no whitespace and exactly one @, so these quoted forms fail. */
  const EMAIL_SPEC_REJECTS = ['"  foo  m端ller "@example.com', '"foo\\@bar"@example.com'];
  /**
   * validator.js checks domain labels (no _), full-width characters, consecutive / trailing dots in the
   * local part, quote balance and a 64-byte local part; the spec rule has none of these.
   */
  const EMAIL_SPEC_ACCEPTS = [
    'foo@_bar.com',
    'somename@ｇｍａｉｌ.com',
    'ｇｍａｉｌｇｍａｉｌｇｍａｉｌｇｍａｉｌｇｍａｉｌ@gmail.com',
    'multiple..dots@stillinvalid.com',
    'gmail...ignores...dots...@gmail.com',
    'ends.with.dot.@gmail.com',
    'multiple..dots@gmail.com',
    '"foobar@gmail.com',
    '"foo"bar@gmail.com',
    'foo"bar"@gmail.com',
  ];

  it('mobile: spec rejects +86 / 0086 prefixed and 92x / 98x numbers that validator.js accepts', () => {
    for (const v of [...MOBILE_PREFIXED, ...MOBILE_9X]) expect(isMobile(v), v).toBe(false);
  });

  it('mobile: spec accepts 120 / 128 numbers that validator.js rejects', () => {
    for (const v of MOBILE_12X) expect(isMobile(v), v).toBe(true);
    expect(mobileError('12038389438')).toBeNull();
  });

  it('email: spec rejects quoted local parts with spaces or a second @ that validator.js accepts', () => {
    for (const v of EMAIL_SPEC_REJECTS) expect(isEmail(v), v).toBe(false);
  });

  it('email: spec accepts what validator.js rejects on domain, dot, quote and width rules', () => {
    for (const v of EMAIL_SPEC_ACCEPTS) expect(isEmail(v), v).toBe(true);
  });

  it('the groups above are exactly the rows where spec and validator.js disagree', () => {
    const differing = new Set(runnable.filter((r) => ours(r) !== r.validatorjs_expected).map((r) => r.input));
    const listed = [
      ...MOBILE_PREFIXED,
      ...MOBILE_9X,
      ...MOBILE_12X,
      ...EMAIL_SPEC_REJECTS,
      ...EMAIL_SPEC_ACCEPTS,
    ];
    expect([...differing].sort()).toEqual([...listed].sort());
    // The file flags the same rows (it lists some inputs twice).
    expect(new Set(runnable.filter((r) => r.disagree).map((r) => r.input))).toEqual(differing);
  });

  it('email: no length limit in the spec (validator.js caps local part 64, domain 254)', () => {
    // The file's four shortened invalid rows (len 133/319/320/320) are over-long addresses.
    expect(isEmail(`${'a'.repeat(64)}@${'a'.repeat(63)}.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@${'a'.repeat(250)}.com`)).toBe(true);
  });

  it.each(runnable)("$kind $input matches the file's reading of the spec rule", (r) => {
    expect(ours(r)).toBe(appRuleOf(r));
  });

  it('error texts', () => {
    expect(mobileError('13838389438')).toBeNull();
    expect(mobileError('1383838943')).toBe('手机号格式错误');
    expect(mobileError(13838389438)).toBe('手机号格式错误');
    expect(emailError('foo@bar.com')).toBeNull();
    expect(emailError('foo@bar.c')).toBe('邮箱格式错误');
    expect(emailError('foo@bar.comcn')).toBe('邮箱格式错误');
    expect(emailError(undefined)).toBe('邮箱格式错误');
  });
});
