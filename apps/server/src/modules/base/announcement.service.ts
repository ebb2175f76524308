import { AnnouncementStatus, AnnouncementStatusLabel, type Announcement } from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { logOp, staffName } from '../org/index.js';
import { baseErrors } from './base.errors.js';
import * as repo from './base.repo.js';

/**
 * 公告 (decision 0060): an administrator writes a draft, publishes it (publish time = now), withdraws it (已撤回,
 * no longer shown), edits a draft or a withdrawn one (it goes back to 草稿) and deletes one that is not
 * published. Staff read the published ones on the workbench. Each step is a conditional UPDATE on the status it
 * starts from, so two administrators' crossing steps cannot both apply; each is in the operation log.
 */

const LOG = 'announcement';
const { draft, published, withdrawn } = AnnouncementStatus;

const out = (a: repo.AnnouncementRow): Announcement => ({
  ...a,
  statusText: AnnouncementStatusLabel[a.status as AnnouncementStatus] ?? '',
});

type PageQ = { page_num: number; page_size: number };
const page = <T>(items: T[], q: PageQ, total: number) => ({
  items,
  page: { page_num: q.page_num, page_size: q.page_size, total },
});

export async function listAnnouncements(
  db: Db,
  caller: TenantCaller,
  q: PageQ & { keyword?: string; status?: number },
) {
  const r = await repo.pageAnnouncements(db, caller.tenantId, {
    keyword: q.keyword || undefined,
    status: q.status,
    offset: (q.page_num - 1) * q.page_size,
    limit: q.page_size,
  });
  return page(r.items.map(out), q, r.total);
}

export async function publishedAnnouncements(db: Db, caller: TenantCaller, q: PageQ) {
  const r = await repo.pageAnnouncements(db, caller.tenantId, {
    status: published,
    offset: (q.page_num - 1) * q.page_size,
    limit: q.page_size,
  });
  return page(r.items.map(out), q, r.total);
}

/** Staff read a published one; an administrator (`any`) reads any of the tenant's. */
export async function announcementDetail(db: Db, caller: TenantCaller, id: number, any: boolean) {
  const a = await repo.announcementById(db, caller.tenantId, id);
  if (!a || (!any && a.status !== published)) throw baseErrors.announcementNotFound();
  return out(a);
}

async function found(db: Db, caller: TenantCaller, id: number) {
  const a = await repo.announcementById(db, caller.tenantId, id);
  if (!a) throw baseErrors.announcementNotFound();
  return a;
}

export async function saveAnnouncement(
  db: Db,
  caller: TenantCaller,
  input: { id?: number; title: string; content: string },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    let id: number;
    if (input.id === undefined) {
      const author = (await staffName(trx, caller.tenantId, caller.staffId)) ?? '';
      id = await repo.insertAnnouncement(
        trx,
        caller.tenantId,
        { title: input.title, content: input.content, author_id: caller.staffId, author_name: author },
        now,
      );
    } else {
      await found(trx, caller, input.id);
      const changed = await repo.updateAnnouncement(
        trx,
        caller.tenantId,
        input.id,
        [draft, withdrawn],
        { title: input.title, content: input.content, status: draft },
        now,
      );
      if (!changed) throw baseErrors.announcementState('公告已发布，请先撤回再修改');
      id = input.id;
    }
    await logOp(
      trx,
      caller,
      {
        module: LOG,
        action: input.id === undefined ? 'create' : 'update',
        targetType: 'announcement',
        targetId: id,
        summary: `${input.id === undefined ? '新增' : '修改'}公告「${input.title}」`,
        after: { title: input.title },
      },
      now,
    );
    return { id };
  });
}

async function step(
  db: Db,
  caller: TenantCaller,
  id: number,
  now: number,
  s: {
    from: number[];
    set: { status: number; publish_time?: number };
    refused: string;
    action: string;
    verb: string;
  },
) {
  return db.transaction().execute(async (trx) => {
    const a = await found(trx, caller, id);
    if (!(await repo.updateAnnouncement(trx, caller.tenantId, id, s.from, s.set, now)))
      throw baseErrors.announcementState(s.refused);
    await logOp(
      trx,
      caller,
      {
        module: LOG,
        action: s.action,
        targetType: 'announcement',
        targetId: id,
        summary: `${s.verb}公告「${a.title}」`,
        before: { status: a.status },
        after: { status: s.set.status },
      },
      now,
    );
    return { id };
  });
}

export const publishAnnouncement = (db: Db, caller: TenantCaller, id: number, now = Date.now()) =>
  step(db, caller, id, now, {
    from: [draft, withdrawn],
    set: { status: published, publish_time: now },
    refused: '公告已发布',
    action: 'publish',
    verb: '发布',
  });

export const withdrawAnnouncement = (db: Db, caller: TenantCaller, id: number, now = Date.now()) =>
  step(db, caller, id, now, {
    from: [published],
    set: { status: withdrawn },
    refused: '只有已发布的公告可以撤回',
    action: 'withdraw',
    verb: '撤回',
  });

export async function deleteAnnouncement(db: Db, caller: TenantCaller, id: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const a = await found(trx, caller, id);
    if (!(await repo.deleteAnnouncement(trx, caller.tenantId, id, [draft, withdrawn])))
      throw baseErrors.announcementState('已发布的公告不能删除，请先撤回');
    await logOp(
      trx,
      caller,
      {
        module: LOG,
        action: 'delete',
        targetType: 'announcement',
        targetId: id,
        summary: `删除公告「${a.title}」`,
        before: { title: a.title, status: a.status },
      },
      now,
    );
    return { id };
  });
}
