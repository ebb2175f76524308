import { z } from 'zod';
import { pagedOf } from '../reply.js';

/** Reply schemas of the 专属邮箱 routes (/invoice/api/web/email/…); times are epoch ms. */

/** The caller's own invoice mailbox in the current tenant. */
export const MailAddress = z.object({
  address: z.string(),
  created_at: z.number(),
  /** What the receiver accepts (MAIL_MAX_* settings), for the page's instructions. Sizes in bytes. */
  limits: z.object({
    max_message_bytes: z.number(),
    max_attachments: z.number(),
    max_attachment_bytes: z.number(),
    max_total_attachment_bytes: z.number(),
    /** Attachment types recognised as invoices. */
    file_types: z.array(z.string()),
  }),
});
export type MailAddress = z.infer<typeof MailAddress>;

/** One received mail as the list shows it. */
export const MailListItem = z.object({
  id: z.number(),
  /** The envelope sender (MAIL FROM). */
  mail_from: z.string(),
  /** The From header's display name, or '' without one. */
  from_name: z.string(),
  subject: z.string(),
  received_at: z.number(),
  /** 1 待识别, 2 已识别, 3 部分识别失败, 4 识别失败, 5 邮件中没有可识别的发票附件. */
  status: z.number(),
  status_name: z.string(),
  attachment_count: z.number(),
  recognized_count: z.number(),
  failed_count: z.number(),
  /** Why the first refused attachment was refused (e.g. a duplicate naming who entered it), or null. */
  failure_reason: z.string().nullable(),
});
export type MailListItem = z.infer<typeof MailListItem>;

export const MailPage = pagedOf(MailListItem);
export type MailPage = z.infer<typeof MailPage>;

/** An invoice attachment of a mail, with its recognition result and a signed download link. */
export const MailAttachment = z.object({
  id: z.number(),
  file_name: z.string(),
  /** Detected from the content: pdf, ofd or xml. */
  file_type: z.string(),
  content_type: z.string(),
  size: z.number(),
  /** 1 待识别, 2 已识别, 3 识别失败. */
  status: z.number(),
  status_name: z.string(),
  /** Why recognition failed (Chinese), or null. */
  reason: z.string().nullable(),
  /** The invoices saved from this attachment. */
  invoice_ids: z.array(z.number()),
  url: z.string(),
});
export type MailAttachment = z.infer<typeof MailAttachment>;

export const MailDetail = MailListItem.extend({
  message_id: z.string().nullable(),
  attachments: z.array(MailAttachment),
});
export type MailDetail = z.infer<typeof MailDetail>;
