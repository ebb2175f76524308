import type { Db } from '../../platform/db/database.js';
import { countAndPage, likePattern } from '../../platform/db/queries.js';

/**
 * SQL of the notification centre. Every tenant function takes the tenant and the recipient (a person's
 * user id): nobody reads or changes another person's notifications. `unreadCountsFor` and
 * `liveSessionIds` serve the live badge (one query for every connected person of a process).
 */

export interface NotificationRow {
  id: number;
  msg_name: string;
  title: string;
  content: string;
  action_code: number;
  ext_params: string;
  read_at: number | null;
  created_at: number;
}

const COLUMNS = [
  'id',
  'msg_name',
  'title',
  'content',
  'action_code',
  'ext_params',
  'read_at',
  'created_at',
] as const;

export interface NewNotification {
  user_id: number;
  msg_name: string;
  title: string;
  content: string;
  action_code: number;
  ext_params: string;
  created_at: number;
}

export async function insertNotifications(db: Db, tenantId: number, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  const ids = await db
    .insertInto('notifications')
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId, read_at: null })))
    .returning('id')
    .execute();
  return ids.map((r) => Number(r.id));
}

export async function pageNotifications(
  db: Db,
  tenantId: number,
  userId: number,
  q: { keyword?: string; read?: boolean; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('notifications').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (q.read === true) base = base.where('read_at', 'is not', null);
  if (q.read === false) base = base.where('read_at', 'is', null);
  if (q.keyword) {
    const k = likePattern(q.keyword);
    base = base.where((eb) =>
      eb.or([eb('title', 'like', k), eb('content', 'like', k), eb('msg_name', 'like', k)]),
    );
  }
  const { items, total } = await countAndPage(
    base,
    (b) => b.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    q.pageNum,
    q.pageSize,
  );
  return { items: items as NotificationRow[], total };
}

export async function countUnread(db: Db, tenantId: number, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function findNotification(
  db: Db,
  tenantId: number,
  userId: number,
  id: number,
): Promise<NotificationRow | undefined> {
  return db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The recipient's unread notifications with these action codes (before a mark-all-read). */
export async function unreadWithActions(db: Db, tenantId: number, userId: number, actionCodes: number[]) {
  return (await db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('action_code', 'in', actionCodes)
    .execute()) as NotificationRow[];
}

/** Marks unread notifications of the recipient read: one id, or all of them. Answers how many changed. */
export async function markRead(
  db: Db,
  tenantId: number,
  userId: number,
  target: { id: number } | { all: true },
  now: number,
): Promise<number> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if ('id' in target) q = q.where('id', '=', target.id);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Records forms read through their notification; a form read before keeps its first record. */
export async function insertFormReads(
  db: Db,
  tenantId: number,
  userId: number,
  rows: { form_id: string; notification_id: number }[],
  now: number,
) {
  if (rows.length === 0) return;
  await db
    .insertInto('notify_form_reads')
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId, user_id: userId, read_at: now })))
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'form_id']).doNothing())
    .execute();
}

export async function formReadsOf(db: Db, tenantId: number, userId: number) {
  return db
    .selectFrom('notify_form_reads')
    .select(['form_id', 'notification_id', 'read_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('read_at')
    .execute();
}

// ---- Live badge (one process's connected people, across tenants) ----

/** Unread counts of the given people, keyed `tenantId:userId`; people with none are absent. */
export async function unreadCountsFor(db: Db, people: { tenantId: number; userId: number }[]) {
  const out = new Map<string, number>();
  if (people.length === 0) return out;
  const tenantIds = [...new Set(people.map((p) => p.tenantId))];
  const userIds = [...new Set(people.map((p) => p.userId))];
  const rows = await db
    .selectFrom('notifications')
    .select(['tenant_id', 'user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', 'in', tenantIds)
    .where('user_id', 'in', userIds)
    .where('read_at', 'is', null)
    .groupBy(['tenant_id', 'user_id'])
    .execute();
  for (const r of rows) out.set(`${r.tenant_id}:${r.user_id}`, Number(r.n));
  return out;
}

/** Which of these sessions are still live (not revoked, not expired): a stream ends with its session. */
export async function liveSessionIds(db: Db, sessionIds: number[], now: number): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', sessionIds)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}
