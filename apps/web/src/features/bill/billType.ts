import { useMatches } from 'react-router';
import { BILL_TYPES, type BillType } from '@feikong/contracts';
import { handleOf } from '@/platform/routeMeta';

const PATH_TYPE: Record<string, BillType> = {
  '/bill/expense': 'expense',
  '/bill/apply': 'apply',
  '/bill/requestNote': 'requestNote',
  '/bill/repayment': 'repayment',
  '/bill/loan': 'loan',
  '/bill/custom': 'custom',
};

export const isBillType = (v: unknown): v is BillType =>
  typeof v === 'string' && (BILL_TYPES as readonly string[]).includes(v);

/**
 * The bill type of a 我的单据 list: the menu's meta.params.billType (one BillList screen serves every
 * type), else the path the menu gave it.
 */
export function useMenuBillType(pathname: string): BillType {
  const matches = useMatches();
  const leaf = matches.length ? handleOf(matches[matches.length - 1]) : undefined;
  const fromMeta = (leaf?.meta?.params as Record<string, unknown> | undefined)?.billType;
  if (isBillType(fromMeta)) return fromMeta;
  return PATH_TYPE[pathname.replace(/\/$/, '')] ?? 'expense';
}
