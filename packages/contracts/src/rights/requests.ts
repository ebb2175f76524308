import { z } from 'zod';
import { id, pageNum, pageSize, required } from '../requestFields.js';

/** Request schemas of the rights routes (/right-recharge/api/v1, spec §7.4); each field names itself in Chinese for error messages. */

export const VersionPurchaseBody = z.object({
  product_version_id: id('产品版本ID'),
  months: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '必须大于等于1')
    .max(60, '不能超过60个月')
    .describe('购买时长'),
});

export const ProductPurchaseBody = z.object({
  product_id: id('产品ID'),
  quantity: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '必须大于等于1')
    .max(100, '不能超过100')
    .describe('购买数量'),
});

export const OrderListBody = z.object({
  page_num: pageNum,
  page_size: pageSize(),
  status: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '取值为1-4')
    .max(4, '取值为1-4')
    .optional()
    .describe('订单状态'),
  order_type: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '取值为1-2')
    .max(2, '取值为1-2')
    .optional()
    .describe('订单类型'),
  order_no: z.string().max(32, '不能超过32个字符').optional().describe('订单号'),
});

export const OrderIdQuery = z.object({ order_id: id('订单ID') });

export const RightsPageQuery = z.object({ page_num: pageNum, page_size: pageSize() });

export const BankPayBody = z.object({
  order_id: id('订单ID'),
  payer_account_name: required('付款账户名', 100),
  payer_bank: required('付款银行', 100),
  payer_account_no: z
    .string('不能为空')
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6,32}$/, '应为6-32位数字'))
    .describe('付款账号'),
  transfer_amount: z.coerce
    .number('必须是数字')
    .int('必须是整数（单位：分）')
    .positive('必须大于0')
    .describe('转账金额'),
  transfer_time: z.coerce
    .number('必须是数字')
    .int('必须是毫秒时间戳')
    .positive('必须是毫秒时间戳')
    .describe('转账时间'),
  receipt_ids: z
    .array(id('转账凭证ID'), '应为凭证ID列表')
    .max(20, '不能超过20个')
    .default([])
    .describe('转账凭证'),
  receipt_url: z
    .string()
    .max(500, '不能超过500个字符')
    .regex(/^https?:\/\/\S+$/, '应为 http(s) 链接')
    .optional()
    .or(z.literal(''))
    .describe('转账凭证链接'),
  remark: z.string().max(200, '不能超过200个字符').optional().describe('备注'),
});

/** The text fields of a receipt upload (multipart, beside the file part `file`). */
export const ReceiptUploadFields = z.object({ order_id: id('订单ID') });

export const ReceiptIdBody = z.object({ receipt_id: id('凭证ID') });

export const BannerQuery = z.object({
  position: z.enum(['login', 'home'], '取值为 login 或 home').default('login').describe('展示位置'),
});

// What the client sends: the parsed shape (coerced numbers typed as numbers, defaults filled in).
export type OrderListBody = z.output<typeof OrderListBody>;
export type BankPayBody = z.output<typeof BankPayBody>;
