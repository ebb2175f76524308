import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { waitForTask } from '../../../../test/tasks.js';
import { api, type Call } from '../../flow/flow.testkit.js';
import { IntegrationPlatformCode, PLATFORM_CONFIG } from '../platforms/index.js';
import { makeDirectory, startDirectoryMock, type DirectoryMock } from './directorySync.testkit.js';
import { TaskHandlerRegistry } from '../../../platform/tasks.js';
import type { AppServices } from '../../../platform/types.js';
import { startDueSyncs } from './schedule.js';
import { syncContextOf } from './sync.routes.js';

/**
 * 通讯录同步 (decision 0061) against the local mock of each platform: nested departments, paging with each
 * platform's cursor, a rate-limit reply and an expired token answered by waiting and refreshing, a withheld
 * phone (kept, never blanked; the member goes to 同步冲突处理), review then 应用, automatic apply within the
 * threshold, a second run that writes nothing, a member gone upstream held then flagged (never resigned), two
 * syncs started at once (one runs); tenancy, bad input and permissions of the routes.
 */
const FIELDS = JSON.parse(
  fs.readFileSync(
    new URL('../../../../../../test-data/directory/platform_fields.json', import.meta.url),
    'utf8',
  ),
);
let t: TestApp, call: Call, mock: DirectoryMock;
type Tenant = Awaited<ReturnType<typeof tenant>>;
let A: Tenant, B: Tenant;
async function tenant() {
  const ids = await makeTenant(t.db);
  const admin = await makeStaff(t.db, ids.tenantId, ['integrationPlatform:view', 'integrationPlatform:edit']);
  const viewer = await makeStaff(t.db, ids.tenantId, ['integrationPlatform:view']);
  return { ...ids, admin, viewer };
}
const P = (p: string) => `${PLATFORM_CONFIG}/${p}`;

beforeAll(async () => {
  mock = await startDirectoryMock({ depts: [], users: [] });
  t = await createTestApp({
    config: {
      thirdParty: {
        dingtalk: { apiBase: mock.bases.dingtalk, corpId: '', appKey: '', appSecret: '' },
        wecom: { apiBase: mock.bases.wecom, corpId: '', appKey: '', appSecret: '' },
        feishu: { apiBase: mock.bases.feishu, corpId: '', appKey: '', appSecret: '' },
        timeoutMs: 5000,
      },
    },
  });
  call = api(t);
  A = await tenant();
  B = await tenant();
});
afterAll(async () => {
  await t?.close();
  await mock?.close();
});

let corpSeq = 0;
async function configure(
  f: Tenant,
  platform: 'wecom' | 'dingtalk' | 'feishu',
  over: Record<string, unknown> = {},
) {
  const list = (await call(f.admin.token, 'GET', P('getPlatformList'))).body.data as {
    id: number;
    platform: string;
  }[];
  const pid =
    list.find((p) => p.platform === platform)?.id ??
    (await call(f.admin.token, 'POST', P('addPlatform'), { platform })).body.data.id;
  const corp = `corp-${platform}-${++corpSeq}`;
  const r = await call(f.admin.token, 'POST', P('batchAddPlatformOrgConfig'), {
    platform_id: pid,
    items: [
      {
        org_id: f.companyId,
        corp_id: corp,
        app_key: corp,
        agent_id: '1000002',
        app_secret: 'app-secret-for-mock-0001',
        ...over,
      },
    ],
  });
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  const id = r.body.data.ids[0] as number;
  await call(f.admin.token, 'POST', P('enablePlatformOrgConfig'), { id, enabled: 1 });
  return id;
}
async function sync(f: Tenant, configId: number) {
  const r = await call(f.admin.token, 'POST', P('sync'), { id: configId });
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  const task = await waitForTask(t.app, f.admin.token, r.body.data.task_id, 60_000);
  const d = await call(f.admin.token, 'GET', P('syncDiff'), { run_id: r.body.data.run_id });
  return { task, runId: r.body.data.run_id as number, diff: d.body.data };
}
const conflictsOf = (tenantId: number) =>
  t.db.selectFrom('third_user_sync_conflicts').selectAll().where('tenant_id', '=', tenantId).execute();
/** Everything a sync writes, to compare before and after a run that should write nothing. */
async function footprint(tenantId: number) {
  const rows = await Promise.all(
    (
      [
        'staff',
        'departments',
        'directory_sync_users',
        'directory_sync_depts',
        'third_user_sync_conflicts',
      ] as const
    ).map((tb) =>
      t.db
        .selectFrom(tb)
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number>('updated_at').as('u')])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow(),
    ),
  );
  const bindings = await t.db
    .selectFrom('staff_third_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return JSON.stringify([rows.map((r) => [Number(r.n), Number(r.u)]), Number(bindings.n)]);
}

describe('the mock', () => {
  it('answers in the field names of test-data/directory/platform_fields.json', async () => {
    mock.dir.depts = makeDirectory({ depts: 2, users: 1 }).depts;
    mock.dir.users = makeDirectory({ depts: 2, users: 1 }).users;
    const get = async (p: string): Promise<any> => (await fetch(`${mock.bases.wecom}${p}`)).json();
    const tok = (await get('/cgi-bin/gettoken?corpid=x&corpsecret=y')).access_token;
    const d = await get(`/cgi-bin/department/list?access_token=${tok}`);
    for (const k of Object.keys(d.department[0])) expect(FIELDS.wecom.department).toContain(k);
    const u = await get(`/cgi-bin/user/list?access_token=${tok}&department_id=100`);
    for (const k of Object.keys(u.userlist[0])) expect(FIELDS.wecom.user).toContain(k);
  });
});

describe('WeCom sync', () => {
  let cfg: number;
  it('walks nested departments, pages users, waits out a rate limit and refreshes an expired token; review, then 应用', async () => {
    const dir = makeDirectory({ depts: 30, users: 120, fanout: 3, phonePrefix: '1760' });
    dir.users[5]!.withheld = true;
    mock.dir.depts = dir.depts;
    mock.dir.users = dir.users;
    // One member is staff already (matched by phone, not created again).
    const existing = await makeStaff(t.db, A.tenantId, []);
    dir.users[7]!.mobile = existing.phone;
    cfg = await configure(A, 'wecom');
    mock.faults.rateLimit = 1;
    mock.faults.expireToken = 1;
    const tokens = mock.tokensIssued();
    const first = await sync(A, cfg);
    expect(first.task.status).toBe(1);
    expect(mock.tokensIssued() - tokens).toBe(2);
    expect(first.diff.run).toMatchObject({
      status: 'review',
      statusText: '待确认',
      dept_count: 31,
      user_count: 120,
    });
    expect(first.diff.root).toBe('1');
    expect(first.diff.depts.added).toHaveLength(30);
    expect(first.diff.users.added).toHaveLength(120);
    const withheld = first.diff.users.added.find((u: any) => u.id === 'u6');
    expect(withheld).toMatchObject({ mobile: null, withheld: ['mobile', 'email'] });
    // Nothing applied before 应用.
    expect(
      await t.db.selectFrom('directory_sync_users').selectAll().where('tenant_id', '=', A.tenantId).execute(),
    ).toEqual([]);

    const viewerApply = await call(A.viewer.token, 'POST', P('applySync'), { run_id: first.runId });
    expect(viewerApply.code).toBe(403);
    const applied = await call(A.admin.token, 'POST', P('applySync'), { run_id: first.runId });
    expect(applied.body.status).toBe(0);
    const again = await call(A.admin.token, 'POST', P('applySync'), { run_id: first.runId });
    expect(again.body.status).toBe(IntegrationPlatformCode.runNotInReview);

    // Departments nested as upstream (部门30's parent chain reaches the top).
    const depts = await t.db
      .selectFrom('departments')
      .selectAll()
      .where('tenant_id', '=', A.tenantId)
      .where('source', '=', 1)
      .execute();
    expect(depts).toHaveLength(30);
    const byName = new Map(depts.map((d) => [d.name, d]));
    let d = byName.get('部门30')!;
    let depth = 1;
    while (d.pid !== 0) {
      const pid = d.pid;
      d = depts.find((x) => x.id === pid)!;
      depth++;
    }
    expect(depth).toBeGreaterThanOrEqual(3);
    // 118 new staff + the existing one bound; the withheld one is a conflict.
    const staff = await t.db.selectFrom('staff').selectAll().where('tenant_id', '=', A.tenantId).execute();
    expect(staff.filter((s) => s.name.startsWith('成员'))).toHaveLength(118);
    const synced = await t.db
      .selectFrom('directory_sync_users')
      .selectAll()
      .where('config_id', '=', cfg)
      .execute();
    expect(synced.find((u) => u.third_user_id === 'u8')!.staff_id).toBe(existing.staffId);
    expect(synced.find((u) => u.third_user_id === 'u6')).toMatchObject({
      staff_id: null,
      mobile: null,
      withheld: 'mobile,email',
    });
    const conflicts = await conflictsOf(A.tenantId);
    expect(conflicts.map((c) => [c.third_user_id, c.reason])).toEqual([
      ['u6', '平台未返回手机号（应用无权获取），无法匹配员工'],
    ]);
    const runs = await call(A.viewer.token, 'GET', P('syncRuns'), { config_id: cfg });
    expect(runs.body.data.items[0]).toMatchObject({ status: 'applied', added: 150, conflicts: 1 });
  });

  it('a second run with no change writes nothing', async () => {
    const before = await footprint(A.tenantId);
    const second = await sync(A, cfg);
    expect(second.diff.run.status).toBe('unchanged');
    expect(await footprint(A.tenantId)).toBe(before);
  });

  it('a withheld phone is never blanked; one gone upstream is held, then flagged, never resigned', async () => {
    // u9 now withheld (app lost access): its phone stays as known.
    mock.dir.users[8]!.withheld = true;
    const gone = mock.dir.users.pop()!;
    const goneRow = await t.db
      .selectFrom('directory_sync_users')
      .selectAll()
      .where('config_id', '=', cfg)
      .where('third_user_id', '=', gone.id)
      .executeTakeFirstOrThrow();
    const run = await sync(A, cfg);
    expect(run.diff.run).toMatchObject({ status: 'review', gone: 1 });
    expect(run.diff.users.gone.map((u: any) => u.id)).toEqual([gone.id]);
    expect(run.diff.users.changed.map((u: any) => [u.id, u.fields])).toEqual([['u9', ['withheld']]]);
    expect((await call(A.admin.token, 'POST', P('applySync'), { run_id: run.runId })).body.status).toBe(0);
    const u9 = await t.db
      .selectFrom('directory_sync_users')
      .selectAll()
      .where('config_id', '=', cfg)
      .where('third_user_id', '=', 'u9')
      .executeTakeFirstOrThrow();
    expect(u9.mobile).toBe(mock.dir.users[8]!.mobile);
    const g = await t.db
      .selectFrom('directory_sync_users')
      .selectAll()
      .where('id', '=', goneRow.id)
      .executeTakeFirstOrThrow();
    expect(g.missing_since).not.toBeNull();
    expect(g.flagged_at).toBeNull();
    const staff = await t.db
      .selectFrom('staff')
      .selectAll()
      .where('id', '=', goneRow.staff_id!)
      .executeTakeFirstOrThrow();
    expect(staff.status).toBe(1);
    // Past the grace period (0 days now) the next run flags it for an administrator; still active staff.
    await t.db.updateTable('platform_org_configs').set({ grace_days: 0 }).where('id', '=', cfg).execute();
    expect((await sync(A, cfg)).diff.run.status).toBe('unchanged');
    const flagged = await t.db
      .selectFrom('directory_sync_users')
      .selectAll()
      .where('id', '=', goneRow.id)
      .executeTakeFirstOrThrow();
    expect(flagged.flagged_at).not.toBeNull();
    expect(
      (
        await t.db
          .selectFrom('staff')
          .select('status')
          .where('id', '=', goneRow.staff_id!)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(1);
  });

  it('two syncs started at once: one runs', async () => {
    const [a, b] = await Promise.all([
      call(A.admin.token, 'POST', P('sync'), { id: cfg }),
      call(A.admin.token, 'POST', P('sync'), { id: cfg }),
    ]);
    const statuses = [a.body.status, b.body.status].sort();
    expect(statuses).toEqual([0, IntegrationPlatformCode.syncRunning].sort());
    const winner = a.body.status === 0 ? a : b;
    await waitForTask(t.app, A.admin.token, winner.body.data.task_id, 60_000);
  });

  it('an incomplete snapshot applies nothing and says so', async () => {
    const before = await footprint(A.tenantId);
    mock.faults.rateLimit = 20;
    const r = await call(A.admin.token, 'POST', P('sync'), { id: cfg });
    const task = await waitForTask(t.app, A.admin.token, r.body.data.task_id, 30_000);
    mock.faults.rateLimit = 0;
    expect(task.status).toBe(2);
    const runs = await call(A.admin.token, 'GET', P('syncRuns'), { config_id: cfg });
    expect(runs.body.data.items[0]).toMatchObject({ status: 'failed', statusText: '失败' });
    expect(runs.body.data.items[0].error_msg).toContain('同步未完成');
    expect(await footprint(A.tenantId)).toBe(before);
  }, 60_000);
});

describe('DingTalk and Feishu sync', () => {
  it('DingTalk: listsub to any depth, user/list pages of 100 by cursor, 88/90018 and 88/40014; applied within the threshold', async () => {
    const dir = makeDirectory({ depts: 12, users: 260, fanout: 2, phonePrefix: '1770' });
    // 150 in one department: two pages of DingTalk's 100.
    for (let i = 0; i < 150; i++) dir.users[i]!.depts = ['105'];
    mock.dir.depts = dir.depts;
    mock.dir.users = dir.users;
    const cfg = await configure(A, 'dingtalk', { auto_apply_threshold: 1000 });
    mock.faults.rateLimit = 1;
    mock.faults.expireToken = 1;
    const calls = mock.calls.length;
    const r = await sync(A, cfg);
    expect(r.diff.run).toMatchObject({ status: 'applied', dept_count: 12, user_count: 260 });
    const pages = mock.calls
      .slice(calls)
      .filter((c) => c.platform === 'dingtalk' && c.path === '/topapi/v2/user/list');
    expect(pages.length).toBeGreaterThanOrEqual(14);
    const synced = await t.db
      .selectFrom('directory_sync_users')
      .selectAll()
      .where('config_id', '=', cfg)
      .execute();
    expect(synced.filter((u) => u.staff_id !== null)).toHaveLength(260);
    expect((await sync(A, cfg)).diff.run.status).toBe('unchanged');
  });

  it('Feishu: page_token paging, +86 stripped, 99991400 and 99991663; review then apply', async () => {
    const dir = makeDirectory({ depts: 8, users: 120, fanout: 2, phonePrefix: '1780' });
    for (let i = 0; i < 70; i++) dir.users[i]!.depts = ['103'];
    mock.dir.depts = dir.depts;
    mock.dir.users = dir.users;
    const cfg = await configure(B, 'feishu');
    mock.faults.rateLimit = 1;
    mock.faults.expireToken = 1;
    const r = await sync(B, cfg);
    expect(r.diff.run).toMatchObject({ status: 'review', dept_count: 8, user_count: 120 });
    expect(r.diff.users.added.find((u: any) => u.id === 'u1').mobile).toBe('178000000001');
    expect((await call(B.admin.token, 'POST', P('applySync'), { run_id: r.runId })).body.status).toBe(0);
    const staff = await t.db
      .selectFrom('staff')
      .selectAll()
      .where('tenant_id', '=', B.tenantId)
      .where('phone', '=', '178000000001')
      .execute();
    expect(staff).toHaveLength(1);
  });
});

describe('scheduled syncs', () => {
  it('a due configuration is claimed once (two ticks at once) and synced as its last editor', async () => {
    const C = await tenant();
    const cfg = await configure(C, 'wecom', { sync_interval: 60 });
    const at = Date.now() + 120 * 60_000;
    await t.db
      .updateTable('platform_org_configs')
      .set({ next_sync_at: at - 1 })
      .where('id', '=', cfg)
      .execute();
    const queued: unknown[] = [];
    const taskHandlers = new TaskHandlerRegistry();
    taskHandlers.register(159, async () => ({ success_amount: 0, fail_amount: 0 }));
    // A queue that records what it is given (the app's own queue is not reachable from here).
    const services = {
      db: t.db,
      config: t.config,
      dialect: t.dialect,
      clock: () => at,
      taskHandlers,
      jobs: { enqueue: async (_n: string, p: unknown) => (queued.push(p), 'job') },
    } as unknown as AppServices;
    const sc = { ...syncContextOf({ config: t.config, db: t.db } as never), clock: () => at };
    const [a, b] = await Promise.all([startDueSyncs(services, sc), startDueSyncs(services, sc)]);
    expect(a + b).toBe(1);
    expect(queued).toHaveLength(1);
    const run = await t.db
      .selectFrom('directory_sync_runs')
      .selectAll()
      .where('config_id', '=', cfg)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ run_trigger: 'schedule', status: 'fetching', created_by: C.admin.staffId });
    const row = await t.db
      .selectFrom('platform_org_configs')
      .selectAll()
      .where('id', '=', cfg)
      .executeTakeFirstOrThrow();
    expect(Number(row.next_sync_at)).toBe(at + 3600_000);
    expect(Number(row.sync_run_id)).toBe(Number(run.id));
    // Not due any more: the next tick starts nothing.
    expect(await startDueSyncs(services, sc)).toBe(0);
    await t.db
      .updateTable('platform_org_configs')
      .set({ sync_run_id: null, enabled: 0 })
      .where('id', '=', cfg)
      .execute();
  });
});

describe('sync routes', () => {
  it("another tenant's configuration and run ids are not found; bad input is refused in Chinese; permissions", async () => {
    const cfgA = (
      await t.db
        .selectFrom('platform_org_configs')
        .select('id')
        .where('tenant_id', '=', A.tenantId)
        .executeTakeFirstOrThrow()
    ).id;
    const runA = (
      await t.db
        .selectFrom('directory_sync_runs')
        .select('id')
        .where('tenant_id', '=', A.tenantId)
        .executeTakeFirstOrThrow()
    ).id;
    const runsBefore = await t.db.selectFrom('directory_sync_runs').select('id').execute();
    expect((await call(B.admin.token, 'POST', P('sync'), { id: cfgA })).code).toBe(404);
    expect((await call(B.admin.token, 'GET', P('syncRuns'), { config_id: cfgA })).code).toBe(404);
    expect((await call(B.admin.token, 'GET', P('syncDiff'), { run_id: runA })).code).toBe(404);
    expect((await call(B.admin.token, 'POST', P('applySync'), { run_id: runA })).code).toBe(404);
    const bad = await call(A.admin.token, 'POST', P('sync'), { id: 'x' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toMatch(/配置ID/);
    expect((await call(A.viewer.token, 'POST', P('sync'), { id: cfgA })).code).toBe(403);
    expect((await call(A.viewer.token, 'GET', P('syncRuns'), { config_id: cfgA })).code).toBe(200);
    await call(A.admin.token, 'POST', P('enablePlatformOrgConfig'), { id: cfgA, enabled: 0 });
    const off = await call(A.admin.token, 'POST', P('sync'), { id: cfgA });
    expect(off.body).toMatchObject({
      status: IntegrationPlatformCode.configDisabled,
      msg: '该平台配置未启用，不能同步',
    });
    expect(await t.db.selectFrom('directory_sync_runs').select('id').execute()).toEqual(runsBefore);
  });
});
