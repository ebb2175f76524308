import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff } from '../../../../test/factories.js';
import { client, dumpTenant, nextFixturePhone, okData, orgFixture, type OrgFixture } from '../org.testkit.js';

let t: TestApp;
let A: OrgFixture;
let B: OrgFixture;
beforeAll(async () => {
  t = await createTestApp();
  A = await orgFixture(t);
  B = await orgFixture(t);
});
afterAll(async () => t?.close());

const create = async (f: OrgFixture, body: object) =>
  (await okData(f.api('POST', 'user-group:create', { body }))).id as number;
const tree = (f: OrgFixture) => okData(f.api('GET', 'user-group:tree'));
const members = (f: OrgFixture, group_id: number, query: object = {}) =>
  okData(f.api('GET', 'user-group/members', { query: { group_id, ...query } }));
const logs = async (f: OrgFixture) =>
  (await okData(f.api('GET', 'operation-log:list', { query: { module: 'userGroup', page_size: 50 } })))
    .items as { action: string; summary: string }[];

async function newStaff(f: OrgFixture, name: string) {
  return (
    await okData(
      f.api('POST', 'users:post', {
        body: { name, phone: nextFixturePhone(), org_id: f.companyId, dept_ids: [f.deptId] },
      }),
    )
  ).id as number;
}

describe('user groups: create, rename, move, delete', () => {
  it('builds a tree with member counts, renames and moves, and logs each change', async () => {
    const travel = await create(A, { name: '差旅审批组', order: 1 });
    const finance = await create(A, { name: '财务类', order: 2 });
    const payer = await create(A, { name: '付款组', pid: finance });
    await okData(
      A.api('POST', 'user-group/members:add', {
        body: { group_id: travel, ids: [A.staff, A.admin.staffId] },
      }),
    );
    expect(await tree(A)).toEqual([
      { id: travel, pid: 0, name: '差旅审批组', order: 1, member_count: 2, children: [] },
      {
        id: finance,
        pid: 0,
        name: '财务类',
        order: 2,
        member_count: 0,
        children: [{ id: payer, pid: finance, name: '付款组', order: 0, member_count: 0, children: [] }],
      },
    ]);

    await okData(A.api('PUT', 'user-group:update', { body: { id: payer, name: '出纳组' } }));
    await okData(A.api('PUT', 'user-group:update', { body: { id: payer, pid: travel } }));
    const after = await tree(A);
    expect(after[0].children).toEqual([expect.objectContaining({ id: payer, name: '出纳组', pid: travel })]);
    expect(after[1].children).toEqual([]);
    // Back to the top level with pid 0.
    await okData(A.api('PUT', 'user-group:update', { body: { id: payer, pid: 0, order: 3 } }));
    expect((await tree(A)).map((g: any) => g.name)).toEqual(['差旅审批组', '财务类', '出纳组']);

    expect((await logs(A)).map((l) => l.summary)).toEqual(
      expect.arrayContaining([
        '新增用户组「差旅审批组」',
        '新增用户组「付款组」',
        '修改用户组「出纳组」',
        expect.stringMatching(/^用户组「差旅审批组」添加成员：/),
      ]),
    );
  });

  it('refuses a duplicate name among siblings, but allows it under another parent', async () => {
    const parent = await create(A, { name: '报销类' });
    await create(A, { name: '部门审批', pid: parent });
    const before = await dumpTenant(t, A.tenantId);
    const dup = await A.api('POST', 'user-group:create', { body: { name: '部门审批', pid: parent } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('同级用户组名称已存在');
    expect(await dumpTenant(t, A.tenantId)).toBe(before);
    const top = await create(A, { name: '部门审批' });
    // Renaming or moving into a clash is refused too.
    const move = await A.api('PUT', 'user-group:update', { body: { id: top, pid: parent } });
    expect(move.status).toBe(409);
    const other = await create(A, { name: '其他', pid: parent });
    const rename = await A.api('PUT', 'user-group:update', { body: { id: other, name: '部门审批' } });
    expect(rename.status).toBe(409);
    expect(rename.body.msg).toBe('同级用户组名称已存在');
  });

  it('refuses moving a group under itself or its descendants, and a parent that does not exist', async () => {
    const a = await create(A, { name: '甲组' });
    const b = await create(A, { name: '乙组', pid: a });
    const self = await A.api('PUT', 'user-group:update', { body: { id: a, pid: a } });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('不能移动到自身或其下级');
    const below = await A.api('PUT', 'user-group:update', { body: { id: a, pid: b } });
    expect(below.status).toBe(400);
    const missing = await A.api('POST', 'user-group:create', { body: { name: '丙组', pid: 999999 } });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('上级用户组不存在或已被删除');
  });

  it('orders by drag and drop: reorders siblings, moves a group under another, logs it', async () => {
    const root = await create(B, { name: '排序根' });
    const [x, y, z] = [
      await create(B, { name: '一组', pid: root, order: 1 }),
      await create(B, { name: '二组', pid: root, order: 2 }),
      await create(B, { name: '三组', pid: root, order: 3 }),
    ];
    const elsewhere = await create(B, { name: '外来组' });
    const childrenOf = async (pid: number) => {
      const find = (nodes: any[]): any =>
        nodes.map((n) => (n.id === pid ? n : find(n.children))).find(Boolean);
      return (find(await tree(B)).children as any[]).map((c) => c.name);
    };

    // 三组 dropped first; 一组 and 二组 not named keep their relative order after it.
    expect(await okData(B.api('POST', 'user-group:order', { body: { pid: root, ids: [z] } }))).toEqual({
      count: 1,
    });
    expect(await childrenOf(root)).toEqual(['三组', '一组', '二组']);
    // 外来组 moves in between 三组 and 一组.
    await okData(B.api('POST', 'user-group:order', { body: { pid: root, ids: [z, elsewhere, x, y] } }));
    expect(await childrenOf(root)).toEqual(['三组', '外来组', '一组', '二组']);
    expect((await tree(B)).some((g: any) => g.id === elsewhere)).toBe(false);
    expect((await logs(B)).map((l) => l.summary)).toContain('调整用户组排序（4个）');
  });

  it('refuses an order that moves a group under itself, clashes on a name or names an unknown group, changing nothing', async () => {
    const top = await create(B, { name: '顺序甲' });
    const inner = await create(B, { name: '顺序乙', pid: top });
    await create(B, { name: '同名组', pid: top });
    const clash = await create(B, { name: '同名组' });
    const before = await dumpTenant(t, B.tenantId);
    const cases: [object, number, string][] = [
      [{ pid: inner, ids: [top] }, 400, '不能移动到自身或其下级'],
      [{ pid: top, ids: [clash, inner] }, 409, '同级用户组名称已存在'],
      [{ pid: top, ids: [inner, 999999] }, 404, '用户组不存在或已被删除'],
      [{ pid: 999999, ids: [inner] }, 404, '上级用户组不存在或已被删除'],
      [{ pid: top, ids: [inner, inner] }, 400, '用户组ID不能重复'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await B.api('POST', 'user-group:order', { body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.msg).toContain(msg);
    }
    expect(await dumpTenant(t, B.tenantId)).toBe(before);
  });

  it('refuses deleting a group with members or child groups, with the reason; deletes it once empty', async () => {
    const g = await create(A, { name: '待删组' });
    const child = await create(A, { name: '子分组', pid: g });
    await okData(A.api('POST', 'user-group/members:add', { body: { group_id: g, ids: [A.staff] } }));
    expect(await okData(A.api('GET', 'user-group:delete:check', { query: { id: g } }))).toEqual({
      can_delete: false,
      reason: '该用户组下还有1名成员，不能删除',
    });
    const before = await dumpTenant(t, A.tenantId);
    const refused = await A.api('DELETE', 'user-group:delete', { query: { id: g } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该用户组下还有1名成员，不能删除');
    expect(await dumpTenant(t, A.tenantId)).toBe(before);

    await okData(A.api('POST', 'user-group/members:remove', { body: { group_id: g, ids: [A.staff] } }));
    const check = await okData(A.api('GET', 'user-group:delete:check', { query: { id: g } }));
    expect(check).toEqual({ can_delete: false, reason: '该用户组下还有1个子分组，不能删除' });
    expect((await A.api('DELETE', 'user-group:delete', { query: { id: g } })).body.msg).toBe(
      '该用户组下还有1个子分组，不能删除',
    );

    await okData(A.api('DELETE', 'user-group:delete', { query: { id: child } }));
    expect(await okData(A.api('GET', 'user-group:delete:check', { query: { id: g } }))).toEqual({
      can_delete: true,
      reason: '',
    });
    await okData(A.api('DELETE', 'user-group:delete', { query: { id: g } }));
    const gone = await A.api('GET', 'user-group:delete:check', { query: { id: g } });
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('用户组不存在或已被删除');
    expect((await logs(A)).map((l) => l.summary)).toEqual(
      expect.arrayContaining([
        '删除用户组「子分组」',
        '删除用户组「待删组」',
        '用户组「待删组」移除成员：员工甲',
      ]),
    );
  });

  it('a resigned member does not block deleting, and the membership goes with the group', async () => {
    const g = await create(A, { name: '离职成员组' });
    const s = await newStaff(A, '离职员工');
    await okData(A.api('POST', 'user-group/members:add', { body: { group_id: g, ids: [s] } }));
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', s).execute();
    expect((await okData(A.api('GET', 'user-group:delete:check', { query: { id: g } }))).can_delete).toBe(
      true,
    );
    await okData(A.api('DELETE', 'user-group:delete', { query: { id: g } }));
    const left = await t.db.selectFrom('user_group_members').selectAll().where('group_id', '=', g).execute();
    expect(left).toEqual([]);
  });
});

describe('user group members', () => {
  it('adds active staff (a person may be in several groups), lists with paging and keyword, removes', async () => {
    const g1 = await create(A, { name: '成员组一' });
    const g2 = await create(A, { name: '成员组二' });
    const wang = await newStaff(A, '王五');
    const zhao = await newStaff(A, '赵六');
    const added = await okData(
      A.api('POST', 'user-group/members:add', { body: { group_id: g1, ids: [wang, zhao, wang] } }),
    );
    expect(added).toEqual({ id: g1, added: 2 });
    // Adding again is no change; the same person joins a second group.
    expect(
      await okData(A.api('POST', 'user-group/members:add', { body: { group_id: g1, ids: [wang] } })),
    ).toEqual({ id: g1, added: 0 });
    await okData(A.api('POST', 'user-group/members:add', { body: { group_id: g2, ids: [wang] } }));

    const page = await members(A, g1, { page_size: 1 });
    expect(page.page).toEqual({ page_num: 1, page_size: 1, total: 2 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id: zhao, name: '赵六' });
    expect(Object.keys(page.items[0]).sort()).toEqual(['email', 'id', 'job_no', 'name', 'org_name', 'phone']);
    const found = await members(A, g1, { keyword: '王' });
    expect(found.items.map((m: any) => m.name)).toEqual(['王五']);
    expect((await members(A, g2)).items.map((m: any) => m.id)).toEqual([wang]);

    await okData(A.api('POST', 'user-group/members:remove', { body: { group_id: g1, ids: [wang] } }));
    expect((await members(A, g1)).items.map((m: any) => m.name)).toEqual(['赵六']);
    expect((await members(A, g2)).items.map((m: any) => m.name)).toEqual(['王五']);
    expect((await logs(A)).map((l) => l.summary)).toEqual(
      expect.arrayContaining(['用户组「成员组一」添加成员：王五、赵六', '用户组「成员组一」移除成员：王五']),
    );
  });

  it('refuses resigned staff and staff of another tenant, writing nothing', async () => {
    const g = await create(A, { name: '校验组' });
    const gone = await newStaff(A, '已离职');
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', gone).execute();
    const before = await dumpTenant(t, A.tenantId);
    for (const ids of [[A.staff, gone], [B.staff], [999999]]) {
      const res = await A.api('POST', 'user-group/members:add', { body: { group_id: g, ids } });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('员工不存在或已被删除');
    }
    expect(await dumpTenant(t, A.tenantId)).toBe(before);
  });

  it("cannot touch another tenant's group or its members", async () => {
    const bg = await create(B, { name: 'B组' });
    await okData(B.api('POST', 'user-group/members:add', { body: { group_id: bg, ids: [B.staff] } }));
    const beforeB = await dumpTenant(t, B.tenantId);
    const beforeA = await dumpTenant(t, A.tenantId);
    for (const [method, p, req] of [
      ['GET', 'user-group/members', { query: { group_id: bg } }],
      ['POST', 'user-group/members:remove', { body: { group_id: bg, ids: [B.staff] } }],
      ['POST', 'user-group/members:add', { body: { group_id: bg, ids: [A.staff] } }],
      ['PUT', 'user-group:update', { body: { id: bg, name: '改名' } }],
      ['DELETE', 'user-group:delete', { query: { id: bg } }],
    ] as const) {
      const res = await A.api(method, p, req);
      expect(res.status, p).toBe(404);
      expect(res.body.msg).toBe('用户组不存在或已被删除');
    }
    // Removing B's staff from A's own group is no effect.
    const g = await create(A, { name: '本租户组' });
    const afterCreate = await dumpTenant(t, A.tenantId);
    expect(
      await okData(A.api('POST', 'user-group/members:remove', { body: { group_id: g, ids: [B.staff] } })),
    ).toEqual({ id: g, removed: 0 });
    expect(await dumpTenant(t, A.tenantId)).toBe(afterCreate);
    expect(await dumpTenant(t, B.tenantId)).toBe(beforeB);
    expect(afterCreate).not.toBe(beforeA);
    expect((await tree(A)).some((x: any) => x.name === 'B组')).toBe(false);
  });
});

describe('user groups: validation and permissions', () => {
  it('answers bad input with 400 naming the field and writes nothing', async () => {
    const before = await dumpTenant(t, A.tenantId);
    const cases = [
      ['POST', 'user-group:create', { body: { name: 'x'.repeat(51) } }, '用户组名称'],
      ['POST', 'user-group:create', { body: { name: '组', pid: -1 } }, '上级用户组'],
      ['PUT', 'user-group:update', { body: { id: 1, name: '' } }, '用户组名称'],
      ['PUT', 'user-group:update', { body: { id: 1, order: -1 } }, '排序'],
      ['GET', 'user-group/members', { query: {} }, '用户组ID'],
      ['POST', 'user-group/members:add', { body: { group_id: 1, ids: ['a'] } }, '员工ID'],
      ['POST', 'user-group/members:remove', { body: { ids: [1] } }, '用户组ID'],
    ] as const;
    for (const [method, p, req, label] of cases) {
      const res = await A.api(method, p, req);
      expect(res.status, `${p} ${JSON.stringify(req)}`).toBe(400);
      expect(res.body.msg).toContain(label);
    }
    expect(await dumpTenant(t, A.tenantId)).toBe(before);
  });

  it('lets a view-only caller read but not change (403)', async () => {
    const g = await create(A, { name: '只读组' });
    const viewer = client(t, (await makeStaff(t.db, A.tenantId, ['userGroup:view'])).token);
    expect((await viewer('GET', 'user-group:tree')).status).toBe(200);
    expect((await viewer('GET', 'user-group/members', { query: { group_id: g } })).status).toBe(200);
    const before = await dumpTenant(t, A.tenantId);
    for (const [method, p, req] of [
      ['POST', 'user-group:create', { body: { name: '越权组' } }],
      ['PUT', 'user-group:update', { body: { id: g, name: '越权' } }],
      ['DELETE', 'user-group:delete', { query: { id: g } }],
      ['POST', 'user-group/members:add', { body: { group_id: g, ids: [A.staff] } }],
    ] as const) {
      const res = await viewer(method, p, req);
      expect(res.status, p).toBe(403);
    }
    expect(await dumpTenant(t, A.tenantId)).toBe(before);
    const nobody = client(t, (await makeStaff(t.db, A.tenantId, ['title:view'])).token);
    expect((await nobody('GET', 'user-group:tree')).status).toBe(403);
  });
});
