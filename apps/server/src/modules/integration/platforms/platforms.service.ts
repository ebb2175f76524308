import {
  PLATFORM_CODES,
  PLATFORM_FIELDS,
  PlatformKindLabel,
  type PlatformKind,
  type PlatformConfigListQuery,
  type PlatformOrgConfigBatchBody,
  type PlatformOrgConfigEditBody,
  type PlatformOrgConfigItem,
  type PlatformOrgConfigRow,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { getOrg, logOp } from '../../org/index.js';
import { openSecret, sealSecret } from '../budgetLink/index.js';
import { platformErrors } from './platforms.errors.js';

/**
 * 集成中心 · 第三方平台 (decision 0061): the platforms a tenant added and their per-organisation app credentials.
 * The secret is sealed (AES-256-GCM, its own HKDF context) before it reaches the database; replies carry only
 * `****` + its last 4 characters; nothing here logs a credential.
 */
export const PLATFORM_SECRET_INFO = 'feikong/integration/platform-app-secret/v1';

export interface PlatformSvc {
  db: Db;
  signingSecret: string;
  clock: () => number;
}

export const maskSecret = (tail: string) => `****${tail}`;

async function mustGetPlatform(db: Db, tenantId: number, id: number) {
  const row = await db
    .selectFrom('integration_platforms')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw platformErrors.platformNotFound();
  return { ...row, id: Number(row.id), platform: row.platform as PlatformKind };
}

export async function mustGetConfig(db: Db, tenantId: number, id: number) {
  const row = await db
    .selectFrom('platform_org_configs')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw platformErrors.configNotFound();
  return { ...row, id: Number(row.id), platform: row.platform as PlatformKind };
}
export type ConfigRow = Awaited<ReturnType<typeof mustGetConfig>>;

export const sealPlatformSecret = (signingSecret: string, plain: string) =>
  sealSecret(signingSecret, plain, PLATFORM_SECRET_INFO);

/** The plain app secret, only in memory, for a call to the platform. */
export function secretOf(s: { signingSecret: string }, row: { secret_enc: string }) {
  return openSecret(s.signingSecret, row.secret_enc, PLATFORM_SECRET_INFO);
}

export async function allPlatforms(db: Db, caller: TenantCaller) {
  const mine = await db
    .selectFrom('integration_platforms')
    .select(['id', 'platform'])
    .where('tenant_id', '=', caller.tenantId)
    .execute();
  return PLATFORM_CODES.map((p) => ({
    platform: p,
    name: PlatformKindLabel[p],
    id: mine.find((m) => m.platform === p)?.id ?? null,
    fields: PLATFORM_FIELDS[p],
  }));
}

export async function platformList(db: Db, caller: TenantCaller) {
  const rows = await db
    .selectFrom('integration_platforms as p')
    .leftJoin('platform_org_configs as c', (j) =>
      j.onRef('c.platform_id', '=', 'p.id').on('c.tenant_id', '=', caller.tenantId),
    )
    .select((eb) => [
      'p.id',
      'p.platform',
      eb.fn.count<number>('c.id').as('config_num'),
      eb.fn.max<number | null>('c.enabled').as('any_enabled'),
    ])
    .where('p.tenant_id', '=', caller.tenantId)
    .groupBy(['p.id', 'p.platform'])
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    running: Number(r.any_enabled ?? 0) === 1,
    platform: r.platform,
    name: PlatformKindLabel[r.platform as PlatformKind] ?? r.platform,
    config_num: Number(r.config_num),
  }));
}

export async function addPlatform(s: PlatformSvc, caller: TenantCaller, platform: PlatformKind) {
  try {
    return await inTransaction(s.db, async (trx) => {
      const now = s.clock();
      const row = await trx
        .insertInto('integration_platforms')
        .values({ tenant_id: caller.tenantId, platform, created_by: caller.staffId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await logPlatform(trx, caller, 'create', id, `添加第三方平台「${PlatformKindLabel[platform]}」`, now);
      return { id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw platformErrors.platformAdded(PlatformKindLabel[platform]);
    throw err;
  }
}

export async function delPlatform(s: PlatformSvc, caller: TenantCaller, id: number) {
  return inTransaction(s.db, async (trx) => {
    const p = await mustGetPlatform(trx, caller.tenantId, id);
    const used = await trx
      .selectFrom('platform_org_configs')
      .select('id')
      .where('tenant_id', '=', caller.tenantId)
      .where('platform_id', '=', p.id)
      .executeTakeFirst();
    if (used) throw platformErrors.platformInUse();
    await trx
      .deleteFrom('integration_platforms')
      .where('tenant_id', '=', caller.tenantId)
      .where('id', '=', p.id)
      .execute();
    await logPlatform(
      trx,
      caller,
      'delete',
      p.id,
      `删除第三方平台「${PlatformKindLabel[p.platform]}」`,
      s.clock(),
    );
    return { id: p.id };
  });
}

/** What each platform calls its fields: WeCom has no app key (its gettoken takes the corp id); Feishu's corp is its app. */
function normalise(platform: PlatformKind, v: { corp_id: string; app_key: string; agent_id: string }) {
  const out = { ...v };
  if (platform === 'wecom') out.app_key = out.corp_id;
  if (platform === 'feishu' && !out.corp_id) out.corp_id = out.app_key;
  for (const f of PLATFORM_FIELDS[platform])
    if (f.required && !f.secret && !out[f.key as 'corp_id' | 'app_key' | 'agent_id'])
      throw platformErrors.missingField(f.key, f.label);
  return out;
}

type Item = z.output<typeof PlatformOrgConfigItem>;

export async function batchAddConfigs(
  s: PlatformSvc,
  caller: TenantCaller,
  b: z.output<typeof PlatformOrgConfigBatchBody>,
) {
  const now = s.clock();
  return inTransaction(s.db, async (trx) => {
    const p = await mustGetPlatform(trx, caller.tenantId, b.platform_id);
    const ids: number[] = [];
    for (const it of b.items as Item[]) {
      const org = await getOrg(trx, caller.tenantId, it.org_id);
      if (!org) throw platformErrors.orgNotFound();
      const v = normalise(p.platform, it);
      const taken = await trx
        .selectFrom('platform_org_configs')
        .select(['id', 'tenant_id', 'org_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('platform', '=', p.platform), eb('corp_id', '=', v.corp_id)]),
            eb.and([
              eb('tenant_id', '=', caller.tenantId),
              eb('platform', '=', p.platform),
              eb('org_id', '=', it.org_id),
            ]),
          ]),
        )
        .execute();
      if (taken.some((t) => Number(t.tenant_id) === caller.tenantId && Number(t.org_id) === it.org_id))
        throw platformErrors.orgConfigured(org.name);
      if (taken.length > 0) throw platformErrors.corpTaken(p.platform === 'feishu' ? 'app_key' : 'corp_id');
      const row = await trx
        .insertInto('platform_org_configs')
        .values({
          tenant_id: caller.tenantId,
          platform_id: p.id,
          platform: p.platform,
          org_id: it.org_id,
          corp_id: v.corp_id,
          app_key: v.app_key,
          agent_id: v.agent_id,
          secret_enc: sealPlatformSecret(s.signingSecret, it.app_secret),
          secret_tail: it.app_secret.slice(-4),
          enabled: 0,
          auto_apply_threshold: it.auto_apply_threshold,
          grace_days: it.grace_days,
          sync_interval: it.sync_interval,
          next_sync_at: null,
          sync_run_id: null,
          last_sync_at: null,
          last_sync_status: null,
          created_by: caller.staffId,
          created_at: now,
          updated_by: caller.staffId,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
      await logPlatform(
        trx,
        caller,
        'create',
        Number(row.id),
        `添加「${org.name}」的${PlatformKindLabel[p.platform]}配置`,
        now,
        {
          after: safeConfig({ ...it, ...v, secret_tail: it.app_secret.slice(-4), enabled: 0 }),
        },
      );
    }
    return { ids };
  });
}

const nextSync = (enabled: boolean, interval: number, now: number) =>
  enabled && interval > 0 ? now + interval * 60_000 : null;

export async function editConfig(
  s: PlatformSvc,
  caller: TenantCaller,
  b: z.output<typeof PlatformOrgConfigEditBody>,
) {
  const now = s.clock();
  return inTransaction(s.db, async (trx) => {
    const cur = await mustGetConfig(trx, caller.tenantId, b.id);
    const v = normalise(cur.platform, b);
    const taken = await trx
      .selectFrom('platform_org_configs')
      .select('id')
      .where('platform', '=', cur.platform)
      .where('corp_id', '=', v.corp_id)
      .where('id', '!=', cur.id)
      .executeTakeFirst();
    if (taken) throw platformErrors.corpTaken(cur.platform === 'feishu' ? 'app_key' : 'corp_id');
    await trx
      .updateTable('platform_org_configs')
      .set({
        corp_id: v.corp_id,
        app_key: v.app_key,
        agent_id: v.agent_id,
        ...(b.app_secret
          ? {
              secret_enc: sealPlatformSecret(s.signingSecret, b.app_secret),
              secret_tail: b.app_secret.slice(-4),
            }
          : {}),
        auto_apply_threshold: b.auto_apply_threshold,
        grace_days: b.grace_days,
        sync_interval: b.sync_interval,
        next_sync_at: nextSync(cur.enabled === 1, b.sync_interval, now),
        updated_by: caller.staffId,
        updated_at: now,
      })
      .where('tenant_id', '=', caller.tenantId)
      .where('id', '=', cur.id)
      .execute();
    await logPlatform(trx, caller, 'update', cur.id, `修改${PlatformKindLabel[cur.platform]}配置`, now, {
      before: safeConfig(cur),
      after: safeConfig({
        ...cur,
        ...v,
        secret_tail: b.app_secret ? b.app_secret.slice(-4) : cur.secret_tail,
        auto_apply_threshold: b.auto_apply_threshold,
        grace_days: b.grace_days,
        sync_interval: b.sync_interval,
      }),
    });
    return { id: cur.id };
  });
}

export async function enableConfig(s: PlatformSvc, caller: TenantCaller, id: number, enabled: 0 | 1) {
  const now = s.clock();
  return inTransaction(s.db, async (trx) => {
    const cur = await mustGetConfig(trx, caller.tenantId, id);
    await trx
      .updateTable('platform_org_configs')
      .set({
        enabled,
        next_sync_at: nextSync(enabled === 1, cur.sync_interval, now),
        updated_by: caller.staffId,
        updated_at: now,
      })
      .where('tenant_id', '=', caller.tenantId)
      .where('id', '=', cur.id)
      .execute();
    await logPlatform(
      trx,
      caller,
      'update',
      cur.id,
      `${enabled ? '启用' : '停用'}${PlatformKindLabel[cur.platform]}配置`,
      now,
      { before: { enabled: cur.enabled }, after: { enabled } },
    );
    return { id: cur.id };
  });
}

/** 删除组织配置: the configuration, and what the sync knew of its departments and users (staff stay). */
export async function delConfig(s: PlatformSvc, caller: TenantCaller, id: number) {
  return inTransaction(s.db, async (trx) => {
    const cur = await mustGetConfig(trx, caller.tenantId, id);
    for (const t of ['directory_sync_users', 'directory_sync_depts', 'directory_sync_runs'] as const)
      await trx
        .deleteFrom(t)
        .where('tenant_id', '=', caller.tenantId)
        .where('config_id', '=', cur.id)
        .execute();
    await trx
      .deleteFrom('platform_org_configs')
      .where('tenant_id', '=', caller.tenantId)
      .where('id', '=', cur.id)
      .execute();
    await logPlatform(
      trx,
      caller,
      'delete',
      cur.id,
      `删除${PlatformKindLabel[cur.platform]}配置`,
      s.clock(),
      {
        before: safeConfig(cur),
      },
    );
    return { id: cur.id };
  });
}

export async function configList(db: Db, caller: TenantCaller, q: z.output<typeof PlatformConfigListQuery>) {
  const p = await mustGetPlatform(db, caller.tenantId, q.platform_id);
  let base = db
    .selectFrom('platform_org_configs as c')
    .innerJoin('organizations as o', 'o.id', 'c.org_id')
    .where('c.tenant_id', '=', caller.tenantId)
    .where('c.platform_id', '=', p.id);
  if (q.keyword) {
    const k = `%${q.keyword}%`;
    base = base.where((eb) => eb.or([eb('o.name', 'like', k), eb('c.corp_id', 'like', k)]));
  }
  const total = Number(
    (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  );
  const rows = await base
    .select([
      'c.id',
      'c.platform_id',
      'c.platform',
      'c.org_id',
      'o.name as org_name',
      'c.corp_id',
      'c.app_key',
      'c.agent_id',
      'c.secret_tail',
      'c.enabled',
      'c.auto_apply_threshold',
      'c.grace_days',
      'c.sync_interval',
      'c.last_sync_at',
      'c.last_sync_status',
      'c.updated_at',
    ])
    .orderBy('c.id')
    .limit(q.page_size)
    .offset((q.page_num - 1) * q.page_size)
    .execute();
  const list: PlatformOrgConfigRow[] = rows.map((r) => ({
    id: Number(r.id),
    platform_id: Number(r.platform_id),
    platform: r.platform,
    org_id: Number(r.org_id),
    org_name: r.org_name,
    corp_id: r.corp_id,
    app_key: r.app_key,
    agent_id: r.agent_id,
    app_secret_mask: maskSecret(r.secret_tail),
    enabled: r.enabled === 1,
    auto_apply_threshold: r.auto_apply_threshold,
    grace_days: r.grace_days,
    sync_interval: r.sync_interval,
    last_sync_at: r.last_sync_at === null ? null : Number(r.last_sync_at),
    last_sync_status: r.last_sync_status,
    updated_at: Number(r.updated_at),
  }));
  return { items: list, page: { page_num: q.page_num, page_size: q.page_size, total } };
}

export async function configAndServeNum(db: Db, caller: TenantCaller, platformId: number) {
  const p = await mustGetPlatform(db, caller.tenantId, platformId);
  const r = await db
    .selectFrom('platform_org_configs')
    .select((eb) => [
      eb.fn.countAll<number>().as('config_num'),
      eb.fn.sum<number | null>('enabled').as('serve_num'),
    ])
    .where('tenant_id', '=', caller.tenantId)
    .where('platform_id', '=', p.id)
    .executeTakeFirstOrThrow();
  return { config_num: Number(r.config_num), serve_num: Number(r.serve_num ?? 0) };
}

/**
 * The enabled configuration of (platform, corp id), across tenants: the third-party login's app when a tenant
 * configured one (decision 0061); its secret opened only here, for that call.
 */
export async function enabledAppOf(s: { db: Db; signingSecret: string }, platform: string, corpId: string) {
  const row = await s.db
    .selectFrom('platform_org_configs')
    .select(['tenant_id', 'corp_id', 'app_key', 'secret_enc'])
    .where('platform', '=', platform)
    .where('corp_id', '=', corpId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    tenantId: Number(row.tenant_id),
    corpId: row.corp_id,
    appKey: row.app_key,
    appSecret: secretOf(s, row),
  };
}

/**
 * 操作日志 of 第三方平台 (module platform), in the change's transaction. A configuration's snapshot names its
 * public fields and the secret's last four characters only: the secret never reaches the log.
 */
async function logPlatform(
  trx: Db,
  caller: TenantCaller,
  action: 'create' | 'update' | 'delete',
  targetId: number,
  summary: string,
  now: number,
  snap: { before?: unknown; after?: unknown } = {},
) {
  await logOp(
    trx,
    caller,
    { module: 'platform', action, targetType: 'platform', targetId, summary, ...snap },
    now,
  );
}

function safeConfig(c: {
  corp_id: string;
  app_key: string;
  agent_id: string;
  secret_tail: string;
  enabled?: number;
  auto_apply_threshold: number;
  grace_days: number;
  sync_interval: number;
}) {
  return {
    corp_id: c.corp_id,
    app_key: c.app_key,
    agent_id: c.agent_id,
    app_secret: `****${c.secret_tail}`,
    ...(c.enabled === undefined ? {} : { enabled: c.enabled }),
    auto_apply_threshold: c.auto_apply_threshold,
    grace_days: c.grace_days,
    sync_interval: c.sync_interval,
  };
}
