import type { Db } from '../../../platform/db/database.js';

/** SQL of approval matrices and their rows (matrix.service.ts). */

export async function listMatrices(db: Db, tenantId: number, dimension?: string) {
  let q = db
    .selectFrom('approval_matrices as m')
    .leftJoin('approval_matrix_rows as r', (j) =>
      j.onRef('r.matrix_id', '=', 'm.id').on('r.tenant_id', '=', tenantId),
    )
    .select(['m.id', 'm.name', 'm.dimension', 'm.remark', 'm.updated_at'])
    .select((eb) => eb.fn.count<number>('r.id').as('row_count'))
    .where('m.tenant_id', '=', tenantId)
    .groupBy(['m.id', 'm.name', 'm.dimension', 'm.remark', 'm.updated_at']);
  if (dimension) q = q.where('m.dimension', '=', dimension);
  return q.orderBy('m.id').execute();
}

export async function getMatrix(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('approval_matrices')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function rowsOf(db: Db, tenantId: number, matrixId: number) {
  return db
    .selectFrom('approval_matrix_rows as r')
    .leftJoin('organizations as o', (j) =>
      j.onRef('o.id', '=', 'r.company_id').on('o.tenant_id', '=', tenantId),
    )
    .leftJoin('departments as dp', (j) =>
      j.onRef('dp.id', '=', 'r.department_id').on('dp.tenant_id', '=', tenantId),
    )
    .select([
      'r.id',
      'r.company_id',
      'r.department_id',
      'r.min_amount',
      'r.max_amount',
      'r.approver_ids',
      'o.name as company_name',
      'dp.name as department_name',
    ])
    .where('r.tenant_id', '=', tenantId)
    .where('r.matrix_id', '=', matrixId)
    .orderBy('r.sort_order')
    .orderBy('r.id')
    .execute();
}

export async function nameTaken(db: Db, tenantId: number, name: string, exceptId = 0) {
  const r = await db
    .selectFrom('approval_matrices')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return r !== undefined;
}

export async function insertMatrix(
  db: Db,
  tenantId: number,
  v: { name: string; dimension: string; remark: string },
  now: number,
) {
  const r = await db
    .insertInto('approval_matrices')
    .values({ tenant_id: tenantId, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateMatrix(
  db: Db,
  tenantId: number,
  id: number,
  v: { name: string; dimension: string; remark: string },
  now: number,
) {
  await db
    .updateTable('approval_matrices')
    .set({ ...v, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function replaceRows(
  db: Db,
  tenantId: number,
  matrixId: number,
  rows: {
    company_id: number | null;
    department_id: number | null;
    min_amount: number | null;
    max_amount: number | null;
    approver_ids: string;
  }[],
) {
  await db
    .deleteFrom('approval_matrix_rows')
    .where('tenant_id', '=', tenantId)
    .where('matrix_id', '=', matrixId)
    .execute();
  if (rows.length === 0) return;
  await db
    .insertInto('approval_matrix_rows')
    .values(rows.map((r, i) => ({ tenant_id: tenantId, matrix_id: matrixId, ...r, sort_order: i + 1 })))
    .execute();
}

export async function deleteMatrix(db: Db, tenantId: number, id: number) {
  await db
    .deleteFrom('approval_matrix_rows')
    .where('tenant_id', '=', tenantId)
    .where('matrix_id', '=', id)
    .execute();
  await db.deleteFrom('approval_matrices').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
