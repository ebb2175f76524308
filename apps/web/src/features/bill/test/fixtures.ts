import type { InvoicePage, InvoiceRow } from '@/api/invoice';
import { jsonReply } from '@/test/fetch';

/** An invoice row shaped like the server's (packages/contracts/src/invoice/replies.ts), 可用. */
export function invoiceRow(id: number, over: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id,
    type: 'vat_electronic',
    typeText: '增值税电子普通发票',
    source: 'qrcode',
    sourceText: '扫码录入',
    code: '033002000211',
    number: String(83089640 + id),
    billingDate: Date.UTC(2026, 10, 20, 16),
    amount: 51068,
    tax: 1532,
    amountTax: 52600,
    sellerName: '兰溪市悦济舫餐厅',
    sellerTaxId: '',
    buyerName: '演示科技',
    buyerTaxId: '',
    dealStatus: 2,
    dealStatusText: '查验通过',
    recentStatus: 1,
    recentStatusText: '可用',
    finishingAmount: 0,
    finishAmount: 0,
    unfinishAmount: 52600,
    userOrgId: 2,
    userOrgName: '演示科技',
    userEnterId: 11,
    userEnterName: '员工乙',
    createAt: 1_795_000_000_000,
    billId: null,
    fileKey: null,
    tags: [],
    ...over,
  };
}

export function invoicePage(items: InvoiceRow[]): Pick<InvoicePage, 'items' | 'page'> {
  return { items, page: { page_num: 1, page_size: 10, total: items.length } };
}

/** A refusal envelope as the server sends it (status code, msg, data with fields). */
export function refusal(
  http: number,
  status: number,
  msg: string,
  fields?: { field: string; msg: string }[],
) {
  return jsonReply({ status, msg, data: fields ? { fields } : null }, http);
}
