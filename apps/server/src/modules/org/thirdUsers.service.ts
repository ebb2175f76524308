import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { orgErrors } from './org.errors.js';
import { pageOf } from './org.schemas.js';
import { LogModule, logOp } from './oplog.service.js';
import * as staffRepo from './staff.repo.js';
import * as repo from './thirdUsers.repo.js';
import { ConflictStatus, type NewConflict } from './thirdUsers.repo.js';

/**
 * Third-party users the directory sync could not match by itself (e.g. a phone already used by
 * another staff member). The sync (later) calls `recordSyncConflict`; an administrator resolves each
 * one by binding it to an existing staff member or ignoring it.
 */

export async function recordSyncConflict(db: Db, tenantId: number, c: NewConflict, now = Date.now()) {
  return repo.upsertConflict(db, tenantId, c, now);
}

export async function hasSyncHandle(db: Db, caller: TenantCaller) {
  const count = await repo.countPending(db, caller.tenantId);
  return { has_handle: count > 0, count };
}

export async function syncHandleList(
  db: Db,
  caller: TenantCaller,
  q: { status?: number; platform?: string; page_num: number; page_size: number },
) {
  const { items, total } = await repo.pageConflicts(db, caller.tenantId, {
    status: q.status,
    platform: q.platform,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return pageOf(
    items.map((r) => ({
      id: r.id,
      platform: r.platform,
      third_user_id: r.third_user_id,
      name: r.name,
      phone: r.phone,
      reason: r.reason,
      status: r.status,
      resolution: r.resolution,
      staff_id: r.staff_id,
      resolved_at: r.resolved_at,
      created_at: r.created_at,
    })),
    q.page_num,
    q.page_size,
    total,
  );
}

export async function syncHandle(
  db: Db,
  caller: TenantCaller,
  input: { id: number; action: 'bind' | 'ignore'; staff_id?: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const c = await repo.getConflict(trx, caller.tenantId, input.id);
    if (!c) throw orgErrors.conflictNotFound();
    if (c.status !== ConflictStatus.pending) throw orgErrors.alreadyResolved();
    let staffId: number | null = null;
    if (input.action === 'bind') {
      if (input.staff_id === undefined) throw orgErrors.bindNeedsStaff();
      if (!(await staffRepo.getStaff(trx, caller.tenantId, input.staff_id))) throw orgErrors.staffNotFound();
      staffId = input.staff_id;
    }
    await repo.resolveConflict(
      trx,
      caller.tenantId,
      input.id,
      { resolution: input.action, staff_id: staffId, resolved_by: caller.staffId },
      now,
    );
    await logOp(
      trx,
      caller,
      {
        module: LogModule.thirdUser,
        action: input.action,
        targetType: 'third_user_sync_conflict',
        targetId: input.id,
        summary: input.action === 'bind' ? `同步冲突「${c.name}」绑定到员工` : `忽略同步冲突「${c.name}」`,
        before: { status: c.status, resolution: c.resolution, staff_id: c.staff_id },
        after: { status: ConflictStatus.resolved, resolution: input.action, staff_id: staffId },
      },
      now,
    );
    return { id: input.id };
  });
}
