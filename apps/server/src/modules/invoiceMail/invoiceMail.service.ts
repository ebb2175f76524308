import { randomBytes } from 'node:crypto';
import {
  MailAttachmentStatus,
  MailAttachmentStatusLabel,
  MailStatus,
  MailStatusLabel,
  type MailAddress,
  type MailAttachment,
  type MailDetail,
  type MailListItem,
  type MailPage,
} from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/types.js';
import type { FileStorage } from '../../platform/storage/types.js';
import type { InvoiceMailDeps } from './invoiceMail.deps.js';
import { invoiceMailErrors, MAIL_LINK_EXPIRES_S } from './invoiceMail.errors.js';
import { INVOICE_CONTENT_TYPES } from './invoiceMail.message.js';
import {
  attachmentCounts,
  countMails,
  findAttachment,
  findMail,
  findMailbox,
  firstFailureReasons,
  insertMailbox,
  listAttachments,
  listMails,
  lockMail,
  setAttachmentResult,
  setMailCounts,
  type AttachmentRow,
  type MailRow,
} from './invoiceMail.repo.js';

/**
 * 专属邮箱: each person's invoice mailbox in a tenant, the mails it received, their invoice
 * attachments and each one's recognition. Everything is scoped to the caller's tenant and to the
 * caller as the mailbox's owner: another person's mail reads as not found.
 */

/** The job that recognises one attachment; its payload names it. */
export const MAIL_ATTACHMENT_JOB = 'invoice-mail-attachment';
export interface MailAttachmentJob {
  tenantId: number;
  attachmentId: number;
}
const JOB_RETRY_LIMIT = 2;

export async function enqueueAttachment(jobs: JobQueue, tx: Db, payload: MailAttachmentJob) {
  await jobs.enqueue<MailAttachmentJob>(MAIL_ATTACHMENT_JOB, payload, {
    db: tx,
    retryLimit: JOB_RETRY_LIMIT,
    singletonKey: `mail-attachment-${payload.tenantId}-${payload.attachmentId}`,
  });
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 16 characters of base32 (80 random bits): lowercase, unguessable. */
export function newLocalPart(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** GET …/email/address: the caller's address in this tenant, created on the first request. */
export async function myAddress(d: InvoiceMailDeps, caller: TenantCaller): Promise<MailAddress> {
  let box = await findMailbox(d.db, caller.tenantId, caller.userId);
  for (let attempt = 0; !box && attempt < 3; attempt++) {
    // A concurrent first request (or, astronomically unlikely, a taken local part) inserts nothing.
    await insertMailbox(d.db, caller.tenantId, {
      user_id: caller.userId,
      staff_id: caller.staffId,
      local_part: newLocalPart(),
      created_at: d.clock(),
    });
    box = await findMailbox(d.db, caller.tenantId, caller.userId);
  }
  if (!box) throw new Error('mailbox could not be created');
  return {
    address: `${box.local_part}@${d.mail.domain}`,
    created_at: Number(box.created_at),
    limits: {
      max_message_bytes: d.mail.maxMessageBytes,
      max_attachments: d.mail.maxAttachments,
      max_attachment_bytes: d.mail.maxAttachmentBytes,
      max_total_attachment_bytes: d.mail.maxTotalAttachmentBytes,
      file_types: Object.keys(INVOICE_CONTENT_TYPES),
    },
  };
}

function mailItem(m: MailRow, failureReason: string | null): MailListItem {
  const status = Number(m.status);
  return {
    id: Number(m.id),
    mail_from: m.mail_from,
    from_name: m.from_name,
    subject: m.subject,
    received_at: Number(m.received_at),
    status,
    status_name: MailStatusLabel[status as MailStatus] ?? '未知状态',
    attachment_count: Number(m.attachment_count),
    recognized_count: Number(m.recognized_count),
    failed_count: Number(m.failed_count),
    failure_reason: failureReason,
  };
}

export function attachmentView(a: AttachmentRow, storage: FileStorage): MailAttachment {
  const status = Number(a.status);
  return {
    id: Number(a.id),
    file_name: a.file_name,
    file_type: a.file_type,
    content_type: a.content_type,
    size: Number(a.size),
    status,
    status_name: MailAttachmentStatusLabel[status as MailAttachmentStatus] ?? '未知状态',
    reason: a.reason,
    invoice_ids: (JSON.parse(a.invoice_ids) as unknown[]).map(Number),
    url: storage.signDownload(a.file_key, { fileName: a.file_name, expiresInS: MAIL_LINK_EXPIRES_S }),
  };
}

/** POST …/email/pageList: the caller's mails, newest first. */
export async function listMyMails(
  d: InvoiceMailDeps,
  caller: TenantCaller,
  body: {
    page_num: number;
    page_size: number;
    received_start?: number;
    received_end?: number;
    sender?: string;
    status?: number;
  },
): Promise<MailPage> {
  const filter = {
    receivedStart: body.received_start,
    receivedEnd: body.received_end,
    sender: body.sender || undefined,
    status: body.status,
  };
  const total = await countMails(d.db, caller.tenantId, caller.userId, filter);
  const rows = await listMails(d.db, caller.tenantId, caller.userId, filter, {
    offset: (body.page_num - 1) * body.page_size,
    limit: body.page_size,
  });
  const reasons = await firstFailureReasons(
    d.db,
    caller.tenantId,
    rows.map((m) => Number(m.id)),
  );
  return {
    items: rows.map((m) => mailItem(m, reasons.get(Number(m.id)) ?? null)),
    page: { page_num: body.page_num, page_size: body.page_size, total },
  };
}

/** GET …/email/detail: one of the caller's mails with its attachments and their results. */
export async function mailDetail(
  d: InvoiceMailDeps,
  caller: TenantCaller,
  mailId: number,
): Promise<MailDetail> {
  const m = await findMail(d.db, caller.tenantId, caller.userId, mailId);
  if (!m) throw invoiceMailErrors.mailNotFound();
  const atts = await listAttachments(d.db, caller.tenantId, Number(m.id));
  const failed = atts.find((a) => Number(a.status) === MailAttachmentStatus.failed && a.reason);
  return {
    ...mailItem(m, failed?.reason ?? null),
    message_id: m.message_id,
    attachments: atts.map((a) => attachmentView(a, d.storage)),
  };
}

/** A mail's status from its attachments' (see MailStatus). */
export function mailStatusOf(total: number, pending: number, recognized: number, failed: number): MailStatus {
  if (total === 0) return MailStatus.noInvoice;
  if (pending > 0) return MailStatus.pending;
  if (failed === 0) return MailStatus.recognized;
  if (recognized === 0) return MailStatus.failed;
  return MailStatus.partial;
}

/** Recomputes a mail's counts and status from its attachments (inside the caller's transaction). */
export async function refreshMail(db: Db, tenantId: number, mailId: number) {
  const c = await attachmentCounts(db, tenantId, mailId);
  const pending = c.get(MailAttachmentStatus.pending) ?? 0;
  const recognized = c.get(MailAttachmentStatus.recognized) ?? 0;
  const failed = c.get(MailAttachmentStatus.failed) ?? 0;
  await setMailCounts(db, tenantId, mailId, {
    status: mailStatusOf(pending + recognized + failed, pending, recognized, failed),
    recognized,
    failed,
  });
}

/**
 * POST …/email/attachment/retry: recognise an attachment again (待识别 or 识别失败 → 待识别, queued).
 * A recognised one is refused: its invoices exist already.
 */
export async function retryAttachment(
  d: InvoiceMailDeps,
  caller: TenantCaller,
  attachmentId: number,
): Promise<MailAttachment> {
  const a = await findAttachment(d.db, caller.tenantId, attachmentId);
  if (!a || Number(a.user_id) !== caller.userId) throw invoiceMailErrors.attachmentNotFound();
  if (Number(a.status) === MailAttachmentStatus.recognized) throw invoiceMailErrors.attachmentRecognized();
  const now = d.clock();
  await d.db.transaction().execute(async (tx) => {
    await lockMail(tx, caller.tenantId, Number(a.mail_id));
    // Recognised by a job that finished in between: its invoices exist, so no second run.
    const latest = await findAttachment(tx, caller.tenantId, Number(a.id));
    if (!latest || Number(latest.status) === MailAttachmentStatus.recognized) {
      throw invoiceMailErrors.attachmentRecognized();
    }
    await setAttachmentResult(tx, caller.tenantId, Number(a.id), {
      status: MailAttachmentStatus.pending,
      reason: null,
      invoiceIds: [],
      now,
    });
    await refreshMail(tx, caller.tenantId, Number(a.mail_id));
    await enqueueAttachment(d.jobs, tx, { tenantId: caller.tenantId, attachmentId: Number(a.id) });
  });
  return attachmentView(
    { ...a, status: MailAttachmentStatus.pending, reason: null, invoice_ids: '[]', updated_at: now },
    d.storage,
  );
}
