import {
  QUOTA_API,
  QuotaByUserList,
  QuotaByUserQuery,
  QuotaChangeList,
  QuotaChangeQuery,
  QuotaIdBody,
  QuotaList,
  QuotaListQuery,
  QuotaManualBody,
  QuotaPlan,
  QuotaPlanBody,
  QuotaPlanList,
  QuotaPlanListQuery,
  QuotaPlanUpdateBody,
  QuotaPreview,
  QuotaRelease,
  QuotaReleaseDetail,
  QuotaReleaseDetailQuery,
  QuotaReleaseList,
  QuotaReleaseListQuery,
  QuotaUserDetail,
  QuotaUserDetailQuery,
  emptyData,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../../platform/types.js';
import { expireDue } from './quota.ledger.js';
import { EXPIRE_JOB, PLAN_JOB, QuotaScheduler, type PlanFirePayload } from './quota.schedule.js';
import {
  addPlan,
  deletePlan,
  firePlan,
  listChanges,
  listPlans,
  listQuota,
  listReleases,
  previewManual,
  quotaByUser,
  releaseDetail,
  runManual,
  updatePlan,
  userDetail,
} from './quota.service.js';
import { registerQuotaTasks } from './quota.tasks.js';

export const QuotaPerm = {
  releaseView: 'quotaRelease:view',
  releaseAdd: 'quotaRelease:add',
  releaseEdit: 'quotaRelease:edit',
  releaseExport: 'quotaRelease:export',
  view: 'quota:view',
} as const;
const tags = ['quota'];

/** 额度发放 and 额度管理 (decision 0042): plans, runs, preview, the ledger screens; the jobs and the timers. */
export function registerQuotaRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;
  const services = appServices(deps);

  services.jobs.work<PlanFirePayload>(PLAN_JOB, async (p) => {
    await firePlan(db, p, clock);
  });
  services.jobs.work<{ at: number }>(EXPIRE_JOB, async (p) => {
    while ((await expireDue(db, Math.max(p.at, 0) || clock())) > 0);
  });
  registerQuotaTasks(services);
  // Timers run where the job worker runs (JOB_WORKER=1); every such process fires, the queue decides once.
  if (deps.config.jobWorker && deps.config.appEnv !== 'test') {
    const scheduler = new QuotaScheduler(db, services.jobs, app.log);
    app.addHook('onReady', () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }

  const A = QUOTA_API;
  app.get(
    `${A}/quota-plan/list`,
    {
      config: { permission: QuotaPerm.releaseView },
      schema: {
        querystring: QuotaPlanListQuery,
        response: { 200: envelopeOf(QuotaPlanList) },
        tags,
        summary: '发放规则列表',
      },
    },
    async (req) => ok(await listPlans(db, tenantCaller(req), req.query, clock())),
  );
  app.post(
    `${A}/quota-plan/add`,
    {
      config: { permission: QuotaPerm.releaseAdd },
      schema: {
        body: QuotaPlanBody,
        response: { 200: envelopeOf(QuotaPlan) },
        tags,
        summary: '新增发放规则',
      },
    },
    async (req) => ok(await addPlan(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${A}/quota-plan/update`,
    {
      config: { permission: QuotaPerm.releaseEdit },
      schema: {
        body: QuotaPlanUpdateBody,
        response: { 200: envelopeOf(QuotaPlan) },
        tags,
        summary: '修改发放规则',
      },
    },
    async (req) => ok(await updatePlan(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${A}/quota-plan/delete`,
    {
      config: { permission: QuotaPerm.releaseEdit },
      schema: { body: QuotaIdBody, response: { 200: envelopeOf(emptyData) }, tags, summary: '删除发放规则' },
    },
    async (req) => ok(await deletePlan(db, tenantCaller(req), req.body.id, clock())),
  );
  app.get(
    `${A}/quota-release/list`,
    {
      config: { permission: QuotaPerm.releaseView },
      schema: {
        querystring: QuotaReleaseListQuery,
        response: { 200: envelopeOf(QuotaReleaseList) },
        tags,
        summary: '发放列表',
      },
    },
    async (req) => ok(await listReleases(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${A}/quota-release/detail`,
    {
      config: { permission: QuotaPerm.releaseView },
      schema: {
        querystring: QuotaReleaseDetailQuery,
        response: { 200: envelopeOf(QuotaReleaseDetail) },
        tags,
        summary: '发放详情',
      },
    },
    async (req) => ok(await releaseDetail(db, tenantCaller(req), req.query)),
  );
  app.post(
    `${A}/quota-release/preview`,
    {
      config: { permission: QuotaPerm.releaseAdd },
      schema: {
        body: QuotaManualBody,
        response: { 200: envelopeOf(QuotaPreview) },
        tags,
        summary: '手动发放预览',
      },
    },
    async (req) => ok(await previewManual(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${A}/quota-release/run`,
    {
      config: { permission: QuotaPerm.releaseAdd },
      schema: {
        body: QuotaManualBody,
        response: { 200: envelopeOf(QuotaRelease) },
        tags,
        summary: '手动发放',
      },
    },
    async (req) => ok(await runManual(db, tenantCaller(req), req.body, clock)),
  );
  app.get(
    `${A}/quota/list`,
    {
      config: { permission: QuotaPerm.view },
      schema: {
        querystring: QuotaListQuery,
        response: { 200: envelopeOf(QuotaList) },
        tags,
        summary: '额度列表',
      },
    },
    async (req) => ok(await listQuota(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${A}/quota/by-user`,
    {
      config: { permission: QuotaPerm.view },
      schema: {
        querystring: QuotaByUserQuery,
        response: { 200: envelopeOf(QuotaByUserList) },
        tags,
        summary: '按员工查看额度',
      },
    },
    async (req) => ok(await quotaByUser(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${A}/quota/operate-records`,
    {
      config: { permission: QuotaPerm.view },
      schema: {
        querystring: QuotaReleaseListQuery,
        response: { 200: envelopeOf(QuotaReleaseList) },
        tags,
        summary: '额度操作记录',
      },
    },
    async (req) => ok(await listReleases(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${A}/quota/change-records`,
    {
      config: { permission: QuotaPerm.view },
      schema: {
        querystring: QuotaChangeQuery,
        response: { 200: envelopeOf(QuotaChangeList) },
        tags,
        summary: '额度变动记录',
      },
    },
    async (req) => ok(await listChanges(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${A}/quota/user-detail`,
    {
      config: { permission: QuotaPerm.view },
      schema: {
        querystring: QuotaUserDetailQuery,
        response: { 200: envelopeOf(QuotaUserDetail) },
        tags,
        summary: '员工额度详情',
      },
    },
    async (req) => ok(await userDetail(db, tenantCaller(req), req.query.user_id)),
  );
}
