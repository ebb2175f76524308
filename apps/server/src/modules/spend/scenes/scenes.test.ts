import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { caller, qs } from '../../invoice/invoice.testkit.js';
import type { SpendRequest, SpendUsage } from '../decision.js';
import { compileCount } from './engine/compile.js';
import { sceneDecider, scenesForUser, seedPresetScenes } from './index.js';
import { SCENES } from './scenes.routes.js';
import { seedDemoTenant, DEMO } from '../../../seed/demo.js';
import { ScenesCode } from './scenes.errors.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const ALL = ['scenesRule:view', 'scenesRule:add', 'scenesRule:edit', 'scenesRule:delete'];

async function tenant() {
  const x = await makeTenant(t.db);
  const admin = await makeStaff(t.db, x.tenantId, ALL);
  const viewer = await makeStaff(t.db, x.tenantId, ['scenesRule:view']);
  const staff = await makeStaff(t.db, x.tenantId);
  return { ...x, admin, viewer, staff };
}

const lunchContent = {
  info: { use_time: 1, excess_pay_type: 1 },
  rules: { use_time: { slots: [{ start: '11:00', end: '13:30' }] }, day_amount: { amount: 3000 } },
  scope: { all: true },
};

async function ok(res: { code: number; body: any }) {
  expect(res.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function lunchScene(token: string, name = '工作餐', content: unknown = lunchContent) {
  const s = await ok(await call(token, 'POST', `${SCENES}/add`, { name, category: 2, content }));
  await ok(await call(token, 'POST', `${SCENES}/publish`, { id: s.id }));
  await ok(await call(token, 'POST', `${SCENES}/status`, { id: s.id, status: 2 }));
  return s.id as number;
}

const sh = (local: string) => Date.parse(`${local}+08:00`);
const usage: SpendUsage = {
  dayAmount: 0,
  weekAmount: 0,
  monthAmount: 0,
  yearAmount: 0,
  sceneAmount: 0,
  dayCount: 0,
  monthCount: 0,
  quotaBalance: null,
};
const spendOf = (
  tenantId: number,
  userId: number,
  sceneId: number,
  over: Partial<SpendRequest> = {},
): SpendRequest => ({
  tenantId,
  userId,
  sceneId,
  channel: 'demo',
  category: 2,
  amount: 2500,
  at: sh('2026-11-27T12:00:00'),
  ...over,
});

describe('sceneDecider', () => {
  it('decides with the published version, compiled once, and refuses closed, unpublished and out-of-scope spends', async () => {
    const A = await tenant();
    const id = await lunchScene(A.admin.token);
    const before = compileCount();
    const d1 = await sceneDecider.decide(t.db, spendOf(A.tenantId, A.staff.staffId, id), usage);
    const d2 = await sceneDecider.decide(
      t.db,
      spendOf(A.tenantId, A.staff.staffId, id, { at: sh('2026-11-27T15:00:00') }),
      usage,
    );
    const d3 = await sceneDecider.decide(t.db, spendOf(A.tenantId, A.staff.staffId, id), {
      ...usage,
      dayAmount: 2000,
    });
    expect(compileCount() - before).toBe(1);
    expect(d1).toMatchObject({ verdict: 'allow', sceneId: id, sceneVersion: 1, companyPays: 2500 });
    expect(d2.verdict).toBe('refuse');
    expect(d2.voices[0]!.message).toBe('不在可用时段（11:00–13:30）内，当前 15:00');
    expect(d3).toMatchObject({ verdict: 'excess', companyPays: 1000, employeePays: 1500 });

    // A draft changes nothing until it is published; then version 2 decides.
    await ok(
      await call(A.admin.token, 'POST', `${SCENES}/draft`, {
        id,
        content: { ...lunchContent, rules: { ...lunchContent.rules, day_amount: { amount: 5000 } } },
      }),
    );
    expect(
      (
        await sceneDecider.decide(t.db, spendOf(A.tenantId, A.staff.staffId, id), {
          ...usage,
          dayAmount: 2000,
        })
      ).verdict,
    ).toBe('excess');
    await ok(await call(A.admin.token, 'POST', `${SCENES}/publish`, { id }));
    const v2 = await sceneDecider.decide(t.db, spendOf(A.tenantId, A.staff.staffId, id), {
      ...usage,
      dayAmount: 2000,
    });
    expect(v2).toMatchObject({ verdict: 'allow', sceneVersion: 2 });

    // Closed.
    await ok(await call(A.admin.token, 'POST', `${SCENES}/status`, { id, status: 1 }));
    const closed = await sceneDecider.decide(t.db, spendOf(A.tenantId, A.staff.staffId, id), usage);
    expect(closed.voices).toEqual([
      { rule: 'scene', code: 'SCENE_CLOSED', effect: 'refuse', message: '场景「工作餐」未开启' },
    ]);

    // Another tenant's scene, an unknown scene, another tenant's staff.
    const B = await tenant();
    expect(
      (await sceneDecider.decide(t.db, spendOf(B.tenantId, B.staff.staffId, id), usage)).voices[0]!.code,
    ).toBe('SCENE_NOT_FOUND');
    await ok(await call(A.admin.token, 'POST', `${SCENES}/status`, { id, status: 2 }));
    expect(
      (await sceneDecider.decide(t.db, spendOf(A.tenantId, B.staff.staffId, id), usage)).voices[0]!.code,
    ).toBe('OUT_OF_SCOPE');
    const draftOnly = await ok(
      await call(A.admin.token, 'POST', `${SCENES}/add`, { name: '草稿', category: 2 }),
    );
    expect(
      (await sceneDecider.decide(t.db, spendOf(A.tenantId, A.staff.staffId, draftOnly.id), usage)).voices[0]!
        .code,
    ).toBe('SCENE_NOT_PUBLISHED');
  });

  it('applies a scene by department, and lists the staff member’s own scenes', async () => {
    const A = await tenant();
    const inDept = await makeStaff(t.db, A.tenantId);
    await t.db
      .insertInto('staff_departments')
      .values({ tenant_id: A.tenantId, staff_id: inDept.staffId, dept_id: A.deptId })
      .execute();
    const id = await lunchScene(A.admin.token, '部门工作餐', {
      ...lunchContent,
      scope: { deptIds: [A.deptId] },
    });
    expect((await sceneDecider.decide(t.db, spendOf(A.tenantId, inDept.staffId, id), usage)).verdict).toBe(
      'allow',
    );
    const out = await sceneDecider.decide(t.db, spendOf(A.tenantId, A.staff.staffId, id), usage);
    expect(out.voices[0]).toMatchObject({
      code: 'OUT_OF_SCOPE',
      message: '您不在场景「部门工作餐」的适用范围内',
    });

    const mine = await scenesForUser(t.db, A.tenantId, inDept.staffId);
    expect(mine).toEqual([
      expect.objectContaining({
        id,
        name: '部门工作餐',
        categoryText: '外卖',
        summary: ['可用时段 11:00–13:30', '每日限额 ¥30.00', '超出部分由个人支付'],
      }),
    ]);
    expect(await scenesForUser(t.db, A.tenantId, A.staff.staffId)).toEqual([]);
    const res = await call(inDept.token, 'GET', `${SCENES}/mine`);
    expect((await ok(res)).map((s: { id: number }) => s.id)).toEqual([id]);
  });
});

describe('the demo seed', () => {
  it('gives 演示集团 the presets and an opened 工作餐 (11:00–13:30, ¥30.00 a day, the employee pays the excess)', async () => {
    const { group } = await t.db.transaction().execute((trx) => seedDemoTenant(trx));
    const rows = await t.db
      .selectFrom('scenes')
      .select(['id', 'name', 'scene_type', 'status'])
      .where('tenant_id', '=', group)
      .execute();
    expect(rows).toHaveLength(9);
    const lunch = rows.find((r) => r.name === '工作餐')!;
    expect(lunch).toMatchObject({ scene_type: 1, status: 2 });
    const staff = await t.db
      .selectFrom('staff')
      .select('id')
      .where('tenant_id', '=', group)
      .where('phone', '=', DEMO.staff)
      .executeTakeFirstOrThrow();
    const spend = spendOf(group, Number(staff.id), Number(lunch.id));
    expect((await sceneDecider.decide(t.db, spend, usage)).verdict).toBe('allow');
    expect(
      (await sceneDecider.decide(t.db, { ...spend, at: sh('2026-11-27T18:00:00') }, usage)).voices[0]!.code,
    ).toBe('USE_TIME_OUTSIDE');
    const over = await sceneDecider.decide(t.db, { ...spend, amount: 4000 }, usage);
    expect(over).toMatchObject({ verdict: 'excess', companyPays: 3000, employeePays: 1000 });
  });
});

describe('场景管理 routes', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter((r) => r.url.startsWith(`${SCENES}/`) && r.method !== 'HEAD');
    expect(mine.map((r) => r.url).sort()).toEqual(
      ['add', 'copy', 'delete', 'detail', 'draft', 'list', 'mine', 'publish', 'ruleTypes', 'status'].map(
        (p) => `${SCENES}/${p}`,
      ),
    );
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });

  it('adds, lists with filters and paging, shows versions, copies and deletes', async () => {
    const A = await tenant();
    await seedPresetScenes(t.db, A.tenantId, 0, Date.now());
    const id = await lunchScene(A.admin.token, '午餐补贴');
    const list = await ok(
      await call(A.viewer.token, 'GET', `${SCENES}/list${qs({ page_num: 1, page_size: 5 })}`),
    );
    expect(list.total).toBe(9);
    expect(list.list).toHaveLength(5);
    expect(list.list[0].sceneTypeText).toBe('自定义');
    expect(list.list[1]).toMatchObject({ name: '外卖', sceneTypeText: '系统预置' });
    const custom = await ok(
      await call(
        A.viewer.token,
        'GET',
        `${SCENES}/list${qs({ scene_type: 1, status: 2, category: 2, name: '午餐' })}`,
      ),
    );
    expect(custom.list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(custom.list[0]).toMatchObject({
      statusText: '开启',
      categoryText: '外卖',
      current_version: 1,
      hasDraft: false,
    });

    const detail = await ok(await call(A.viewer.token, 'GET', `${SCENES}/detail${qs({ id })}`));
    expect(detail.versions).toEqual([expect.objectContaining({ version: 1, published_by: A.admin.staffId })]);
    expect(detail.published.rules.day_amount).toEqual({ amount: 3000 });
    expect(detail.controlsDisabled).toBe(false);

    const copy = await ok(await call(A.admin.token, 'POST', `${SCENES}/copy`, { id }));
    expect(copy).toMatchObject({
      name: '午餐补贴-副本',
      scene_type: 1,
      status: 1,
      current_version: 0,
      hasDraft: true,
    });
    expect(copy.content.rules.day_amount).toEqual({ amount: 3000 });
    await ok(await call(A.admin.token, 'POST', `${SCENES}/delete`, { id: copy.id }));
    expect((await call(A.viewer.token, 'GET', `${SCENES}/detail${qs({ id: copy.id })}`)).code).toBe(404);

    // Presets: edited and opened, never deleted.
    const preset = (
      await ok(await call(A.viewer.token, 'GET', `${SCENES}/list${qs({ scene_type: 0, name: '机票' })}`))
    ).list[0];
    expect(preset).toMatchObject({ name: '机票', current_version: 1, status: 1 });
    const del = await call(A.admin.token, 'POST', `${SCENES}/delete`, { id: preset.id });
    expect(del.code).toBe(409);
    expect(del.body).toMatchObject({
      status: ScenesCode.presetNotDeletable,
      msg: '系统预置场景不能删除，可关闭或编辑',
    });
    await ok(await call(A.admin.token, 'POST', `${SCENES}/status`, { id: preset.id, status: 2 }));
    const presetDetail = await ok(
      await call(A.viewer.token, 'GET', `${SCENES}/detail${qs({ id: preset.id })}`),
    );
    expect(presetDetail.content.rules.airplane).toMatchObject({ low_price_control_time: 3, discount: 10 });
  });

  it('gives the rule types of a category without hidden ones or empty groups', async () => {
    const A = await tenant();
    const air = await ok(await call(A.viewer.token, 'GET', `${SCENES}/ruleTypes${qs({ category: 6 })}`));
    const ids = air.flatMap((g: { types: { id: string }[] }) => g.types.map((x) => x.id));
    expect(ids).toContain('airplane');
    expect(ids).not.toContain('takeout');
    expect(ids).not.toContain('use_time');
    for (const g of air) {
      expect(g.types.length).toBeGreaterThan(0);
      for (const x of g.types) expect(x.status).toBe(1);
    }
    const general = await ok(await call(A.viewer.token, 'GET', `${SCENES}/ruleTypes${qs({ category: 14 })}`));
    expect(general.map((g: { group: string }) => g.group)).not.toContain('business');
  });

  it('refuses bad input with Chinese messages', async () => {
    const A = await tenant();
    const bad = async (url: string, body: unknown, code: number, msg?: string) => {
      const res = await call(A.admin.token, 'POST', `${SCENES}/${url}`, body);
      expect(res.code, JSON.stringify(res.body)).toBe(code);
      if (msg) expect(res.body.msg).toContain(msg);
      return res;
    };
    await bad('add', { name: '', category: 2 }, 400);
    await bad('add', { name: '无类别', category: 99 }, 400);
    await bad(
      'add',
      {
        name: '坏时段',
        category: 2,
        content: { ...lunchContent, rules: { use_time: { slots: [{ start: '25:00', end: '13:00' }] } } },
      },
      400,
    );
    await bad(
      'add',
      { name: '坏金额', category: 2, content: { ...lunchContent, rules: { day_amount: { amount: 12.5 } } } },
      400,
    );
    await bad(
      'add',
      { name: '不支持', category: 2, content: { ...lunchContent, rules: { car: {} } } },
      400,
      '外卖场景不支持用车规则',
    );
    await bad(
      'add',
      { name: '无时段', category: 2, content: { info: { use_time: 1 }, rules: {}, scope: { all: true } } },
      400,
      '已开启可用时段，请填写时段',
    );
    await bad(
      'add',
      { name: '无人', category: 2, content: { info: {}, rules: {}, scope: {} } },
      400,
      '请选择适用人员',
    );
    // spec 5: with a valid apply template (not empty, not 0) and an apply type other than none, amounts are the form's.
    await bad(
      'add',
      {
        name: '申请模板',
        category: 2,
        content: {
          info: { apply_type: 1, apply_template_id: 12 },
          rules: { day_amount: { amount: 100 } },
          scope: { all: true },
        },
      },
      400,
      '已关联申请模板，每日限额由申请单控制',
    );
    for (const [i, apply_template_id] of [0, '0', ''].entries()) {
      const r = await call(A.admin.token, 'POST', `${SCENES}/add`, {
        name: `无效模板${i}`,
        category: 2,
        content: {
          info: { apply_type: 1, apply_template_id },
          rules: { day_amount: { amount: 100 } },
          scope: { all: true },
        },
      });
      expect(r.code, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.controlsDisabled).toBe(false);
    }
    const s = await ok(await call(A.admin.token, 'POST', `${SCENES}/add`, { name: '未发布', category: 2 }));
    await bad('status', { id: s.id, status: 2 }, 409, '场景尚未发布');
    await bad('add', { name: '未发布', category: 2 }, 409, '场景名称「未发布」已存在');
    expect((await call(A.viewer.token, 'GET', `${SCENES}/list${qs({ page_size: 1000 })}`)).code).toBe(400);
  });

  it("never shows or changes another tenant's scene (query, body) nor takes its people into a scope", async () => {
    const A = await tenant();
    const B = await tenant();
    const id = await lunchScene(A.admin.token);
    expect((await call(B.admin.token, 'GET', `${SCENES}/detail${qs({ id })}`)).code).toBe(404);
    for (const [url, body] of [
      ['publish', { id }],
      ['status', { id, status: 1 }],
      ['copy', { id }],
      ['delete', { id }],
      ['draft', { id, content: lunchContent }],
    ] as const) {
      const res = await call(B.admin.token, 'POST', `${SCENES}/${url}`, body);
      expect(res.code, url).toBe(404);
      expect(res.body.status).toBe(ScenesCode.sceneNotFound);
    }
    expect((await ok(await call(B.admin.token, 'GET', `${SCENES}/list`))).list).toEqual([]);
    // Scope ids of another tenant in the body.
    for (const scope of [
      { deptIds: [A.deptId] },
      { orgIds: [A.companyId] },
      { staffIds: [A.staff.staffId] },
    ]) {
      const res = await call(B.admin.token, 'POST', `${SCENES}/add`, {
        name: `越权${Object.keys(scope)[0]}`,
        category: 2,
        content: { ...lunchContent, scope },
      });
      expect(res.code).toBe(400);
    }
    const after = await ok(await call(A.viewer.token, 'GET', `${SCENES}/detail${qs({ id })}`));
    expect(after).toMatchObject({ status: 2, current_version: 1 });
  });

  it('refuses a caller without the permission', async () => {
    const A = await tenant();
    const id = await lunchScene(A.admin.token);
    expect((await call(A.staff.token, 'GET', `${SCENES}/list`)).body.status).toBe(PlatformCode.forbidden);
    expect((await call(A.viewer.token, 'POST', `${SCENES}/add`, { name: 'x', category: 2 })).code).toBe(403);
    expect((await call(A.viewer.token, 'POST', `${SCENES}/publish`, { id })).code).toBe(403);
    expect((await call(A.viewer.token, 'POST', `${SCENES}/delete`, { id })).code).toBe(403);
    expect((await call(null, 'GET', `${SCENES}/mine`)).code).toBe(401);
  });

  it('gives concurrent publishes of one scene distinct versions n+1 … n+k', async () => {
    const A = await tenant();
    const id = await lunchScene(A.admin.token);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(A.admin.token, 'POST', `${SCENES}/publish`, { id })),
    );
    const versions = results.map((r) => {
      expect(r.code, JSON.stringify(r.body)).toBe(200);
      return r.body.data.version as number;
    });
    expect(versions.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const rows = await t.db
      .selectFrom('scene_versions')
      .select('version')
      .where('scene_id', '=', id)
      .execute();
    expect(rows).toHaveLength(21);
  });
});
