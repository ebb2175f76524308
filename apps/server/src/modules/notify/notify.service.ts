import { EventEmitter } from 'node:events';
import { taskTypeName } from '@feikong/contracts';
import type { Caller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import type { AppDeps } from '../../platform/types.js';
import { TASK_TYPE_POLICIES, type TaskFinishedEvent } from '../../platform/tasks.js';
import { notifyErrors } from './notify.errors.js';
import {
  countUnread,
  findNotification,
  insertFormReads,
  insertNotifications,
  markRead,
  pageNotifications,
  unreadWithActions,
  type NotificationRow,
} from './notify.repo.js';

/**
 * The notification centre (spec §3 Notification, §4.2, §7.6) and the one way other modules notify
 * people: `notifyUsers(db, tenantId, userIds, message)`, inside their own transaction when they have one.
 */

/** What a notification leads to when clicked (action_code). */
export const NotifyAction = {
  /** A platform or system message; nothing to open. */
  system: 101,
  /** A form (bill) to look at: opening it also marks the form read (spec §4.2); ext_params.bid is the form. */
  form: 201,
  /** A background task finished: ext_params.taskId opens it in the download centre. */
  taskFinished: 301,
  /** A tenant order changed: ext_params.order_id opens it under 系统权益 → 订单记录. */
  order: 401,
  /** A 开票申请 changed (settle): ext_params.id opens its 开票详情 under 系统权益. */
  settleInvoice: 402,
} as const;

/** ext_params of a notification (spec §3): any of these, as a JSON string on the wire. */
export interface NotifyExtParams {
  bid?: string | number;
  id?: string | number;
  order_id?: number;
  taskId?: number;
}

export interface NotifyMessage {
  msg_name: string;
  title: string;
  content: string;
  action_code: number;
  ext_params?: NotifyExtParams;
}

/**
 * In-process signal that someone's unread count may have changed, so this process's live badges
 * refresh at once. Other processes learn the same within a second from their own poll (notify.stream.ts).
 */
export const notifyBus = new EventEmitter();
notifyBus.setMaxListeners(0);
export const NOTIFY_CHANGED = 'changed';
export interface NotifyChanged {
  tenantId: number;
  userIds: number[];
}
function signalChanged(tenantId: number, userIds: number[]) {
  notifyBus.emit(NOTIFY_CHANGED, { tenantId, userIds } satisfies NotifyChanged);
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/**
 * Sends one message to each person (user id) in the tenant. Pass the caller's transaction as `db` to
 * make the notification part of the command: it exists only if the command commits.
 */
export async function notifyUsers(
  db: Db,
  tenantId: number,
  userIds: number[],
  message: NotifyMessage,
  now = Date.now(),
): Promise<number[]> {
  const recipients = [...new Set(userIds)];
  return notifyEach(
    db,
    tenantId,
    recipients.map((userId) => ({ userId, message })),
    now,
  );
}

/**
 * Sends each person their own message in one statement (an approval step tells its approvers, the submitter
 * and the cc'd people different things). Like `notifyUsers`, pass the caller's transaction as `db`.
 */
export async function notifyEach(
  db: Db,
  tenantId: number,
  items: { userId: number; message: NotifyMessage }[],
  now = Date.now(),
): Promise<number[]> {
  const ids = await insertNotifications(
    db,
    tenantId,
    items.map(({ userId, message }) => ({
      user_id: userId,
      msg_name: cut(message.msg_name, 50),
      title: cut(message.title, 200),
      content: cut(message.content, 2000),
      action_code: message.action_code,
      ext_params: JSON.stringify(message.ext_params ?? {}),
      created_at: now,
    })),
  );
  if (items.length) signalChanged(tenantId, [...new Set(items.map((i) => i.userId))]);
  return ids;
}

/** A notification as the client sees it (spec §3): time in ms, ext_params a JSON string, status 0/1. */
export function present(n: NotificationRow) {
  return {
    id: Number(n.id),
    msg_name: n.msg_name,
    time: Number(n.created_at),
    title: n.title,
    content: n.content,
    action_code: Number(n.action_code),
    ext_params: n.ext_params,
    /** 0 unread, 1 read. */
    status: n.read_at === null ? 0 : 1,
    read_at: n.read_at === null ? null : Number(n.read_at),
  };
}
export type NotificationView = ReturnType<typeof present>;

/** The list filter accepts the spec's words and their numbers: unread | 0, read | 1; empty = all. */
export type ReadFilter = '' | 'unread' | 'read' | '0' | '1';
function readFlag(status: ReadFilter | undefined): boolean | undefined {
  if (status === 'unread' || status === '0') return false;
  if (status === 'read' || status === '1') return true;
  return undefined;
}

/** GET notify/list. A personal account (no organisation) has no notifications. */
export async function listNotifications(
  db: Db,
  caller: Caller,
  q: { keyword?: string; page_num: number; page_size: number; status?: ReadFilter },
) {
  const page = { page_num: q.page_num, page_size: q.page_size };
  if (caller.tenantId === null) return { items: [], page: { ...page, total: 0 }, unread_total: 0 };
  const [{ items, total }, unread] = await Promise.all([
    pageNotifications(db, caller.tenantId, caller.userId, {
      keyword: q.keyword,
      read: readFlag(q.status),
      pageNum: q.page_num,
      pageSize: q.page_size,
    }),
    countUnread(db, caller.tenantId, caller.userId),
  ]);
  return { items: items.map(present), page: { ...page, total }, unread_total: unread };
}

export async function unreadTotal(db: Db, caller: Caller): Promise<number> {
  return caller.tenantId === null ? 0 : countUnread(db, caller.tenantId, caller.userId);
}

/** The form a 201 notification is about: ext_params.bid, else ext_params.id. */
function formIdOf(n: NotificationRow): string | null {
  if (Number(n.action_code) !== NotifyAction.form) return null;
  try {
    const p = JSON.parse(n.ext_params) as NotifyExtParams;
    const id = p.bid ?? p.id;
    return id === undefined || id === null || String(id) === '' ? null : String(id).slice(0, 64);
  } catch {
    return null;
  }
}

/**
 * POST notify/read: one of the caller's notifications ({id}) or all of them ({hasAll: true}).
 * Reading a 201 notification also records its form as read (notify_form_reads), in the same transaction.
 * Another person's or tenant's id is "not found"; reading a read notification again changes nothing.
 */
export async function readNotifications(
  db: Db,
  caller: Caller,
  target: { id?: number; hasAll?: boolean },
  now = Date.now(),
) {
  const tenantId = caller.tenantId;
  if (tenantId === null) {
    if (target.hasAll) return { updated: 0, unread_total: 0 };
    throw notifyErrors.notFound();
  }
  const updated = await db.transaction().execute(async (tx) => {
    if (target.hasAll) {
      const forms = await unreadWithActions(tx, tenantId, caller.userId, [NotifyAction.form]);
      const n = await markRead(tx, tenantId, caller.userId, { all: true }, now);
      await insertFormReads(tx, tenantId, caller.userId, formReads(forms), now);
      return n;
    }
    const row = await findNotification(tx, tenantId, caller.userId, target.id!);
    if (!row) throw notifyErrors.notFound();
    const n = await markRead(tx, tenantId, caller.userId, { id: row.id }, now);
    if (n > 0) await insertFormReads(tx, tenantId, caller.userId, formReads([row]), now);
    return n;
  });
  if (updated > 0) signalChanged(tenantId, [caller.userId]);
  return { updated, unread_total: await countUnread(db, tenantId, caller.userId) };
}

function formReads(rows: NotificationRow[]) {
  const out: { form_id: string; notification_id: number }[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const formId = formIdOf(r);
    if (formId === null || seen.has(formId)) continue;
    seen.add(formId);
    out.push({ form_id: formId, notification_id: Number(r.id) });
  }
  return out;
}

// ---- Task completion → a notification to the task's creator ----

/** Operating types whose result the client does not announce (spec §3: type 33 shows no result message). */
const SILENT_TASK_TYPES = new Set([33]);

/** The message of a finished task: imports report counts, exports point to the download centre. */
export function taskMessage(e: TaskFinishedEvent): NotifyMessage {
  const name = taskTypeName(e.operatingType);
  const kind = TASK_TYPE_POLICIES[e.operatingType]?.kind ?? (name.includes('导入') ? 'import' : 'export');
  const ok = e.status === 1;
  return {
    msg_name: '任务通知',
    title: `${name}${ok ? '成功' : '失败'}`,
    content: !ok
      ? (e.errorMsg ?? '任务执行失败，请稍后重试')
      : kind === 'import'
        ? `成功 ${e.successAmount} 条，失败 ${e.failAmount} 条`
        : '文件已生成，请前往下载中心下载',
    action_code: NotifyAction.taskFinished,
    ext_params: { taskId: e.taskId },
  };
}

/** The AppDeps.onTaskFinished hook of the notification centre. */
export function taskFinishedNotifier(db: Db) {
  return async (e: TaskFinishedEvent) => {
    if (SILENT_TASK_TYPES.has(e.operatingType)) return;
    await notifyUsers(db, e.tenantId, [e.creatorUserId], taskMessage(e), e.finishedAt);
  };
}

/**
 * AppDeps with task completion notifying the task's creator; a hook the caller passed still runs after.
 * modules/index.ts hands these deps to the task centre.
 */
export function withTaskNotifications(deps: AppDeps): AppDeps {
  const notify = taskFinishedNotifier(deps.db);
  const other = deps.onTaskFinished;
  return {
    ...deps,
    onTaskFinished: async (e) => {
      try {
        await notify(e);
      } finally {
        if (other) await other(e);
      }
    },
  };
}
