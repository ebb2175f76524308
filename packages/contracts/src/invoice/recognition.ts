import { z } from 'zod';
import { InvoiceKind, InvoiceSource } from './enums.js';
import { FieldSource } from './fields.js';
import { GoodsLine, InvoiceFileKey, TravelFields } from './requests.js';

/**
 * Recognition routes (spec §7.8 ocrCutting, ocrCheck, ocrCorrect, qrcodeCheck): an uploaded file or a
 * scanned QR text becomes editable drafts. Nothing is saved here: the entry page sends the corrected
 * drafts to saveInvoices. Money in 分, dates YYYY-MM-DD.
 */

export const RecogniseBody = z.object({
  file_key: InvoiceFileKey,
  file_name: z
    .string('必须是文字')
    .trim()
    .min(1, '不能为空')
    .max(200, '不能超过200个字符')
    .describe('文件名'),
});
export type RecogniseBody = z.infer<typeof RecogniseBody>;

export const QrcodeCheckBody = z.object({
  qrcode: z
    .string('必须是文字')
    .trim()
    .min(1, '不能为空')
    .max(500, '不能超过500个字符')
    .describe('二维码内容'),
});

const str = (label: string, max: number) =>
  z.string('必须是文字').trim().max(max, `不能超过${max}个字符`).describe(label);
const fen = (label: string) =>
  z
    .number('必须是数字')
    .int('必须是以分为单位的整数')
    .min(-100_000_000_000, '超出范围')
    .max(100_000_000_000, '超出范围')
    .describe(label);

/** The fields a draft may carry; any of them may be missing when recognition could not read it. */
export const DraftFields = z.object({
  code: str('发票代码', 20).optional(),
  number: str('发票号码', 30).optional(),
  billingDate: str('开票日期', 10).optional(),
  amount: fen('金额').optional(),
  tax: fen('税额').optional(),
  total: fen('价税合计').optional(),
  checkCode: str('校验码', 20).optional(),
  buyerName: str('购买方名称', 100).optional(),
  buyerTaxId: str('购买方税号', 20).optional(),
  sellerName: str('销售方名称', 100).optional(),
  sellerTaxId: str('销售方税号', 20).optional(),
  machineNo: str('机器编号', 20).optional(),
  goods: z.array(GoodsLine, '必须是数组').max(200, '至多200行').optional().describe('商品明细'),
  travel: TravelFields.optional().describe('行程信息'),
});
export type DraftFields = z.infer<typeof DraftFields>;

export const DraftRegion = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const RecognisedDraft = z.object({
  kind: InvoiceKind.describe('发票类型'),
  source: InvoiceSource.describe('来源'),
  fileKey: InvoiceFileKey.optional(),
  /** Which invoice of the file this is (a photo may hold several), from 0. */
  fileIndex: z.number().int().min(0).max(50).optional(),
  fields: DraftFields,
  /** Where each field came from: qr, pdf_text and ofd_xml are the file's and read-only (decision 0035). */
  sources: z.record(z.string(), FieldSource).optional(),
  /** 0..1 per field name; text layers, XML and the QR are 1, OCR gives its own, a correction is 1. */
  confidence: z.record(z.string(), z.number().min(0).max(1)),
  /** Field names below the review threshold: the entry page highlights them. */
  lowConfidence: z.array(z.string()),
  /** Disagreements (QR vs text, amount + tax ≠ total, a future date, a missing field), in Chinese. */
  warnings: z.array(z.string()),
  region: DraftRegion.optional(),
  qr: z.string().optional(),
});
export type RecognisedDraft = z.infer<typeof RecognisedDraft>;

export const RecognisedDrafts = z.object({ items: z.array(RecognisedDraft) });
export type RecognisedDrafts = z.infer<typeof RecognisedDrafts>;

/** ocrCorrect: the drafts as the user corrected them; answered re-checked. */
export const OcrCorrectBody = z.object({
  items: z
    .array(RecognisedDraft, '必须是数组')
    .min(1, '至少一张发票')
    .max(50, '一次最多50张')
    .describe('发票'),
});

/** Below this a recognised field is shown for review. */
export const REVIEW_CONFIDENCE = 0.9;

/** export/custom (spec §7.8): invoices' own files, 1, 2 or 4 to an A4 page, in billing-date order. */
export const ExportCustomBody = z.object({
  invoiceIds: z
    .array(z.coerce.number('必须是数字').int('必须是整数').positive('必须是正整数'), '必须是数组')
    .min(1, '请先选择数据！')
    .max(500, '一次最多导出500张')
    .describe('发票'),
  sort: z.enum(['BILL_DATE'], '排序方式不正确').default('BILL_DATE').describe('排序'),
  format: z.enum(['PDF'], '格式不正确').default('PDF').describe('格式'),
  attach: z.boolean('必须是布尔值').default(false).describe('附件'),
  fileName: z.string('必须是文字').trim().max(100, '不能超过100个字符').optional().describe('文件名'),
  displayMode: z.enum(['ONE', 'TWO', 'FOUR'], '每页张数不正确').default('TWO').describe('每页张数'),
  exportMode: z.enum(['LOCAL'], '导出方式不正确').default('LOCAL').describe('导出方式'),
  preview: z.boolean('必须是布尔值').default(true).describe('预览'),
  items: z
    .array(
      z.object({
        invoiceId: z.coerce.number('必须是数字').int('必须是整数').positive('必须是正整数').describe('发票'),
        remark: z.string('必须是文字').trim().max(100, '不能超过100个字符').default('').describe('备注'),
      }),
      '必须是数组',
    )
    .max(500, '一次最多导出500张')
    .optional()
    .describe('备注'),
});
export type ExportCustomBody = z.input<typeof ExportCustomBody>;

export const ExportCustomReply = z.object({
  url: z.string(),
  fileName: z.string(),
  /** Invoices placed on the pages. */
  printed: z.number().int(),
  /** Invoices left out (hand-entered, a file that cannot be read or drawn), with the reason. */
  skipped: z.array(z.object({ invoiceId: z.number().int(), number: z.string(), reason: z.string() })),
  /** The skipped ones in one message for the user (unprintedMessage); '' when none was left out. */
  notice: z.string(),
  /** attach: attachments merged into the PDF after the invoices. */
  attached: z.number().int(),
  /** attach: attachments that cannot be merged (OFD, Word…, spec 5), listed singly with their own links. */
  attachments: z.array(
    z.object({
      invoiceId: z.number().int(),
      number: z.string(),
      fileName: z.string(),
      fileType: z.string(),
      url: z.string(),
    }),
  ),
});
export type ExportCustomReply = z.infer<typeof ExportCustomReply>;
