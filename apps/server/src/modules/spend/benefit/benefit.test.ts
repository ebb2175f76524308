import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makePersonal, makeStaff, makeTenant } from '../../../../test/factories.js';
import { setTenantModeByOperator } from '../../org/index.js';
import { quotaLedger } from '../quota/index.js';
import { ledgerMismatches, makeScene } from '../quota/quota.testkit.js';
import { BenefitCode } from './benefit.errors.js';
import { festivalKey } from './benefit.service.js';

/** 福利首页 and 节日福利 (issue 21 benefit modes, decision 0046): released and spent through the quota ledger. */
const A = '/app-ctrl/api/v1';
const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { 'x-session-token': token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}

async function welfareTenant() {
  const x = await makeTenant(t.db);
  await setTenantModeByOperator(t.db, x.tenantId, { ui_type: 'welfare', orgcode_payer_type: 0 });
  const scene = await makeScene(t.db, x.tenantId, '节日福利', 14);
  const admin = await makeStaff(t.db, x.tenantId, ['quotaRelease:view', 'quotaRelease:add']);
  const staff = await makeStaff(t.db, x.tenantId);
  return { ...x, scene, admin, staff };
}

const festival = (scene: number, over: Record<string, unknown> = {}) => ({
  scene_id: scene,
  title: '元旦节福利',
  amount: 50000,
  claim_from: Date.now() - DAY,
  claim_until: Date.now() + 10 * DAY,
  expires_at: Date.now() + 90 * DAY,
  ...over,
});

describe('节日福利 through the quota ledger', () => {
  it('an administrator offers it; staff see it on 福利首页, claim it once, and the balance is the ledger’s', async () => {
    const w = await welfareTenant();
    const created = await call(w.admin.token, 'POST', `${A}/benefit/festival:create`, festival(w.scene));
    expect(created.code).toBe(200);
    const id = created.body.data.id;

    const before = await call(w.staff.token, 'GET', `${A}/home/benefit`);
    expect(before.code).toBe(200);
    expect(before.body.data).toMatchObject({
      ui_type: 'welfare',
      orgcode_payer_type: 0,
      total_balance: 0,
      balances: [],
      recent: [],
    });
    expect(before.body.data.festivals).toEqual([
      expect.objectContaining({
        id,
        title: '元旦节福利',
        amount: 50000,
        scene_name: '节日福利',
        claimed: false,
      }),
    ]);

    const claim = await call(w.staff.token, 'POST', `${A}/home/benefit/festival:claim`, { id });
    expect(claim.code).toBe(200);
    expect(claim.body.data).toMatchObject({ id, scene_id: w.scene, granted: 50000, balance: 50000 });

    const after = (await call(w.staff.token, 'GET', `${A}/home/benefit`)).body.data;
    expect(after.total_balance).toBe(50000);
    expect(after.balances).toEqual([
      { scene_id: w.scene, scene_name: '节日福利', category: 14, balance: 50000 },
    ]);
    expect(after.festivals[0]).toMatchObject({ claimed: true, claimed_at: claim.body.data.claimed_at });
    expect(after.recent).toEqual([
      expect.objectContaining({
        kind: 'release',
        delta: 50000,
        balance_after: 50000,
        memo: '节日福利领取：元旦节福利',
      }),
    ]);

    // Spent through the same ledger (the orders area's debit): the home shows it.
    await t.db.transaction().execute((tx) =>
      quotaLedger.debit(tx, {
        tenantId: w.tenantId,
        userId: w.staff.userId,
        sceneId: w.scene,
        amount: 12000,
        key: 'order:test:1',
        memo: '商城订单消费',
      }),
    );
    const spent = (await call(w.staff.token, 'GET', `${A}/home/benefit`)).body.data;
    expect(spent.total_balance).toBe(38000);
    expect(spent.recent.map((m: any) => [m.kind, m.delta, m.memo])).toEqual([
      ['debit', -12000, '商城订单消费'],
      ['release', 50000, '节日福利领取：元旦节福利'],
    ]);

    // A second claim answers the first, and moves nothing.
    const again = await call(w.staff.token, 'POST', `${A}/home/benefit/festival:claim`, { id });
    expect(again.code).toBe(200);
    expect(again.body.data).toMatchObject({ granted: 50000, claimed_at: claim.body.data.claimed_at });
    expect(await quotaLedger.balance(t.db, w.tenantId, w.staff.userId, w.scene)).toBe(38000);

    const list = await call(w.admin.token, 'GET', `${A}/benefit/festival:list`);
    expect(list.code).toBe(200);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ id, claimed_people: 1, claimed_total: 50000 }),
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('30 claims at once by one person pay once; by 20 people pay each once', async () => {
    const w = await welfareTenant();
    const { id } = (await call(w.admin.token, 'POST', `${A}/benefit/festival:create`, festival(w.scene))).body
      .data;
    const same = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(w.staff.token, 'POST', `${A}/home/benefit/festival:claim`, { id }),
      ),
    );
    expect(same.every((r) => r.code === 200 && r.body.data.granted === 50000)).toBe(true);
    const rows = await t.db
      .selectFrom('quota_ledger')
      .select(['delta'])
      .where('tenant_id', '=', w.tenantId)
      .where('source_key', '=', festivalKey(id, w.staff.userId))
      .execute();
    expect(rows.map((r) => Number(r.delta))).toEqual([50000]);
    expect(await quotaLedger.balance(t.db, w.tenantId, w.staff.userId, w.scene)).toBe(50000);

    const people = await Promise.all(Array.from({ length: 20 }, () => makeStaff(t.db, w.tenantId)));
    const many = await Promise.all(
      people.map((p) => call(p.token, 'POST', `${A}/home/benefit/festival:claim`, { id })),
    );
    expect(many.map((r) => r.code)).toEqual(people.map(() => 200));
    const list = (await call(w.admin.token, 'GET', `${A}/benefit/festival:list`)).body.data.items[0];
    expect(list).toMatchObject({ claimed_people: 21, claimed_total: 21 * 50000 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('refuses bad input, a window not open or ended, and writes nothing', async () => {
    const w = await welfareTenant();
    for (const body of [
      festival(w.scene, { amount: 0 }),
      festival(w.scene, { title: '' }),
      festival(w.scene, { scene_id: 'x' }),
      { title: '缺字段' },
    ]) {
      const r = await call(w.admin.token, 'POST', `${A}/benefit/festival:create`, body);
      expect(r.code).toBe(400);
    }
    const backwards = await call(
      w.admin.token,
      'POST',
      `${A}/benefit/festival:create`,
      festival(w.scene, { claim_from: Date.now() + DAY, claim_until: Date.now() }),
    );
    expect(backwards.code).toBe(400);
    expect(backwards.body.status).toBe(BenefitCode.windowInvalid);
    expect((await call(w.staff.token, 'POST', `${A}/home/benefit/festival:claim`, { id: 'abc' })).code).toBe(
      400,
    );

    const later = (
      await call(
        w.admin.token,
        'POST',
        `${A}/benefit/festival:create`,
        festival(w.scene, {
          claim_from: Date.now() + DAY,
          claim_until: Date.now() + 2 * DAY,
          expires_at: null,
        }),
      )
    ).body.data.id;
    const notOpen = await call(w.staff.token, 'POST', `${A}/home/benefit/festival:claim`, { id: later });
    expect(notOpen.code).toBe(409);
    expect(notOpen.body.msg).toBe('节日福利尚未开始领取');
    const ended = (
      await call(
        w.admin.token,
        'POST',
        `${A}/benefit/festival:create`,
        festival(w.scene, {
          claim_from: Date.now() - 3 * DAY,
          claim_until: Date.now() - DAY,
          expires_at: null,
        }),
      )
    ).body.data.id;
    const late = await call(w.staff.token, 'POST', `${A}/home/benefit/festival:claim`, { id: ended });
    expect(late.code).toBe(409);
    expect(late.body.status).toBe(BenefitCode.ended);
    // An ended festival nobody claimed is not shown to staff.
    const home = (await call(w.staff.token, 'GET', `${A}/home/benefit`)).body.data;
    expect(home.festivals.map((f: any) => f.id)).toEqual([later]);
    const n = await t.db
      .selectFrom('quota_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', w.tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('keeps tenants apart: another tenant’s festival or scene is not found, and balances stay home', async () => {
    const a = await welfareTenant();
    const b = await welfareTenant();
    const { id } = (await call(a.admin.token, 'POST', `${A}/benefit/festival:create`, festival(a.scene))).body
      .data;
    await call(a.staff.token, 'POST', `${A}/home/benefit/festival:claim`, { id });

    const foreign = await call(b.staff.token, 'POST', `${A}/home/benefit/festival:claim`, { id });
    expect(foreign.code).toBe(404);
    expect(foreign.body.status).toBe(BenefitCode.festivalNotFound);
    const foreignScene = await call(b.admin.token, 'POST', `${A}/benefit/festival:create`, festival(a.scene));
    expect(foreignScene.code).toBe(404);
    expect(foreignScene.body.status).toBe(BenefitCode.sceneNotFound);
    const bHome = (await call(b.staff.token, 'GET', `${A}/home/benefit`)).body.data;
    expect(bHome).toMatchObject({ total_balance: 0, balances: [], festivals: [], recent: [] });
    expect((await call(b.admin.token, 'GET', `${A}/benefit/festival:list`)).body.data.items).toEqual([]);
  });

  it('refuses a caller without 额度发放 permission, a personal account and no session', async () => {
    const w = await welfareTenant();
    for (const [method, url, body] of [
      ['POST', `${A}/benefit/festival:create`, festival(w.scene)],
      ['GET', `${A}/benefit/festival:list`, undefined],
    ] as const) {
      const r = await call(w.staff.token, method, url, body);
      expect(r.code).toBe(403);
      expect(r.body.status).toBe(PlatformCode.forbidden);
    }
    const p = await makePersonal(t.db);
    expect((await call(p.token, 'GET', `${A}/home/benefit`)).code).toBe(403);
    expect((await call(null, 'GET', `${A}/home/benefit`)).code).toBe(401);
  });
});
