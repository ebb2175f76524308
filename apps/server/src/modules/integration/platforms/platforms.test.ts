import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { api, type Call } from '../../flow/flow.testkit.js';
import { IntegrationPlatformCode } from './platforms.errors.js';
import { PLATFORM_CONFIG } from './platforms.routes.js';
import { enabledAppOf } from './platforms.service.js';

/**
 * 集成中心 · 第三方平台 (platformConfig, decision 0061): every route's success, bad input (Chinese message, nothing
 * written), another tenant's ids, a missing permission; the app secret sealed at rest and never in a reply nor a
 * log line (the captured log and every reply are grepped for it).
 */
const logLines: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (c: Buffer) => logLines.push(...c.toString('utf8').split('\n').filter(Boolean)));
const replies: string[] = [];

let t: TestApp, raw: Call;
type Tenant = Awaited<ReturnType<typeof tenant>>;
let A: Tenant, B: Tenant;
async function tenant() {
  const ids = await makeTenant(t.db);
  const admin = await makeStaff(t.db, ids.tenantId, ['integrationPlatform:view', 'integrationPlatform:edit']);
  const viewer = await makeStaff(t.db, ids.tenantId, ['integrationPlatform:view']);
  const nobody = await makeStaff(t.db, ids.tenantId, []);
  return { ...ids, admin, viewer, nobody };
}
const call: Call = async (...a) => {
  const r = await raw(...a);
  replies.push(JSON.stringify(r.body));
  return r;
};
const P = (p: string) => `${PLATFORM_CONFIG}/${p}`;
let seq = 0;
const SECRET = () => `S3cr3t-${'x'.repeat(20)}-${++seq}-Zq9k`;

beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'debug' }, logStream });
  raw = api(t);
  A = await tenant();
  B = await tenant();
});
afterAll(async () => t?.close());

async function addPlatform(f: Tenant, platform: string) {
  const r = await call(f.admin.token, 'POST', P('addPlatform'), { platform });
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  return r.body.data.id as number;
}
async function addConfig(f: Tenant, platformId: number, item: Record<string, unknown>) {
  const r = await call(f.admin.token, 'POST', P('batchAddPlatformOrgConfig'), {
    platform_id: platformId,
    items: [{ org_id: f.companyId, ...item }],
  });
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  return r.body.data.ids[0] as number;
}
const configRows = (tenantId: number) =>
  t.db.selectFrom('platform_org_configs').selectAll().where('tenant_id', '=', tenantId).execute();

describe('platformConfig', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter((r) => r.url.startsWith(PLATFORM_CONFIG) && r.method !== 'HEAD');
    expect(mine.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'GET getAllPlatform',
        'GET getPlatformList',
        'POST addPlatform',
        'GET getPlatformConfigList',
        'GET getConfigAndServeNum',
        'POST batchAddPlatformOrgConfig',
        'POST delPlatformOrgConfig',
        'POST delPlatform',
        'POST editPlatformOrgConfig',
        'POST enablePlatformOrgConfig',
        // 通讯录同步 (directorySync)
        'POST sync',
        'GET syncRuns',
        'GET syncDiff',
        'POST applySync',
      ]
        .map((x) => x.replace(' ', ` ${PLATFORM_CONFIG}/`))
        .sort(),
    );
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });

  it('adds WeCom, configures an organisation with a masked secret, enables it: the platform is running', async () => {
    const all = await call(A.admin.token, 'GET', P('getAllPlatform'));
    expect(all.body.data.map((p: any) => [p.platform, p.name, p.id])).toEqual([
      ['dingtalk', '钉钉', null],
      ['wecom', '企业微信', null],
      ['feishu', '飞书', null],
    ]);
    const pid = await addPlatform(A, 'wecom');
    const secret = SECRET();
    const cid = await addConfig(A, pid, { corp_id: 'ww-a-corp', app_secret: secret, agent_id: '1000002' });
    let list = await call(A.viewer.token, 'GET', P('getPlatformList'));
    expect(list.body.data).toEqual([
      { id: pid, running: false, platform: 'wecom', name: '企业微信', config_num: 1 },
    ]);
    const page = await call(A.viewer.token, 'GET', P('getPlatformConfigList'), { platform_id: pid });
    expect(page.body.data.page.total).toBe(1);
    expect(page.body.data.items[0]).toMatchObject({
      id: cid,
      org_id: A.companyId,
      corp_id: 'ww-a-corp',
      // WeCom's gettoken takes the corp id: it is the app key too
      app_key: 'ww-a-corp',
      agent_id: '1000002',
      app_secret_mask: `****${secret.slice(-4)}`,
      enabled: false,
    });
    const row = (await configRows(A.tenantId))[0]!;
    expect(row.secret_enc).not.toContain(secret);
    expect(row.secret_enc.startsWith('v1.')).toBe(true);

    expect(
      (await call(A.admin.token, 'POST', P('enablePlatformOrgConfig'), { id: cid, enabled: 1 })).body.status,
    ).toBe(0);
    list = await call(A.viewer.token, 'GET', P('getPlatformList'));
    expect(list.body.data[0].running).toBe(true);
    expect(
      (await call(A.viewer.token, 'GET', P('getConfigAndServeNum'), { platform_id: pid })).body.data,
    ).toEqual({
      config_num: 1,
      serve_num: 1,
    });
    // The third-party login finds the enabled app by (platform, corp id) and opens the secret for that call only.
    expect(
      await enabledAppOf({ db: t.db, signingSecret: t.config.signingSecret }, 'wecom', 'ww-a-corp'),
    ).toEqual({
      tenantId: A.tenantId,
      corpId: 'ww-a-corp',
      appKey: 'ww-a-corp',
      appSecret: secret,
    });

    // 编辑 without a secret keeps it; with one replaces it.
    const edit = await call(A.admin.token, 'POST', P('editPlatformOrgConfig'), {
      id: cid,
      corp_id: 'ww-a-corp',
      agent_id: '1000003',
      auto_apply_threshold: 20,
      grace_days: 3,
      sync_interval: 1440,
    });
    expect(edit.body.status).toBe(0);
    let after = (await configRows(A.tenantId))[0]!;
    expect(after.secret_enc).toBe(row.secret_enc);
    expect(after).toMatchObject({ agent_id: '1000003', auto_apply_threshold: 20, grace_days: 3 });
    expect(after.next_sync_at).not.toBeNull();
    const secret2 = SECRET();
    await call(A.admin.token, 'POST', P('editPlatformOrgConfig'), {
      id: cid,
      corp_id: 'ww-a-corp',
      agent_id: '1000003',
      app_secret: secret2,
    });
    after = (await configRows(A.tenantId))[0]!;
    expect(after.secret_tail).toBe(secret2.slice(-4));

    // 停用: not running; 删除 the config then the platform.
    await call(A.admin.token, 'POST', P('enablePlatformOrgConfig'), { id: cid, enabled: 0 });
    expect((await call(A.viewer.token, 'GET', P('getPlatformList'))).body.data[0].running).toBe(false);
    expect(
      await enabledAppOf({ db: t.db, signingSecret: t.config.signingSecret }, 'wecom', 'ww-a-corp'),
    ).toBeUndefined();
    const inUse = await call(A.admin.token, 'POST', P('delPlatform'), { id: pid });
    expect(inUse.body.status).toBe(IntegrationPlatformCode.platformInUse);
    expect((await call(A.admin.token, 'POST', P('delPlatformOrgConfig'), { id: cid })).body.status).toBe(0);
    expect((await call(A.admin.token, 'POST', P('delPlatform'), { id: pid })).body.status).toBe(0);
    expect((await call(A.viewer.token, 'GET', P('getPlatformList'))).body.data).toEqual([]);

    // Nothing the test sent as a secret is in any reply or log line.
    for (const s of [secret, secret2]) {
      expect(replies.filter((r) => r.includes(s))).toEqual([]);
      expect(logLines.filter((l) => l.includes(s))).toEqual([]);
    }
    expect(logLines.length).toBeGreaterThan(0);
    // 操作日志 (module platform): every step, the secret's last four characters at most.
    const ops = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'summary', 'before_json', 'after_json'])
      .where('tenant_id', '=', A.tenantId)
      .where('module', '=', 'platform')
      .orderBy('id')
      .execute();
    expect(ops.map((o) => o.action)).toEqual([
      'create',
      'create',
      'update',
      'update',
      'update',
      'update',
      'delete',
      'delete',
    ]);
    expect(ops[0]!.summary).toBe('添加第三方平台「企业微信」');
    for (const s of [secret, secret2])
      expect(ops.filter((o) => `${o.before_json}${o.after_json}`.includes(s))).toEqual([]);
    expect(ops.some((o) => (o.after_json ?? '').includes(`****${secret2.slice(-4)}`))).toBe(true);
  });

  it('DingTalk and Feishu name their own fields; Feishu keys its app by the App ID', async () => {
    const d = await addPlatform(A, 'dingtalk');
    const noKey = await call(A.admin.token, 'POST', P('batchAddPlatformOrgConfig'), {
      platform_id: d,
      items: [{ org_id: A.companyId, corp_id: 'ding-a', app_secret: SECRET() }],
    });
    expect(noKey.body.status).toBe(IntegrationPlatformCode.badField);
    expect(noKey.body.msg).toContain('AppKey不能为空');
    await addConfig(A, d, { corp_id: 'ding-a', app_key: 'dingappkey', app_secret: SECRET() });
    const f = await addPlatform(A, 'feishu');
    const fid = await addConfig(A, f, { app_key: 'cli_a1b2c3', app_secret: SECRET() });
    const page = await call(A.admin.token, 'GET', P('getPlatformConfigList'), { platform_id: f });
    expect(page.body.data.items[0]).toMatchObject({ id: fid, corp_id: 'cli_a1b2c3', app_key: 'cli_a1b2c3' });
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const before = (await configRows(A.tenantId)).length;
    const bad = await call(A.admin.token, 'POST', P('addPlatform'), { platform: 'slack' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('取值为dingtalk、wecom或feishu');
    const w = await addPlatform(A, 'wecom');
    const again = await call(A.admin.token, 'POST', P('addPlatform'), { platform: 'wecom' });
    expect(again.body.status).toBe(IntegrationPlatformCode.platformAdded);
    expect(again.body.msg).toBe('已添加平台「企业微信」');
    for (const item of [
      { org_id: A.companyId, corp_id: 'ww-x', app_secret: 'short', agent_id: '1' },
      { org_id: A.companyId, corp_id: 'ww-x', app_secret: SECRET(), agent_id: '1', sync_interval: 7 },
      { org_id: A.companyId, corp_id: '中文', app_secret: SECRET(), agent_id: '1' },
      { org_id: A.companyId, app_secret: SECRET(), agent_id: '1' },
    ]) {
      const r = await call(A.admin.token, 'POST', P('batchAddPlatformOrgConfig'), {
        platform_id: w,
        items: [item],
      });
      expect(r.body.status, JSON.stringify(r.body)).not.toBe(0);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    // A batch whose second item fails writes neither.
    const two = await call(A.admin.token, 'POST', P('batchAddPlatformOrgConfig'), {
      platform_id: w,
      items: [
        { org_id: A.companyId, corp_id: 'ww-ok', app_secret: SECRET(), agent_id: '1' },
        { org_id: A.tenantId, corp_id: 'ww-a-corp-2', app_secret: SECRET(), agent_id: '' },
      ],
    });
    expect(two.body.status).toBe(IntegrationPlatformCode.badField);
    expect(two.body.msg).toContain('AgentId不能为空');
    expect((await configRows(A.tenantId)).length).toBe(before);
    const emptyItems = await call(A.admin.token, 'POST', P('batchAddPlatformOrgConfig'), {
      platform_id: w,
      items: [],
    });
    expect(emptyItems.body.msg).toContain('至少配置一个组织');
    const enable = await call(A.admin.token, 'POST', P('enablePlatformOrgConfig'), { id: 1, enabled: 2 });
    expect(enable.code).toBe(400);
  });

  it("another tenant's ids are not found, and one app cannot serve two tenants", async () => {
    const pa = (await call(A.admin.token, 'GET', P('getPlatformList'))).body.data.find(
      (p: any) => p.platform === 'wecom',
    ).id as number;
    const ca = await addConfig(A, pa, { corp_id: 'ww-a-only', app_secret: SECRET(), agent_id: '9' });
    const before = await configRows(A.tenantId);
    const nf = [
      await call(B.admin.token, 'GET', P('getPlatformConfigList'), { platform_id: pa }),
      await call(B.admin.token, 'GET', P('getConfigAndServeNum'), { platform_id: pa }),
      await call(B.admin.token, 'POST', P('delPlatform'), { id: pa }),
      await call(B.admin.token, 'POST', P('batchAddPlatformOrgConfig'), {
        platform_id: pa,
        items: [{ org_id: B.companyId, corp_id: 'ww-b', app_secret: SECRET(), agent_id: '1' }],
      }),
      await call(B.admin.token, 'POST', P('editPlatformOrgConfig'), {
        id: ca,
        corp_id: 'ww-b',
        agent_id: '1',
      }),
      await call(B.admin.token, 'POST', P('enablePlatformOrgConfig'), { id: ca, enabled: 1 }),
      await call(B.admin.token, 'POST', P('delPlatformOrgConfig'), { id: ca }),
    ];
    for (const r of nf) expect([r.code, r.body.status]).toEqual([404, expect.any(Number)]);
    // B's own platform with A's organisation in the body.
    const pb = await addPlatform(B, 'wecom');
    const foreignOrg = await call(B.admin.token, 'POST', P('batchAddPlatformOrgConfig'), {
      platform_id: pb,
      items: [{ org_id: A.companyId, corp_id: 'ww-b', app_secret: SECRET(), agent_id: '1' }],
    });
    expect(foreignOrg.body.status).toBe(IntegrationPlatformCode.orgNotFound);
    const sameCorp = await call(B.admin.token, 'POST', P('batchAddPlatformOrgConfig'), {
      platform_id: pb,
      items: [{ org_id: B.companyId, corp_id: 'ww-a-only', app_secret: SECRET(), agent_id: '1' }],
    });
    expect(sameCorp.body.status).toBe(IntegrationPlatformCode.corpTaken);
    expect(await configRows(A.tenantId)).toEqual(before);
    expect(await configRows(B.tenantId)).toEqual([]);
  });

  it('needs integrationPlatform permissions', async () => {
    const pid = (await call(A.admin.token, 'GET', P('getPlatformList'))).body.data[0].id as number;
    expect((await call(A.nobody.token, 'GET', P('getAllPlatform'))).code).toBe(403);
    expect((await call(A.nobody.token, 'GET', P('getPlatformList'))).code).toBe(403);
    expect((await call(A.nobody.token, 'GET', P('getPlatformConfigList'), { platform_id: pid })).code).toBe(
      403,
    );
    expect((await call(A.nobody.token, 'GET', P('getConfigAndServeNum'), { platform_id: pid })).code).toBe(
      403,
    );
    for (const [path, body] of [
      ['addPlatform', { platform: 'feishu' }],
      ['delPlatform', { id: pid }],
      ['batchAddPlatformOrgConfig', { platform_id: pid, items: [] }],
      ['editPlatformOrgConfig', { id: 1 }],
      ['enablePlatformOrgConfig', { id: 1, enabled: 1 }],
      ['delPlatformOrgConfig', { id: 1 }],
    ] as const)
      expect((await call(A.viewer.token, 'POST', P(path), body)).code, path).toBe(403);
  });
});
