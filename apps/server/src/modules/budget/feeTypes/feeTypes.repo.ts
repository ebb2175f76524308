import type { Selectable } from 'kysely';
import type { FeeTypesTable } from '../../../db/schema.js';
import type { Db } from '../../../platform/db/database.js';
import { dialectOf } from '../../../platform/db/dialect.js';

/** All SQL of 费用类型 (fee_types); every call is scoped to the tenant. */

export type FeeTypeRowDb = Omit<Selectable<FeeTypesTable>, 'tenant_id' | 'bill_types'> & {
  bill_types: string[];
};
export type FeeTypeValues = Pick<
  Selectable<FeeTypesTable>,
  'name' | 'parent_id' | 'subject_code' | 'sort'
> & { bill_types: string[] };

const COLS = [
  'id',
  'code',
  'name',
  'parent_id',
  'enabled',
  'subject_code',
  'bill_types',
  'sort',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
] as const;

function parseTypes(s: string): string[] {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const num = (r: Omit<Selectable<FeeTypesTable>, 'tenant_id'>): FeeTypeRowDb => ({
  ...r,
  id: Number(r.id),
  parent_id: Number(r.parent_id),
  enabled: Number(r.enabled),
  bill_types: parseTypes(r.bill_types),
  sort: Number(r.sort),
  created_by: Number(r.created_by),
  created_at: Number(r.created_at),
  updated_by: Number(r.updated_by),
  updated_at: Number(r.updated_at),
});

/**
 * The tenant's whole tree (a few hundred rows at most), unordered. `lock`: inside a write's transaction, the
 * tenant's rows locked on PostgreSQL (FOR UPDATE), so two moves, a move and an add, or a 停用 and a 启用 of one
 * tenant's tree run one after the other and each sees the other's result (no cycle from two crossing moves);
 * SQLite runs one write transaction at a time anyway.
 */
export async function allFeeTypes(db: Db, tenantId: number, lock = false) {
  let q = db.selectFrom('fee_types').select(COLS).where('tenant_id', '=', tenantId).orderBy('id');
  if (lock && dialectOf(db) === 'postgres') q = q.forUpdate();
  const rows = await q.execute();
  return rows.map(num);
}

/**
 * What changes whenever the tenant's tree does: an add raises the count and the largest id, a delete lowers
 * the count, an update or a 停用/启用 moves the latest updated_at. Keys the cached index (feeTypeIndex).
 */
export async function treeStamp(db: Db, tenantId: number) {
  const r = await db
    .selectFrom('fee_types')
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.max('id').as('top'),
      eb.fn.max('updated_at').as('changed'),
    ])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return `${r.n}|${r.top}|${r.changed}`;
}

export async function getFeeType(db: Db, tenantId: number, id: number) {
  const r = await db
    .selectFrom('fee_types')
    .select(COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r && num(r);
}

export async function insertFeeType(
  db: Db,
  tenantId: number,
  v: FeeTypeValues & { code: string; enabled: number },
  by: number,
  now: number,
) {
  const row = await db
    .insertInto('fee_types')
    .values({
      tenant_id: tenantId,
      ...v,
      bill_types: JSON.stringify(v.bill_types),
      created_by: by,
      created_at: now,
      updated_by: by,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateFeeType(
  db: Db,
  tenantId: number,
  id: number,
  v: FeeTypeValues,
  by: number,
  now: number,
) {
  await db
    .updateTable('fee_types')
    .set({ ...v, bill_types: JSON.stringify(v.bill_types), updated_by: by, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function setEnabled(
  db: Db,
  tenantId: number,
  ids: number[],
  enabled: number,
  by: number,
  now: number,
) {
  if (ids.length === 0) return;
  await db
    .updateTable('fee_types')
    .set({ enabled, updated_by: by, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

export async function deleteFeeType(db: Db, tenantId: number, id: number) {
  await db.deleteFrom('fee_types').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
