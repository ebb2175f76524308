import {
  ClearUpPeriodLabel,
  QuotaLedgerKindLabel,
  QuotaReleaseModeLabel,
  QuotaReleaseOperateStatusLabel,
  ReleaseSource,
  ReleaseSourceLabel,
  ReleaseType,
  ReleaseTypeLabel,
  ValidPeriodLabel,
  type QuotaPlan,
  type QuotaPreview,
  type QuotaRelease,
  type QuotaSchedule,
  type QuotaScope,
} from '@feikong/contracts';
import { z } from 'zod';
import {
  QuotaChangeQuery,
  QuotaListQuery,
  QuotaByUserQuery,
  QuotaManualBody,
  QuotaPlanBody,
  QuotaPlanListQuery,
  QuotaReleaseDetailQuery,
  QuotaReleaseListQuery,
} from '@feikong/contracts';
import { countAndPage, likePattern } from '../../../platform/db/queries.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import type { TenantCaller } from '../../../platform/context.js';
import { staffByUserIds } from '../../org/index.js';
import { quotaErrors } from './quota.errors.js';
import {
  checkMode,
  createRelease,
  modeRule,
  peopleOf,
  previewLines,
  runRelease,
  sceneOf,
} from './quota.release.js';
import { nextRunOf, scheduleText, type PlanFirePayload } from './quota.schedule.js';
import { checkValidity, grantSpecOf } from './quota.validity.js';

type PlanBody = z.output<typeof QuotaPlanBody>;
type ManualBody = z.output<typeof QuotaManualBody>;

const label = (m: Record<number, string>, v: number) => m[v] ?? String(v);

function checkPlan(b: PlanBody, now: number) {
  checkValidity(b, now);
  checkMode(b.release_mode, b.mode_limit, b.amount);
  const timed = b.release_type === ReleaseType.period || b.release_type === ReleaseType.day;
  if (timed && !b.schedule) throw quotaErrors.scheduleInvalid('请设置发放时间');
  if (b.release_type === ReleaseType.period && b.schedule?.unit === 'once') {
    throw quotaErrors.scheduleInvalid('固定周期发放请选择每天、每周或每月');
  }
  if (b.release_type === ReleaseType.day && b.schedule && b.schedule.unit !== 'once') {
    throw quotaErrors.scheduleInvalid('固定日期发放请选择发放日期');
  }
}

/** Validates the persons, departments and groups a scope names belong to the tenant. */
async function checkScope(db: Db, tenantId: number, scope: QuotaScope) {
  if (scope.user_ids.length > 0) {
    const found = await staffByUserIds(db, tenantId, scope.user_ids);
    if (found.size !== new Set(scope.user_ids).size) throw quotaErrors.userNotFound();
  }
  if (scope.dept_ids.length > 0) {
    const n = await db
      .selectFrom('departments')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', scope.dept_ids)
      .where('deleted_at', 'is', null)
      .execute();
    if (n.length !== new Set(scope.dept_ids).size) throw quotaErrors.userNotFound('部门');
  }
  if (scope.group_ids.length > 0) {
    const n = await db
      .selectFrom('user_groups')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', scope.group_ids)
      .execute();
    if (n.length !== new Set(scope.group_ids).size) throw quotaErrors.userNotFound('用户组');
  }
}

function planValues(b: PlanBody) {
  return {
    scene_id: b.scene_id,
    name: b.name,
    release_type: b.release_type,
    amount: b.amount,
    valid_period: b.valid_period,
    valid_days: b.valid_period === 1 ? (b.valid_days ?? null) : null,
    valid_until: b.valid_period === 5 ? (b.valid_until ?? null) : null,
    clear_period: b.clear_period,
    release_mode: b.release_mode,
    mode_limit: b.release_mode === 3 ? (b.mode_limit ?? null) : null,
    scope: JSON.stringify(b.scope),
    schedule: JSON.stringify(b.schedule ?? null),
    enabled: b.enabled ? 1 : 0,
  };
}

type PlanRow = Awaited<ReturnType<typeof planRow>>;
async function planRow(db: Db, tenantId: number, id: number) {
  const row = await db
    .selectFrom('quota_plans as p')
    .leftJoin('scenes as s', 's.id', 'p.scene_id')
    .selectAll('p')
    .select('s.name as scene_name')
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', id)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw quotaErrors.planNotFound();
  return row;
}

function planOut(p: PlanRow, now: number): QuotaPlan {
  const schedule = JSON.parse(p.schedule) as QuotaSchedule | null;
  return {
    id: p.id,
    scene_id: p.scene_id,
    scene_name: p.scene_name ?? '',
    name: p.name,
    release_type: p.release_type,
    release_type_text: label(ReleaseTypeLabel, p.release_type),
    amount: p.amount,
    valid_period: p.valid_period,
    valid_period_text: label(ValidPeriodLabel, p.valid_period),
    valid_days: p.valid_days,
    valid_until: p.valid_until,
    clear_period: p.clear_period,
    clear_period_text: label(ClearUpPeriodLabel, p.clear_period),
    release_mode: p.release_mode,
    release_mode_text: label(QuotaReleaseModeLabel, p.release_mode),
    mode_limit: p.mode_limit,
    scope: JSON.parse(p.scope) as QuotaPlan['scope'],
    schedule,
    schedule_text: scheduleText(p.release_type, schedule),
    next_run_at: p.enabled ? nextRunOf(p.release_type, schedule, now) : null,
    enabled: p.enabled === 1,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

export async function listPlans(
  db: Db,
  c: TenantCaller,
  q: z.output<typeof QuotaPlanListQuery>,
  now: number,
) {
  let base = db
    .selectFrom('quota_plans as p')
    .where('p.tenant_id', '=', c.tenantId)
    .where('p.deleted_at', 'is', null);
  if (q.scene_id) base = base.where('p.scene_id', '=', q.scene_id);
  const { items, total } = await countAndPage(
    base,
    (b) =>
      b
        .leftJoin('scenes as s', 's.id', 'p.scene_id')
        .selectAll('p')
        .select('s.name as scene_name')
        .orderBy('p.id', 'desc'),
    q.page_num,
    q.page_size,
  );
  return {
    items: items.map((p) => planOut(p, now)),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

export async function addPlan(db: Db, c: TenantCaller, b: PlanBody, now: number) {
  checkPlan(b, now);
  await sceneOf(db, c.tenantId, b.scene_id);
  await checkScope(db, c.tenantId, b.scope);
  const row = await db
    .insertInto('quota_plans')
    .values({
      tenant_id: c.tenantId,
      ...planValues(b),
      created_by: c.userId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return planOut(await planRow(db, c.tenantId, row.id), now);
}

export async function updatePlan(db: Db, c: TenantCaller, b: PlanBody & { id: number }, now: number) {
  await planRow(db, c.tenantId, b.id);
  checkPlan(b, now);
  await sceneOf(db, c.tenantId, b.scene_id);
  await checkScope(db, c.tenantId, b.scope);
  await db
    .updateTable('quota_plans')
    .set({ ...planValues(b), updated_at: now })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', b.id)
    .execute();
  return planOut(await planRow(db, c.tenantId, b.id), now);
}

export async function deletePlan(db: Db, c: TenantCaller, id: number, now: number) {
  await planRow(db, c.tenantId, id);
  await db
    .updateTable('quota_plans')
    .set({ deleted_at: now, updated_at: now, enabled: 0 })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .execute();
  return null;
}

/** Preview of a manual release: who gets how much under the chosen mode, and the totals. */
export async function previewManual(
  db: Db,
  c: TenantCaller,
  b: ManualBody,
  now: number,
): Promise<QuotaPreview> {
  checkValidity(b, now);
  checkMode(b.release_mode, b.mode_limit, b.amount);
  const scene = await sceneOf(db, c.tenantId, b.scene_id);
  await checkScope(db, c.tenantId, b.scope);
  const people = await peopleOf(db, c.tenantId, b.scope);
  const lines = await previewLines(
    db,
    c.tenantId,
    b.scene_id,
    people,
    b.amount,
    modeRule(b.release_mode, b.mode_limit ?? null),
  );
  return {
    scene_id: scene.id,
    scene_name: scene.name,
    people: lines.length,
    total: lines.reduce((s, l) => s + l.amount, 0),
    expires_at: grantSpecOf(b, now).expiresAt,
    lines: lines.slice(0, 200),
  };
}

/** 手动发放 (release source 3 specified): writes the run and pays it. */
export async function runManual(db: Db, c: TenantCaller, b: ManualBody, clock: () => number) {
  const now = clock();
  checkValidity(b, now);
  checkMode(b.release_mode, b.mode_limit, b.amount);
  await sceneOf(db, c.tenantId, b.scene_id);
  await checkScope(db, c.tenantId, b.scope);
  const people = await peopleOf(db, c.tenantId, b.scope);
  if (people.length === 0) throw quotaErrors.scopeEmpty();
  const { id } = await inTransaction(db, (tx) =>
    createRelease(
      tx,
      {
        tenantId: c.tenantId,
        sceneId: b.scene_id,
        planId: null,
        fireKey: null,
        releaseType: ReleaseType.manual,
        source: ReleaseSource.specified,
        mode: b.release_mode,
        modeLimit: b.release_mode === 3 ? (b.mode_limit ?? null) : null,
        grant: grantSpecOf(b, now),
        memo: b.memo || '手动发放',
        createdBy: c.userId,
        lines: people.map((p) => ({ userId: p.userId, amount: b.amount })),
      },
      now,
    ),
  );
  await runRelease(db, c.tenantId, id, clock).catch(() => undefined);
  return releaseOut(db, c.tenantId, id);
}

/** Runs a plan for one fire time (the job's handler): exactly one run per (plan, fire time). */
export async function firePlan(db: Db, p: PlanFirePayload, clock: () => number) {
  const plan = await db
    .selectFrom('quota_plans')
    .selectAll()
    .where('tenant_id', '=', p.tenantId)
    .where('id', '=', p.planId)
    .executeTakeFirst();
  const fireKey = `${p.planId}:${p.fireAt}`;
  const existing = await db
    .selectFrom('quota_releases')
    .select('id')
    .where('tenant_id', '=', p.tenantId)
    .where('fire_key', '=', fireKey)
    .executeTakeFirst();
  let releaseId = existing?.id;
  if (!releaseId) {
    if (!plan || plan.deleted_at !== null || plan.enabled !== 1) return null;
    const scope = JSON.parse(plan.scope) as QuotaScope;
    const people = await peopleOf(db, p.tenantId, scope);
    const validity = { ...plan, valid_days: plan.valid_days, valid_until: plan.valid_until };
    ({ id: releaseId } = await db.transaction().execute((tx) =>
      createRelease(
        tx,
        {
          tenantId: p.tenantId,
          sceneId: plan.scene_id,
          planId: plan.id,
          fireKey,
          releaseType: plan.release_type,
          source: ReleaseSource.rule,
          mode: plan.release_mode,
          modeLimit: plan.mode_limit,
          grant: grantSpecOf(validity, p.fireAt),
          memo: `规则发放：${plan.name}`,
          createdBy: plan.created_by,
          lines: people.map((s) => ({ userId: s.userId, amount: plan.amount })),
        },
        clock(),
      ),
    ));
  }
  await runRelease(db, p.tenantId, releaseId, clock);
  return releaseId;
}

function releaseQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('quota_releases as r')
    .leftJoin('scenes as s', 's.id', 'r.scene_id')
    .leftJoin('quota_plans as p', 'p.id', 'r.plan_id')
    .selectAll('r')
    .select(['s.name as scene_name', 'p.name as plan_name'])
    .select((eb) =>
      eb
        .selectFrom('quota_release_lines as l')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('l.granted'), e.lit(0)).as('g'))
        .whereRef('l.release_id', '=', 'r.id')
        .as('granted'),
    )
    .where('r.tenant_id', '=', tenantId);
}
type ReleaseRow = Awaited<ReturnType<ReturnType<typeof releaseQuery>['execute']>>[number];

async function releasesOut(db: Db, tenantId: number, rows: ReleaseRow[]): Promise<QuotaRelease[]> {
  const names = await staffByUserIds(
    db,
    tenantId,
    rows.map((r) => r.created_by),
  );
  return rows.map((r) => ({
    id: r.id,
    scene_id: r.scene_id,
    scene_name: r.scene_name ?? '',
    plan_id: r.plan_id,
    plan_name: r.plan_name ?? '',
    release_type: r.release_type,
    release_type_text: label(ReleaseTypeLabel, r.release_type),
    release_source: r.release_source,
    release_source_text: label(ReleaseSourceLabel, r.release_source),
    operate_status: r.operate_status,
    operate_status_text: label(QuotaReleaseOperateStatusLabel, r.operate_status),
    release_mode: r.release_mode,
    release_mode_text: label(QuotaReleaseModeLabel, r.release_mode),
    expires_at: r.expires_at,
    people: r.people,
    total: r.total,
    granted: Number(r.granted ?? 0),
    memo: r.memo,
    fail_reason: r.fail_reason,
    created_by_name: names.get(r.created_by)?.name ?? (r.release_source === ReleaseSource.rule ? '系统' : ''),
    created_at: r.created_at,
    finished_at: r.finished_at,
  }));
}

async function releaseOut(db: Db, tenantId: number, id: number): Promise<QuotaRelease> {
  const rows = await releaseQuery(db, tenantId).where('r.id', '=', id).execute();
  if (rows.length === 0) throw quotaErrors.releaseNotFound();
  return (await releasesOut(db, tenantId, rows))[0]!;
}

export async function listReleases(db: Db, c: TenantCaller, q: z.output<typeof QuotaReleaseListQuery>) {
  let base = db.selectFrom('quota_releases as r').where('r.tenant_id', '=', c.tenantId);
  if (q.scene_id) base = base.where('r.scene_id', '=', q.scene_id);
  if (q.operate_status) base = base.where('r.operate_status', '=', q.operate_status);
  if (q.release_source) base = base.where('r.release_source', '=', q.release_source);
  const { items, total } = await countAndPage(
    base,
    (b) =>
      b
        .leftJoin('scenes as s', 's.id', 'r.scene_id')
        .leftJoin('quota_plans as p', 'p.id', 'r.plan_id')
        .selectAll('r')
        .select(['s.name as scene_name', 'p.name as plan_name'])
        .select((eb) =>
          eb
            .selectFrom('quota_release_lines as l')
            .select((e) => e.fn.coalesce(e.fn.sum<number>('l.granted'), e.lit(0)).as('g'))
            .whereRef('l.release_id', '=', 'r.id')
            .as('granted'),
        )
        .orderBy('r.id', 'desc'),
    q.page_num,
    q.page_size,
  );
  return {
    items: await releasesOut(db, c.tenantId, items),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

export async function releaseDetail(db: Db, c: TenantCaller, q: z.output<typeof QuotaReleaseDetailQuery>) {
  const release = await releaseOut(db, c.tenantId, q.id);
  let base = db
    .selectFrom('quota_release_lines as l')
    .innerJoin('staff as st', (j) =>
      j.onRef('st.user_id', '=', 'l.user_id').onRef('st.tenant_id', '=', 'l.tenant_id'),
    )
    .where('l.tenant_id', '=', c.tenantId)
    .where('l.release_id', '=', q.id);
  if (q.keyword) {
    const k = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('st.name', 'like', k), eb('st.phone', 'like', k)]));
  }
  const { items, total } = await countAndPage(
    base,
    (b) =>
      b.select(['l.user_id', 'st.name', 'st.phone', 'l.amount', 'l.granted', 'l.done_at']).orderBy('l.id'),
    q.page_num,
    q.page_size,
  );
  return { release, lines: { items, page: { page_num: q.page_num, page_size: q.page_size, total } } };
}

export async function listQuota(db: Db, c: TenantCaller, q: z.output<typeof QuotaListQuery>) {
  let base = db
    .selectFrom('quota_accounts as a')
    .innerJoin('staff as st', (j) =>
      j.onRef('st.user_id', '=', 'a.user_id').onRef('st.tenant_id', '=', 'a.tenant_id'),
    )
    .leftJoin('scenes as s', 's.id', 'a.scene_id')
    .where('a.tenant_id', '=', c.tenantId);
  if (q.scene_id) base = base.where('a.scene_id', '=', q.scene_id);
  if (q.user_id) base = base.where('a.user_id', '=', q.user_id);
  if (q.keyword) {
    const k = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('st.name', 'like', k), eb('st.phone', 'like', k)]));
  }
  const { items, total } = await countAndPage(
    base,
    (b) =>
      b
        .select([
          'a.user_id',
          'st.name',
          'st.phone',
          'a.scene_id',
          's.name as scene_name',
          'a.balance',
          'a.updated_at',
        ])
        .orderBy('a.id', 'desc'),
    q.page_num,
    q.page_size,
  );
  return {
    items: items.map((i) => ({ ...i, scene_name: i.scene_name ?? '' })),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

export async function quotaByUser(db: Db, c: TenantCaller, q: z.output<typeof QuotaByUserQuery>) {
  let base = db
    .selectFrom('quota_accounts as a')
    .innerJoin('staff as st', (j) =>
      j.onRef('st.user_id', '=', 'a.user_id').onRef('st.tenant_id', '=', 'a.tenant_id'),
    )
    .where('a.tenant_id', '=', c.tenantId);
  if (q.keyword) {
    const k = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('st.name', 'like', k), eb('st.phone', 'like', k)]));
  }
  const counted = await base
    .select((eb) => eb.fn.count<number>('a.user_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  const items = await base
    .select(['a.user_id', 'st.name', 'st.phone'])
    .select((eb) => [eb.fn.countAll<number>().as('scenes'), eb.fn.sum<number>('a.balance').as('balance')])
    .groupBy(['a.user_id', 'st.name', 'st.phone'])
    .orderBy('a.user_id')
    .limit(q.page_size)
    .offset((q.page_num - 1) * q.page_size)
    .execute();
  return {
    items: items.map((i) => ({ ...i, scenes: Number(i.scenes), balance: Number(i.balance) })),
    page: { page_num: q.page_num, page_size: q.page_size, total: Number(counted.n) },
  };
}

export async function listChanges(db: Db, c: TenantCaller, q: z.output<typeof QuotaChangeQuery>) {
  let base = db
    .selectFrom('quota_ledger as g')
    .leftJoin('staff as st', (j) =>
      j.onRef('st.user_id', '=', 'g.user_id').onRef('st.tenant_id', '=', 'g.tenant_id'),
    )
    .leftJoin('scenes as s', 's.id', 'g.scene_id')
    .where('g.tenant_id', '=', c.tenantId);
  if (q.scene_id) base = base.where('g.scene_id', '=', q.scene_id);
  if (q.user_id) base = base.where('g.user_id', '=', q.user_id);
  if (q.kind) base = base.where('g.kind', '=', q.kind);
  if (q.start_time !== undefined) base = base.where('g.created_at', '>=', q.start_time);
  if (q.end_time !== undefined) base = base.where('g.created_at', '<=', q.end_time);
  const { items, total } = await countAndPage(
    base,
    (b) =>
      b
        .select([
          'g.id',
          'g.user_id',
          'st.name',
          'g.scene_id',
          's.name as scene_name',
          'g.kind',
          'g.delta',
          'g.balance_after',
          'g.memo',
          'g.source_key',
          'g.release_id',
          'g.created_by',
          'g.created_at',
        ])
        .orderBy('g.id', 'desc'),
    q.page_num,
    q.page_size,
  );
  return {
    items: await changesOut(db, c.tenantId, items),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

async function changesOut(
  db: Db,
  tenantId: number,
  items: {
    id: number;
    user_id: number;
    name: string | null;
    scene_id: number;
    scene_name: string | null;
    kind: string;
    delta: number;
    balance_after: number;
    memo: string;
    source_key: string;
    release_id: number | null;
    created_by: number;
    created_at: number;
  }[],
) {
  const names = await staffByUserIds(
    db,
    tenantId,
    items.map((i) => i.created_by).filter((x) => x > 0),
  );
  return items.map(({ created_by, ...i }) => ({
    ...i,
    name: i.name ?? '',
    scene_name: i.scene_name ?? '',
    kind_text: QuotaLedgerKindLabel[i.kind] ?? i.kind,
    created_by_name: names.get(created_by)?.name ?? '系统',
  }));
}

export async function userDetail(db: Db, c: TenantCaller, userId: number) {
  const person = (await staffByUserIds(db, c.tenantId, [userId])).get(userId);
  if (!person) throw quotaErrors.userNotFound();
  const accounts = await listQuota(db, c, { user_id: userId, page_num: 1, page_size: 100 });
  const changes = await listChanges(db, c, { user_id: userId, page_num: 1, page_size: 20 });
  return {
    user_id: userId,
    name: person.name,
    phone: person.phone,
    balance: accounts.items.reduce((s, a) => s + a.balance, 0),
    accounts: accounts.items,
    changes: changes.items,
  };
}
