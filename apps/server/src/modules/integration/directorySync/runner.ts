import { SyncRunStatusLabel, TaskOperatingType } from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { taskFailure, type TaskHandler } from '../../../platform/tasks.js';
import type { AppServices } from '../../../platform/types.js';
import { createModuleTask } from '../../tasks/index.js';
import { mustGetConfig, platformErrors, secretOf } from '../platforms/index.js';
import {
  applySnapshot,
  computeDiff,
  diffSize,
  flagLongGone,
  mustGetRun,
  RunStatus,
  type SyncDiff,
} from './sync.service.js';
import { fetchSnapshot, UpstreamError, type Snapshot, type UpstreamOptions } from './upstream.js';

/** What a sync needs besides the database: the platforms' base URLs (config), the key that opens secrets. */
export interface SyncContext {
  signingSecret: string;
  apiBase: Record<'dingtalk' | 'wecom' | 'feishu', string>;
  timeoutMs: number;
  clock: () => number;
  upstream?: UpstreamOptions;
}

type Platform = keyof SyncContext['apiBase'];

/**
 * 同步: claims the configuration (one sync at a time: a conditional UPDATE on sync_run_id, so of two started at
 * once one runs and the other is told 正在同步) and creates task 159 通讯录同步 for the run.
 */
export async function startSync(
  services: AppServices,
  sc: SyncContext,
  creator: { tenantId: number; staffId: number; userId: number },
  configId: number,
  trigger: 'manual' | 'schedule',
) {
  const db = services.db;
  const cfg = await mustGetConfig(db, creator.tenantId, configId);
  if (cfg.enabled !== 1) throw platformErrors.configDisabled();
  const now = sc.clock();
  const run = await db
    .insertInto('directory_sync_runs')
    .values({
      tenant_id: cfg.tenant_id,
      config_id: cfg.id,
      task_id: null,
      status: RunStatus.fetching,
      run_trigger: trigger,
      progress: null,
      snapshot: null,
      diff: null,
      dept_count: 0,
      user_count: 0,
      added: 0,
      changed: 0,
      moved: 0,
      gone: 0,
      conflicts: 0,
      api_calls: 0,
      error_msg: '',
      created_by: creator.staffId,
      started_at: now,
      fetched_at: null,
      applied_at: null,
      applied_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const runId = Number(run.id);
  const claimed = await db
    .updateTable('platform_org_configs')
    .set({ sync_run_id: runId })
    .where('tenant_id', '=', cfg.tenant_id)
    .where('id', '=', cfg.id)
    .where('sync_run_id', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    await db.deleteFrom('directory_sync_runs').where('id', '=', runId).execute();
    throw platformErrors.syncRunning();
  }
  try {
    const t = await createModuleTask(services, creator, {
      operatingType: TaskOperatingType.directorySync,
      fileName: `通讯录同步-${cfg.corp_id}`,
      params: { run_id: runId },
    });
    await db.updateTable('directory_sync_runs').set({ task_id: t.id }).where('id', '=', runId).execute();
    return { task_id: t.id, run_id: runId };
  } catch (err) {
    await release(db, cfg.id, runId);
    await db.deleteFrom('directory_sync_runs').where('id', '=', runId).execute();
    throw err;
  }
}

async function release(db: Db, configId: number, runId: number) {
  await db
    .updateTable('platform_org_configs')
    .set({ sync_run_id: null })
    .where('id', '=', configId)
    .where('sync_run_id', '=', runId)
    .execute();
}

async function finish(
  db: Db,
  cfgId: number,
  runId: number,
  status: string,
  set: Record<string, unknown>,
  now: number,
) {
  await db
    .updateTable('directory_sync_runs')
    .set({ status, ...set })
    .where('id', '=', runId)
    .execute();
  await db
    .updateTable('platform_org_configs')
    .set({ last_sync_at: now, last_sync_status: status, sync_run_id: null })
    .where('id', '=', cfgId)
    .where('sync_run_id', '=', runId)
    .execute();
}

const counts = (d: SyncDiff) => ({
  added: d.depts.added.length + d.users.added.length,
  changed: d.depts.changed.length + d.users.changed.length,
  moved: d.depts.moved.length + d.users.moved.length,
  gone: d.depts.gone.length + d.users.gone.length,
});

/**
 * Task 159: fetches the complete snapshot (nothing is applied from an incomplete one), diffs it, and applies it
 * when it is within the configuration's threshold; otherwise leaves it for review (待确认). A crashed run is
 * taken up again by the task queue: fetching starts over and nothing was applied.
 */
export function directorySyncHandler(sc: SyncContext): TaskHandler {
  return async (ctx) => {
    const runId = Number((ctx.task.params as { run_id?: unknown })?.run_id);
    const run = await ctx.db
      .selectFrom('directory_sync_runs')
      .selectAll()
      .where('tenant_id', '=', ctx.task.tenantId)
      .where('id', '=', runId)
      .executeTakeFirst();
    if (!run) throw taskFailure('同步记录不存在');
    if (run.status !== RunStatus.fetching)
      return { success_amount: run.user_count, fail_amount: run.conflicts };
    const cfg = await mustGetConfig(ctx.db, run.tenant_id, Number(run.config_id)).catch(() => null);
    if (!cfg) throw taskFailure('平台配置不存在或已被删除');
    let snapshot: Snapshot;
    let calls: number;
    try {
      ({ snapshot, calls } = await fetchSnapshot(
        {
          platform: cfg.platform as Platform,
          apiBase: sc.apiBase[cfg.platform as Platform],
          corpId: cfg.corp_id,
          appKey: cfg.app_key,
          appSecret: secretOf(sc, cfg),
          timeoutMs: sc.timeoutMs,
        },
        sc.upstream,
      ));
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      await finish(
        ctx.db,
        cfg.id,
        runId,
        RunStatus.failed,
        { error_msg: err.message.slice(0, 300) },
        sc.clock(),
      );
      throw taskFailure(`同步未完成：${err.message}`);
    }
    const now = sc.clock();
    const diff = await computeDiff(ctx.db, cfg, snapshot);
    const size = diffSize(diff);
    const base = {
      dept_count: snapshot.depts.length,
      user_count: snapshot.users.length,
      api_calls: calls,
      fetched_at: now,
      ...counts(diff),
    };
    if (size === 0) {
      await flagLongGone(ctx.db, cfg, now);
      await finish(ctx.db, cfg.id, runId, RunStatus.unchanged, base, now);
      return { success_amount: snapshot.users.length, fail_amount: 0 };
    }
    // A newer snapshot supersedes one still waiting for review.
    await ctx.db
      .updateTable('directory_sync_runs')
      .set({ status: RunStatus.discarded, snapshot: null })
      .where('tenant_id', '=', cfg.tenant_id)
      .where('config_id', '=', cfg.id)
      .where('status', '=', RunStatus.review)
      .execute();
    if (cfg.auto_apply_threshold > 0 && size <= cfg.auto_apply_threshold) {
      const { conflicts } = await applySnapshot(ctx.db, cfg, snapshot, diff, now);
      await flagLongGone(ctx.db, cfg, now);
      await finish(
        ctx.db,
        cfg.id,
        runId,
        RunStatus.applied,
        { ...base, conflicts, diff: JSON.stringify(trim(diff)), applied_at: now },
        now,
      );
      return { success_amount: snapshot.users.length, fail_amount: conflicts };
    }
    await finish(
      ctx.db,
      cfg.id,
      runId,
      RunStatus.review,
      { ...base, diff: JSON.stringify(diff), snapshot: JSON.stringify(snapshot) },
      now,
    );
    return { success_amount: snapshot.users.length, fail_amount: 0 };
  };
}

/** At most 500 of each list kept for showing (the counts stay on the run). */
function trim(d: SyncDiff): SyncDiff {
  const t = <T>(x: T[]) => x.slice(0, 500);
  return {
    ...(d.root !== undefined ? { root: d.root } : {}),
    depts: {
      added: t(d.depts.added),
      changed: t(d.depts.changed),
      moved: t(d.depts.moved),
      gone: t(d.depts.gone),
    },
    users: {
      added: t(d.users.added),
      changed: t(d.users.changed),
      moved: t(d.users.moved),
      gone: t(d.users.gone),
    },
  };
}

/** 应用: the administrator applies a reviewed snapshot (diffed again against now, so nothing is applied twice). */
export async function applyRun(db: Db, sc: SyncContext, caller: TenantCaller, runId: number) {
  const run = await mustGetRun(db, caller, runId);
  if (run.status !== RunStatus.review || !run.snapshot) throw platformErrors.runNotInReview();
  const cfg = await mustGetConfig(db, caller.tenantId, Number(run.config_id));
  const now = sc.clock();
  const claimed = await db
    .updateTable('directory_sync_runs')
    .set({ status: RunStatus.fetching })
    .where('id', '=', run.id)
    .where('status', '=', RunStatus.review)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw platformErrors.runNotInReview();
  try {
    const snapshot = JSON.parse(run.snapshot) as Snapshot;
    const diff = await computeDiff(db, cfg, snapshot);
    const { conflicts } = await applySnapshot(db, cfg, snapshot, diff, now, caller.staffId);
    await flagLongGone(db, cfg, now);
    await db
      .updateTable('directory_sync_runs')
      .set({
        status: RunStatus.applied,
        conflicts,
        snapshot: null,
        diff: JSON.stringify(trim(diff)),
        applied_at: now,
        applied_by: caller.staffId,
      })
      .where('id', '=', run.id)
      .execute();
    return { id: run.id };
  } catch (err) {
    await db
      .updateTable('directory_sync_runs')
      .set({ status: RunStatus.review })
      .where('id', '=', run.id)
      .execute();
    throw err;
  }
}

export function runOut(r: {
  id: number;
  config_id: number;
  task_id: number | null;
  status: string;
  run_trigger: string;
  dept_count: number;
  user_count: number;
  added: number;
  changed: number;
  moved: number;
  gone: number;
  conflicts: number;
  api_calls: number;
  error_msg: string;
  started_at: number;
  fetched_at: number | null;
  applied_at: number | null;
}) {
  return {
    id: Number(r.id),
    config_id: Number(r.config_id),
    task_id: r.task_id === null ? null : Number(r.task_id),
    status: r.status,
    statusText: SyncRunStatusLabel[r.status as keyof typeof SyncRunStatusLabel] ?? r.status,
    run_trigger: r.run_trigger,
    dept_count: r.dept_count,
    user_count: r.user_count,
    added: r.added,
    changed: r.changed,
    moved: r.moved,
    gone: r.gone,
    conflicts: r.conflicts,
    api_calls: r.api_calls,
    error_msg: r.error_msg,
    started_at: Number(r.started_at),
    fetched_at: r.fetched_at === null ? null : Number(r.fetched_at),
    applied_at: r.applied_at === null ? null : Number(r.applied_at),
  };
}

export async function pageRuns(
  db: Db,
  caller: TenantCaller,
  q: { config_id: number; page_num: number; page_size: number },
) {
  const cfg = await mustGetConfig(db, caller.tenantId, q.config_id);
  const base = db
    .selectFrom('directory_sync_runs')
    .where('tenant_id', '=', caller.tenantId)
    .where('config_id', '=', cfg.id);
  const total = Number(
    (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  );
  const rows = await base
    .select([
      'id',
      'config_id',
      'task_id',
      'status',
      'run_trigger',
      'dept_count',
      'user_count',
      'added',
      'changed',
      'moved',
      'gone',
      'conflicts',
      'api_calls',
      'error_msg',
      'started_at',
      'fetched_at',
      'applied_at',
    ])
    .orderBy('id', 'desc')
    .limit(q.page_size)
    .offset((q.page_num - 1) * q.page_size)
    .execute();
  return { items: rows.map(runOut), page: { page_num: q.page_num, page_size: q.page_size, total } };
}

export async function runDiff(db: Db, caller: TenantCaller, runId: number) {
  const run = await mustGetRun(db, caller, runId);
  const empty = { added: [], changed: [], moved: [], gone: [] };
  const diff: SyncDiff = run.diff ? trim(JSON.parse(run.diff) as SyncDiff) : { depts: empty, users: empty };
  return { run: runOut(run), root: diff.root ?? '', ...diff };
}
