import {
  envelopeOf,
  MailAddress,
  MailAttachment,
  MailAttachmentRetryBody,
  MailDetail,
  MailDetailQuery,
  MailPage,
  MailPageListBody,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { ZodApp } from '../../platform/types.js';
import type { InvoiceMailDeps } from './invoiceMail.deps.js';
import { listMyMails, mailDetail, myAddress, retryAttachment } from './invoiceMail.service.js';

/**
 * 专属邮箱 routes (screens /emailInvoice and /emailInvoice/emailDetail; the spec names no paths, so
 * they sit beside the invoice family's web paths):
 *   GET  /invoice/api/web/email/address           my address in this tenant (created on first request)
 *   POST /invoice/api/web/email/pageList          my mails, paged; filters received_start/received_end
 *                                                 (epoch ms), sender (part of address or name), status 1–5
 *   GET  /invoice/api/web/email/detail?id=        one of my mails with its attachments, their results
 *                                                 and signed download links (30 min)
 *   POST /invoice/api/web/email/attachment/retry  {attachment_id}: recognise a 待识别/识别失败 attachment again
 * Permission STAFF: every person has a mailbox of their own; another person's mail reads as not found.
 */
const E = '/invoice/api/web/email';
const tags = ['invoiceMail'];

export function registerInvoiceMailRoutes(app: ZodApp, d: InvoiceMailDeps) {
  app.get(
    `${E}/address`,
    {
      config: { permission: STAFF },
      schema: { response: { 200: envelopeOf(MailAddress) }, tags, summary: '我的专属邮箱地址' },
    },
    async (req) => ok(await myAddress(d, tenantCaller(req))),
  );
  app.post(
    `${E}/pageList`,
    {
      config: { permission: STAFF },
      schema: {
        response: { 200: envelopeOf(MailPage) },
        tags,
        summary: '专属邮箱收到的邮件（按接收时间倒序）',
        body: MailPageListBody,
      },
    },
    async (req) => ok(await listMyMails(d, tenantCaller(req), req.body)),
  );
  app.get(
    `${E}/detail`,
    {
      config: { permission: STAFF },
      schema: {
        response: { 200: envelopeOf(MailDetail) },
        tags,
        summary: '邮件详情：发票附件及识别结果',
        querystring: MailDetailQuery,
      },
    },
    async (req) => ok(await mailDetail(d, tenantCaller(req), req.query.id)),
  );
  app.post(
    `${E}/attachment/retry`,
    {
      config: { permission: STAFF },
      schema: {
        response: { 200: envelopeOf(MailAttachment) },
        tags,
        summary: '重新识别邮件附件（待识别或识别失败）',
        body: MailAttachmentRetryBody,
      },
    },
    async (req) => ok(await retryAttachment(d, tenantCaller(req), req.body.attachment_id)),
  );
}
