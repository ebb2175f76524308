import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makePersonal, makeStaff } from '../../../test/factories.js';
import { addGroupMember, createDepartment, createPrivilegeGroup } from '../../seed/demo.js';
import { PrivilegeCode } from './privileges.errors.js';
import { caller, count, groupRow, makeAdminTenant, memberStaffIds, shape } from './privileges.testkit.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const FORBIDDEN = { status: PlatformCode.forbidden, msg: '您没有该操作的权限' };

async function group(tenantId: number, name: string, perms: string[], members: number[] = []) {
  const id = await createPrivilegeGroup(t.db, tenantId, name, perms, false);
  for (const s of members) await addGroupMember(t.db, tenantId, id, s);
  return id;
}

describe('routes', () => {
  it('each privileges route names the permission it needs', () => {
    const mine = t.app.builtRoutes
      .filter((r) => r.url.startsWith('/auth-center/api/v1/privileges') && r.method !== 'HEAD')
      .map(
        (r) =>
          `${r.method} ${r.url.replace('/auth-center/api/v1/', '').replaceAll('::', ':')} ${r.permission}`,
      )
      .sort();
    expect(mine).toEqual(
      [
        'GET privileges/user/menus signed-in',
        'GET privileges/menus menuSetting:view',
        'PUT privileges/menus menuSetting:edit',
        'GET privileges permissionGroup:view',
        'GET privileges/options staff',
        'POST privileges permissionGroup:add',
        'PUT privileges permissionGroup:edit',
        'DELETE privileges permissionGroup:delete',
        'GET privileges/delete:check permissionGroup:delete',
        'GET privileges/value functionPermission:view',
        'PUT privileges:value:batch_update functionPermission:edit',
        'GET privileges/members memberManagement:view',
        'POST privileges/members:add memberManagement:edit',
        'POST privileges/members:remove memberManagement:edit',
        'GET privileges/user/grade:check staff',
      ].sort(),
    );
  });
});

describe('GET privileges (permission group list)', () => {
  it('lists the tenant’s groups, builtin first, with active member counts, keyword and paging', async () => {
    const a = await makeAdminTenant(t);
    const b = await makeAdminTenant(t);
    const s1 = await makeStaff(t.db, a.tenantId);
    const s2 = await makeStaff(t.db, a.tenantId);
    const gone = await makeStaff(t.db, a.tenantId);
    await group(a.tenantId, '财务审批', ['memberManagement:view'], [s1.staffId, s2.staffId, gone.staffId]);
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', gone.staffId).execute();
    await group(b.tenantId, '乙方专用组', []);

    const res = await call(a.admin.token, 'GET', '?page_num=1&page_size=10');
    expect(res.code).toBe(200);
    expect(res.body.data.page).toEqual({ page_num: 1, page_size: 10, total: 2 });
    expect(res.body.data.items.map((g: any) => [g.name, g.is_builtin, g.member_count])).toEqual([
      ['系统管理员', true, 1],
      ['财务审批', false, 2],
    ]);
    expect(Object.keys(res.body.data.items[1]).sort()).toEqual(
      ['created_at', 'description', 'id', 'is_builtin', 'is_default', 'member_count', 'name', 'perms'].sort(),
    );
    expect(res.body.data.items[1].perms).toEqual(['memberManagement:view']);

    const found = await call(a.admin.token, 'GET', `?keyword=${encodeURIComponent('财务')}`);
    expect(found.body.data.items.map((g: any) => g.name)).toEqual(['财务审批']);
    const page2 = await call(a.admin.token, 'GET', '?page_num=2&page_size=1');
    expect(page2.body.data.items.map((g: any) => g.name)).toEqual(['财务审批']);
  });

  it('refuses a bad page size with a Chinese message and a caller without permissionGroup:view', async () => {
    const a = await makeAdminTenant(t);
    const bad = await call(a.admin.token, 'GET', '?page_size=0');
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toBe('每页条数：必须大于等于1');
    const plain = await makeStaff(t.db, a.tenantId, ['permissionGroup:add']);
    const res = await call(plain.token, 'GET', '');
    expect(res.code).toBe(403);
    expect(res.body).toMatchObject(FORBIDDEN);
  });
});

describe('GET privileges/options', () => {
  it('lists group names to anyone who may view groups, permissions or members, in their tenant only', async () => {
    const a = await makeAdminTenant(t);
    const b = await makeAdminTenant(t);
    await group(b.tenantId, '乙方组', []);
    const memberViewer = await makeStaff(t.db, a.tenantId, ['memberManagement:view']);
    const res = await call(memberViewer.token, 'GET', '/options');
    expect(res.code).toBe(200);
    expect(res.body.data.items.map((g: any) => g.name)).toEqual([
      '系统管理员',
      expect.stringMatching(/^测试组/),
    ]);
    const plain = await makeStaff(t.db, a.tenantId);
    expect((await call(plain.token, 'GET', '/options')).body).toMatchObject(FORBIDDEN);
  });
});

describe('POST privileges (create a group)', () => {
  it('creates a group with checked permissions; names are unique per tenant only', async () => {
    const a = await makeAdminTenant(t);
    const b = await makeAdminTenant(t);
    const res = await call(a.admin.token, 'POST', '', {
      name: ' 审计组 ',
      description: '只读',
      perms: ['menuSetting:view', 'permissionGroup:view', 'menuSetting:view'],
    });
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '审计组',
      description: '只读',
      perms: ['menuSetting:view', 'permissionGroup:view'],
      is_builtin: false,
      member_count: 0,
    });
    const row = await groupRow(t, res.body.data.id);
    expect(row?.tenant_id).toBe(a.tenantId);

    const dup = await call(a.admin.token, 'POST', '', { name: '审计组' });
    expect(dup.code).toBe(409);
    expect(dup.body).toMatchObject({
      status: PrivilegeCode.groupNameTaken,
      msg: '权限组名称已存在',
      data: { fields: [{ field: 'name', msg: '权限组名称已存在' }] },
    });
    const other = await call(b.admin.token, 'POST', '', { name: '审计组' });
    expect(other.code).toBe(200);
    expect(other.body.data.perms).toEqual([]);
  });

  it('refuses unknown permissions (naming them), an empty name, and writes nothing', async () => {
    const a = await makeAdminTenant(t);
    const before = await count(t, 'privilege_groups');
    const unknown = await call(a.admin.token, 'POST', '', {
      name: '新组',
      perms: ['menuSetting:view', 'menuSetting:fly', 'nope:view'],
    });
    expect(unknown.code).toBe(400);
    expect(unknown.body).toMatchObject({
      status: PrivilegeCode.permUnknown,
      msg: '权限不存在：menuSetting:fly、nope:view',
    });
    const empty = await call(a.admin.token, 'POST', '', { name: '' });
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toBe('权限组名称：不能为空');
    const long = await call(a.admin.token, 'POST', '', { name: '名'.repeat(51) });
    expect(long.body.msg).toBe('权限组名称：不能超过50个字符');
    const badPerm = await call(a.admin.token, 'POST', '', { name: '新组', perms: [1] });
    expect(badPerm.body.msg).toMatch(/^权限：/);
    expect(await count(t, 'privilege_groups')).toBe(before);
  });

  it('lets a caller grant only permissions they hold, and needs permissionGroup:add', async () => {
    const a = await makeAdminTenant(t);
    const adder = await makeStaff(t.db, a.tenantId, ['permissionGroup:add', 'menuSetting:view']);
    const ok = await call(adder.token, 'POST', '', { name: '菜单查看', perms: ['menuSetting:view'] });
    expect(ok.code).toBe(200);
    const star = await call(adder.token, 'POST', '', { name: '越权组', perms: ['*', 'menuSetting:edit'] });
    expect(star.code).toBe(403);
    expect(star.body).toMatchObject({
      status: PrivilegeCode.grantNotHeld,
      msg: '不能授予您自己没有的权限：*、menuSetting:edit',
    });
    const viewer = await makeStaff(t.db, a.tenantId, ['permissionGroup:view']);
    expect((await call(viewer.token, 'POST', '', { name: '另一组' })).body).toMatchObject(FORBIDDEN);
    const names = (
      await t.db.selectFrom('privilege_groups').select('name').where('tenant_id', '=', a.tenantId).execute()
    ).map((r) => r.name);
    expect(names).not.toContain('越权组');
    expect(names).not.toContain('另一组');
  });
});

describe('PUT privileges (edit a group)', () => {
  it('changes name, description and perms', async () => {
    const a = await makeAdminTenant(t);
    const id = await group(a.tenantId, '旧名', ['menuSetting:view']);
    const res = await call(a.admin.token, 'PUT', '', {
      id,
      name: '新名',
      description: '说明',
      perms: ['permissionGroup:view'],
    });
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      name: '新名',
      description: '说明',
      perms: ['permissionGroup:view'],
    });
    const only = await call(a.admin.token, 'PUT', '', { id, description: '' });
    expect(only.body.data).toMatchObject({
      name: '新名',
      description: null,
      perms: ['permissionGroup:view'],
    });
  });

  it('refuses another tenant’s group as not found and leaves it unchanged', async () => {
    const a = await makeAdminTenant(t);
    const b = await makeAdminTenant(t);
    const bGroup = await group(b.tenantId, '乙方组', ['menuSetting:view']);
    const before = await groupRow(t, bGroup);
    const res = await call(a.admin.token, 'PUT', '', { id: bGroup, name: '被改了', perms: [] });
    expect(res.code).toBe(404);
    expect(res.body).toMatchObject({ status: PrivilegeCode.groupNotFound, msg: '权限组不存在或已被删除' });
    expect(await groupRow(t, bGroup)).toEqual(before);
  });

  it('protects the builtin admin group’s name and perms but lets its description change', async () => {
    const a = await makeAdminTenant(t);
    const rename = await call(a.admin.token, 'PUT', '', { id: a.adminGroupId, name: '超级管理员' });
    expect(rename.code).toBe(409);
    expect(rename.body).toMatchObject({
      status: PrivilegeCode.builtinReadonly,
      msg: '系统内置权限组的名称和权限不可修改',
    });
    const perms = await call(a.admin.token, 'PUT', '', { id: a.adminGroupId, perms: ['menuSetting:view'] });
    expect(perms.code).toBe(409);
    const desc = await call(a.admin.token, 'PUT', '', {
      id: a.adminGroupId,
      name: '系统管理员',
      description: '全部权限',
    });
    expect(desc.code).toBe(200);
    expect((await groupRow(t, a.adminGroupId))?.perms).toBe('["*"]');
  });

  it('refuses a taken name, bad input and a caller without permissionGroup:edit, writing nothing', async () => {
    const a = await makeAdminTenant(t);
    const id = await group(a.tenantId, '甲组', []);
    await group(a.tenantId, '乙组', []);
    const before = await groupRow(t, id);
    const taken = await call(a.admin.token, 'PUT', '', { id, name: '乙组' });
    expect(taken.code).toBe(409);
    const badId = await call(a.admin.token, 'PUT', '', { id: 0, name: 'x' });
    expect(badId.code).toBe(400);
    expect(badId.body.msg).toBe('权限组ID：必须是正整数');
    const unknown = await call(a.admin.token, 'PUT', '', { id, name: '丙组', perms: ['x:y'] });
    expect(unknown.body.msg).toBe('权限不存在：x:y');
    const editor = await makeStaff(t.db, a.tenantId, ['permissionGroup:view']);
    expect((await call(editor.token, 'PUT', '', { id, name: '丁组' })).body).toMatchObject(FORBIDDEN);
    expect(await groupRow(t, id)).toEqual(before);
  });
});

describe('GET privileges/delete:check and DELETE privileges', () => {
  it('explains why a group cannot be deleted', async () => {
    const a = await makeAdminTenant(t);
    const s1 = await makeStaff(t.db, a.tenantId);
    const s2 = await makeStaff(t.db, a.tenantId);
    const withMembers = await group(a.tenantId, '有人组', [], [s1.staffId, s2.staffId]);
    const empty = await group(a.tenantId, '空组', []);
    const check = async (id: number) =>
      (await call(a.admin.token, 'GET', `/delete:check?id=${id}`)).body.data;
    expect(await check(a.adminGroupId)).toEqual({ can_delete: false, reason: '系统内置权限组不可删除' });
    expect(await check(withMembers)).toEqual({
      can_delete: false,
      reason: '该权限组下还有2名成员，请先移除成员',
    });
    expect(await check(empty)).toEqual({ can_delete: true, reason: null });
    // A resigned member does not block deletion.
    await t.db.updateTable('staff').set({ status: 2 }).where('id', 'in', [s1.staffId, s2.staffId]).execute();
    expect(await check(withMembers)).toEqual({ can_delete: true, reason: null });
  });

  it('deletes an empty group with its member rows; refuses builtin and groups with members', async () => {
    const a = await makeAdminTenant(t);
    const s = await makeStaff(t.db, a.tenantId);
    const busy = await group(a.tenantId, '忙组', [], [s.staffId]);
    const empty = await group(a.tenantId, '空组', []);
    const del = await call(a.admin.token, 'DELETE', `?id=${empty}`);
    expect(del.code).toBe(200);
    expect(del.body.data).toEqual({ id: empty });
    expect(await groupRow(t, empty)).toBeUndefined();

    const builtin = await call(a.admin.token, 'DELETE', `?id=${a.adminGroupId}`);
    expect(builtin.code).toBe(409);
    expect(builtin.body).toMatchObject({
      status: PrivilegeCode.builtinNotDeletable,
      msg: '系统内置权限组不可删除',
    });
    const withMember = await call(a.admin.token, 'DELETE', `?id=${busy}`);
    expect(withMember.code).toBe(409);
    expect(withMember.body.msg).toBe('该权限组下还有1名成员，请先移除成员');
    expect(await groupRow(t, busy)).toBeDefined();
    expect(await memberStaffIds(t, busy)).toEqual([s.staffId]);
  });

  it('refuses another tenant’s group as not found, bad ids, and callers without permissionGroup:delete', async () => {
    const a = await makeAdminTenant(t);
    const b = await makeAdminTenant(t);
    const bGroup = await group(b.tenantId, '乙方空组', []);
    const check = await call(a.admin.token, 'GET', `/delete:check?id=${bGroup}`);
    expect(check.code).toBe(404);
    const del = await call(a.admin.token, 'DELETE', `?id=${bGroup}`);
    expect(del.code).toBe(404);
    expect(await groupRow(t, bGroup)).toBeDefined();

    const bad = await call(a.admin.token, 'DELETE', '?id=abc');
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toMatch(/^权限组ID：/);
    expect((await call(a.admin.token, 'GET', '/delete:check')).body.msg).toMatch(/^权限组ID：/);

    const own = await group(a.tenantId, '甲方空组', []);
    const viewer = await makeStaff(t.db, a.tenantId, ['permissionGroup:view', 'permissionGroup:edit']);
    expect((await call(viewer.token, 'GET', `/delete:check?id=${own}`)).body).toMatchObject(FORBIDDEN);
    expect((await call(viewer.token, 'DELETE', `?id=${own}`)).body).toMatchObject(FORBIDDEN);
    expect(await groupRow(t, own)).toBeDefined();
  });
});

describe('function permissions: GET privileges/value and PUT privileges:value:batch_update', () => {
  it('shows the catalogue’s permission values with what a group holds', async () => {
    const a = await makeAdminTenant(t);
    const id = await group(a.tenantId, '查看组', ['functionPermission:view', 'menuSetting:edit']);
    const res = await call(a.admin.token, 'GET', `/value?group_id=${id}`);
    expect(res.code).toBe(200);
    const { items, group: g, all } = res.body.data;
    expect(g).toMatchObject({ id, name: '查看组', is_builtin: false });
    expect(all).toBe(false);
    expect(shape(items)).toEqual([
      { invoiceManage: ['invoice', 'orgInvoice', 'invoiceCenter', 'invoiceVoucher'] },
      { todo: ['todoList', 'submittedList'] },
      {
        bill: [
          'billExpense',
          'billApply',
          'billRequestNote',
          'billLoan',
          'billRepayment',
          'billCustom',
          'billAnalysis',
        ],
      },
      { payment: ['paymentWaiting', 'paymentBatch'] },
      {
        scenes: [
          'scenesRule',
          'quotaRelease',
          'quota',
          'scenesOrderCenterOrderList',
          'scenesOrderChannel',
          'orgAccount',
        ],
      },
      { cardPay: ['cardList', 'cardRelease'] },
      { purchasing: ['billPurchase', 'purchaseApply', 'purchaseTask', 'purchaseOrder'] },
      { flowManage: ['flowList', 'flowGroup', 'flowMatrix', 'flowAgent', 'flowIntervene'] },
      {
        setcenter: [
          { permission: ['functionPermission', 'memberManagement', 'permissionGroup'] },
          'menuSetting',
          {
            orgStructure: [
              'orgStaff',
              'companyInfo',
              'jobGrade',
              'title',
              'cityGroup',
              'userGroup',
              'account',
              'operationLog',
              'syncConflict',
            ],
          },
          'invoiceCompliance',
          'rightRecharge',
          'auditRule',
          { spendStandards: ['tripStandard', 'costStandard', 'controlSetting', 'standardSetting'] },
          'projectList',
          'feeTypeList',
          { budgetManage: ['budgetList'] },
          { integrationCenter: ['integrationBudget', 'integrationPlatform'] },
          'dictionary',
          'announcement',
          'mobileSetting',
        ],
      },
    ]);
    const fp = items.find((n: any) => n.name === 'setcenter').children[0].children[0];
    expect(fp).toMatchObject({
      name: 'functionPermission',
      title: '功能权限',
      path: '/setcenter/permission/function',
    });
    expect(fp.values).toEqual([
      { value: 'view', label: '查看', perm: 'functionPermission:view', granted: true },
      { value: 'edit', label: '编辑', perm: 'functionPermission:edit', granted: false },
    ]);
    const setcenter = (list: any[]) => list.find((n: any) => n.name === 'setcenter');
    expect(setcenter(items).children[1].values.map((v: any) => v.granted)).toEqual([false, true]);

    const admin = await call(a.admin.token, 'GET', `/value?group_id=${a.adminGroupId}`);
    expect(admin.body.data.all).toBe(true);
    expect(setcenter(admin.body.data.items).children[1].values.every((v: any) => v.granted)).toBe(true);
  });

  it('replaces a group’s permissions, checked against the catalogue', async () => {
    const a = await makeAdminTenant(t);
    const id = await group(a.tenantId, '编辑组', ['menuSetting:view']);
    const res = await call(a.admin.token, 'PUT', ':value:batch_update', {
      group_id: id,
      perms: ['permissionGroup:view', 'permissionGroup:add'],
    });
    expect(res.code).toBe(200);
    expect(res.body.data.perms).toEqual(['permissionGroup:add', 'permissionGroup:view']);
    const unknown = await call(a.admin.token, 'PUT', ':value:batch_update', {
      group_id: id,
      perms: ['permissionGroup:fly'],
    });
    expect(unknown.code).toBe(400);
    expect(unknown.body.msg).toBe('权限不存在：permissionGroup:fly');
    const missing = await call(a.admin.token, 'PUT', ':value:batch_update', { group_id: id });
    expect(missing.code).toBe(400);
    expect(missing.body.msg).toMatch(/^权限：/);
    expect((await groupRow(t, id))?.perms).toBe('["permissionGroup:add","permissionGroup:view"]');
  });

  it('refuses the builtin group, another tenant’s group, bad ids and callers without the permission', async () => {
    const a = await makeAdminTenant(t);
    const b = await makeAdminTenant(t);
    const bGroup = await group(b.tenantId, '乙方组', ['menuSetting:view']);
    const builtin = await call(a.admin.token, 'PUT', ':value:batch_update', {
      group_id: a.adminGroupId,
      perms: [],
    });
    expect(builtin.code).toBe(409);
    expect((await groupRow(t, a.adminGroupId))?.perms).toBe('["*"]');
    const other = await call(a.admin.token, 'PUT', ':value:batch_update', { group_id: bGroup, perms: [] });
    expect(other.code).toBe(404);
    expect((await groupRow(t, bGroup))?.perms).toBe('["menuSetting:view"]');
    expect((await call(a.admin.token, 'GET', `/value?group_id=${bGroup}`)).code).toBe(404);
    expect((await call(a.admin.token, 'GET', '/value?group_id=-1')).body.msg).toBe('权限组ID：必须是正整数');

    const own = await group(a.tenantId, '甲方组', ['menuSetting:view']);
    const viewer = await makeStaff(t.db, a.tenantId, ['functionPermission:view']);
    expect((await call(viewer.token, 'GET', `/value?group_id=${own}`)).code).toBe(200);
    const put = await call(viewer.token, 'PUT', ':value:batch_update', { group_id: own, perms: [] });
    expect(put.body).toMatchObject(FORBIDDEN);
    const plain = await makeStaff(t.db, a.tenantId);
    expect((await call(plain.token, 'GET', `/value?group_id=${own}`)).body).toMatchObject(FORBIDDEN);
    expect((await groupRow(t, own))?.perms).toBe('["menuSetting:view"]');
  });

  it('a removed permission hides the menu entry and refuses the API on the very next request', async () => {
    const a = await makeAdminTenant(t);
    const s = await makeStaff(t.db, a.tenantId);
    const id = await group(
      a.tenantId,
      '菜单组',
      ['menuSetting:view', 'functionPermission:view'],
      [s.staffId],
    );
    const names = async () =>
      JSON.stringify(shape((await call(s.token, 'GET', '/user/menus')).body.data.menus));
    expect(await names()).toContain('menuSetting');
    expect((await call(s.token, 'GET', '/menus')).code).toBe(200);

    const res = await call(a.admin.token, 'PUT', ':value:batch_update', {
      group_id: id,
      perms: ['functionPermission:view'],
    });
    expect(res.code).toBe(200);
    expect(await names()).not.toContain('menuSetting');
    expect(await names()).toContain('functionPermission');
    const refused = await call(s.token, 'GET', '/menus');
    expect(refused.code).toBe(403);
    expect((await call(s.token, 'GET', '/user/menus')).body.data.rules.perms).toEqual([
      'functionPermission:view',
    ]);
  });
});

describe('members: GET privileges/members, POST members:add and members:remove', () => {
  it('lists a group’s active members with organisation and departments', async () => {
    const a = await makeAdminTenant(t);
    const s1 = await makeStaff(t.db, a.tenantId);
    const s2 = await makeStaff(t.db, a.tenantId);
    const d2 = await createDepartment(t.db, a.tenantId, a.companyId, '第二部', 2);
    await t.db
      .insertInto('staff_departments')
      .values([
        { tenant_id: a.tenantId, staff_id: s1.staffId, dept_id: d2 },
        { tenant_id: a.tenantId, staff_id: s1.staffId, dept_id: a.deptId },
      ])
      .execute();
    const id = await group(a.tenantId, '成员组', [], [s1.staffId, s2.staffId]);
    const res = await call(a.admin.token, 'GET', `/members?group_id=${id}`);
    expect(res.code).toBe(200);
    expect(res.body.data.page).toEqual({ page_num: 1, page_size: 20, total: 2 });
    const row = res.body.data.items.find((r: any) => r.staff_id === s1.staffId);
    const org = await t.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', a.tenantId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      staff_id: s1.staffId,
      user_id: s1.userId,
      name: expect.any(String),
      phone: s1.phone,
      org_name: org.name,
      dept_names: ['测试部', '第二部'],
    });
    const byPhone = await call(a.admin.token, 'GET', `/members?group_id=${id}&keyword=${s2.phone}`);
    expect(byPhone.body.data.items.map((r: any) => r.staff_id)).toEqual([s2.staffId]);
  });

  it('refuses another tenant’s group, bad input and callers without memberManagement:view', async () => {
    const a = await makeAdminTenant(t);
    const b = await makeAdminTenant(t);
    expect((await call(a.admin.token, 'GET', `/members?group_id=${b.adminGroupId}`)).code).toBe(404);
    const missing = await call(a.admin.token, 'GET', '/members');
    expect(missing.code).toBe(400);
    expect(missing.body.msg).toMatch(/^权限组ID：/);
    const plain = await makeStaff(t.db, a.tenantId, ['memberManagement:edit']);
    expect((await call(plain.token, 'GET', `/members?group_id=${a.adminGroupId}`)).body).toMatchObject(
      FORBIDDEN,
    );
  });

  it('adds members (skipping ones already in) and the new member gets the menus on the next request', async () => {
    const a = await makeAdminTenant(t);
    const id = await group(a.tenantId, '菜单管理员', ['menuSetting:view']);
    const s1 = await makeStaff(t.db, a.tenantId);
    const s2 = await makeStaff(t.db, a.tenantId);
    const before = JSON.stringify((await call(s1.token, 'GET', '/user/menus')).body.data.menus);
    expect(before).not.toContain('menuSetting');

    const res = await call(a.admin.token, 'POST', '/members:add', {
      group_id: id,
      staff_ids: [s1.staffId, s2.staffId, s1.staffId],
    });
    expect(res.code).toBe(200);
    expect(res.body.data).toEqual({ added: 2, member_count: 2 });
    const again = await call(a.admin.token, 'POST', '/members:add', {
      group_id: id,
      staff_ids: [s1.staffId],
    });
    expect(again.body.data).toEqual({ added: 0, member_count: 2 });
    expect(JSON.stringify((await call(s1.token, 'GET', '/user/menus')).body.data.menus)).toContain(
      'menuSetting',
    );
    expect((await call(s1.token, 'GET', '/menus')).code).toBe(200);
  });

  it('refuses another tenant’s or a resigned staff member as not found and adds no one', async () => {
    const a = await makeAdminTenant(t);
    const b = await makeAdminTenant(t);
    const id = await group(a.tenantId, '甲组', []);
    const mine = await makeStaff(t.db, a.tenantId);
    const theirs = await makeStaff(t.db, b.tenantId);
    const resigned = await makeStaff(t.db, a.tenantId);
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', resigned.staffId).execute();

    const cross = await call(a.admin.token, 'POST', '/members:add', {
      group_id: id,
      staff_ids: [mine.staffId, theirs.staffId],
    });
    expect(cross.code).toBe(404);
    expect(cross.body).toMatchObject({
      status: PrivilegeCode.staffNotFound,
      msg: `员工不存在或已离职：${theirs.staffId}`,
    });
    const gone = await call(a.admin.token, 'POST', '/members:add', {
      group_id: id,
      staff_ids: [resigned.staffId],
    });
    expect(gone.code).toBe(404);
    expect(await memberStaffIds(t, id)).toEqual([]);

    // Tenant B's group, even with tenant B's own staff, is not found for tenant A.
    const bGroup = await group(b.tenantId, '乙组', []);
    const otherGroup = await call(a.admin.token, 'POST', '/members:add', {
      group_id: bGroup,
      staff_ids: [theirs.staffId],
    });
    expect(otherGroup.code).toBe(404);
    expect(otherGroup.body.status).toBe(PrivilegeCode.groupNotFound);
    expect(await memberStaffIds(t, bGroup)).toEqual([]);
    const otherRemove = await call(a.admin.token, 'POST', '/members:remove', {
      group_id: b.adminGroupId,
      staff_ids: [b.admin.staffId],
    });
    expect(otherRemove.code).toBe(404);
    expect(await memberStaffIds(t, b.adminGroupId)).toEqual([b.admin.staffId]);
  });

  it('refuses bad input with Chinese messages and callers without memberManagement:edit', async () => {
    const a = await makeAdminTenant(t);
    const id = await group(a.tenantId, '甲组', []);
    const s = await makeStaff(t.db, a.tenantId);
    const empty = await call(a.admin.token, 'POST', '/members:add', { group_id: id, staff_ids: [] });
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toBe('员工ID：请至少选择一名员工');
    const bad = await call(a.admin.token, 'POST', '/members:remove', { group_id: id, staff_ids: ['x'] });
    expect(bad.body.msg).toMatch(/^员工ID：/);
    const viewer = await makeStaff(t.db, a.tenantId, ['memberManagement:view']);
    expect(
      (await call(viewer.token, 'POST', '/members:add', { group_id: id, staff_ids: [s.staffId] })).body,
    ).toMatchObject(FORBIDDEN);
    expect(
      (await call(viewer.token, 'POST', '/members:remove', { group_id: id, staff_ids: [s.staffId] })).body,
    ).toMatchObject(FORBIDDEN);
    expect(await memberStaffIds(t, id)).toEqual([]);
  });

  it('removes members, and the removed member loses the menus and the API on the next request', async () => {
    const a = await makeAdminTenant(t);
    const s = await makeStaff(t.db, a.tenantId);
    const other = await makeStaff(t.db, a.tenantId);
    const id = await group(a.tenantId, '菜单管理员', ['menuSetting:view'], [s.staffId]);
    expect((await call(s.token, 'GET', '/menus')).code).toBe(200);
    const res = await call(a.admin.token, 'POST', '/members:remove', {
      group_id: id,
      staff_ids: [s.staffId, other.staffId],
    });
    expect(res.code).toBe(200);
    expect(res.body.data).toEqual({ removed: 1, member_count: 0 });
    expect((await call(s.token, 'GET', '/menus')).code).toBe(403);
    expect(JSON.stringify((await call(s.token, 'GET', '/user/menus')).body.data.menus)).not.toContain(
      'menuSetting',
    );
  });

  it('never removes the last system administrator', async () => {
    const a = await makeAdminTenant(t);
    const second = await makeStaff(t.db, a.tenantId);
    const last = await call(a.admin.token, 'POST', '/members:remove', {
      group_id: a.adminGroupId,
      staff_ids: [a.admin.staffId],
    });
    expect(last.code).toBe(409);
    expect(last.body).toMatchObject({ status: PrivilegeCode.lastAdmin, msg: '至少保留一名系统管理员' });
    expect(await memberStaffIds(t, a.adminGroupId)).toEqual([a.admin.staffId]);

    await call(a.admin.token, 'POST', '/members:add', {
      group_id: a.adminGroupId,
      staff_ids: [second.staffId],
    });
    const both = await call(a.admin.token, 'POST', '/members:remove', {
      group_id: a.adminGroupId,
      staff_ids: [a.admin.staffId, second.staffId],
    });
    expect(both.code).toBe(409);
    expect((await memberStaffIds(t, a.adminGroupId)).length).toBe(2);
    const one = await call(a.admin.token, 'POST', '/members:remove', {
      group_id: a.adminGroupId,
      staff_ids: [a.admin.staffId],
    });
    expect(one.body.data).toEqual({ removed: 1, member_count: 1 });
    // The removed admin is an admin no more, at once.
    expect((await call(a.admin.token, 'GET', '')).code).toBe(403);
  });

  it('does not let a member manager put anyone into a group with more rights than their own', async () => {
    const a = await makeAdminTenant(t);
    const manager = await makeStaff(t.db, a.tenantId, ['memberManagement:edit', 'memberManagement:view']);
    const res = await call(manager.token, 'POST', '/members:add', {
      group_id: a.adminGroupId,
      staff_ids: [manager.staffId],
    });
    expect(res.code).toBe(403);
    expect(res.body).toMatchObject({ status: PrivilegeCode.groupBeyondCaller });
    expect(await memberStaffIds(t, a.adminGroupId)).toEqual([a.admin.staffId]);
    const small = await group(a.tenantId, '小组', ['memberManagement:view']);
    const s = await makeStaff(t.db, a.tenantId);
    expect(
      (await call(manager.token, 'POST', '/members:add', { group_id: small, staff_ids: [s.staffId] })).code,
    ).toBe(200);
  });

  it('is for staff of an organisation: a personal account is refused', async () => {
    const a = await makeAdminTenant(t);
    const p = await makePersonal(t.db);
    const res = await call(p.token, 'GET', `/members?group_id=${a.adminGroupId}`);
    expect(res.code).toBe(403);
  });
});
