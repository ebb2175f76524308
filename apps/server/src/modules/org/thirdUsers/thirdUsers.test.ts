import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant, nextPhone } from '../../../../test/factories.js';
import { down as menuDown, up as menuUp } from '../../../db/migrations/20261122T0011_sync_conflicts_menu.js';
import { createPrivilegeGroup } from '../../../seed/demo.js';
import { client, okData } from '../org.testkit.js';
import { recordSyncConflict } from './thirdUsers.service.js';

/**
 * 同步冲突处理 (third-users/has-sync-handle, sync-handle-list, sync-handle): paging and filters,
 * each way to resolve (关联已有员工 / 新建员工 / 忽略) with its binding and log, bad input, another
 * tenant's ids, permissions, resolving twice, and the permission carry-over of migration 0011.
 */

let t: TestApp;
let seq = 0;

async function tenant() {
  const { tenantId, companyId, deptId } = await makeTenant(t.db);
  const admin = await makeStaff(t.db, tenantId, ['*']);
  const member = await makeStaff(t.db, tenantId, []);
  return { tenantId, companyId, deptId, admin, member, api: client(t, admin.token) };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

function conflict(
  tenantId: number,
  c: Partial<{ platform: string; name: string; phone: string | null; reason: string }> = {},
  at = Date.now(),
) {
  seq += 1;
  return recordSyncConflict(
    t.db,
    tenantId,
    {
      platform: c.platform ?? 'dingtalk',
      third_user_id: `0217${String(seq).padStart(12, '0')}`,
      name: c.name ?? `钉钉用户${seq}`,
      phone: c.phone === undefined ? null : c.phone,
      reason: c.reason ?? '手机号已被其他员工使用',
    },
    at,
  );
}

const row = (id: number) =>
  t.db.selectFrom('third_user_sync_conflicts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const logsOf = (tenantId: number) =>
  t.db
    .selectFrom('operation_logs')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('module', 'in', ['thirdUser', 'staff'])
    .orderBy('id')
    .execute();
const bindings = (tenantId: number) =>
  t.db.selectFrom('staff_third_accounts').selectAll().where('tenant_id', '=', tenantId).execute();

/** Everything a handle may write, as text: equal before and after means nothing was written. */
async function snapshot(tenantId: number) {
  const tables = [
    'third_user_sync_conflicts',
    'staff',
    'staff_departments',
    'operation_logs',
    'staff_third_accounts',
  ];
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    const rows = await t.db
      .selectFrom(table as 'staff')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  const users = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  out.users = Number(users.n);
  return JSON.stringify(out);
}

async function addApp(tenantId: number, platform: string, corpId: string) {
  const now = Date.now();
  await t.db
    .insertInto('third_party_apps')
    .values({
      tenant_id: tenantId,
      platform,
      corp_id: corpId,
      app_key: 'key',
      app_secret: 'secret',
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

let A: Tenant;
let B: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  A = await tenant();
  B = await tenant();
});
afterAll(async () => t?.close());

describe('GET third-users/sync-handle-list and has-sync-handle', () => {
  it('pages pending conflicts first, newest first, filters by platform, status and keyword, and counts', async () => {
    const X = await tenant();
    const base = Date.now() - 10_000;
    const ids: number[] = [];
    for (const [i, platform] of ['dingtalk', 'wecom', 'feishu', 'dingtalk', 'wecom'].entries())
      ids.push(await conflict(X.tenantId, { platform, name: `用户${i}`, phone: `1370000000${i}` }, base + i));
    expect(await okData(X.api('GET', 'third-users/has-sync-handle'))).toEqual({ has_handle: true, count: 5 });

    const p1 = await okData(X.api('GET', 'third-users/sync-handle-list', { query: { page_size: 2 } }));
    expect(p1.page).toEqual({ page_num: 1, page_size: 2, total: 5 });
    expect(p1.items.map((r: any) => r.id)).toEqual([ids[4], ids[3]]);
    const p3 = await okData(
      X.api('GET', 'third-users/sync-handle-list', { query: { page_num: 3, page_size: 2 } }),
    );
    expect(p3.items.map((r: any) => r.id)).toEqual([ids[0]]);
    expect(p3.items[0]).toMatchObject({
      platform: 'dingtalk',
      platform_name: '钉钉',
      name: '用户0',
      phone: '13700000000',
      reason: '手机号已被其他员工使用',
      status: 1,
      resolution: null,
      staff_id: null,
      created_at: base,
    });

    // a resolved one goes after the pending ones and shows under status 2 with who resolved it
    await okData(X.api('POST', 'third-users/sync-handle', { body: { id: ids[4], action: 'ignore' } }));
    const all = await okData(X.api('GET', 'third-users/sync-handle-list'));
    expect(all.items.map((r: any) => r.id)).toEqual([ids[3], ids[2], ids[1], ids[0], ids[4]]);
    const done = await okData(X.api('GET', 'third-users/sync-handle-list', { query: { status: 2 } }));
    expect(done.items).toHaveLength(1);
    expect(done.items[0]).toMatchObject({ id: ids[4], status: 2, resolution: 'ignore' });
    expect(done.items[0].resolved_by_name).toMatch(/^测试员工/);

    const wecom = await okData(
      X.api('GET', 'third-users/sync-handle-list', { query: { platform: 'wecom', status: 1 } }),
    );
    expect(wecom.items.map((r: any) => r.id)).toEqual([ids[1]]);
    const byPhone = await okData(
      X.api('GET', 'third-users/sync-handle-list', { query: { keyword: '13700000002' } }),
    );
    expect(byPhone.items.map((r: any) => r.id)).toEqual([ids[2]]);
    const byName = await okData(
      X.api('GET', 'third-users/sync-handle-list', { query: { keyword: '用户3' } }),
    );
    expect(byName.items.map((r: any) => r.id)).toEqual([ids[3]]);
    expect(await okData(X.api('GET', 'third-users/has-sync-handle'))).toEqual({ has_handle: true, count: 4 });
  });

  it('suggests staff with the same phone or name for pending conflicts', async () => {
    const X = await tenant();
    const member = await t.db
      .selectFrom('staff')
      .select(['id', 'name', 'phone'])
      .where('id', '=', X.member.staffId)
      .executeTakeFirstOrThrow();
    const byPhone = await conflict(X.tenantId, { name: '别的名字', phone: member.phone });
    const byName = await conflict(X.tenantId, { name: member.name, phone: nextPhone() });
    const none = await conflict(X.tenantId, { name: '无人匹配', phone: null });
    const list = await okData(X.api('GET', 'third-users/sync-handle-list'));
    const of = (id: number) => list.items.find((r: any) => r.id === id);
    expect(of(byPhone).candidates).toEqual([
      expect.objectContaining({ id: member.id, same_phone: true, same_name: false, status: 1 }),
    ]);
    expect(of(byName).candidates).toEqual([
      expect.objectContaining({ id: member.id, same_phone: false, same_name: true }),
    ]);
    expect(of(none).candidates).toEqual([]);
  });
});

describe('POST third-users/sync-handle', () => {
  it('关联已有员工: binds to the staff member, binds the platform account, logs, in one go', async () => {
    await addApp(A.tenantId, 'dingtalk', 'ding-corp-a');
    const id = await conflict(A.tenantId, { name: '钉钉张三', phone: nextPhone() });
    const before = await okData(A.api('GET', 'third-users/has-sync-handle'));
    const res = await okData(
      A.api('POST', 'third-users/sync-handle', { body: { id, action: 'bind', staff_id: A.member.staffId } }),
    );
    expect(res).toEqual({
      id,
      action: 'bind',
      action_name: '关联已有员工',
      staff_id: A.member.staffId,
      bound: true,
    });
    expect(await row(id)).toMatchObject({
      status: 2,
      resolution: 'bind',
      staff_id: A.member.staffId,
      resolved_by: A.admin.staffId,
    });
    const c = await row(id);
    expect(await bindings(A.tenantId)).toEqual([
      expect.objectContaining({
        staff_id: A.member.staffId,
        platform: 'dingtalk',
        corp_id: 'ding-corp-a',
        third_user_id: c.third_user_id,
      }),
    ]);
    const log = (await logsOf(A.tenantId)).at(-1)!;
    expect(log).toMatchObject({
      module: 'thirdUser',
      action: 'bind',
      target_id: id,
      staff_id: A.admin.staffId,
    });
    expect(log.summary).toMatch(/^同步冲突处理：钉钉用户「钉钉张三」关联到员工「测试员工\d+」$/);
    expect(JSON.parse(log.after_json!)).toMatchObject({
      status: 2,
      resolution: 'bind',
      staff_id: A.member.staffId,
    });
    const after = await okData(A.api('GET', 'third-users/has-sync-handle'));
    expect(after.count).toBe(before.count - 1);
  });

  it('新建员工: creates the staff member from the platform user in the chosen department and binds them', async () => {
    const X = await tenant();
    await addApp(X.tenantId, 'feishu', 'feishu-corp-x');
    const phone = nextPhone();
    const id = await conflict(X.tenantId, { platform: 'feishu', name: '飞书李四', phone });
    const res = await okData(
      X.api('POST', 'third-users/sync-handle', {
        body: { id, action: 'create', org_id: X.companyId, dept_ids: [X.deptId] },
      }),
    );
    expect(res).toMatchObject({ id, action: 'create', action_name: '新建员工', bound: true });
    const staff = await t.db
      .selectFrom('staff')
      .selectAll()
      .where('tenant_id', '=', X.tenantId)
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(staff).toMatchObject({ id: res.staff_id, name: '飞书李四', org_id: X.companyId, status: 1 });
    const depts = await t.db
      .selectFrom('staff_departments')
      .select('dept_id')
      .where('staff_id', '=', staff.id)
      .execute();
    expect(depts.map((d) => d.dept_id)).toEqual([X.deptId]);
    expect(await row(id)).toMatchObject({ status: 2, resolution: 'create', staff_id: staff.id });
    expect(await bindings(X.tenantId)).toEqual([
      expect.objectContaining({ staff_id: staff.id, platform: 'feishu', corp_id: 'feishu-corp-x' }),
    ]);
    const logs = await logsOf(X.tenantId);
    expect(logs.map((l) => [l.module, l.action])).toEqual([
      ['staff', 'create'],
      ['thirdUser', 'create'],
    ]);
    expect(logs[0].summary).toBe('新增员工「飞书李四」（飞书同步冲突处理）');
    // the new staff member is a normal member of the staff list
    const list = await okData(X.api('GET', 'users', { query: { keyword: phone } }));
    expect(list.items.map((s: any) => s.user_name)).toEqual(['飞书李四']);
  });

  it('新建员工 takes a name and phone from the form when the platform gave no phone', async () => {
    const X = await tenant();
    const id = await conflict(X.tenantId, { platform: 'wecom', name: 'WangWu', phone: null });
    const noPhone = await X.api('POST', 'third-users/sync-handle', {
      body: { id, action: 'create', org_id: X.companyId, dept_ids: [X.deptId] },
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.msg).toBe('手机号：该第三方用户没有手机号，请填写手机号');
    expect(noPhone.body.data.fields).toEqual([{ field: 'phone', msg: noPhone.body.msg }]);
    const phone = nextPhone();
    const res = await okData(
      X.api('POST', 'third-users/sync-handle', {
        body: { id, action: 'create', name: '王五', phone, org_id: X.companyId, dept_ids: [X.deptId] },
      }),
    );
    // no app of the tenant on WeCom: the staff member exists, nothing is bound
    expect(res.bound).toBe(false);
    expect(await bindings(X.tenantId)).toEqual([]);
    const staff = await t.db
      .selectFrom('staff')
      .selectAll()
      .where('id', '=', res.staff_id)
      .executeTakeFirstOrThrow();
    expect(staff).toMatchObject({ name: '王五', phone, tenant_id: X.tenantId });
  });

  it('忽略: resolves without a staff member and logs it', async () => {
    const id = await conflict(A.tenantId, { name: '离职回流' });
    const res = await okData(A.api('POST', 'third-users/sync-handle', { body: { id, action: 'ignore' } }));
    expect(res).toEqual({ id, action: 'ignore', action_name: '忽略', staff_id: null, bound: false });
    expect(await row(id)).toMatchObject({ status: 2, resolution: 'ignore', staff_id: null });
    const log = (await logsOf(A.tenantId)).at(-1)!;
    expect(log).toMatchObject({ module: 'thirdUser', action: 'ignore', target_id: id });
    expect(log.summary).toBe('忽略同步冲突：钉钉用户「离职回流」');
  });

  it('refuses to handle a conflict twice, also when two administrators click at once', async () => {
    const id = await conflict(A.tenantId);
    await okData(A.api('POST', 'third-users/sync-handle', { body: { id, action: 'ignore' } }));
    const before = await snapshot(A.tenantId);
    const again = await A.api('POST', 'third-users/sync-handle', {
      body: { id, action: 'bind', staff_id: A.member.staffId },
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该同步记录已处理');
    expect(await snapshot(A.tenantId)).toBe(before);

    const race = await conflict(A.tenantId);
    const results = await Promise.all([
      A.api('POST', 'third-users/sync-handle', { body: { id: race, action: 'ignore' } }),
      A.api('POST', 'third-users/sync-handle', { body: { id: race, action: 'ignore' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const logs = (await logsOf(A.tenantId)).filter((l) => l.target_id === race);
    expect(logs).toHaveLength(1);

    // two 新建员工 at once: one staff member, one 已处理
    const phone = nextPhone();
    const twice = await conflict(A.tenantId, { phone });
    const body = { id: twice, action: 'create', org_id: A.companyId, dept_ids: [A.deptId] };
    const both = await Promise.all([
      A.api('POST', 'third-users/sync-handle', { body }),
      A.api('POST', 'third-users/sync-handle', { body }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.msg).toBe('该同步记录已处理');
    const made = await t.db.selectFrom('staff').select('id').where('phone', '=', phone).execute();
    expect(made).toHaveLength(1);
  });

  it('refuses a resigned staff member, and a staff member already bound to another account of the corp', async () => {
    const X = await tenant();
    await addApp(X.tenantId, 'dingtalk', 'ding-corp-x');
    const resigned = await makeStaff(t.db, X.tenantId, []);
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', resigned.staffId).execute();
    const id = await conflict(X.tenantId);
    const before = await snapshot(X.tenantId);
    const res = await X.api('POST', 'third-users/sync-handle', {
      body: { id, action: 'bind', staff_id: resigned.staffId },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^员工「测试员工\d+」已离职，请先在组织与员工中恢复在职后再关联$/);
    expect(await snapshot(X.tenantId)).toBe(before);

    const first = await conflict(X.tenantId);
    await okData(
      X.api('POST', 'third-users/sync-handle', {
        body: { id: first, action: 'bind', staff_id: X.member.staffId },
      }),
    );
    const second = await conflict(X.tenantId);
    const before2 = await snapshot(X.tenantId);
    const taken = await X.api('POST', 'third-users/sync-handle', {
      body: { id: second, action: 'bind', staff_id: X.member.staffId },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toMatch(/^员工「测试员工\d+」已关联其他钉钉账号，不能重复关联$/);
    expect(await snapshot(X.tenantId)).toBe(before2);
  });

  it('新建员工 with a phone already in the tenant writes nothing at all (one transaction)', async () => {
    const X = await tenant();
    const member = await t.db
      .selectFrom('staff')
      .select('phone')
      .where('id', '=', X.member.staffId)
      .executeTakeFirstOrThrow();
    const id = await conflict(X.tenantId, { phone: member.phone });
    const before = await snapshot(X.tenantId);
    const res = await X.api('POST', 'third-users/sync-handle', {
      body: { id, action: 'create', org_id: X.companyId, dept_ids: [X.deptId] },
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('该手机号已存在于本组织');
    expect(await snapshot(X.tenantId)).toBe(before);
    expect((await row(id)).status).toBe(1);
  });
});

describe('bad input: 400 with a Chinese message naming the field, nothing written', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['POST', 'third-users/sync-handle', { action: 'merge' }, '处理方式'],
    ['POST', 'third-users/sync-handle', { action: 'bind' }, '关联员工：请选择要关联的员工'],
    ['POST', 'third-users/sync-handle', { action: 'bind', staff_id: 'abc' }, '关联员工'],
    ['POST', 'third-users/sync-handle', { action: 'create', dept_ids: [1] }, '所属公司：请选择公司'],
    ['POST', 'third-users/sync-handle', { action: 'create', org_id: 1, dept_ids: [] }, '所属部门'],
    [
      'POST',
      'third-users/sync-handle',
      { action: 'create', org_id: 1, dept_ids: [1], phone: '2380013800' },
      '手机号：手机号格式错误',
    ],
    ['POST', 'third-users/sync-handle', { action: 'create', org_id: 1, dept_ids: [1], name: '' }, '姓名'],
    ['POST', 'third-users/sync-handle', { id: 'x', action: 'ignore' }, '同步记录ID'],
  ];
  it.each(cases)('%s %s %j → %s', async (method, path, body, label) => {
    const id = await conflict(A.tenantId);
    const before = await snapshot(A.tenantId);
    const res = await A.api(method, path, { body: { id, ...body } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(label);
    expect(await snapshot(A.tenantId)).toBe(before);
  });

  it.each([
    [{ status: 3 }, '状态'],
    [{ platform: 'qq' }, '平台'],
    [{ page_size: 201 }, '每页条数'],
    [{ page_num: 0 }, '页码'],
  ])('GET sync-handle-list %j → %s', async (query, label) => {
    const res = await A.api('GET', 'third-users/sync-handle-list', { query });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(label);
  });
});

describe("another tenant's ids", () => {
  it("treats B's conflict as not found and changes nothing in either tenant", async () => {
    const theirs = await conflict(B.tenantId);
    const [beforeA, beforeB] = [await snapshot(A.tenantId), await snapshot(B.tenantId)];
    for (const body of [
      { id: theirs, action: 'ignore' },
      { id: theirs, action: 'bind', staff_id: A.member.staffId },
    ]) {
      const res = await A.api('POST', 'third-users/sync-handle', { body });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('待处理的同步记录不存在');
    }
    expect(await snapshot(A.tenantId)).toBe(beforeA);
    expect(await snapshot(B.tenantId)).toBe(beforeB);
    const list = await okData(A.api('GET', 'third-users/sync-handle-list', { query: { page_size: 200 } }));
    expect(list.items.some((r: any) => r.id === theirs)).toBe(false);
  });

  it("refuses to bind A's conflict to B's staff member or to create staff in B's company", async () => {
    const mine = await conflict(A.tenantId, { phone: nextPhone() });
    const before = await snapshot(A.tenantId);
    const bind = await A.api('POST', 'third-users/sync-handle', {
      body: { id: mine, action: 'bind', staff_id: B.member.staffId },
    });
    expect(bind.status).toBe(404);
    expect(bind.body.msg).toBe('员工不存在或已被删除');
    const create = await A.api('POST', 'third-users/sync-handle', {
      body: { id: mine, action: 'create', org_id: B.companyId, dept_ids: [B.deptId] },
    });
    expect(create.status).toBe(404);
    expect(create.body.msg).toBe('公司不存在或已被删除');
    const dept = await A.api('POST', 'third-users/sync-handle', {
      body: { id: mine, action: 'create', org_id: A.companyId, dept_ids: [B.deptId] },
    });
    expect(dept.status).toBe(404);
    expect(dept.body.msg).toBe('部门不存在或已被删除');
    expect(await snapshot(A.tenantId)).toBe(before);
  });

  it('refuses a platform account another tenant already bound in the same corp', async () => {
    // A corp belongs to one tenant's app; a binding of another tenant in that corp is left from
    // before the corp changed hands.
    await addApp(A.tenantId, 'wecom', 'moved-corp');
    const mine = await conflict(A.tenantId, { platform: 'wecom' });
    const { third_user_id } = await row(mine);
    await t.db
      .insertInto('staff_third_accounts')
      .values({
        tenant_id: B.tenantId,
        staff_id: B.member.staffId,
        platform: 'wecom',
        corp_id: 'moved-corp',
        third_user_id,
        created_at: Date.now(),
      })
      .execute();
    const before = await snapshot(A.tenantId);
    const res = await A.api('POST', 'third-users/sync-handle', {
      body: { id: mine, action: 'bind', staff_id: A.member.staffId },
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('该企业微信账号已关联其他组织的员工');
    expect(await snapshot(A.tenantId)).toBe(before);
  });
});

describe('permissions: syncConflict:view lists, syncConflict:edit handles', () => {
  const routes = [
    ['GET', 'third-users/has-sync-handle', 'syncConflict:view'],
    ['GET', 'third-users/sync-handle-list', 'syncConflict:view'],
    ['POST', 'third-users/sync-handle', 'syncConflict:edit'],
  ] as const;

  it.each(routes)('%s %s needs %s', async (method, path, perm) => {
    const id = await conflict(A.tenantId);
    const body = method === 'POST' ? { id, action: 'ignore' } : undefined;
    const others = [];
    for (const perms of [
      [],
      ['orgStaff:view', 'orgStaff:edit'],
      [perm === 'syncConflict:view' ? 'syncConflict:edit' : 'syncConflict:view'],
    ])
      others.push({ perms, token: (await makeStaff(t.db, A.tenantId, perms)).token });
    const before = await snapshot(A.tenantId);
    for (const { perms, token } of others) {
      const res = await client(t, token)(method, path, { body });
      expect(res.status, perms.join(',')).toBe(403);
      expect(res.body.msg).toBe('您没有该操作的权限');
    }
    expect(await snapshot(A.tenantId)).toBe(before);
    const allowed = await makeStaff(t.db, A.tenantId, [perm]);
    const res = await client(t, allowed.token)(method, path, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe(0);
  });
});

describe('migration 0011', () => {
  it('adds the menu entry and gives groups holding orgStaff:view / edit the matching syncConflict values', async () => {
    const X = await makeTenant(t.db);
    await menuDown(t.db);
    const viewer = await createPrivilegeGroup(t.db, X.tenantId, '人事查看', ['orgStaff:view'], false);
    const editor = await createPrivilegeGroup(
      t.db,
      X.tenantId,
      '人事',
      ['orgStaff:view', 'orgStaff:edit'],
      false,
    );
    const other = await createPrivilegeGroup(t.db, X.tenantId, '财务', ['title:view'], false);
    await menuUp(t.db);
    const perms = async (id: number) =>
      JSON.parse(
        (
          await t.db
            .selectFrom('privilege_groups')
            .select('perms')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).perms,
      );
    expect(await perms(viewer)).toEqual(['orgStaff:view', 'syncConflict:view']);
    expect(await perms(editor)).toEqual([
      'orgStaff:view',
      'orgStaff:edit',
      'syncConflict:view',
      'syncConflict:edit',
    ]);
    expect(await perms(other)).toEqual(['title:view']);
    const menu = await t.db
      .selectFrom('menus')
      .selectAll()
      .where('name', '=', 'syncConflict')
      .executeTakeFirstOrThrow();
    expect(menu).toMatchObject({
      parent_name: 'orgStructure',
      path: '/setcenter/org/syncConflict',
      component: 'org/SyncConflict',
      sort_order: 9,
    });
    expect(JSON.parse(menu.perm_values)).toEqual(['view', 'edit']);
  });
});
