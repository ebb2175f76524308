import { describe, expect, it } from 'vitest';
import { balancePercent, bannerJump, flagOn, greetingOf, isLowBalance, todayText } from './rules';

describe('greeting', () => {
  it('follows the hour', () => {
    const at = (h: number) => greetingOf(new Date(2026, 10, 22, h, 30));
    expect([6, 11, 15, 20, 2].map(at)).toEqual(['早上好', '中午好', '下午好', '晚上好', '晚上好']);
  });
  it('writes the day in Chinese', () => {
    expect(todayText(new Date(2026, 10, 22))).toBe('2026年11月22日 星期日');
  });
});

describe('guide flags', () => {
  it('are on for 1 or true only', () => {
    expect([1, true, '1', 0, false, null, undefined, 2].map(flagOn)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('banner jumps', () => {
  const has = (p: string) => p === '/setcenter/rightRecharge/productVersion';
  it('opens in-app paths the user has, web addresses in a new tab, nothing otherwise', () => {
    expect(bannerJump('/setcenter/rightRecharge/productVersion?type=product', has)).toEqual({
      kind: 'route',
      to: '/setcenter/rightRecharge/productVersion?type=product',
    });
    expect(bannerJump('/downloadcenter', has)).toBeNull();
    expect(bannerJump('https://open.work.weixin.qq.com/', has)).toEqual({
      kind: 'web',
      href: 'https://open.work.weixin.qq.com/',
    });
    expect(bannerJump('javascript:alert(1)', has)).toBeNull();
    expect(bannerJump(null, has)).toBeNull();
  });
});

describe('add-on balances', () => {
  it('is low at or below 10 % of what was bought', () => {
    expect(isLowBalance(80, 1000)).toBe(true);
    expect(isLowBalance(100, 1000)).toBe(true);
    expect(isLowBalance(101, 1000)).toBe(false);
    expect(isLowBalance(0, 0)).toBe(false);
    expect(balancePercent(80, 1000)).toBe(8);
    expect(balancePercent(5, 0)).toBe(0);
  });
});
