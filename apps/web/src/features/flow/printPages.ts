/** The printable /subForm/ pages of 审批流管理 (spec 2.3), shown by the /web-form/ sub-app. */
export const FLOW_PRINT_PAGES = ['flowInterveneDetail'] as const;
export type FlowPrintPage = (typeof FLOW_PRINT_PAGES)[number];

/** 流程干预's detail of one document (the list's 详情); the main app sends /subForm/… on to /web-form/…. */
export const flowInterveneDetailUrl = (billId: number) => `/subForm/flowInterveneDetail?id=${billId}`;

/** The document a detail page was opened for: `?id=` a positive whole number, else null. */
export function readBillId(search: string): number | null {
  const raw = new URLSearchParams(search).get('id')?.trim() ?? '';
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}
