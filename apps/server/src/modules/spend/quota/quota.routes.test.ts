import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { caller } from '../../rights/rights.testkit.js';
import { ledgerMismatches, makeScene } from './quota.testkit.js';

const A = '/consume-quota-center/api/v1';
let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: Awaited<ReturnType<typeof makeStaff>>;
let viewer: Awaited<ReturnType<typeof makeStaff>>;
let staff: Awaited<ReturnType<typeof makeStaff>>[];
let tenantId: number;
let sceneId: number;
let other: {
  tenantId: number;
  sceneId: number;
  admin: Awaited<ReturnType<typeof makeStaff>>;
  userId: number;
};

const ALL = [
  'quotaRelease:view',
  'quotaRelease:add',
  'quotaRelease:edit',
  'quotaRelease:export',
  'quota:view',
];

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  ({ tenantId } = await makeTenant(t.db));
  sceneId = await makeScene(t.db, tenantId);
  admin = await makeStaff(t.db, tenantId, ALL);
  viewer = await makeStaff(t.db, tenantId, ['quota:view']);
  staff = [];
  for (let i = 0; i < 3; i++) staff.push(await makeStaff(t.db, tenantId));
  const o = await makeTenant(t.db);
  const oAdmin = await makeStaff(t.db, o.tenantId, ALL);
  const oStaff = await makeStaff(t.db, o.tenantId);
  other = {
    tenantId: o.tenantId,
    sceneId: await makeScene(t.db, o.tenantId),
    admin: oAdmin,
    userId: oStaff.userId,
  };
});
afterAll(() => t.close());

const manual = (extra: Record<string, unknown> = {}) => ({
  scene_id: sceneId,
  amount: 3000,
  valid_period: 4,
  clear_period: 1,
  release_mode: 1,
  scope: { user_ids: staff.map((s) => s.userId) },
  memo: '十一月工作餐',
  ...extra,
});

describe('quota plans', () => {
  it('adds, lists, updates and deletes a monthly plan', async () => {
    const body = {
      scene_id: sceneId,
      name: '每月工作餐',
      release_type: 1,
      amount: 50000,
      valid_period: 4,
      clear_period: 4,
      release_mode: 2,
      scope: { all: true },
      schedule: { unit: 'month', day: 1, time: '08:00' },
    };
    const add = await call(admin.token, 'POST', `${A}/quota-plan/add`, body);
    expect(add.code).toBe(200);
    expect(add.body.data).toMatchObject({
      name: '每月工作餐',
      schedule_text: '每月1日 08:00',
      release_mode_text: '清零重置',
      scene_name: '工作餐',
    });
    expect(add.body.data.next_run_at).toBeGreaterThan(Date.now());
    const list = await call(admin.token, 'GET', `${A}/quota-plan/list?scene_id=${sceneId}`);
    expect(list.body.data.page.total).toBe(1);
    const upd = await call(admin.token, 'POST', `${A}/quota-plan/update`, {
      ...body,
      id: add.body.data.id,
      amount: 60000,
    });
    expect(upd.body.data.amount).toBe(60000);
    expect((await call(admin.token, 'POST', `${A}/quota-plan/delete`, { id: add.body.data.id })).code).toBe(
      200,
    );
    expect((await call(admin.token, 'GET', `${A}/quota-plan/list`)).body.data.page.total).toBe(0);
  });

  it('refuses bad input in Chinese', async () => {
    const r = await call(admin.token, 'POST', `${A}/quota-plan/add`, {
      scene_id: sceneId,
      name: '',
      release_type: 9,
      amount: -1,
      valid_period: 4,
      scope: {},
    });
    expect(r.code).toBe(400);
    expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const noSchedule = await call(admin.token, 'POST', `${A}/quota-plan/add`, {
      scene_id: sceneId,
      name: 'x',
      release_type: 1,
      amount: 100,
      valid_period: 0,
      scope: { all: true },
    });
    expect(noSchedule.code).toBe(400);
    expect(noSchedule.body.msg).toBe('请设置发放时间');
    const cap = await call(
      admin.token,
      'POST',
      `${A}/quota-release/preview`,
      manual({ release_mode: 3, mode_limit: 100 }),
    );
    expect(cap.body.msg).toBe('累计至上限：上限须不小于每次发放金额');
  });
});

describe('manual release', () => {
  it('previews, runs, and shows balances, change records and user detail', async () => {
    const pre = await call(admin.token, 'POST', `${A}/quota-release/preview`, manual());
    expect(pre.code).toBe(200);
    expect(pre.body.data).toMatchObject({ people: 3, total: 9000, scene_name: '工作餐' });
    expect(pre.body.data.lines[0]).toMatchObject({ balance: 0, amount: 3000, balance_after: 3000 });
    const run = await call(admin.token, 'POST', `${A}/quota-release/run`, manual());
    expect(run.code).toBe(200);
    expect(run.body.data).toMatchObject({
      operate_status: 3,
      operate_status_text: '成功',
      release_source_text: '指定发放',
      people: 3,
      total: 9000,
      granted: 9000,
    });
    const detail = await call(admin.token, 'GET', `${A}/quota-release/detail?id=${run.body.data.id}`);
    expect(detail.body.data.lines.page.total).toBe(3);
    expect(detail.body.data.lines.items[0].granted).toBe(3000);
    const list = await call(viewer.token, 'GET', `${A}/quota/list?scene_id=${sceneId}`);
    expect(list.body.data.items.map((i: { balance: number }) => i.balance)).toEqual([3000, 3000, 3000]);
    const byUser = await call(viewer.token, 'GET', `${A}/quota/by-user`);
    expect(byUser.body.data.page.total).toBe(3);
    const changes = await call(viewer.token, 'GET', `${A}/quota/change-records?user_id=${staff[0]!.userId}`);
    expect(changes.body.data.items[0]).toMatchObject({
      kind: 'release',
      kind_text: '发放',
      delta: 3000,
      balance_after: 3000,
      memo: '十一月工作餐',
    });
    const ud = await call(viewer.token, 'GET', `${A}/quota/user-detail?user_id=${staff[0]!.userId}`);
    expect(ud.body.data).toMatchObject({ balance: 3000 });
    expect(ud.body.data.accounts).toHaveLength(1);
    const ops = await call(viewer.token, 'GET', `${A}/quota/operate-records?release_source=3`);
    expect(ops.body.data.items[0].created_by_name).toBeTruthy();
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('another tenant: scene, persons, release and user ids name nothing', async () => {
    expect(
      (await call(admin.token, 'POST', `${A}/quota-release/preview`, manual({ scene_id: other.sceneId })))
        .code,
    ).toBe(404);
    const foreignUser = await call(
      admin.token,
      'POST',
      `${A}/quota-release/run`,
      manual({ scope: { user_ids: [other.userId] } }),
    );
    expect(foreignUser.code).toBe(404);
    expect(foreignUser.body.msg).toBe('员工不存在或不在本组织');
    const mine = await call(admin.token, 'GET', `${A}/quota-release/list`);
    const id = mine.body.data.items[0].id;
    expect((await call(other.admin.token, 'GET', `${A}/quota-release/detail?id=${id}`)).code).toBe(404);
    expect(
      (await call(other.admin.token, 'GET', `${A}/quota/user-detail?user_id=${staff[0]!.userId}`)).code,
    ).toBe(404);
    expect(
      (await call(other.admin.token, 'GET', `${A}/quota/list?user_id=${staff[0]!.userId}`)).body.data.page
        .total,
    ).toBe(0);
    expect((await call(other.admin.token, 'GET', `${A}/quota/change-records`)).body.data.page.total).toBe(0);
    const plan = await call(admin.token, 'POST', `${A}/quota-plan/add`, {
      scene_id: sceneId,
      name: '每日',
      release_type: 1,
      amount: 100,
      valid_period: 2,
      scope: { all: true },
      schedule: { unit: 'day', time: '09:00' },
    });
    expect(
      (await call(other.admin.token, 'POST', `${A}/quota-plan/delete`, { id: plan.body.data.id })).code,
    ).toBe(404);
    expect(
      (
        await call(other.admin.token, 'POST', `${A}/quota-plan/add`, {
          scene_id: sceneId,
          name: '偷',
          release_type: 6,
          amount: 100,
          valid_period: 0,
          scope: { all: true },
        })
      ).code,
    ).toBe(404);
  });

  it('a missing permission is refused', async () => {
    expect((await call(viewer.token, 'POST', `${A}/quota-release/run`, manual())).code).toBe(403);
    expect((await call(viewer.token, 'GET', `${A}/quota-release/list`)).code).toBe(403);
    expect((await call(staff[0]!.token, 'GET', `${A}/quota/list`)).code).toBe(403);
    expect((await call(null, 'GET', `${A}/quota/list`)).code).toBe(401);
  });

  it('30 parallel manual releases: each pays everyone once, balances match the ledger', async () => {
    const before = (await call(viewer.token, 'GET', `${A}/quota/user-detail?user_id=${staff[1]!.userId}`))
      .body.data.balance;
    const runs = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(
          admin.token,
          'POST',
          `${A}/quota-release/run`,
          manual({ amount: 100, scope: { user_ids: [staff[1]!.userId, staff[2]!.userId] } }),
        ),
      ),
    );
    expect(runs.every((r) => r.code === 200 && r.body.data.operate_status === 3)).toBe(true);
    const after = (await call(viewer.token, 'GET', `${A}/quota/user-detail?user_id=${staff[1]!.userId}`)).body
      .data.balance;
    expect(after - before).toBe(3000);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
