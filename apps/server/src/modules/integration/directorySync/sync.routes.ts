import {
  envelopeOf,
  PlatformIdReply,
  SyncDiffReply,
  SyncRunIdQuery,
  SyncRunPage,
  SyncRunsQuery,
  SyncStartBody,
  SyncStartReply,
  TaskOperatingType,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../../platform/types.js';
import { IntegrationPlatformPerm, PLATFORM_CONFIG } from '../platforms/index.js';
import { applyRun, directorySyncHandler, pageRuns, runDiff, startSync, type SyncContext } from './runner.js';
import { DirectorySyncScheduler, startDueSyncs, SYNC_TICK_JOB } from './schedule.js';

const tags = ['integration'];

export function syncContextOf(deps: AppDeps): SyncContext {
  const tp = deps.config.thirdParty;
  return {
    signingSecret: deps.config.signingSecret,
    apiBase: { dingtalk: tp.dingtalk.apiBase, wecom: tp.wecom.apiBase, feishu: tp.feishu.apiBase },
    timeoutMs: Math.max(tp.timeoutMs, 10_000),
    clock: deps.clock ?? Date.now,
    upstream: { backoffMs: deps.config.directorySyncBackoffMs ?? 1000 },
  };
}

/** 通讯录同步 under platformConfig/ (decision 0061): 同步, the runs (history), a run's diff, 应用. */
export function registerDirectorySyncRoutes(
  app: ZodApp,
  deps: AppDeps,
  sc: SyncContext = syncContextOf(deps),
) {
  const services = appServices(deps);
  services.taskHandlers.register(TaskOperatingType.directorySync, directorySyncHandler(sc));
  services.jobs.work(SYNC_TICK_JOB, async () => {
    await startDueSyncs(services, sc);
  });
  if (deps.config.jobWorker && deps.config.appEnv !== 'test') {
    const scheduler = new DirectorySyncScheduler(services, app.log);
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }
  const read = { permission: [IntegrationPlatformPerm.view, IntegrationPlatformPerm.edit] as const };
  const edit = { permission: IntegrationPlatformPerm.edit };
  const P = PLATFORM_CONFIG;

  app.post(
    `${P}/sync`,
    {
      config: edit,
      schema: {
        body: SyncStartBody,
        response: { 200: envelopeOf(SyncStartReply) },
        tags,
        summary: '同步通讯录（任务159 通讯录同步）',
      },
    },
    async (req) => ok(await startSync(services, sc, tenantCaller(req), req.body.id, 'manual')),
  );
  app.get(
    `${P}/syncRuns`,
    {
      config: read,
      schema: {
        querystring: SyncRunsQuery,
        response: { 200: envelopeOf(SyncRunPage) },
        tags,
        summary: '同步记录',
      },
    },
    async (req) => ok(await pageRuns(deps.db, tenantCaller(req), req.query)),
  );
  app.get(
    `${P}/syncDiff`,
    {
      config: read,
      schema: {
        querystring: SyncRunIdQuery,
        response: { 200: envelopeOf(SyncDiffReply) },
        tags,
        summary: '同步差异（新增、变更、调动、离开）',
      },
    },
    async (req) => ok(await runDiff(deps.db, tenantCaller(req), req.query.run_id)),
  );
  app.post(
    `${P}/applySync`,
    {
      config: edit,
      schema: {
        body: SyncRunIdQuery,
        response: { 200: envelopeOf(PlatformIdReply) },
        tags,
        summary: '应用待确认的同步',
      },
    },
    async (req) => ok(await applyRun(deps.db, sc, tenantCaller(req), req.body.run_id)),
  );
}
