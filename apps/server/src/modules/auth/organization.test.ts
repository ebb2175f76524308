import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makePersonal, makeStaff, makeTenant, nextPhone } from '../../../test/factories.js';
import { DEFAULT_STAFF_PERMS } from '../../db/migrations/20261128T0560_default_staff_group.js';
import { createSession } from '../../platform/sessions.js';

/** 创建组织 (issue 20, part 7): a personal account makes its own tenant on the trial version. */
const URL = '/auth-center/api/v1/users:create/organization';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function post(token: string | null, url: string, payload: unknown, method: 'POST' | 'GET' = 'POST') {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { 'x-session-token': token } : {},
    ...(method === 'POST' ? { payload: payload as object } : {}),
  });
  return { code: res.statusCode, body: res.json() };
}
const founded = (userId: number) =>
  t.db.selectFrom('organizations').selectAll().where('founder_user_id', '=', userId).execute();
const orgCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('organizations')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST users:create/organization', () => {
  it('makes a tenant on the trial version with the person as administrator, and switches into it', async () => {
    const p = await makePersonal(t.db);
    const r = await post(p.token, URL, { name: '  新创科技有限公司 ' });
    expect(r.code).toBe(200);
    const s = r.body.data;
    expect(s).toMatchObject({ top_org_name: '新创科技有限公司', userStatus: 2, user_id: p.userId });
    const [org] = await founded(p.userId);
    expect(org).toMatchObject({ pid: 0, tenant_id: org.id, name: '新创科技有限公司', org_type: 'group' });
    expect(s.top_org_id).toBe(org.id);
    // The old (personal) token is revoked; the new one is staff of the new tenant with every permission.
    expect((await post(p.token, '/auth-center/api/v1/users/staff', null, 'GET')).code).toBe(401);
    const me = await post(s.token, '/auth-center/api/v1/users/staff', null, 'GET');
    expect(me.body.data).toMatchObject({ top_org_id: org.id, staff_id: s.staff_id });
    const groups = await t.db
      .selectFrom('privilege_groups')
      .select(['id', 'name', 'perms', 'is_builtin', 'is_default'])
      .where('tenant_id', '=', org.id)
      .orderBy('id')
      .execute();
    expect(groups.map((g) => [g.name, JSON.parse(g.perms), g.is_builtin, g.is_default])).toEqual([
      ['系统管理员', ['*'], 1, 0],
      ['普通员工', DEFAULT_STAFF_PERMS, 0, 1],
    ]);
    const version = await post(s.token, '/right-recharge/api/v1/tenant/product-version:query', null, 'GET');
    expect(version.body.data).toMatchObject({ product_version_name: '标准版', is_test_version: 1 });
    const flows = await t.db
      .selectFrom('flows')
      .select(['name', 'bill_type', 'enabled', 'current_version'])
      .where('tenant_id', '=', org.id)
      .orderBy('id')
      .execute();
    expect(flows.map((f) => [f.name, f.bill_type, f.enabled, f.current_version])).toEqual([
      ['报销审批', 'expense', 1, 1],
      ['借款审批', 'loan', 1, 1],
      ['申请审批', 'apply', 1, 1],
      ['采购审批', 'purchase', 1, 1],
    ]);
    // Risk flags are on from the first day: the six default 标记风险 rules (decision 0036).
    const rules = await t.db
      .selectFrom('audit_rules')
      .select(['action', 'enabled'])
      .where('tenant_id', '=', org.id)
      .execute();
    expect(rules).toHaveLength(6);
    expect(rules.every((r) => r.action === 'flag' && r.enabled === 1)).toBe(true);
    // The preset scenes of 场景管理: published, closed (spend/scenes).
    const scenes = await t.db
      .selectFrom('scenes')
      .select(['name', 'scene_type', 'status', 'current_version'])
      .where('tenant_id', '=', org.id)
      .orderBy('id')
      .execute();
    expect(scenes.map((s) => s.name)).toEqual([
      '外卖',
      '用车',
      '机票',
      '火车票',
      '酒店',
      '商城',
      '到店',
      '医疗健康',
    ]);
    expect(scenes.every((s) => s.scene_type === 0 && s.status === 1 && s.current_version === 1)).toBe(true);
    // The nine default 费用类型, enabled roots (budget/feeTypes, decision 0051).
    const feeTypes = await t.db
      .selectFrom('fee_types')
      .select(['code', 'parent_id', 'enabled'])
      .where('tenant_id', '=', org.id)
      .orderBy('sort')
      .execute();
    expect(feeTypes.map((f) => f.code)).toEqual([
      'travel',
      'traffic',
      'hotel',
      'meal',
      'entertain',
      'office',
      'communication',
      'training',
      'other',
    ]);
    expect(feeTypes.every((f) => Number(f.parent_id) === 0 && f.enabled === 1)).toBe(true);

    // A member the founder adds joins the default group and can file an expense at once; it goes to the
    // founder (the administrators: the member has no superior).
    const [dept] = await t.db
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('tenant_id', '=', org.id)
      .execute();
    expect(dept.name).toBe('综合管理部');
    const phone = nextPhone();
    const add = await post(s.token, '/org-arch-center/api/v1/users:post', {
      name: '新同事',
      phone,
      org_id: org.id,
      dept_ids: [dept.id],
    });
    expect(add.body.status).toBe(0);
    const staff = await t.db
      .selectFrom('staff')
      .select(['id', 'user_id'])
      .where('tenant_id', '=', org.id)
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    const member = await t.db
      .selectFrom('privilege_group_members')
      .select('group_id')
      .where('staff_id', '=', staff.id)
      .execute();
    expect(member.map((m) => m.group_id)).toEqual([groups[1].id]);
    const { token } = await createSession(
      t.db,
      { userId: staff.user_id, tenantId: org.id, staffId: staff.id },
      60_000,
    );
    const W = '/finobill/api/web';
    const draft = await post(token, `${W}/flow/save`, {
      billType: 'expense',
      title: '差旅费',
      fees: [{ feeType: 'travel', amount: 12_000, date: '2026-11-20', invoiceIds: [] }],
    });
    expect(draft.body.status).toBe(0);
    expect((await post(token, `${W}/flow/submit`, { id: draft.body.data.id })).body.status).toBe(0);
    const task = await t.db
      .selectFrom('flow_tasks')
      .select('assignee_id')
      .where('bill_id', '=', draft.body.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(task.assignee_id)).toBe(s.staff_id);
    // The founder's own expense has nobody else to review it yet: refused, with what to do.
    const own = await post(s.token, `${W}/flow/save`, {
      billType: 'expense',
      title: '本人差旅费',
      fees: [{ feeType: 'travel', amount: 12_000, date: '2026-11-20', invoiceIds: [] }],
    });
    const refused = await post(s.token, `${W}/flow/submit`, { id: own.body.data.id });
    expect(refused.body.msg).toContain('没有发起人以外的人员可以审批');
  });

  it('refuses an empty, blank or too long name in Chinese and creates nothing', async () => {
    const p = await makePersonal(t.db);
    const before = await orgCount();
    for (const [name, msg] of [
      ['', '请输入2-50个字符的组织名称'],
      ['   ', '请输入2-50个字符的组织名称'],
      ['组'.repeat(51), '组织名称不能超过50个字符'],
    ] as const) {
      const r = await post(p.token, URL, { name });
      expect(r.code).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    expect((await post(p.token, URL, {})).code).toBe(400);
    expect(await orgCount()).toBe(before);
  });

  it('without a session: 401 and nothing created', async () => {
    const before = await orgCount();
    expect((await post(null, URL, { name: '匿名组织' })).code).toBe(401);
    expect(await orgCount()).toBe(before);
  });

  it('one organisation per person: of two racing calls one wins, and a later call is refused', async () => {
    const p = await makePersonal(t.db);
    const [a, b] = await Promise.all([
      post(p.token, URL, { name: '并发组织甲' }),
      post(p.token, URL, { name: '并发组织乙' }),
    ]);
    expect([a.body.status, b.body.status].filter((s) => s === 0)).toHaveLength(1);
    expect(await founded(p.userId)).toHaveLength(1);
    const winner = a.body.status === 0 ? a : b;
    const again = await post(winner.body.data.token, URL, { name: '第二个组织' });
    expect(again.code).toBe(409);
    expect(again.body.msg).toBe(
      '您已创建过组织，每人只能创建一个组织；如需加入其他组织，请让其管理员添加您的手机号',
    );
    expect(await founded(p.userId)).toHaveLength(1);
  });

  it('staff of another organisation may found their own; its data stays apart from other tenants', async () => {
    const other = await makeTenant(t.db);
    const s = await makeStaff(t.db, other.tenantId, ['*']);
    const r = await post(s.token, URL, { name: '自己的组织' });
    expect(r.body.status).toBe(0);
    expect(r.body.data.top_org_id).not.toBe(other.tenantId);
    const list = await post(r.body.data.token, '/org-arch-center/api/v1/organizations:list', null, 'GET');
    expect(JSON.stringify(list.body.data)).not.toContain(String(other.companyId));
  });
});
