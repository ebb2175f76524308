import { OrgLedgerKindLabel, RechargeStatusLabel } from '@feikong/contracts';

/** Routes of the 企业账户 screens (migration 20261128T0630; the spec's paths). */
export const ORG_ACCOUNT_ROUTES = {
  overview: '/scenes/orgAccount/overview',
  recharge: '/scenes/orgAccount/recharge',
  rechargeDetail: '/scenes/orgAccount/rechargeDetail',
  flow: '/scenes/orgAccount/flow',
  bill: '/scenes/orgAccount/bill',
  serviceFee: '/scenes/orgAccount/serviceFee',
} as const;

export const ORG_ACCOUNT_PERM = {
  view: 'orgAccount:view',
  recharge: 'orgAccount:recharge',
  export: 'orgAccount:export',
  edit: 'orgAccount:edit',
} as const;

export const rechargeDetailPath = (id: number) => `${ORG_ACCOUNT_ROUTES.rechargeDetail}?id=${id}`;

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
