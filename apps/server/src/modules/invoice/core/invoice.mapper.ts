import {
  DEAL_STATUS_LABEL,
  INVOICE_KIND_LABEL,
  INVOICE_SOURCE_LABEL,
  RECENT_STATUS_LABEL,
  type InvoiceDetail,
  type InvoiceKind,
  type InvoiceRow,
  type InvoiceSource,
  type InvoiceVerdict,
} from '@feikong/contracts';
import { editsOf } from './fieldSources.js';
import type { InvoiceDbRow, InvoiceListRow } from './invoice.repo.js';

/** Database rows → reply shapes (no row reaches a client as it is). */

export function kindText(kind: string) {
  return INVOICE_KIND_LABEL[kind as InvoiceKind] ?? kind;
}

export function toRow(r: InvoiceListRow, tags: string[] = []): InvoiceRow {
  const total = Number(r.total);
  const finishing = Number(r.finishing_amount);
  const finish = Number(r.finish_amount);
  return {
    id: Number(r.id),
    type: r.kind,
    typeText: kindText(r.kind),
    source: r.source,
    sourceText: INVOICE_SOURCE_LABEL[r.source as InvoiceSource] ?? r.source,
    code: r.code,
    number: r.number,
    billingDate: Number(r.billing_date),
    amount: Number(r.amount),
    tax: Number(r.tax),
    amountTax: total,
    sellerName: r.seller_name,
    sellerTaxId: r.seller_tax_id,
    buyerName: r.buyer_name,
    buyerTaxId: r.buyer_tax_id,
    dealStatus: r.deal_status,
    dealStatusText: DEAL_STATUS_LABEL[r.deal_status] ?? '',
    recentStatus: r.recent_status,
    recentStatusText: RECENT_STATUS_LABEL[r.recent_status] ?? '',
    finishingAmount: finishing,
    finishAmount: finish,
    unfinishAmount: total - finishing - finish,
    userOrgId: Number(r.org_id),
    userOrgName: r.org_name,
    userEnterId: Number(r.owner_staff_id),
    userEnterName: r.owner_name,
    createAt: Number(r.created_at),
    billId: r.bill_id === null ? null : Number(r.bill_id),
    fileKey: r.file_key,
    tags,
  };
}

interface Extra {
  goods?: { name: string; taxCode?: string }[];
  travel?: InvoiceDetail['travel'];
  machineNo?: string;
}

/** Signs a tenant file's link for the name it downloads as; null when the key cannot be signed. */
export type SignFile = (key: string, fileName: string) => string | null;

/** The name the invoice's own file downloads as: 发票<number>.<the key's extension>. */
export function invoiceFileName(r: Pick<InvoiceDbRow, 'file_key' | 'number' | 'id'>): string | null {
  if (!r.file_key) return null;
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(r.file_key)?.[1]?.toLowerCase();
  return `发票${r.number || Number(r.id)}${ext ? `.${ext}` : ''}`;
}

export function toDetail(
  r: InvoiceDbRow,
  tags: string[],
  attachments: { id: number; file_key: string; file_name: string; created_at: number; createdBy: string }[],
  sign: SignFile,
): InvoiceDetail {
  const extra = JSON.parse(r.extra) as Extra;
  const fileName = invoiceFileName(r);
  return {
    ...toRow(r, tags),
    checkCode: r.check_code,
    machineNo: extra.machineNo ?? '',
    remark: r.remark,
    goods: (extra.goods ?? []).map((g) =>
      g.taxCode ? { name: g.name, taxCode: g.taxCode } : { name: g.name },
    ),
    travel: extra.travel ?? null,
    verdict: r.verdict ? (JSON.parse(r.verdict) as InvoiceVerdict) : null,
    fileUrl: r.file_key && fileName ? sign(r.file_key, fileName) : null,
    fileName,
    attachments: attachments.map((a) => ({
      id: Number(a.id),
      fileKey: a.file_key,
      fileName: a.file_name,
      createAt: Number(a.created_at),
      createBy: a.createdBy,
      url: sign(a.file_key, a.file_name),
    })),
    fieldSources: JSON.parse(r.field_sources || '{}') as Record<string, string>,
    edits: editsOf(r.field_edits),
  };
}
