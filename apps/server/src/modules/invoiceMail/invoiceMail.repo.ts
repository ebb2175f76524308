import { MailAttachmentStatus } from '@feikong/contracts';
import { sql, type Insertable } from 'kysely';
import type { MailAttachmentsTable, MailMessagesTable } from '../../db/schema.js';
import type { Db } from '../../platform/db/database.js';

/** All SQL of the 专属邮箱 module. Every tenant-owned query takes the tenant id. */

export async function findMailbox(db: Db, tenantId: number, userId: number) {
  return db
    .selectFrom('mail_boxes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The mailbox a recipient's local part names, across tenants: the SMTP receiver knows only the
 * address, and the address is what selects the tenant (local parts are unique and unguessable).
 */
export async function findMailboxByLocalPart(db: Db, localPart: string) {
  return db.selectFrom('mail_boxes').selectAll().where('local_part', '=', localPart).executeTakeFirst();
}

/** Inserts a mailbox; answers false when the person already has one or the local part is taken. */
export async function insertMailbox(
  db: Db,
  tenantId: number,
  row: { user_id: number; staff_id: number; local_part: string; created_at: number },
): Promise<boolean> {
  const res = await db
    .insertInto('mail_boxes')
    .values({ ...row, tenant_id: tenantId })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export type MailRow = Awaited<ReturnType<typeof findMail>> & {};

export async function findMail(db: Db, tenantId: number, userId: number, mailId: number) {
  return db
    .selectFrom('mail_messages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', mailId)
    .executeTakeFirst();
}

export async function findMailByMessageId(db: Db, tenantId: number, mailboxId: number, messageId: string) {
  return db
    .selectFrom('mail_messages')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('mailbox_id', '=', mailboxId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

export async function insertMail(
  db: Db,
  tenantId: number,
  row: Omit<Insertable<MailMessagesTable>, 'id' | 'tenant_id'>,
): Promise<number> {
  const r = await db
    .insertInto('mail_messages')
    .values({ ...row, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function insertAttachment(
  db: Db,
  tenantId: number,
  row: Omit<Insertable<MailAttachmentsTable>, 'id' | 'tenant_id'>,
): Promise<number> {
  const r = await db
    .insertInto('mail_attachments')
    .values({ ...row, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export interface MailFilter {
  receivedStart?: number;
  receivedEnd?: number;
  /** A piece of the envelope sender or the From name. */
  sender?: string;
  status?: number;
}

function filtered(db: Db, tenantId: number, userId: number, f: MailFilter) {
  let q = db.selectFrom('mail_messages').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (f.receivedStart !== undefined) q = q.where('received_at', '>=', f.receivedStart);
  if (f.receivedEnd !== undefined) q = q.where('received_at', '<=', f.receivedEnd);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.sender) {
    const like = `%${f.sender.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(
      sql<boolean>`(lower(mail_from) like ${like} escape '\\' or lower(from_name) like ${like} escape '\\')`,
    );
  }
  return q;
}

export async function countMails(db: Db, tenantId: number, userId: number, f: MailFilter) {
  const r = await filtered(db, tenantId, userId, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function listMails(
  db: Db,
  tenantId: number,
  userId: number,
  f: MailFilter,
  page: { offset: number; limit: number },
) {
  return filtered(db, tenantId, userId, f)
    .selectAll()
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** The reason of each mail's first refused attachment (by attachment id), for the list. */
export async function firstFailureReasons(db: Db, tenantId: number, mailIds: number[]) {
  if (mailIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('mail_attachments')
    .select(['mail_id', 'reason'])
    .where('tenant_id', '=', tenantId)
    .where('mail_id', 'in', mailIds)
    .where('status', '=', MailAttachmentStatus.failed)
    .orderBy('id', 'asc')
    .execute();
  const out = new Map<number, string>();
  for (const r of rows) if (r.reason && !out.has(Number(r.mail_id))) out.set(Number(r.mail_id), r.reason);
  return out;
}

export type AttachmentRow = Awaited<ReturnType<typeof listAttachments>>[number];

export async function listAttachments(db: Db, tenantId: number, mailId: number) {
  return db
    .selectFrom('mail_attachments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('mail_id', '=', mailId)
    .orderBy('id')
    .execute();
}

/** An attachment with its mail's owner (for the owner check and the ingest call). */
export async function findAttachment(db: Db, tenantId: number, attachmentId: number) {
  return db
    .selectFrom('mail_attachments as a')
    .innerJoin('mail_messages as m', (j) =>
      j.onRef('m.id', '=', 'a.mail_id').onRef('m.tenant_id', '=', 'a.tenant_id'),
    )
    .selectAll('a')
    .select(['m.user_id', 'm.staff_id'])
    .where('a.tenant_id', '=', tenantId)
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
}

export async function setAttachmentResult(
  db: Db,
  tenantId: number,
  attachmentId: number,
  r: { status: number; reason: string | null; invoiceIds: number[]; now: number },
  onlyFromStatus?: number,
) {
  let q = db
    .updateTable('mail_attachments')
    .set({ status: r.status, reason: r.reason, invoice_ids: JSON.stringify(r.invoiceIds), updated_at: r.now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', attachmentId);
  if (onlyFromStatus !== undefined) q = q.where('status', '=', onlyFromStatus);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Takes the mail's row lock (a no-op update: PostgreSQL locks the row, SQLite's write transaction is
 * exclusive anyway), so attachments of one mail finishing at once recount one after the other.
 */
export async function lockMail(db: Db, tenantId: number, mailId: number) {
  await db
    .updateTable('mail_messages')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', mailId)
    .execute();
}

/** The attachments' statuses of a mail, counted. */
export async function attachmentCounts(db: Db, tenantId: number, mailId: number) {
  const rows = await db
    .selectFrom('mail_attachments')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('mail_id', '=', mailId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
}

export async function setMailCounts(
  db: Db,
  tenantId: number,
  mailId: number,
  c: { status: number; recognized: number; failed: number },
) {
  await db
    .updateTable('mail_messages')
    .set({ status: c.status, recognized_count: c.recognized, failed_count: c.failed })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', mailId)
    .execute();
}
