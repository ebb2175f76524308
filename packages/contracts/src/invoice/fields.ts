import { z } from 'zod';

/**
 * Where each field of an invoice came from (decision 0035). A field read exactly — a QR code, a PDF's text
 * layer, an OFD's or e-invoice's XML — is the file's and cannot be changed; a field read by OCR may be
 * corrected, and its recognised value is kept beside the corrected one (已修改).
 */
export const FIELD_SOURCES = ['qr', 'pdf_text', 'ofd_xml', 'ocr', 'hand'] as const;
export const FieldSource = z.enum(FIELD_SOURCES);
export type FieldSource = z.infer<typeof FieldSource>;
export const EXACT_FIELD_SOURCES: readonly FieldSource[] = ['qr', 'pdf_text', 'ofd_xml'];
export const isExactSource = (s: string | undefined) =>
  s !== undefined && (EXACT_FIELD_SOURCES as readonly string[]).includes(s);
export const FIELD_SOURCE_LABEL: Record<FieldSource, string> = {
  qr: '二维码',
  pdf_text: 'PDF文字层',
  ofd_xml: 'OFD/XML',
  ocr: 'OCR识别',
  hand: '手工填写',
};
/** The hint beside a field the entry page shows read-only. */
export const LOCKED_FIELD_HINT = '由文件识别，不可修改';

/** Field names of drafts and saved invoices (travel fields as travel.<name>) → their Chinese labels. */
export const INVOICE_FIELD_LABEL: Record<string, string> = {
  kind: '发票类型',
  code: '发票代码',
  number: '发票号码',
  billingDate: '开票日期',
  amount: '金额',
  tax: '税额',
  total: '价税合计',
  checkCode: '校验码',
  buyerName: '购买方名称',
  buyerTaxId: '购买方税号',
  sellerName: '销售方名称',
  sellerTaxId: '销售方税号',
  machineNo: '机器编号',
  goods: '商品明细',
  'travel.passenger': '乘车人',
  'travel.from': '出发地',
  'travel.to': '到达地',
  'travel.trainOrFlight': '车次航班',
  'travel.seatClass': '座位等级',
};
/** Money fields (分): shown in 元. */
export const MONEY_FIELDS: readonly string[] = ['amount', 'tax', 'total'];

/** A field corrected after OCR: the recognised value (null: not recognised) and the saved one. */
export const InvoiceFieldEdit = z.object({
  field: z.string(),
  label: z.string(),
  original: z.union([z.string(), z.number()]).nullable(),
  value: z.union([z.string(), z.number()]).nullable(),
});
export type InvoiceFieldEdit = z.infer<typeof InvoiceFieldEdit>;
