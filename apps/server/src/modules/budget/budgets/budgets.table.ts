import { budgetPeriodOf, type BudgetPeriodType } from '@feikong/contracts';
import { excelSerialOf, excelSerialToDate } from '../../../platform/xlsx/dates.js';

/**
 * The pure rules of a budget table's cells (预算导入, decision 0054): headers, 期间, 预算金额(元).
 */

/** 「预算金额（元）」, 「预算金额(元)」 and 「 预算金额 (元) 」 are one header. */
export function headerKey(text: string): string {
  return text.replace(/（/g, '(').replace(/）/g, ')').replace(/\s+/g, '').trim();
}

const TYPE_WORD: Record<BudgetPeriodType, string> = {
  year: '年度',
  half: '半年',
  quarter: '季度',
  month: '月度',
};
const EXAMPLE: Record<BudgetPeriodType, string> = {
  year: '2026',
  half: '2026-H1',
  quarter: '2026-Q1',
  month: '2026-03',
};

type Read = { year: number; unit: 'year' | 'half' | 'quarter' | 'month'; n: number };

/** What a 期间 cell names: a date cell (its serial), a day, a month, a quarter, a half or a year. */
function readPeriod(text: string): Read | null {
  const t = text.replace(/\s+/g, '');
  if (/^\d{4}年?(度)?$/.test(t)) return { year: Number(t.slice(0, 4)), unit: 'year', n: 1 };
  // 202603 (a number cell too): read before serials — serial 202603 would be a day in the year 2454.
  let m = /^(19|20|21)(\d{2})(\d{2})$/.exec(t);
  if (m && Number(m[3]) >= 1 && Number(m[3]) <= 12)
    return { year: Number(m[1]! + m[2]!), unit: 'month', n: Number(m[3]) };
  const serial = excelSerialOf(t);
  if (serial !== null) {
    const d = excelSerialToDate(serial);
    return d ? { year: d.year, unit: 'month', n: d.month } : null;
  }
  m = /^(\d{4})[-/.年](\d{1,2})(?:月|[-/.](\d{1,2})日?|月(\d{1,2})日)?$/.exec(t);
  if (m) {
    const month = Number(m[2]);
    const day = Number(m[3] ?? m[4] ?? 1);
    if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(Number(m[1]), month, 0)).getUTCDate())
      return null;
    return { year: Number(m[1]), unit: 'month', n: month };
  }
  if ((m = /^(\d{4})(?:-|年)?(?:Q|第)([1-4])(?:季度)?$/i.exec(t)))
    return { year: Number(m[1]), unit: 'quarter', n: Number(m[2]) };
  if ((m = /^(\d{4})(?:-|年)?H([12])$/i.exec(t)))
    return { year: Number(m[1]), unit: 'half', n: Number(m[2]) };
  if ((m = /^(\d{4})年?(上|下)半年$/.exec(t)))
    return { year: Number(m[1]), unit: 'half', n: m[2] === '上' ? 1 : 2 };
  return null;
}

const RANK = { month: 0, quarter: 1, half: 2, year: 3 } as const;

/**
 * The budget's period key a 期间 cell falls in, or the reason it does not: a month (or a day, or a date
 * cell) fits any period type; a quarter fits quarter, half and year budgets; a half fits half and year
 * budgets; a year only a year budget. The period must be in the budget's year.
 */
export function periodOfCell(
  text: string,
  year: number,
  type: BudgetPeriodType,
): { period: string } | { error: string } {
  if (text === '') return { error: '期间不能为空' };
  const r = readPeriod(text);
  if (!r) return { error: `期间「${text}」无法识别，请填写日期或如${EXAMPLE[type]}的期间` };
  if (RANK[r.unit] > RANK[type])
    return { error: `${TYPE_WORD[type]}预算的期间须细到${TYPE_WORD[type]}（如${EXAMPLE[type]}）` };
  if (r.year !== year) return { error: `期间「${text}」不在预算年度${year}年内` };
  const month = r.unit === 'month' ? r.n : r.unit === 'quarter' ? r.n * 3 : r.unit === 'half' ? r.n * 6 : 12;
  return { period: budgetPeriodOf(year, month, type) };
}

/** 预算金额(元) → 分: '' = not budgeted in that period (null); ≥ 0 with at most two decimals. */
export function amountOfCell(text: string): { amount: number | null } | { error: string } {
  const t = text.replace(/,/g, '');
  if (t === '') return { amount: null };
  if (!/^\d+(\.\d{1,2})?$/.test(t))
    return {
      error: /^-/.test(t)
        ? '预算金额不能为负数'
        : /^\d+\.\d{3,}$/.test(t)
          ? '预算金额最多两位小数'
          : `预算金额「${text}」不是数字`,
    };
  const [int, frac = ''] = t.split('.');
  const cents = Number(int) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > 1e15) return { error: '预算金额过大' };
  return { amount: cents };
}
