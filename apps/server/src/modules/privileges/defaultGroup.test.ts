import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeStaff, nextPhone } from '../../../test/factories.js';
import {
  assignDefaultGroups,
  DEFAULT_STAFF_PERMS,
} from '../../db/migrations/20261128T0560_default_staff_group.js';
import { caller, groupRow, makeAdminTenant, memberStaffIds } from './privileges.testkit.js';

/** Everyone can start (issue 20, part 7): the default permission group new staff join. */
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const defaultOf = (tenantId: number) =>
  t.db
    .selectFrom('privilege_groups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_default', '=', 1)
    .execute();

async function addMember(token: string, tenant: { companyId: number; deptId: number }) {
  const phone = nextPhone();
  const r = await t.app.inject({
    method: 'POST',
    url: '/org-arch-center/api/v1/users:post',
    headers: { 'x-session-token': token },
    payload: { name: '新成员', phone, org_id: tenant.companyId, dept_ids: [tenant.deptId] },
  });
  expect(r.json().status).toBe(0);
  return Number(
    (await t.db.selectFrom('staff').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id,
  );
}

describe('the default permission group', () => {
  it('the migration gives every tenant one and puts staff without any group in it', async () => {
    const a = await makeAdminTenant(t);
    const groupless = await makeStaff(t.db, a.tenantId);
    const grouped = await makeStaff(t.db, a.tenantId, ['invoice:view']);
    await assignDefaultGroups(t.db);
    const [g] = await defaultOf(a.tenantId);
    expect(g).toMatchObject({ name: '普通员工', is_builtin: 0 });
    expect(JSON.parse(g.perms)).toEqual(DEFAULT_STAFF_PERMS);
    expect(DEFAULT_STAFF_PERMS).toEqual(
      expect.arrayContaining(['billExpense:add', 'invoice:add', 'todoList:view', 'submittedList:view']),
    );
    expect(await memberStaffIds(t, g.id)).toEqual([groupless.staffId]);
    // Running it again changes nothing.
    await assignDefaultGroups(t.db);
    expect(await defaultOf(a.tenantId)).toHaveLength(1);
    expect(await memberStaffIds(t, g.id)).toEqual([groupless.staffId]);
    void grouped;
  });

  it('new staff join it; the administrator changes its permissions and may make another group the default', async () => {
    const a = await makeAdminTenant(t);
    const first = await addMember(a.admin.token, a);
    const [g] = await defaultOf(a.tenantId);
    expect(await memberStaffIds(t, g.id)).toEqual([first]);

    const list = await call(a.admin.token, 'GET', '?page_num=1&page_size=20');
    expect(list.body.data.items.find((x: { id: number }) => x.id === g.id)).toMatchObject({
      is_default: true,
    });

    const edited = await call(a.admin.token, 'PUT', '', {
      id: g.id,
      perms: ['invoice:view', 'todoList:view'],
    });
    expect(edited.body.data).toMatchObject({ is_default: true, perms: ['invoice:view', 'todoList:view'] });

    const other = await call(a.admin.token, 'POST', '', { name: '新员工组', perms: ['invoice:view'] });
    const moved = await call(a.admin.token, 'PUT', '', { id: other.body.data.id, is_default: true });
    expect(moved.body.data.is_default).toBe(true);
    expect((await groupRow(t, g.id))?.is_default).toBe(0);
    const second = await addMember(a.admin.token, a);
    expect(await memberStaffIds(t, other.body.data.id)).toEqual([second]);
    expect(await memberStaffIds(t, g.id)).toEqual([first]);
  });

  it('is moved, never unset or deleted; refusals in Chinese change nothing', async () => {
    const a = await makeAdminTenant(t);
    await addMember(a.admin.token, a);
    const [g] = await defaultOf(a.tenantId);
    const unset = await call(a.admin.token, 'PUT', '', { id: g.id, is_default: false });
    expect(unset.code).toBe(409);
    expect(unset.body.msg).toBe('请将其他权限组设为默认，新成员需要一个默认权限组');
    await t.db.deleteFrom('privilege_group_members').where('group_id', '=', g.id).execute();
    const del = await call(a.admin.token, 'DELETE', `?id=${g.id}`);
    expect(del.code).toBe(409);
    expect(del.body.msg).toBe('默认权限组不可删除：新成员默认加入该组，请先将其他权限组设为默认');
    expect(await defaultOf(a.tenantId)).toHaveLength(1);
    const builtin = await call(a.admin.token, 'PUT', '', { id: a.adminGroupId, is_default: true });
    expect(builtin.code).toBe(409);
    const bad = await call(a.admin.token, 'PUT', '', { id: g.id, is_default: 'yes' });
    expect(bad.code).toBe(400);
  });

  it("another tenant's group and a caller without permissionGroup:edit are refused", async () => {
    const a = await makeAdminTenant(t);
    const b = await makeAdminTenant(t);
    await addMember(b.admin.token, b);
    const [bg] = await defaultOf(b.tenantId);
    expect((await call(a.admin.token, 'PUT', '', { id: bg.id, is_default: true })).code).toBe(404);
    const viewer = await makeStaff(t.db, b.tenantId, ['permissionGroup:view']);
    expect((await call(viewer.token, 'PUT', '', { id: bg.id, is_default: true })).code).toBe(403);
    expect((await groupRow(t, bg.id))?.is_default).toBe(1);
  });
});

describe('purchase prompts', () => {
  it('only those who may buy get the version and add-on notices (立即订购)', async () => {
    const a = await makeAdminTenant(t);
    const now = Date.now();
    await t.db
      .insertInto('tenant_product_versions')
      .values({
        tenant_id: a.tenantId,
        product_version_name: '标准版',
        activated_at: now - 400 * 86_400_000,
        expired_at: now - 86_400_000,
        is_test_version: 0,
        charging_mode: 2,
        created_at: now,
      })
      .execute();
    const plain = await makeStaff(t.db, a.tenantId, DEFAULT_STAFF_PERMS);
    const buyer = await makeStaff(t.db, a.tenantId, ['rightRecharge:buy']);
    const notices = async (token: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/right-recharge/api/v1/tenant:notify',
          headers: { 'x-session-token': token },
        })
      ).json().data;
    expect(await notices(plain.token)).toEqual([]);
    expect(await notices(buyer.token)).toEqual([expect.objectContaining({ notify_type: 1 })]);
    expect(await notices(a.admin.token)).toEqual([expect.objectContaining({ notify_type: 1 })]);
  });
});
