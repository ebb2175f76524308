// The 企业账户 paths and permissions, apart from rules.ts: the workbench's balance warning needs only these,
// and rules.ts's label lists would bring the 企业账户 contract schemas (zod) into the home page.

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
