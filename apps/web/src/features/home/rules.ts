/** Pure rules of the home workbench, unit-tested in rules.test.ts. */

/** 早上好 / 中午好 / 下午好 / 晚上好 by the local hour. */
export function greetingOf(date: Date = new Date()): string {
  const h = date.getHours();
  if (h >= 5 && h < 11) return '早上好';
  if (h >= 11 && h < 13) return '中午好';
  if (h >= 13 && h < 18) return '下午好';
  return '晚上好';
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
/** 2026年11月22日 星期日 */
export function todayText(date: Date = new Date()): string {
  return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日 星期${WEEKDAYS[date.getDay()]}`;
}

/** Guide flags are 1/0 or true/false; anything else is off. */
export function flagOn(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}

/** Where a first-use guide step is done (the org screens), by the step key of guide/info. */
export const GUIDE_STEP_PATHS: Readonly<Record<string, string>> = {
  company: '/setcenter/org/company',
  department: '/setcenter/org/staff',
  staff: '/setcenter/org/staff',
};

/** Banner jump (spec §3 jump page type): an in-app path opens in place, a web address in a new tab. */
export type BannerJump = { kind: 'route'; to: string } | { kind: 'web'; href: string } | null;
export function bannerJump(link: string | null | undefined, hasPath: (p: string) => boolean): BannerJump {
  const l = (link ?? '').trim();
  if (!l) return null;
  if (/^https?:\/\//i.test(l)) return { kind: 'web', href: l };
  if (l.startsWith('/')) {
    const path = l.split(/[?#]/)[0];
    return hasPath(path) ? { kind: 'route', to: l } : null;
  }
  return null;
}

/** An add-on is running low at or below 10% of what was bought (server: LOW_BALANCE_RATIO). */
export const LOW_BALANCE_RATIO = 0.1;
export function balancePercent(remaining: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((remaining / total) * 100)));
}
export function isLowBalance(remaining: number, total: number): boolean {
  return total > 0 && remaining <= total * LOW_BALANCE_RATIO;
}
