import { OrgLedgerKindLabel, RechargeStatusLabel } from '@feikong/contracts';

export { ORG_ACCOUNT_PERM, ORG_ACCOUNT_ROUTES, rechargeDetailPath } from './routes';

export const RECHARGE_STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error' };
export const RECHARGE_STATUS_OPTIONS = Object.entries(RechargeStatusLabel).map(([v, label]) => ({
  value: Number(v),
  label,
}));
export const LEDGER_KIND_OPTIONS = Object.entries(OrgLedgerKindLabel).map(([v, label]) => ({
  value: Number(v),
  label,
}));

/** 元 typed in the form → 分 (rounded to the cent). */
export const toFen = (yuanValue: number) => Math.round(yuanValue * 100);
