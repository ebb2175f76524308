import type { TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { addGroupMember, createPrivilegeGroup } from '../../seed/demo.js';

/** Helpers shared by the privileges test files. */

export const API = '/auth-center/api/v1/privileges';

export function caller(t: TestApp) {
  return async (
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url: `${API}${url}`,
      headers: token ? { 'x-session-token': token } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
  };
}

/** A tenant with its builtin 系统管理员 group (`*`) and one admin in it. */
export async function makeAdminTenant(t: TestApp) {
  const tenant = await makeTenant(t.db);
  const admin = await makeStaff(t.db, tenant.tenantId);
  const adminGroupId = await createPrivilegeGroup(t.db, tenant.tenantId, '系统管理员', ['*'], true);
  await addGroupMember(t.db, tenant.tenantId, adminGroupId, admin.staffId);
  return { ...tenant, admin, adminGroupId };
}

export async function groupRow(t: TestApp, id: number) {
  return t.db.selectFrom('privilege_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function memberStaffIds(t: TestApp, groupId: number) {
  const rows = await t.db
    .selectFrom('privilege_group_members')
    .select('staff_id')
    .where('group_id', '=', groupId)
    .orderBy('staff_id')
    .execute();
  return rows.map((r) => Number(r.staff_id));
}

export async function count(
  t: TestApp,
  table: 'privilege_groups' | 'privilege_group_members' | 'menu_overrides',
) {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** name → children names, for comparing menu trees by shape. */
export function shape(nodes: any[]): any[] {
  return nodes.map((n) => (n.children.length ? { [n.name]: shape(n.children) } : n.name));
}
