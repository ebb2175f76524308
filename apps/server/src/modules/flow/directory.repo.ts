import type { Db } from '../../platform/db/database.js';

/** The tenant snapshot the engine's directory is built from (directory.ts). */
export async function snapshot(db: Db, tenantId: number) {
  const [staff, depts, heads, members, matrix] = await Promise.all([
    db
      .selectFrom('staff')
      .select(['id', 'supervisor_id', 'status'])
      .where('tenant_id', '=', tenantId)
      .execute(),
    db
      .selectFrom('staff_departments')
      .select(['staff_id', 'dept_id'])
      .where('tenant_id', '=', tenantId)
      .orderBy('dept_id')
      .execute(),
    db
      .selectFrom('departments')
      .select(['id', 'leader_id'])
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .where('leader_id', 'is not', null)
      .execute(),
    db
      .selectFrom('privilege_group_members as m')
      .innerJoin('privilege_groups as g', 'g.id', 'm.group_id')
      .select(['m.group_id', 'm.staff_id', 'g.is_builtin'])
      .where('m.tenant_id', '=', tenantId)
      .where('g.tenant_id', '=', tenantId)
      .execute(),
    db
      .selectFrom('approval_matrix_rows')
      .select(['matrix_id', 'company_id', 'department_id', 'min_amount', 'max_amount', 'approver_ids'])
      .where('tenant_id', '=', tenantId)
      .orderBy('matrix_id')
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return { staff, depts, heads, members, matrix };
}

/** id → name of the tenant's staff among ids (resigned ones too: records keep their names). */
export async function staffNames(db: Db, tenantId: number, ids: number[]) {
  const unique = [...new Set(ids.filter((i) => Number.isFinite(i) && i > 0))];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Active staff of the tenant among ids. */
export async function activeStaff(db: Db, tenantId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('staff')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', unique)
    .where('status', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Active staff of the tenant among ids with their person (user id) and name: who a notice goes to. */
export async function activeStaffUsers(db: Db, tenantId: number, ids: number[]) {
  const unique = [...new Set(ids.filter((i) => Number.isFinite(i) && i > 0))];
  if (unique.length === 0) return new Map<number, { userId: number; name: string }>();
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'user_id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', unique)
    .where('status', '=', 1)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { userId: Number(r.user_id), name: r.name }]));
}
