import { z } from 'zod';

/**
 * Request schemas of the 专属邮箱 routes (/invoice/api/web/email/…, screens /emailInvoice and
 * /emailInvoice/emailDetail). Each field names itself in Chinese for error messages; times are epoch ms.
 */

const mailId = (label: string) =>
  z.coerce.number('必须是数字').int('必须是整数').positive('必须是正整数').describe(label);
const epochMs = (label: string) =>
  z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(0, '不能小于0')
    .max(8_640_000_000_000_000, '超出范围')
    .optional()
    .describe(label);

/** Mail statuses (mail_messages.status) and their Chinese names. */
export const MailStatus = { pending: 1, recognized: 2, partial: 3, failed: 4, noInvoice: 5 } as const;
export type MailStatus = (typeof MailStatus)[keyof typeof MailStatus];
export const MailStatusLabel: Record<MailStatus, string> = {
  1: '待识别',
  2: '已识别',
  3: '部分识别失败',
  4: '识别失败',
  5: '邮件中没有可识别的发票附件',
};

/** Attachment statuses (mail_attachments.status) and their Chinese names. */
export const MailAttachmentStatus = { pending: 1, recognized: 2, failed: 3 } as const;
export type MailAttachmentStatus = (typeof MailAttachmentStatus)[keyof typeof MailAttachmentStatus];
export const MailAttachmentStatusLabel: Record<MailAttachmentStatus, string> = {
  1: '待识别',
  2: '已识别',
  3: '识别失败',
};

export const MailPageListBody = z
  .object({
    page_num: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '必须大于等于1')
      .default(1)
      .describe('页码'),
    page_size: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '必须大于等于1')
      .max(100, '不能超过100')
      .default(20)
      .describe('每页条数'),
    received_start: epochMs('接收开始时间'),
    received_end: epochMs('接收结束时间'),
    sender: z.string('必须是文本').max(200, '不能超过200个字符').optional().describe('发件人'),
    status: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '取值为1-5')
      .max(5, '取值为1-5')
      .optional()
      .describe('状态'),
  })
  .refine(
    (b) =>
      b.received_start === undefined || b.received_end === undefined || b.received_start <= b.received_end,
    {
      message: '不能早于接收开始时间',
      path: ['received_end'],
    },
  );
export type MailPageListBody = z.input<typeof MailPageListBody>;

export const MailDetailQuery = z.object({ id: mailId('邮件ID') });
export type MailDetailQuery = z.input<typeof MailDetailQuery>;

export const MailAttachmentRetryBody = z.object({ attachment_id: mailId('附件ID') });
export type MailAttachmentRetryBody = z.input<typeof MailAttachmentRetryBody>;
