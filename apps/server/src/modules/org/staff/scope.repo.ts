import type { Db } from '../../../platform/db/database.js';

/** Who a scope names: the whole organisation, departments (with their sub-departments), user groups, persons. */
export interface StaffScope {
  all: boolean;
  deptIds: number[];
  groupIds: number[];
  userIds: number[];
}

export interface ScopedStaff {
  userId: number;
  staffId: number;
  name: string;
  phone: string;
}

const CHUNK = 500;

/**
 * The active staff of a tenant a scope names, each person once, by user id. Ids of another tenant name
 * nobody (every query is bound to the tenant). Departments include their sub-departments.
 */
export async function staffInScope(db: Db, tenantId: number, scope: StaffScope): Promise<ScopedStaff[]> {
  const base = () =>
    db
      .selectFrom('staff')
      .select(['staff.user_id as userId', 'staff.id as staffId', 'staff.name', 'staff.phone'])
      .where('staff.tenant_id', '=', tenantId)
      .where('staff.status', '=', 1);
  if (scope.all) return base().orderBy('staff.id').execute();
  const out = new Map<number, ScopedStaff>();
  const add = (rows: ScopedStaff[]) => rows.forEach((r) => out.set(r.userId, r));
  if (scope.deptIds.length > 0) {
    const depts = await db
      .selectFrom('departments')
      .select(['id', 'pid'])
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .execute();
    const wanted = new Set(scope.deptIds.filter((d) => depts.some((x) => x.id === d)));
    for (let grew = true; grew;) {
      grew = false;
      for (const d of depts) {
        if (!wanted.has(d.id) && wanted.has(d.pid)) {
          wanted.add(d.id);
          grew = true;
        }
      }
    }
    const list = [...wanted];
    for (let i = 0; i < list.length; i += CHUNK) {
      const part = list.slice(i, i + CHUNK);
      add(
        await base()
          .where('staff.id', 'in', (eb) =>
            eb
              .selectFrom('staff_departments')
              .select('staff_id')
              .where('tenant_id', '=', tenantId)
              .where('dept_id', 'in', part),
          )
          .execute(),
      );
    }
  }
  if (scope.groupIds.length > 0) {
    add(
      await base()
        .where('staff.id', 'in', (eb) =>
          eb
            .selectFrom('user_group_members')
            .select('staff_id')
            .where('tenant_id', '=', tenantId)
            .where('group_id', 'in', scope.groupIds),
        )
        .execute(),
    );
  }
  for (let i = 0; i < scope.userIds.length; i += CHUNK) {
    add(
      await base()
        .where('staff.user_id', 'in', scope.userIds.slice(i, i + CHUNK))
        .execute(),
    );
  }
  return [...out.values()].sort((a, b) => a.staffId - b.staffId);
}

/** Names and phones of the tenant's staff by user id (lists' name columns). */
export async function staffByUserIds(db: Db, tenantId: number, userIds: number[]) {
  const out = new Map<number, { name: string; phone: string }>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom('staff')
      .select(['user_id', 'name', 'phone'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', unique.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(r.user_id, { name: r.name, phone: r.phone });
  }
  return out;
}
