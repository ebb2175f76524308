import type { Db } from '../../../platform/db/database.js';

/** SQL of 差旅与费用标准: the tenant's settings row (its lock and version) and the standard cells. */

export async function getSettings(db: Db, tenantId: number) {
  return db
    .selectFrom('spend_standard_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** Just the version: the resolution cache's stamp. */
export async function settingsVersion(db: Db, tenantId: number) {
  const r = await db
    .selectFrom('spend_standard_settings')
    .select('version')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return r ? Number(r.version) : 0;
}

/**
 * Takes the tenant's standards lock inside the caller's transaction and raises the version: the row is made
 * if missing (a concurrent maker waits, then finds it), then updated — on PostgreSQL the update holds the row
 * until commit, so a second save of the same tenant runs after the first, seeing its rows. SQLite serialises
 * writers anyway.
 */
export async function lockAndBump(trx: Db, tenantId: number, by: number, now: number) {
  await trx
    .insertInto('spend_standard_settings')
    .values({ tenant_id: tenantId })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  await trx
    .updateTable('spend_standard_settings')
    .set((eb) => ({ version: eb('version', '+', 1), updated_by: by, updated_at: now }))
    .where('tenant_id', '=', tenantId)
    .execute();
}

export async function updateSettings(
  trx: Db,
  tenantId: number,
  patch: { dimension?: string; city_mode?: string; controls?: string },
) {
  await trx.updateTable('spend_standard_settings').set(patch).where('tenant_id', '=', tenantId).execute();
}

export interface TableKey {
  kind: string;
  feeType: string;
  subjectType: string;
}

/** The cells of a table in force now (valid_to null). */
export async function currentCells(db: Db, tenantId: number, t: TableKey) {
  return db
    .selectFrom('spend_standards')
    .select(['subject_id', 'city_group_id', 'value', 'valid_from', 'created_by'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', t.kind)
    .where('fee_type', '=', t.feeType)
    .where('subject_type', '=', t.subjectType)
    .where('valid_to', 'is', null)
    .orderBy('id')
    .execute();
}

/** When and by whom a table was saved last (also when it was emptied: its closed cells say so). */
export async function lastSave(db: Db, tenantId: number, t: TableKey) {
  return db
    .selectFrom('spend_standards')
    .select(['valid_from', 'created_by'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', t.kind)
    .where('fee_type', '=', t.feeType)
    .where('subject_type', '=', t.subjectType)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Replaces a table: its current cells end at `now`, the new ones start at `now`. */
export async function replaceTable(
  trx: Db,
  tenantId: number,
  t: TableKey,
  cells: { subjectId: number; cityGroupId: number; value: string }[],
  by: number,
  now: number,
) {
  await trx
    .updateTable('spend_standards')
    .set({ valid_to: now })
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', t.kind)
    .where('fee_type', '=', t.feeType)
    .where('subject_type', '=', t.subjectType)
    .where('valid_to', 'is', null)
    .execute();
  for (let i = 0; i < cells.length; i += 300) {
    await trx
      .insertInto('spend_standards')
      .values(
        cells.slice(i, i + 300).map((c) => ({
          tenant_id: tenantId,
          kind: t.kind,
          fee_type: t.feeType,
          subject_type: t.subjectType,
          subject_id: c.subjectId,
          city_group_id: c.cityGroupId,
          value: c.value,
          valid_from: now,
          valid_to: null,
          created_by: by,
        })),
      )
      .execute();
  }
}

/** Every cell of a tenant, current and past: what the resolution cache holds. */
export async function allCells(db: Db, tenantId: number) {
  return db
    .selectFrom('spend_standards')
    .select([
      'kind',
      'fee_type',
      'subject_type',
      'subject_id',
      'city_group_id',
      'value',
      'valid_from',
      'valid_to',
    ])
    .where('tenant_id', '=', tenantId)
    .execute();
}
