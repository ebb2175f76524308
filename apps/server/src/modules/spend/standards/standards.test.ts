import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { caller, qs } from '../../invoice/invoice.testkit.js';
import { STANDARDS } from './standards.routes.js';
import { StandardCode } from './standards.errors.js';
import { insertCityGroup, insertNamed, setStaffDims } from './standards.testkit.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const ALL = [
  'tripStandard:view',
  'tripStandard:edit',
  'costStandard:view',
  'costStandard:edit',
  'controlSetting:view',
  'controlSetting:edit',
  'standardSetting:view',
  'standardSetting:edit',
  'operationLog:view',
];

async function tenant() {
  const x = await makeTenant(t.db);
  const admin = await makeStaff(t.db, x.tenantId, ALL);
  const viewer = await makeStaff(t.db, x.tenantId, ['tripStandard:view', 'costStandard:view']);
  const plain = await makeStaff(t.db, x.tenantId);
  const P3 = await insertNamed(t.db, x.tenantId, 'job_grades', 'P3', 3);
  const P4 = await insertNamed(t.db, x.tenantId, 'job_grades', 'P4', 4);
  const job = await insertNamed(t.db, x.tenantId, 'job_positions', '销售经理');
  const tier1 = await insertCityGroup(t.db, x.tenantId, '一线城市', ['110000', '310000']);
  await setStaffDims(t.db, x.tenantId, plain.staffId, { gradeId: P3, jobId: job });
  return { ...x, admin, viewer, plain, P3, P4, job, tier1 };
}

const hotelBody = (w: { P3: number; P4: number; tier1: number }, cap = 50000) => ({
  kind: 'hotel',
  dimension: 'grade',
  cells: [
    { subjectId: w.P3, cityGroupId: w.tier1, nightCap: cap },
    { subjectId: w.P3, cityGroupId: 0, nightCap: cap - 20000 },
    { subjectId: w.P4, cityGroupId: w.tier1, nightCap: cap + 20000 },
  ],
});

describe('差旅与费用标准 routes', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter((r) => r.url.startsWith(`${STANDARDS}/`) && r.method !== 'HEAD');
    expect(mine.map((r) => `${r.method} ${r.url.slice(STANDARDS.length)}`).sort()).toEqual([
      'GET /cost',
      'GET /dimensions',
      'GET /preview',
      'GET /setting',
      'GET /trip',
      'POST /control/update',
      'POST /cost/save',
      'POST /setting/update',
      'POST /trip/save',
    ]);
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });

  it('saves the settings, the controls and whole tables, answers them and logs each change', async () => {
    const A = await tenant();
    const dims = await call(A.admin.token, 'GET', `${STANDARDS}/dimensions`);
    expect(dims.code).toBe(200);
    expect(dims.body.data).toMatchObject({
      dimension: 'grade',
      cityMode: 'group',
      grades: [
        { id: A.P3, name: 'P3' },
        { id: A.P4, name: 'P4' },
      ],
      jobs: [{ id: A.job, name: '销售经理' }],
      cityGroups: [
        { id: A.tier1, name: '一线城市', cityNames: ['北京市', '上海市'] },
        { id: 0, name: '其他城市', cityNames: [] },
      ],
    });
    const initial = await call(A.viewer.token, 'GET', `${STANDARDS}/setting`);
    expect(initial.body.data).toMatchObject({ dimension: 'grade', updatedAt: null });
    expect(initial.body.data.controls).toContainEqual({
      kind: 'hotel',
      kindText: '住宿',
      action: 'approval',
      actionText: '超标需填写原因并审批',
    });

    const saved = await call(A.admin.token, 'POST', `${STANDARDS}/trip/save`, hotelBody(A));
    expect(saved.code, saved.body.msg).toBe(200);
    expect(saved.body.data.cells).toHaveLength(3);
    expect(saved.body.data.cells[0]).toMatchObject({
      subjectId: A.P3,
      cityGroupId: A.tier1,
      nightCap: 50000,
      cabins: null,
      text: 'P3 在一线城市的住宿标准为 ¥500.00/晚',
    });
    expect(saved.body.data.updatedByName).toMatch(/^测试员工/);
    const read = await call(A.viewer.token, 'GET', `${STANDARDS}/trip${qs({ kind: 'hotel' })}`);
    expect(read.body.data.cells.map((c: any) => c.nightCap)).toEqual([50000, 30000, 70000]);

    const air = await call(A.admin.token, 'POST', `${STANDARDS}/trip/save`, {
      kind: 'air',
      dimension: 'grade',
      // other kinds' fields are not kept
      cells: [
        {
          subjectId: A.P3,
          cityGroupId: 0,
          cabins: ['economy', 'premium_economy'],
          discountCap: 85,
          nightCap: 1,
        },
      ],
    });
    expect(air.body.data.cells[0]).toMatchObject({
      cabins: ['economy', 'premium_economy'],
      discountCap: 85,
      nightCap: null,
      text: 'P3 在其他城市的机票标准为 经济舱、超级经济舱，不超过全价8.5折',
    });

    const cost = await call(A.admin.token, 'POST', `${STANDARDS}/cost/save`, {
      feeType: 'entertain',
      dimension: 'grade',
      cells: [{ subjectId: A.P4, cityGroupId: A.tier1, cap: 100000, period: 'time' }],
    });
    expect(cost.code, cost.body.msg).toBe(200);
    expect(cost.body.data).toMatchObject({ kind: 'fee', feeType: 'entertain' });
    expect(cost.body.data.cells[0].text).toBe('P4 在一线城市的业务招待费标准为 ¥1,000.00/次');
    const costRead = await call(A.viewer.token, 'GET', `${STANDARDS}/cost${qs({ feeType: 'entertain' })}`);
    expect(costRead.body.data.cells).toHaveLength(1);
    expect(
      (await call(A.viewer.token, 'GET', `${STANDARDS}/cost${qs({ feeType: 'meal' })}`)).body.data.cells,
    ).toEqual([]);

    const controls = {
      hotel: 'refuse',
      air: 'approval',
      train: 'approval',
      car: 'approval',
      allowance: 'excess',
      fee: 'excess',
    };
    const ctl = await call(A.admin.token, 'POST', `${STANDARDS}/control/update`, { controls });
    expect(ctl.code, ctl.body.msg).toBe(200);
    expect(ctl.body.data.controls.find((c: any) => c.kind === 'hotel')).toMatchObject({
      action: 'refuse',
      actionText: '禁止',
    });

    const setting = await call(A.admin.token, 'POST', `${STANDARDS}/setting/update`, {
      dimension: 'job',
      cityMode: 'group',
    });
    expect(setting.body.data).toMatchObject({
      dimension: 'job',
      dimensionText: '职位',
      cityModeText: '按城市组',
    });
    // the job dimension has its own tables: the grade table stays, readable by naming its dimension
    expect(
      (await call(A.viewer.token, 'GET', `${STANDARDS}/trip${qs({ kind: 'hotel' })}`)).body.data,
    ).toMatchObject({
      dimension: 'job',
      cells: [],
    });
    expect(
      (await call(A.viewer.token, 'GET', `${STANDARDS}/trip${qs({ kind: 'hotel', dimension: 'grade' })}`))
        .body.data.cells,
    ).toHaveLength(3);
    await call(A.admin.token, 'POST', `${STANDARDS}/setting/update`, {
      dimension: 'grade',
      cityMode: 'group',
    });

    const preview = await call(
      A.viewer.token,
      'GET',
      `${STANDARDS}/preview${qs({ staffId: A.plain.staffId, kind: 'hotel', city: '310115' })}`,
    );
    expect(preview.code, preview.body.msg).toBe(200);
    expect(preview.body.data).toMatchObject({
      subject: { type: 'grade', name: 'P3' },
      cityGroup: { name: '一线城市' },
      control: 'refuse',
      text: 'P3 在一线城市的住宿标准为 ¥500.00/晚',
    });

    const logs = await call(
      A.admin.token,
      'GET',
      `/org-arch-center/api/v1/operation-log:list${qs({ module: 'standard' })}`,
    );
    expect(logs.code, logs.body.msg).toBe(200);
    const summaries = logs.body.data.items.map((l: any) => l.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        '保存差旅标准「住宿」（按职级，3项）',
        '保存差旅标准「机票」（按职级，1项）',
        '保存费用标准「业务招待费」（按职级，1项）',
        '修改管控设置：住宿超标禁止；补贴超标员工自付超出部分；费用超标员工自付超出部分',
        '修改标准设置：按职位、按城市组',
      ]),
    );
  });

  it('refuses bad input with the field named and saves nothing', async () => {
    const A = await tenant();
    const cell = { subjectId: A.P3, cityGroupId: A.tier1 };
    const cases: [string, Record<string, unknown>, string][] = [
      ['trip/save', { kind: 'hotel', dimension: 'grade', cells: [cell] }, '请填写住宿标准（每晚）'],
      [
        'trip/save',
        { kind: 'hotel', dimension: 'grade', cells: [{ ...cell, nightCap: 12.5 }] },
        '必须是以分为单位的整数',
      ],
      ['trip/save', { kind: 'hotel', dimension: 'grade', cells: [{ ...cell, nightCap: -100 }] }, '必须大于0'],
      [
        'trip/save',
        {
          kind: 'hotel',
          dimension: 'grade',
          cells: [
            { ...cell, nightCap: 100 },
            { ...cell, nightCap: 200 },
          ],
        },
        '同一职级/职位与城市组只能设置一条标准',
      ],
      [
        'trip/save',
        { kind: 'fee', dimension: 'grade', cells: [] },
        '标准类型取值为hotel、air、train、car或allowance',
      ],
      ['trip/save', { kind: 'hotel', dimension: 'title', cells: [] }, '维度取值为grade（职级）或job（职位）'],
      [
        'trip/save',
        { kind: 'air', dimension: 'grade', cells: [{ ...cell, cabins: [] }] },
        '请至少选择一种舱位',
      ],
      [
        'trip/save',
        { kind: 'air', dimension: 'grade', cells: [{ ...cell, cabins: ['rocket'] }] },
        '舱位不正确',
      ],
      [
        'trip/save',
        { kind: 'air', dimension: 'grade', cells: [{ ...cell, cabins: ['economy'], discountCap: 120 }] },
        '折扣不能超过全价',
      ],
      [
        'trip/save',
        { kind: 'train', dimension: 'grade', cells: [{ ...cell, seats: ['second', 'second'] }] },
        '席别重复',
      ],
      ['trip/save', { kind: 'allowance', dimension: 'grade', cells: [cell] }, '请填写餐补或交通补贴'],
      ['cost/save', { feeType: 'magic', dimension: 'grade', cells: [] }, '费用类型不正确'],
      ['cost/save', { feeType: 'meal', dimension: 'grade', cells: [{ ...cell, cap: 100 }] }, '请选择周期'],
      [
        'control/update',
        { controls: { hotel: 'maybe' } },
        '管控方式取值为refuse（禁止）、approval（审批）或excess（员工自付）',
      ],
      [
        'setting/update',
        { dimension: 'grade', cityMode: 'city' },
        '城市维度取值为group（按城市组）或none（不区分城市）',
      ],
    ];
    for (const [path, body, text] of cases) {
      const res = await call(A.admin.token, 'POST', `${STANDARDS}/${path}`, body);
      expect(res.code, text).toBe(400);
      expect(JSON.stringify(res.body), text).toContain(text);
    }
    const q = await call(A.admin.token, 'GET', `${STANDARDS}/trip${qs({ kind: 'boat' })}`);
    expect(q.code).toBe(400);
    const city = await call(
      A.admin.token,
      'GET',
      `${STANDARDS}/preview${qs({ staffId: A.plain.staffId, kind: 'hotel', city: 'SH' })}`,
    );
    expect(city.code).toBe(400);
    expect(city.body.msg).toContain('必须是6位行政区划代码');
    const rows = await t.db
      .selectFrom('spend_standards')
      .select('id')
      .where('tenant_id', '=', A.tenantId)
      .execute();
    expect(rows).toEqual([]);
  });

  it("refuses another tenant's grades, jobs, city groups and staff, and shows nothing of another tenant", async () => {
    const A = await tenant();
    const B = await tenant();
    await call(B.admin.token, 'POST', `${STANDARDS}/trip/save`, hotelBody(B, 80000));

    // body: a grade, a job, a city group of B
    for (const [body, field, msg] of [
      [
        {
          kind: 'hotel',
          dimension: 'grade',
          cells: [{ subjectId: B.P3, cityGroupId: A.tier1, nightCap: 100 }],
        },
        'cells.0.subjectId',
        '职级不存在',
      ],
      [
        { kind: 'hotel', dimension: 'job', cells: [{ subjectId: B.job, cityGroupId: 0, nightCap: 100 }] },
        'cells.0.subjectId',
        '职位不存在',
      ],
      [
        {
          kind: 'hotel',
          dimension: 'grade',
          cells: [
            { subjectId: A.P3, cityGroupId: 0, nightCap: 100 },
            { subjectId: A.P3, cityGroupId: B.tier1, nightCap: 100 },
          ],
        },
        'cells.1.cityGroupId',
        '城市组不存在',
      ],
    ] as const) {
      const res = await call(A.admin.token, 'POST', `${STANDARDS}/trip/save`, body);
      expect(res.code, msg).toBe(400);
      expect(res.body.status).toBe(StandardCode.dimensionUnknown);
      expect(res.body.msg).toBe(msg);
      expect(res.body.data.fields).toEqual([{ field, msg }]);
    }
    const cost = await call(A.admin.token, 'POST', `${STANDARDS}/cost/save`, {
      feeType: 'meal',
      dimension: 'grade',
      cells: [{ subjectId: B.P4, cityGroupId: 0, cap: 100, period: 'day' }],
    });
    expect(cost.code).toBe(400);
    expect(
      await t.db.selectFrom('spend_standards').select('id').where('tenant_id', '=', A.tenantId).execute(),
    ).toEqual([]);

    // query: B's staff member in the preview
    const preview = await call(
      A.viewer.token,
      'GET',
      `${STANDARDS}/preview${qs({ staffId: B.plain.staffId, kind: 'hotel' })}`,
    );
    expect(preview.code).toBe(404);
    expect(preview.body.status).toBe(StandardCode.staffNotFound);
    expect(preview.body.msg).toBe('员工不存在或已离职');

    // reads: A sees none of B's table, settings or dimensions (no path takes an id)
    expect(
      (await call(A.viewer.token, 'GET', `${STANDARDS}/trip${qs({ kind: 'hotel' })}`)).body.data.cells,
    ).toEqual([]);
    const dims = await call(A.admin.token, 'GET', `${STANDARDS}/dimensions`);
    expect(dims.body.data.grades.map((g: any) => g.id)).toEqual([A.P3, A.P4]);
    expect(dims.body.data.cityGroups.map((g: any) => g.id)).toEqual([A.tier1, 0]);
    // B's table is untouched
    expect(
      (await call(B.viewer.token, 'GET', `${STANDARDS}/trip${qs({ kind: 'hotel' })}`)).body.data.cells,
    ).toHaveLength(3);
  });

  it('refuses a caller without the permission', async () => {
    const A = await tenant();
    for (const [token, method, path, body] of [
      [A.plain.token, 'GET', `/setting`],
      [A.plain.token, 'GET', `/dimensions`],
      [A.plain.token, 'GET', `/trip${qs({ kind: 'hotel' })}`],
      [A.plain.token, 'GET', `/cost${qs({ feeType: 'meal' })}`],
      [A.plain.token, 'GET', `/preview${qs({ staffId: A.plain.staffId, kind: 'hotel' })}`],
      [A.viewer.token, 'POST', `/trip/save`, hotelBody(A)],
      [A.viewer.token, 'POST', `/cost/save`, { feeType: 'meal', dimension: 'grade', cells: [] }],
      [A.viewer.token, 'POST', `/control/update`, { controls: {} }],
      [A.viewer.token, 'POST', `/setting/update`, { dimension: 'job', cityMode: 'group' }],
      [null, 'GET', `/setting`],
    ] as const) {
      const res = await call(token, method, `${STANDARDS}${path}`, body);
      expect(res.code, path).toBe(token ? 403 : 401);
      if (token) expect(res.body.status).toBe(PlatformCode.forbidden);
    }
    expect((await call(A.viewer.token, 'GET', `${STANDARDS}/setting`)).code).toBe(200);
  });

  it('two saves of the same table at once: the last one wins whole, never a mix', async () => {
    const A = await tenant();
    const grades = [A.P3, A.P4];
    for (let i = 0; i < 6; i++)
      grades.push(await insertNamed(t.db, A.tenantId, 'job_grades', `G${i}`, 10 + i));
    // each save is a whole table with one amount everywhere: a mix would show two amounts
    const body = (cap: number) => ({
      kind: 'hotel',
      dimension: 'grade',
      cells: grades.flatMap((g) => [
        { subjectId: g, cityGroupId: A.tier1, nightCap: cap },
        { subjectId: g, cityGroupId: 0, nightCap: cap },
      ]),
    });
    const caps = Array.from({ length: 20 }, (_, i) => 10000 + i * 100);
    const replies = await Promise.all(
      caps.map((c) => call(A.admin.token, 'POST', `${STANDARDS}/trip/save`, body(c))),
    );
    for (const r of replies) expect(r.code, r.body.msg).toBe(200);
    const table = (await call(A.viewer.token, 'GET', `${STANDARDS}/trip${qs({ kind: 'hotel' })}`)).body.data;
    expect(table.cells).toHaveLength(grades.length * 2);
    const amounts = new Set(table.cells.map((c: any) => c.nightCap));
    expect(amounts.size).toBe(1);
    expect(caps).toContain([...amounts][0]);
    // the history holds every save's cells, each save's closed as the next began: 20 whole tables
    const all = await t.db
      .selectFrom('spend_standards')
      .select(['valid_to'])
      .where('tenant_id', '=', A.tenantId)
      .execute();
    expect(all).toHaveLength(20 * grades.length * 2);
    expect(all.filter((r) => r.valid_to === null)).toHaveLength(grades.length * 2);
    const version = await t.db
      .selectFrom('spend_standard_settings')
      .select('version')
      .where('tenant_id', '=', A.tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(version.version)).toBe(20);
  });
});
