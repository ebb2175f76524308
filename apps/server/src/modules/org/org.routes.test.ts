import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makePersonal, makeStaff } from '../../../test/factories.js';
import { BASE, client, dumpTenant, orgFixture, type OrgFixture, type Req } from './org.testkit.js';

/**
 * Every route of /org-arch-center/api/v1/ owned by the org module, checked the same four ways:
 * missing permission → 403; bad input → 400 with a Chinese message naming the field and nothing
 * written; another tenant's ids → not found and nothing changed; (success is covered per feature in
 * the other test files, and by the last block here for every route).
 */

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** One permission, or a list of which any one is enough. */
  perm: string | readonly string[];
  /** Bad input and the field label the message must name; absent for routes that take no input. */
  bad?: [Req, string];
  /** A request naming tenant B's ids; `found` says the answer is 200 with no B data instead of 404. */
  cross?: (b: OrgFixture, a: OrgFixture) => Req;
  crossOk?: (data: any, b: OrgFixture) => void;
  /** A request that succeeds for tenant A's admin. */
  ok: (a: OrgFixture) => Req | Promise<Req>;
}

const long = 'x'.repeat(101);
let t: TestApp;
let A: OrgFixture;
let B: OrgFixture;
/** A user group of each tenant (made in beforeAll, with the fixture's staff member in it). */
const groups = { A: 0, B: 0 };

const routes: Route[] = [
  {
    method: 'GET',
    path: 'organizations:list',
    perm: 'staff',
    bad: [{ query: { only_priv: 5 } }, '仅有权限的'],
    ok: () => ({}),
  },
  {
    method: 'GET',
    path: 'departments:list',
    perm: 'staff',
    bad: [{ query: { org_id: 'abc' } }, '公司ID'],
    cross: (b) => ({ query: { org_id: b.companyId } }),
    ok: (a) => ({ query: { org_id: a.companyId } }),
  },
  {
    method: 'POST',
    path: 'organizations:create',
    perm: 'orgStaff:edit',
    bad: [{ body: { name: '' } }, '公司名称'],
    cross: (b) => ({ body: { name: '越权公司', pid: b.companyId } }),
    ok: () => ({ body: { name: `新公司${Math.random()}`, tax_id: '91310000MA1FL0001X', order: 3 } }),
  },
  {
    method: 'PUT',
    path: 'organizations:update',
    perm: 'orgStaff:edit',
    bad: [{ body: { id: 1, tax_id: 'bad' } }, '税号'],
    cross: (b) => ({ body: { id: b.companyId, name: '改名' } }),
    ok: (a) => ({ body: { id: a.companyId, full_name: '测试子公司全称' } }),
  },
  {
    method: 'DELETE',
    path: 'organizations:delete',
    perm: 'orgStaff:edit',
    bad: [{ query: {} }, '公司ID'],
    cross: (b) => ({ query: { org_id: b.companyId } }),
    ok: async (a) => {
      const id = (await a.api('POST', 'organizations:create', { body: { name: `待删公司${Math.random()}` } }))
        .body.data.id;
      return { query: { org_id: id } };
    },
  },
  {
    method: 'GET',
    path: 'organizations:check_can_delete',
    perm: 'orgStaff:view',
    bad: [{ query: { org_id: 0 } }, '公司ID'],
    cross: (b) => ({ query: { org_id: b.companyId } }),
    ok: (a) => ({ query: { org_id: a.companyId } }),
  },
  {
    method: 'POST',
    path: 'organizations:order',
    perm: 'orgStaff:edit',
    bad: [{ body: { pid: 0, ids: [] } }, '排序后的ID'],
    cross: (b, a) => ({ body: { pid: a.tenantId, ids: [b.companyId] } }),
    ok: (a) => ({ body: { pid: a.tenantId, ids: [a.companyId] } }),
  },
  {
    method: 'POST',
    path: 'departments:create',
    perm: 'orgStaff:edit',
    bad: [{ body: { org_id: 1, name: '' } }, '部门名称'],
    cross: (b) => ({ body: { org_id: b.companyId, name: '越权部门' } }),
    ok: (a) => ({ body: { org_id: a.companyId, name: `新部门${Math.random()}` } }),
  },
  {
    method: 'PUT',
    path: 'departments:update',
    perm: 'orgStaff:edit',
    bad: [{ body: { id: 'x' } }, '部门ID'],
    cross: (b) => ({ body: { id: b.deptId, name: '改名' } }),
    ok: (a) => ({ body: { id: a.deptId, order: 2 } }),
  },
  {
    method: 'DELETE',
    path: 'departments:delete',
    perm: 'orgStaff:edit',
    bad: [{ query: { id: -1 } }, '部门ID'],
    cross: (b) => ({ query: { id: b.deptId } }),
    ok: async (a) => {
      const id = (
        await a.api('POST', 'departments:create', {
          body: { org_id: a.companyId, name: `待删部门${Math.random()}` },
        })
      ).body.data.id;
      return { query: { id } };
    },
  },
  {
    method: 'GET',
    path: 'departments:check_can_delete',
    perm: 'orgStaff:view',
    bad: [{ query: {} }, '部门ID'],
    cross: (b) => ({ query: { id: b.deptId } }),
    ok: (a) => ({ query: { id: a.deptId } }),
  },
  {
    method: 'POST',
    path: 'departments:order',
    perm: 'orgStaff:edit',
    bad: [{ body: { pid: 0, ids: [1] } }, '所属公司'],
    cross: (b) => ({ body: { org_id: b.companyId, pid: 0, ids: [b.deptId] } }),
    ok: (a) => ({ body: { org_id: a.companyId, pid: 0, ids: [a.deptId] } }),
  },
  {
    method: 'POST',
    path: 'departments:batch_update',
    perm: 'orgStaff:edit',
    bad: [{ body: { ids: [1] } }, '上级部门'],
    cross: (b) => ({ body: { ids: [b.deptId], pid: 0 } }),
    ok: (a) => ({ body: { ids: [a.deptId], pid: 0 } }),
  },
  { method: 'GET', path: 'organizations/statistics', perm: 'orgStaff:view', ok: () => ({}) },
  {
    method: 'GET',
    path: 'organizations/info',
    perm: 'companyInfo:view',
    bad: [{ query: { org_id: 'abc' } }, '公司ID'],
    cross: (b) => ({ query: { org_id: b.companyId } }),
    ok: (a) => ({ query: { org_id: a.companyId } }),
  },
  {
    method: 'GET',
    path: 'organizations/address:list',
    perm: 'companyInfo:view',
    bad: [{ query: {} }, '公司ID'],
    cross: (b) => ({ query: { org_id: b.companyId } }),
    ok: (a) => ({ query: { org_id: a.companyId } }),
  },
  {
    method: 'POST',
    path: 'organizations/address:create',
    perm: 'companyInfo:edit',
    bad: [{ body: { org_id: 1, name: '仓库', address: '上海', contact: '李四', phone: 'abc' } }, '联系电话'],
    cross: (b) => ({
      body: { org_id: b.companyId, name: '仓库', address: '上海', contact: '李四', phone: '13800000000' },
    }),
    ok: (a) => ({
      body: { org_id: a.companyId, name: '仓库', address: '上海', contact: '李四', phone: '13800000000' },
    }),
  },
  {
    method: 'PUT',
    path: 'organizations/address:update',
    perm: 'companyInfo:edit',
    bad: [{ body: { id: 1, contact: '' } }, '联系人'],
    cross: (b) => ({ body: { id: b.address, contact: '王五' } }),
    ok: (a) => ({ body: { id: a.address, contact: '王五' } }),
  },
  {
    method: 'DELETE',
    path: 'organizations/address:delete',
    perm: 'companyInfo:edit',
    bad: [{ query: { id: 'x' } }, '地址ID'],
    cross: (b) => ({ query: { id: b.address } }),
    ok: async (a) => {
      const id = (
        await a.api('POST', 'organizations/address:create', {
          body: { org_id: a.companyId, name: '临时', address: '北京', contact: '赵六', phone: '13800000000' },
        })
      ).body.data.id;
      return { query: { id } };
    },
  },
  { method: 'GET', path: 'organizations:import/template', perm: 'orgStaff:edit', ok: () => ({}) },
  {
    method: 'GET',
    path: 'users',
    perm: ['orgStaff:view', 'memberManagement:edit', 'userGroup:edit'],
    bad: [{ query: { page_size: 10000 } }, '每页条数'],
    cross: (b) => ({ query: { dept_id: b.deptId } }),
    ok: () => ({ query: { page_num: 1, page_size: 9999, status: 1 } }),
  },
  {
    method: 'POST',
    path: 'users:post',
    perm: 'orgStaff:edit',
    bad: [{ body: { name: '王五', phone: '123', org_id: 1, dept_ids: [1] } }, '手机号：手机号格式错误'],
    cross: (b) => ({
      body: { name: '越权', phone: '13600000001', org_id: b.companyId, dept_ids: [b.deptId] },
    }),
    ok: (a) => ({
      body: {
        name: '王五',
        phone: `136${String(Date.now()).slice(-8)}`,
        email: 'w5@example.com',
        org_id: a.companyId,
        dept_ids: [a.deptId],
      },
    }),
  },
  {
    method: 'POST',
    path: 'users:staff',
    perm: ['orgStaff:view', 'memberManagement:edit', 'userGroup:edit'],
    bad: [{ body: { ids: [] } }, '员工ID'],
    cross: (b) => ({ body: { ids: [b.staff] } }),
    crossOk: (data) => expect(data).toEqual([]),
    ok: (a) => ({ body: { ids: [a.staff] } }),
  },
  {
    method: 'POST',
    path: 'users:update',
    perm: 'orgStaff:edit',
    bad: [{ body: { id: 1, email: 'not-an-email' } }, '邮箱：邮箱格式错误'],
    cross: (b) => ({ body: { id: b.staff, name: '改名' } }),
    ok: (a) => ({ body: { id: a.staff, job_no: 'A001' } }),
  },
  {
    method: 'POST',
    path: 'users:batch_update',
    perm: 'orgStaff:edit',
    bad: [{ body: { ids: [1], status: 3 } }, '状态'],
    cross: (b) => ({ body: { ids: [b.staff], job_id: null } }),
    ok: (a) => ({ body: { ids: [a.staff], job_id: a.job } }),
  },
  {
    method: 'GET',
    path: 'users/staff',
    perm: 'orgStaff:view',
    bad: [{ query: {} }, '员工ID'],
    cross: (b) => ({ query: { id: b.staff } }),
    ok: (a) => ({ query: { id: a.staff } }),
  },
  {
    method: 'GET',
    path: 'records/users/phone',
    perm: 'orgStaff:view',
    bad: [{ query: { id: 'abc' } }, '员工ID'],
    cross: (b) => ({ query: { id: b.staff } }),
    ok: (a) => ({ query: { id: a.staff } }),
  },
  { method: 'GET', path: 'users:import/template', perm: 'orgStaff:edit', ok: () => ({}) },
  ...(['grades', 'jobs'] as const).flatMap((kind): Route[] => {
    const label = kind === 'grades' ? '职级' : '职位';
    const own = (f: OrgFixture) => (kind === 'grades' ? f.grade : f.job);
    const base = `job/${kind}`;
    return [
      {
        method: 'GET',
        path: base,
        perm: 'jobGrade:view',
        bad: [{ query: { page_size: 1000 } }, '每页条数'],
        ok: () => ({ query: { keyword: '' } }),
      },
      {
        method: 'POST',
        path: `${base}:create`,
        perm: 'jobGrade:edit',
        bad: [{ body: { name: '' } }, `${label}名称`],
        ok: () => ({ body: { name: `${label}${Math.random()}`, description: '说明', order: 1 } }),
      },
      {
        method: 'POST',
        path: `${base}:update`,
        perm: 'jobGrade:edit',
        bad: [{ body: { id: 'x' } }, `${label}ID`],
        cross: (b) => ({ body: { id: own(b), name: '改名' } }),
        ok: (a) => ({ body: { id: own(a), description: '新说明' } }),
      },
      {
        method: 'POST',
        path: `${base}:delete`,
        perm: 'jobGrade:edit',
        bad: [{ body: {} }, `${label}ID`],
        cross: (b) => ({ body: { id: own(b) } }),
        ok: async (a) => ({
          body: {
            id: (await a.api('POST', `${base}:create`, { body: { name: `待删${Math.random()}` } })).body.data
              .id,
          },
        }),
      },
      {
        method: 'GET',
        path: `${base}/delete:check`,
        perm: 'jobGrade:view',
        bad: [{ query: {} }, `${label}ID`],
        cross: (b) => ({ query: { id: own(b) } }),
        ok: (a) => ({ query: { id: own(a) } }),
      },
    ];
  }),
  {
    method: 'GET',
    path: 'title:list',
    perm: 'title:view',
    bad: [{ query: { page_size: 1000 } }, '每页条数'],
    ok: () => ({ query: { org_id: 0 } }),
  },
  {
    method: 'POST',
    path: 'title:create',
    perm: 'title:edit',
    bad: [{ body: { name: '' } }, '职称名称'],
    cross: (b) => ({ body: { name: '越权职称', org_id: b.companyId } }),
    ok: (a) => ({ body: { name: `职称${Math.random()}`, org_id: a.companyId } }),
  },
  {
    method: 'POST',
    path: 'title:update',
    perm: 'title:edit',
    bad: [{ body: { name: '改名' } }, '职称ID'],
    cross: (b) => ({ body: { id: b.title, name: '改名' } }),
    ok: (a) => ({ body: { id: a.title, description: '说明' } }),
  },
  {
    method: 'POST',
    path: 'title:delete',
    perm: 'title:edit',
    bad: [{ body: {} }, '职称ID'],
    cross: (b) => ({ body: { id: b.title } }),
    ok: async (a) => ({
      body: {
        id: (await a.api('POST', 'title:create', { body: { name: `待删${Math.random()}` } })).body.data.id,
      },
    }),
  },
  {
    method: 'GET',
    path: 'title:detail',
    perm: 'title:view',
    bad: [{ query: {} }, '职称ID'],
    cross: (b) => ({ query: { id: b.title } }),
    ok: (a) => ({ query: { id: a.title } }),
  },
  {
    method: 'GET',
    path: 'title:byOrgId',
    perm: 'title:view',
    bad: [{ query: {} }, '公司ID'],
    cross: (b) => ({ query: { org_id: b.companyId } }),
    ok: (a) => ({ query: { org_id: a.companyId } }),
  },
  {
    method: 'GET',
    path: 'account:list',
    perm: 'account:view',
    bad: [{ query: { page_size: 1000 } }, '每页条数'],
    ok: () => ({}),
  },
  {
    method: 'POST',
    path: 'account:create',
    perm: 'account:edit',
    bad: [
      { body: { org_id: 1, account_name: '户', bank_name: '行', account_no: 'abc' } },
      '银行账号：银行账号格式错误',
    ],
    cross: (b) => ({
      body: { org_id: b.companyId, account_name: '户', bank_name: '行', account_no: '62258801' },
    }),
    ok: (a) => ({
      body: { org_id: a.companyId, account_name: '一般户', bank_name: '工商银行', account_no: '62220000111' },
    }),
  },
  {
    method: 'POST',
    path: 'account:update',
    perm: 'account:edit',
    bad: [{ body: { id: 1, bank_name: '' } }, '开户银行'],
    cross: (b) => ({ body: { id: b.account, bank_name: '建设银行' } }),
    ok: (a) => ({ body: { id: a.account, bank_name: '建设银行' } }),
  },
  {
    method: 'POST',
    path: 'account:delete',
    perm: 'account:edit',
    bad: [{ body: { id: 0 } }, '账户ID'],
    cross: (b) => ({ body: { id: b.account } }),
    ok: async (a) => ({
      body: {
        id: (
          await a.api('POST', 'account:create', {
            body: { org_id: a.companyId, account_name: '临时', bank_name: '行', account_no: '12345678' },
          })
        ).body.data.id,
      },
    }),
  },
  { method: 'GET', path: 'user-group:tree', perm: 'userGroup:view', ok: () => ({}) },
  {
    method: 'POST',
    path: 'user-group:create',
    perm: 'userGroup:edit',
    bad: [{ body: { name: '' } }, '用户组名称'],
    cross: () => ({ body: { name: '越权用户组', pid: groups.B } }),
    ok: () => ({ body: { name: `用户组${Math.random()}`, pid: groups.A, order: 2 } }),
  },
  {
    method: 'PUT',
    path: 'user-group:update',
    perm: 'userGroup:edit',
    bad: [{ body: { id: 'x' } }, '用户组ID'],
    cross: () => ({ body: { id: groups.B, name: '改名' } }),
    ok: () => ({ body: { id: groups.A, order: 3 } }),
  },
  {
    method: 'POST',
    path: 'user-group:order',
    perm: 'userGroup:edit',
    bad: [{ body: { pid: 0, ids: [] } }, '用户组ID'],
    cross: () => ({ body: { pid: 0, ids: [groups.B] } }),
    ok: () => ({ body: { pid: 0, ids: [groups.A] } }),
  },
  {
    method: 'DELETE',
    path: 'user-group:delete',
    perm: 'userGroup:edit',
    bad: [{ query: {} }, '用户组ID'],
    cross: () => ({ query: { id: groups.B } }),
    ok: async (a) => ({
      query: {
        id: (await a.api('POST', 'user-group:create', { body: { name: `待删${Math.random()}` } })).body.data
          .id,
      },
    }),
  },
  {
    method: 'GET',
    path: 'user-group:delete:check',
    perm: 'userGroup:view',
    bad: [{ query: { id: 0 } }, '用户组ID'],
    cross: () => ({ query: { id: groups.B } }),
    ok: () => ({ query: { id: groups.A } }),
  },
  {
    method: 'GET',
    path: 'user-group/members',
    perm: 'userGroup:view',
    bad: [{ query: { group_id: 1, page_size: 500 } }, '每页条数'],
    cross: () => ({ query: { group_id: groups.B } }),
    ok: () => ({ query: { group_id: groups.A, keyword: '员工' } }),
  },
  {
    method: 'POST',
    path: 'user-group/members:add',
    perm: 'userGroup:edit',
    bad: [{ body: { group_id: 1, ids: [] } }, '员工ID'],
    cross: (b) => ({ body: { group_id: groups.B, ids: [b.staff] } }),
    ok: (a) => ({ body: { group_id: groups.A, ids: [a.staff] } }),
  },
  {
    method: 'POST',
    path: 'user-group/members:remove',
    perm: 'userGroup:edit',
    bad: [{ body: { group_id: 1, ids: 'x' } }, '员工ID'],
    cross: (b) => ({ body: { group_id: groups.B, ids: [b.staff] } }),
    ok: (a) => ({ body: { group_id: groups.A, ids: [a.staff] } }),
  },
  {
    method: 'GET',
    path: 'city-group:list',
    perm: 'cityGroup:view',
    bad: [{ query: { keyword: long } }, '关键字'],
    ok: () => ({}),
  },
  { method: 'GET', path: 'city-group:tree', perm: 'cityGroup:view', ok: () => ({}) },
  {
    method: 'POST',
    path: 'city-group:create',
    perm: 'cityGroup:edit',
    bad: [{ body: { name: '' } }, '城市组名称'],
    ok: () => ({ body: { name: `城市组${Math.random()}`, order: 2 } }),
  },
  {
    method: 'DELETE',
    path: 'city-group:delete',
    perm: 'cityGroup:edit',
    bad: [{ query: {} }, '城市组ID'],
    cross: (b) => ({ query: { id: b.cityGroup } }),
    ok: async (a) => ({
      query: {
        id: (await a.api('POST', 'city-group:create', { body: { name: `待删${Math.random()}` } })).body.data
          .id,
      },
    }),
  },
  { method: 'GET', path: 'city-group-data-set:list', perm: 'cityGroup:view', ok: () => ({}) },
  {
    method: 'PUT',
    path: 'city-group-base:update',
    perm: 'cityGroup:edit',
    bad: [{ body: { id: 'x' } }, '城市组ID'],
    cross: (b) => ({ body: { id: b.cityGroup, name: '改名' } }),
    ok: (a) => ({ body: { id: a.cityGroup, order: 5 } }),
  },
  {
    method: 'PUT',
    path: 'city-group-relation:update',
    perm: 'cityGroup:edit',
    bad: [{ body: { group_id: 1, codes: 'x' } }, '城市编码'],
    cross: (b) => ({ body: { group_id: b.cityGroup, codes: [] } }),
    ok: (a) => ({ body: { group_id: a.cityGroup, codes: ['110000', '310000'] } }),
  },
  {
    method: 'GET',
    path: 'operation-log:list',
    perm: 'operationLog:view',
    bad: [{ query: { page_size: 201 } }, '每页条数'],
    ok: () => ({ query: { module: 'staff' } }),
  },
  { method: 'GET', path: 'tenant/pay-info', perm: 'companyInfo:view', ok: () => ({}) },
  { method: 'GET', path: 'third-users/has-sync-handle', perm: 'syncConflict:view', ok: () => ({}) },
  {
    method: 'GET',
    path: 'third-users/sync-handle-list',
    perm: 'syncConflict:view',
    bad: [{ query: { status: 3 } }, '状态'],
    ok: () => ({ query: { status: 1 } }),
  },
  {
    method: 'POST',
    path: 'third-users/sync-handle',
    perm: 'syncConflict:edit',
    bad: [{ body: { id: 1, action: 'merge' } }, '处理方式'],
    cross: (b) => ({ body: { id: b.conflict, action: 'ignore' } }),
    ok: (a) => ({ body: { id: a.conflict, action: 'bind', staff_id: a.staff } }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  A = await orgFixture(t);
  B = await orgFixture(t);
  for (const [key, f] of [
    ['A', A],
    ['B', B],
  ] as const) {
    const body = { name: '审批组' };
    groups[key] = (await f.api('POST', 'user-group:create', { body })).body.data.id;
    await f.api('POST', 'user-group/members:add', { body: { group_id: groups[key], ids: [f.staff] } });
  }
});
afterAll(async () => t?.close());

describe('org routes: the table covers every org-arch-center route of the module', () => {
  it('lists exactly the registered routes (tasks routes belong to the tasks module)', () => {
    const registered = t.app.builtRoutes
      .filter((r) => r.url.startsWith(BASE) && r.method !== 'HEAD' && !r.url.startsWith(`${BASE}/tasks`))
      .map((r) => `${r.method} ${r.url.slice(BASE.length + 1).replace(/::/g, ':')}`)
      .sort();
    expect(registered).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    for (const r of t.app.builtRoutes.filter(
      (x) => x.url.startsWith(BASE) && !x.url.startsWith(`${BASE}/tasks`),
    )) {
      const row = routes.find((x) => `${BASE}/${x.path.replace(/:/g, '::')}` === r.url);
      expect(r.permission, r.url).toEqual(row?.perm);
    }
  });
});

describe.each(routes)('$method $path', (r) => {
  it('refuses a caller without the permission (403)', async () => {
    const token =
      r.perm === 'staff'
        ? (await makePersonal(t.db)).token
        : (await makeStaff(t.db, A.tenantId, ['other:view'])).token;
    const req = await r.ok(A);
    const before = await dumpTenant(t, A.tenantId);
    const res = await client(t, token)(r.method, r.path, req);
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/权限|组织/);
    if (r.method !== 'GET') expect(await dumpTenant(t, A.tenantId)).toBe(before);
  });

  it.runIf(r.bad)('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const [req, label] = r.bad!;
    const before = await dumpTenant(t, A.tenantId);
    const res = await A.api(r.method, r.path, req);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(label);
    expect(await dumpTenant(t, A.tenantId)).toBe(before);
  });

  it.runIf(r.cross)("treats another tenant's ids as not found and changes nothing", async () => {
    const beforeA = await dumpTenant(t, A.tenantId);
    const beforeB = await dumpTenant(t, B.tenantId);
    const res = await A.api(r.method, r.path, r.cross!(B, A));
    if (r.crossOk) {
      expect(res.status).toBe(200);
      r.crossOk(res.body.data, B);
    } else {
      expect(res.status).toBe(404);
      expect(res.body.msg).toMatch(/不存在/);
    }
    expect(await dumpTenant(t, B.tenantId)).toBe(beforeB);
    expect(await dumpTenant(t, A.tenantId)).toBe(beforeA);
  });

  it.each(typeof r.perm === 'string' ? [r.perm] : [...r.perm])(
    'succeeds for a caller with the permission %s',
    async (perm) => {
      const token =
        perm === 'staff'
          ? (await makeStaff(t.db, A.tenantId, [])).token
          : (await makeStaff(t.db, A.tenantId, [perm])).token;
      const res = await client(t, token)(r.method, r.path, await r.ok(A));
      if (r.path.endsWith('import/template')) {
        expect(res.status).toBe(200);
        expect(res.raw.headers['content-disposition']).toContain("filename*=UTF-8''");
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.status).toBe(0);
      if (r.method !== 'GET') expect(res.body.data).not.toBeNull();
    },
  );
});
