import type { InvoiceDetail, InvoicePage, InvoiceRow } from '@/api/invoice';
import { jsonReply } from '@/test/fetch';

/** Invoice rows and replies shaped like the server's (packages/contracts/src/invoice/replies.ts). */
export function row(id: number, over: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id,
    type: 'vat_electronic',
    typeText: '增值税电子普通发票',
    source: 'qrcode',
    sourceText: '扫码录入',
    code: '033002000211',
    number: String(83089640 + id),
    billingDate: Date.UTC(2020, 6, 22, 16),
    amount: 51068,
    tax: 1532,
    amountTax: 52600,
    sellerName: '兰溪市悦济舫餐厅',
    sellerTaxId: '',
    buyerName: '江苏京利华新材料有限公司',
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

export function page(items: InvoiceRow[], over: Partial<InvoicePage> = {}): InvoicePage {
  return {
    items,
    page: { page_num: 1, page_size: 20, total: items.length },
    finishingAmount: 1000,
    finishAmount: 2000,
    unfinishAmount: items.reduce((s, r) => s + r.unfinishAmount, 0),
    tabs: [
      { tab: 'all', count: items.length, amount: 0 },
      { tab: 'unfinish', count: items.length, amount: 0 },
      { tab: 'finishing', count: 0, amount: 0 },
      { tab: 'finish', count: 0, amount: 0 },
    ],
    ...over,
  };
}

export function detail(id: number, over: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...row(id),
    buyerTaxId: '91320000MA1XXXXX1X',
    checkCode: '16197833567414507415',
    machineNo: '499099660821',
    remark: '',
    goods: [{ name: '*餐饮服务*餐费', taxCode: '3070401000000000000' }],
    travel: null,
    verdict: {
      provider: 'local',
      label: '本地校验',
      official: false,
      passed: true,
      message: '本地校验通过（未经税务机关查验）',
      checkedAt: 1_795_000_000_000,
    },
    fileUrl: null,
    fileName: null,
    attachments: [],
    fieldSources: {},
    edits: [],
    ...over,
  };
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
