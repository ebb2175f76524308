import {
  SettleInvoiceMode,
  SettleInvoiceStatus,
  SettleInvoiceStatusLabel,
  type SettleOrderRef,
} from '@feikong/contracts';

/** Pure rules of the 开票 screens (decision 0059), unit-tested in settle.rules.test.ts. */

export const SETTLE_ROUTES = {
  list: '/setcenter/rightRecharge/tenantInvoice',
  apply: '/setcenter/rightRecharge/tenantInvoiceApply',
  detail: '/setcenter/rightRecharge/tenantInvoiceDetail',
} as const;

export const detailPath = (id: number) => `${SETTLE_ROUTES.detail}?invoice_id=${id}`;
export const reApplyPath = (id: number) => `${SETTLE_ROUTES.apply}?invoice_id=${id}`;

export const SETTLE_STATUS_TAG: Record<SettleInvoiceStatus, { text: string; color: string }> = {
  1: { text: SettleInvoiceStatusLabel[1], color: 'processing' },
  2: { text: SettleInvoiceStatusLabel[2], color: 'success' },
  3: { text: SettleInvoiceStatusLabel[3], color: 'cyan' },
  4: { text: SettleInvoiceStatusLabel[4], color: 'error' },
  5: { text: SettleInvoiceStatusLabel[5], color: 'default' },
};
export function settleStatusTag(status: number, fallback = '未知状态') {
  return SETTLE_STATUS_TAG[status as SettleInvoiceStatus] ?? { text: fallback, color: 'default' };
}

/** A chosen order's row key: kind and id (ids repeat across kinds). */
export const orderKey = (o: { kind: number; id: number }) => `${o.kind}:${o.id}`;
export function refsOfKeys(keys: readonly (string | number | bigint)[]): SettleOrderRef[] {
  return keys.map((k) => {
    const [kind, id] = String(k).split(':').map(Number);
    return { kind: kind!, id: id! };
  });
}

/** What the tenant may do with a request: return (撤回 while 待开票) and reApply (after 已驳回). */
export function actionsOf(status: number) {
  return {
    canReturn:
      status === SettleInvoiceStatus.pending ||
      status === SettleInvoiceStatus.issued ||
      status === SettleInvoiceStatus.mailed,
    returnLabel: status === SettleInvoiceStatus.pending ? '撤回申请' : '退回发票',
    canReApply: status === SettleInvoiceStatus.rejected,
  };
}

export const isPaper = (mode: number | undefined) => mode === SettleInvoiceMode.paper;
