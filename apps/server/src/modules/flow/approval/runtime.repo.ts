import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';

/** SQL of the running side: instances (engine state), the to-do tasks table, the approval log, 知会 rows. */

export async function getInstance(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('flow_instances')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertInstance(
  db: Db,
  tenantId: number,
  v: { bill_id: number; flow_id: number; version: number },
  now: number,
) {
  const r = await db
    .insertInto('flow_instances')
    .values({
      tenant_id: tenantId,
      ...v,
      state: '{}',
      revision: 0,
      status: 'running',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function instancesByIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('flow_instances')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

export interface InstanceSave {
  id: number;
  /** The revision the state was computed from; null for a fresh instance (submit: nobody else holds it). */
  oldRevision: number | null;
  state: string;
  revision: number;
  status: string;
}

/**
 * Saves new states in one statement, each only over the revision it was computed from
 * (`... WHERE id = x AND revision = old OR ...`): answers the ids saved; a missing id means another action won.
 */
export async function saveInstances(db: Db, tenantId: number, rows: InstanceSave[], now: number) {
  if (rows.length === 0) return new Set<number>();
  const pick = <T>(col: (r: InstanceSave) => T, cast?: 'integer') =>
    sql<T>`case ${sql.ref('id')} ${sql.join(
      rows.map((r) => sql`when ${r.id} then ${cast ? sql`cast(${col(r)} as integer)` : col(r)}`),
      sql` `,
    )} end`;
  const saved = await db
    .updateTable('flow_instances')
    .set({
      state: pick((r) => r.state),
      revision: pick((r) => r.revision, 'integer'),
      status: pick((r) => r.status),
      updated_at: now,
    })
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or(
        rows.map((r) =>
          r.oldRevision === null
            ? eb('id', '=', r.id)
            : eb.and([eb('id', '=', r.id), eb('revision', '=', r.oldRevision)]),
        ),
      ),
    )
    .returning('id')
    .execute();
  return new Set(saved.map((r) => r.id));
}

export interface TaskRow {
  instance_id: number;
  bill_id: number;
  task_id: string;
  node_id: string;
  node_name: string;
  assignee_id: number;
  on_behalf_of: number | null;
  agent_window_id: number | null;
  status: string;
  bill_type: string;
  submitter_id: number;
  created_at: number;
}

/** Rewrites the open tasks of the instances (the to-do rows) with `rows`. */
export async function replaceTasks(db: Db, tenantId: number, instanceIds: number[], rows: TaskRow[]) {
  if (instanceIds.length === 0) return;
  await db
    .deleteFrom('flow_tasks')
    .where('tenant_id', '=', tenantId)
    .where('instance_id', 'in', instanceIds)
    .execute();
  if (rows.length)
    await db
      .insertInto('flow_tasks')
      .values(rows.map((r) => ({ tenant_id: tenantId, ...r })))
      .execute();
}

export async function insertLogs(
  db: Db,
  tenantId: number,
  rows: {
    bill_id: number;
    instance_id: number | null;
    type: string;
    at: number;
    node_id: string | null;
    actor_id: number | null;
    on_behalf_of: number | null;
    event: string;
  }[],
) {
  if (rows.length)
    await db
      .insertInto('flow_logs')
      .values(rows.map((r) => ({ tenant_id: tenantId, ...r })))
      .execute();
}

export async function logsOf(db: Db, tenantId: number, billId: number) {
  return db
    .selectFrom('flow_logs')
    .select(['id', 'instance_id', 'type', 'at', 'event'])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .orderBy('id')
    .execute();
}

export async function insertCcs(
  db: Db,
  tenantId: number,
  rows: {
    bill_id: number;
    staff_id: number;
    from_id: number | null;
    node_id: string | null;
    node_name: string;
    created_at: number;
  }[],
) {
  if (rows.length)
    await db
      .insertInto('flow_ccs')
      .values(rows.map((r) => ({ tenant_id: tenantId, ...r })))
      .execute();
}

export async function isCcRecipient(db: Db, tenantId: number, billId: number, staffId: number) {
  const r = await db
    .selectFrom('flow_ccs')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  return r !== undefined;
}

export async function markCcRead(db: Db, tenantId: number, billId: number, staffId: number, now: number) {
  await db
    .updateTable('flow_ccs')
    .set({ read_at: now })
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .where('staff_id', '=', staffId)
    .where('read_at', 'is', null)
    .execute();
}

/** Did the staff member ever act on the document (or an agent act for them)? */
export async function actedOn(db: Db, tenantId: number, billId: number, staffId: number) {
  const r = await db
    .selectFrom('flow_logs')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .where((eb) => eb.or([eb('actor_id', '=', staffId), eb('on_behalf_of', '=', staffId)]))
    .executeTakeFirst();
  return r !== undefined;
}

export async function openTasksOf(db: Db, tenantId: number, billIds: number[]) {
  if (billIds.length === 0) return [];
  return db
    .selectFrom('flow_tasks')
    .select(['bill_id', 'task_id', 'assignee_id', 'node_name'])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', 'in', billIds)
    .execute();
}

/** Running instances still holding tasks given out by an agent window (its id in their state). */
export async function instancesWithWindow(db: Db, tenantId: number, windowId: number) {
  return db
    .selectFrom('flow_instances')
    .select(['id', 'bill_id'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'running')
    .where('state', 'like', `%"agentWindowId":"${windowId}"%`)
    .execute();
}
