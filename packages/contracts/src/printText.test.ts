import { describe, expect, it } from 'vitest';
import { amountInWords, CAPITAL_MAX_FEN, unprintedMessage } from './printText.js';

/** An independent reader of 大写金额 (units multiply the digits before them), for the round trip. */
function readCapitals(s: string): bigint {
  const digit: Record<string, bigint> = {
    零: 0n,
    壹: 1n,
    贰: 2n,
    叁: 3n,
    肆: 4n,
    伍: 5n,
    陆: 6n,
    柒: 7n,
    捌: 8n,
    玖: 9n,
  };
  const small: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n };
  const m = /^人民币(负)?(?:(.*)元)?(?:零)?(?:(.)角)?(?:(.)分)?(整)?$/.exec(s);
  if (!m) throw new Error(`unreadable: ${s}`);
  let total = 0n;
  let section = 0n;
  let d = 0n;
  for (const c of m[2] ?? '') {
    if (c in digit) d = digit[c]!;
    else if (c in small) {
      section += d * small[c]!;
      d = 0n;
    } else if (c === '万' || c === '亿') {
      const unit = c === '万' ? 10_000n : 100_000_000n;
      // 万 after 亿 applies to the part written since 亿
      total = c === '万' ? total + (section + d) * unit : (total + section + d) * unit;
      section = 0n;
      d = 0n;
    } else throw new Error(`unexpected ${c} in ${s}`);
  }
  const yuan = total + section + d;
  const fen = yuan * 100n + (m[3] ? digit[m[3]]! * 10n : 0n) + (m[4] ? digit[m[4]]! : 0n);
  return m[1] ? -fen : fen;
}

describe('amountInWords (大写金额)', () => {
  it.each([
    [0, '人民币零元整'],
    [1, '人民币壹分'],
    [5, '人民币伍分'],
    [10, '人民币壹角整'],
    [50, '人民币伍角整'],
    [55, '人民币伍角伍分'],
    [100, '人民币壹元整'],
    [105, '人民币壹元零伍分'],
    [150, '人民币壹元伍角整'],
    [1000, '人民币壹拾元整'],
    [1005, '人民币壹拾元零伍分'],
    [1600, '人民币壹拾陆元整'],
    [10000, '人民币壹佰元整'],
    [10100, '人民币壹佰零壹元整'],
    [11000, '人民币壹佰壹拾元整'],
    [100500, '人民币壹仟零伍元整'],
    [105000, '人民币壹仟零伍拾元整'],
    [168032, '人民币壹仟陆佰捌拾元叁角贰分'],
    [444900, '人民币肆仟肆佰肆拾玖元整'],
    [1000000, '人民币壹万元整'],
    [1000505, '人民币壹万零伍元零伍分'],
    [1010000, '人民币壹万零壹佰元整'],
    [1100000, '人民币壹万壹仟元整'],
    [10000000, '人民币壹拾万元整'],
    [10000100, '人民币壹拾万零壹元整'],
    [20010000, '人民币贰拾万零壹佰元整'],
    [100000500, '人民币壹佰万零伍元整'],
    [107000000, '人民币壹佰零柒万元整'],
    [1234567890, '人民币壹仟贰佰叁拾肆万伍仟陆佰柒拾捌元玖角整'],
    [10000000000, '人民币壹亿元整'],
    [10000000100, '人民币壹亿零壹元整'],
    [10001000000, '人民币壹亿零壹万元整'],
    [10100000000, '人民币壹亿零壹佰万元整'],
    [12000000000, '人民币壹亿贰仟万元整'],
    [12000000001, '人民币壹亿贰仟万元零壹分'],
    [99999999999999, '人民币玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    [-444900, '人民币负肆仟肆佰肆拾玖元整'],
  ])('%d 分 → %s', (fen, words) => {
    expect(amountInWords(fen)).toBe(words);
  });

  it('rounds fractions of a 分 and takes bigints', () => {
    expect(amountInWords(104.6)).toBe('人民币壹元零伍分');
    expect(amountInWords(444900n)).toBe('人民币肆仟肆佰肆拾玖元整');
  });

  it('refuses what it cannot write', () => {
    expect(() => amountInWords(Number(CAPITAL_MAX_FEN))).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
  });

  it('reads back to the same amount, with no 零零 and no 零 before a unit, for 5,000 amounts', () => {
    // a fixed pseudo-random walk over every magnitude, zeros made likely
    let seed = 20261128;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let k = 0; k < 5000; k += 1) {
      const digits = 1 + (next() % 14);
      let s = '';
      for (let i = 0; i < digits; i += 1) s += next() % 3 === 0 ? '0' : String(next() % 10);
      const fen = BigInt(s);
      const words = amountInWords(fen);
      expect(readCapitals(words), words).toBe(fen);
      if (fen > 0n) expect(words).not.toMatch(/零零|零[元万亿角整]|^人民币零/);
      expect(words).toMatch(/(整|分)$/);
      expect(words.endsWith('分') && words.includes('整')).toBe(false);
    }
  });
});

describe('unprintedMessage', () => {
  it('names each file left out with its reason, in one message', () => {
    expect(
      unprintedMessage([
        { name: '0001', reason: '没有发票文件（手工录入）' },
        { name: '0002', reason: '文件“a.ofd”页数超过500页，无法导出' },
      ]),
    ).toBe('2 张发票未能打印：0001（没有发票文件（手工录入））；0002（文件“a.ofd”页数超过500页，无法导出）');
    expect(unprintedMessage([{ name: 'x', reason: 'y' }], { what: '附件', verb: '导出' })).toBe(
      '1 张附件未能导出：x（y）',
    );
    expect(unprintedMessage([])).toBe('');
  });
});
