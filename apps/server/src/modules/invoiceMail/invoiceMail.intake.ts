import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { MailAttachmentStatus, MailStatus } from '@feikong/contracts';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.js';
import type { JobContext } from '../../platform/jobs/types.js';
import { FileNotFoundError } from '../../platform/storage/types.js';
import type { InvoiceMailDeps } from './invoiceMail.deps.js';
import { MailReason } from './invoiceMail.errors.js';
import type { InspectedMail, InvoiceFile } from './invoiceMail.message.js';
import {
  findAttachment,
  findMailByMessageId,
  insertAttachment,
  insertMail,
  lockMail,
  setAttachmentResult,
} from './invoiceMail.repo.js';
import {
  enqueueAttachment,
  MAIL_ATTACHMENT_JOB,
  refreshMail,
  type MailAttachmentJob,
} from './invoiceMail.service.js';
import { isUniqueViolation } from '../../platform/db/errors.js';

/**
 * Intake of one accepted mail into one mailbox, and the job that recognises its attachments.
 * The files are written first, then one transaction stores the mail, its attachments and their
 * jobs; if that fails the written files are removed, so nothing is ever half-saved.
 */

export interface MailboxOwner {
  mailboxId: number;
  tenantId: number;
  userId: number;
  /** The owner's active staff record at delivery. */
  staffId: number;
}

/** Storage key of an attachment: invoice/t<tenantId>/mail/yyyy/mm/dd/<uuid>.<ext> (UTC date). */
export function attachmentKey(tenantId: number, now: number, ext: string): string {
  const d = new Date(now);
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `invoice/t${tenantId}/mail/${d.getUTCFullYear()}/${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}/${randomUUID()}.${ext}`;
}

/** Stores one mail for one mailbox. A Message-ID the mailbox already has is not stored again. */
export async function deliverMail(
  d: InvoiceMailDeps,
  owner: MailboxOwner,
  envelope: { mailFrom: string; size: number },
  mail: InspectedMail,
): Promise<{ mailId: number | null; duplicate: boolean }> {
  const { tenantId } = owner;
  if (mail.messageId && (await findMailByMessageId(d.db, tenantId, owner.mailboxId, mail.messageId))) {
    return { mailId: null, duplicate: true };
  }
  const now = d.clock();
  const written: string[] = [];
  try {
    const files: (InvoiceFile & { key: string })[] = [];
    for (const f of mail.invoices) {
      const key = attachmentKey(tenantId, now, f.fileType);
      await d.storage.put(key, f.content, { contentType: f.contentType });
      written.push(key);
      files.push({ ...f, key });
    }
    const mailId = await d.db.transaction().execute(async (tx) => {
      const id = await insertMail(tx, tenantId, {
        mailbox_id: owner.mailboxId,
        user_id: owner.userId,
        staff_id: owner.staffId,
        mail_from: envelope.mailFrom.slice(0, 320),
        from_name: mail.fromName,
        subject: mail.subject,
        message_id: mail.messageId,
        size: envelope.size,
        received_at: now,
        status: files.length > 0 ? MailStatus.pending : MailStatus.noInvoice,
        attachment_count: files.length,
        recognized_count: 0,
        failed_count: 0,
      });
      for (const f of files) {
        const attachmentId = await insertAttachment(tx, tenantId, {
          mail_id: id,
          file_name: f.fileName,
          file_type: f.fileType,
          content_type: f.contentType,
          size: f.content.length,
          file_key: f.key,
          status: MailAttachmentStatus.pending,
          reason: null,
          invoice_ids: '[]',
          updated_at: now,
        });
        await enqueueAttachment(d.jobs, tx, { tenantId, attachmentId });
      }
      return id;
    });
    return { mailId, duplicate: false };
  } catch (err) {
    await removeFiles(d, written);
    // The same Message-ID delivered twice at once: the other delivery stored it.
    if (isUniqueViolation(err)) return { mailId: null, duplicate: true };
    throw err;
  }
}

async function removeFiles(d: InvoiceMailDeps, keys: string[]) {
  for (const key of keys) {
    try {
      await d.storage.delete(key);
    } catch (err) {
      d.log.warn({ err, key }, '邮件附件文件删除失败');
    }
  }
}

/** Makes the app's job queue recognise mail attachments. Called once per app at registration. */
export function registerMailJobs(d: InvoiceMailDeps) {
  d.jobs.work<MailAttachmentJob>(MAIL_ATTACHMENT_JOB, (payload, job) => processAttachment(d, payload, job), {
    onGiveUp: async (payload, info) => {
      d.log.error({ ...payload, error: info.error }, 'mail attachment recognition abandoned');
      await finishAttachment(d, payload, { ok: false, reason: MailReason.unexpected });
    },
  });
}

/**
 * Recognises one attachment through the wired ingest. Without one the attachment stays 待识别.
 * An ingest that throws (rather than answering ok: false) is retried by the queue.
 */
export async function processAttachment(d: InvoiceMailDeps, payload: MailAttachmentJob, job?: JobContext) {
  const a = await findAttachment(d.db, payload.tenantId, payload.attachmentId);
  if (!a || Number(a.status) !== MailAttachmentStatus.pending) return; // gone, or done by an earlier run
  const ingest = d.ingest;
  if (!ingest) return;
  let bytes: Buffer;
  try {
    bytes = await buffer(await d.storage.get(a.file_key));
  } catch (err) {
    if (!(err instanceof FileNotFoundError)) throw err;
    await finishAttachment(d, payload, { ok: false, reason: MailReason.fileMissing });
    return;
  }
  let result: Awaited<ReturnType<typeof ingest>>;
  try {
    result = await ingest({
      tenantId: payload.tenantId,
      userId: Number(a.user_id),
      staffId: a.staff_id === null ? null : Number(a.staff_id),
      fileKey: a.file_key,
      fileName: a.file_name,
      contentType: a.content_type,
      bytes,
    });
  } catch (err) {
    if (job?.signal.aborted || isDatabaseUnavailable(err)) throw err;
    d.log.error({ err, ...payload }, 'mail attachment ingest failed');
    throw err;
  }
  await finishAttachment(d, payload, result);
}

async function finishAttachment(
  d: InvoiceMailDeps,
  payload: MailAttachmentJob,
  result: { ok: true; invoiceIds: number[] } | { ok: false; reason: string },
) {
  const a = await findAttachment(d.db, payload.tenantId, payload.attachmentId);
  if (!a) return;
  await d.db.transaction().execute(async (tx) => {
    await lockMail(tx, payload.tenantId, Number(a.mail_id));
    const changed = await setAttachmentResult(
      tx,
      payload.tenantId,
      payload.attachmentId,
      result.ok
        ? {
            status: MailAttachmentStatus.recognized,
            reason: null,
            invoiceIds: result.invoiceIds,
            now: d.clock(),
          }
        : {
            status: MailAttachmentStatus.failed,
            reason: result.reason.slice(0, 500) || MailReason.unexpected,
            invoiceIds: [],
            now: d.clock(),
          },
      MailAttachmentStatus.pending,
    );
    if (changed) await refreshMail(tx, payload.tenantId, Number(a.mail_id));
  });
}
