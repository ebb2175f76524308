import type { Insertable, Selectable } from 'kysely';
import type { TasksTable } from '../../db/schema.js';
import type { Db } from '../../platform/db/database.js';
import { countAndPage } from '../../platform/db/queries.js';

export type TaskRow = Selectable<TasksTable>;
export type NewTask = Omit<Insertable<TasksTable>, 'tenant_id'>;

const RUNNING = 0;

export async function insertTask(db: Db, tenantId: number, row: NewTask): Promise<number> {
  const { id } = await db
    .insertInto('tasks')
    .values({ ...row, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findTask(db: Db, tenantId: number, id: number): Promise<TaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A task of this staff member in this tenant; anyone else's answers undefined. */
export async function findOwnTask(
  db: Db,
  tenantId: number,
  staffId: number,
  id: number,
): Promise<TaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('creator_staff_id', '=', staffId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function pageOwnTasks(
  db: Db,
  tenantId: number,
  staffId: number,
  q: { operatingType?: number; status?: number; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('tasks').where('tenant_id', '=', tenantId).where('creator_staff_id', '=', staffId);
  if (q.operatingType !== undefined) base = base.where('operating_type', '=', q.operatingType);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  return countAndPage(
    base,
    (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    q.pageNum,
    q.pageSize,
  );
}

/** Progress of a running task; a finished (or deleted) task is left alone. */
export async function updateProgress(
  db: Db,
  tenantId: number,
  id: number,
  p: { successAmount: number; failAmount: number; checkpoint?: string | null; now: number },
) {
  await db
    .updateTable('tasks')
    .set({
      success_amount: p.successAmount,
      fail_amount: p.failAmount,
      ...(p.checkpoint !== undefined ? { checkpoint: p.checkpoint } : {}),
      updated_at: p.now,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', RUNNING)
    .execute();
}

/** Finishes a running task once; answers false when it was already finished (or is gone). */
export async function finishTask(
  db: Db,
  tenantId: number,
  id: number,
  f: {
    status: 1 | 2;
    successAmount?: number;
    failAmount?: number;
    outputKey?: string | null;
    outputName?: string | null;
    errorMsg?: string | null;
    now: number;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('tasks')
    .set({
      status: f.status,
      ...(f.successAmount !== undefined ? { success_amount: f.successAmount } : {}),
      ...(f.failAmount !== undefined ? { fail_amount: f.failAmount } : {}),
      ...(f.outputKey !== undefined ? { output_key: f.outputKey, output_name: f.outputName ?? null } : {}),
      error_msg: f.errorMsg ?? null,
      updated_at: f.now,
      finished_at: f.now,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', RUNNING)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes a finished task of this staff member; answers the deleted row. */
export async function deleteOwnFinishedTask(
  db: Db,
  tenantId: number,
  staffId: number,
  id: number,
): Promise<TaskRow | undefined> {
  return db
    .deleteFrom('tasks')
    .where('tenant_id', '=', tenantId)
    .where('creator_staff_id', '=', staffId)
    .where('id', '=', id)
    .where('status', '<>', RUNNING)
    .returningAll()
    .executeTakeFirst();
}
