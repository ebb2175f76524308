import dayjs from 'dayjs';
import { BILL_TYPES, type BillType } from '@feikong/contracts';
import type { EfficiencyFilter } from '@/api/billReport';

/** The printable 单据分析 pages (spec 2.3: printable pages under /subForm/) and their query in the URL. */
export const EFFICIENCY_PRINT_PAGES = [
  'efficiencyAnalysisBillDetail',
  'efficiencyDetailsBillDetail',
] as const;
export type EfficiencyPrintPage = (typeof EFFICIENCY_PRINT_PAGES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The query of a printable analysis page, from its URL: startDate, endDate (YYYY-MM-DD, default the last
 * 30 days as 单据分析 opens), billType, overdueHours (default 48); pageNum/pageSize for the details.
 */
export function readEfficiencyQuery(search: string): {
  filter: EfficiencyFilter;
  page: { pageNum: number; pageSize: number };
} {
  const q = new URLSearchParams(search);
  const day = (k: string, fallback: string) => {
    const v = q.get(k) ?? '';
    return DAY.test(v) && dayjs(v).isValid() ? v : fallback;
  };
  const billType = q.get('billType') ?? '';
  const whole = (k: string, min: number, max: number, fallback: number) => {
    const n = Number(q.get(k));
    return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
  };
  return {
    filter: {
      startDate: day('startDate', dayjs().subtract(29, 'day').format('YYYY-MM-DD')),
      endDate: day('endDate', dayjs().format('YYYY-MM-DD')),
      billType: (BILL_TYPES as readonly string[]).includes(billType) ? (billType as BillType) : undefined,
      overdueHours: whole('overdueHours', 1, 8760, 48),
    },
    page: { pageNum: whole('pageNum', 1, 1_000_000, 1), pageSize: whole('pageSize', 1, 100, 100) },
  };
}

/** The printable page's address for a filter (what 单据分析's 打印 opens). */
export function efficiencyPrintUrl(kind: EfficiencyPrintPage, filter: EfficiencyFilter): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') q.set(k, String(v));
  return `/subForm/${kind}?${q.toString()}`;
}
