import {
  BudgetEventPage,
  BudgetEventQuery,
  BudgetEventRetryBody,
  BudgetInterfaceAddBody,
  BudgetInterfaceIdBody,
  BudgetInterfaceIdQuery,
  BudgetInterfaceIdReply,
  BudgetInterfaceInfo,
  BudgetInterfacePage,
  BudgetInterfacePageQuery,
  BudgetInterfaceTestReply,
  BudgetInterfaceUpdateBody,
  BudgetLinkAddBody,
  BudgetLinkIdBody,
  BudgetPullReply,
  envelopeOf,
  TaskOperatingType,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../../platform/types.js';
import { createModuleTask } from '../../tasks/index.js';
import * as svc from './budgetLink.service.js';
import { budgetLinkTick, BudgetLinkScheduler, budgetSyncHandler, TICK_JOB } from './pull.js';
import type { LinkContext } from './remote.js';

/** Designed in the spec's style (7.5 names the operations only): docs/decisions/0056-budget-integration.md. */
export const INTEGRATION = '/integration-center/api/web';
export const BUDGET_INTERFACE = `${INTEGRATION}/budgetInterface`;
export const BUDGET_LINK = `${INTEGRATION}/budget`;
const tags = ['integration'];
const IdReply = { 200: envelopeOf(BudgetInterfaceIdReply) };

export const IntegrationBudgetPerm = {
  view: 'integrationBudget:view',
  edit: 'integrationBudget:edit',
} as const;

/** The outbound limits and keys of the module's calls to external systems. */
export function linkContextOf(deps: AppDeps): LinkContext {
  return {
    signingSecret: deps.config.signingSecret,
    limits: {
      timeoutMs: deps.config.thirdParty.timeoutMs,
      allowPrivate: deps.config.integrationAllowPrivate === true,
    },
    clock: deps.clock ?? Date.now,
  };
}

export function registerBudgetLinkRoutes(app: ZodApp, deps: AppDeps) {
  const services = appServices(deps);
  const link = linkContextOf(deps);
  const s = { db: deps.db, link };
  const read = { permission: [IntegrationBudgetPerm.view, IntegrationBudgetPerm.edit] as const };
  const edit = { permission: IntegrationBudgetPerm.edit };

  services.taskHandlers.register(TaskOperatingType.budgetSync, budgetSyncHandler(link));
  services.jobs.work(TICK_JOB, async () => budgetLinkTick(services, link));
  if (deps.config.jobWorker && deps.config.appEnv !== 'test') {
    const scheduler = new BudgetLinkScheduler(services, app.log);
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }

  const I = BUDGET_INTERFACE;
  app.get(
    `${I}/pageList`,
    {
      config: read,
      schema: {
        querystring: BudgetInterfacePageQuery,
        response: { 200: envelopeOf(BudgetInterfacePage) },
        tags,
        summary: '预算接口列表',
      },
    },
    async (req) => ok(await svc.pageInterfaces(deps.db, tenantCaller(req), req.query)),
  );
  app.get(
    `${I}/info`,
    {
      config: read,
      schema: {
        querystring: BudgetInterfaceIdQuery,
        response: { 200: envelopeOf(BudgetInterfaceInfo) },
        tags,
        summary: '预算接口详情（含关联预算）',
      },
    },
    async (req) => ok(await svc.interfaceInfo(deps.db, tenantCaller(req), req.query.id)),
  );
  app.post(
    `${I}/add`,
    {
      config: edit,
      schema: { body: BudgetInterfaceAddBody, response: IdReply, tags, summary: '新增预算接口' },
    },
    async (req) => ok(await svc.addInterface(s, tenantCaller(req), req.body)),
  );
  app.post(
    `${I}/update`,
    {
      config: edit,
      schema: { body: BudgetInterfaceUpdateBody, response: IdReply, tags, summary: '修改预算接口' },
    },
    async (req) => ok(await svc.updateInterface(s, tenantCaller(req), req.body)),
  );
  app.post(
    `${I}/delete`,
    {
      config: edit,
      schema: { body: BudgetInterfaceIdBody, response: IdReply, tags, summary: '删除预算接口' },
    },
    async (req) => ok(await svc.deleteInterface(s, tenantCaller(req), req.body.id)),
  );
  const probeReply = { 200: envelopeOf(BudgetInterfaceTestReply) };
  app.post(
    `${I}/test`,
    {
      config: edit,
      schema: { body: BudgetInterfaceIdBody, response: probeReply, tags, summary: '测试预算接口' },
    },
    async (req) => ok(await svc.testInterface(s, tenantCaller(req), req.body.id, false)),
  );
  app.post(
    `${I}/link`,
    {
      config: edit,
      schema: { body: BudgetInterfaceIdBody, response: probeReply, tags, summary: '连接预算接口' },
    },
    async (req) => ok(await svc.testInterface(s, tenantCaller(req), req.body.id, true)),
  );
  app.post(
    `${I}/pull`,
    {
      config: edit,
      schema: {
        body: BudgetInterfaceIdBody,
        response: { 200: envelopeOf(BudgetPullReply) },
        tags,
        summary: '立即拉取外部预算（任务153 预算同步）',
      },
    },
    async (req) => {
      const caller = tenantCaller(req);
      const target = await svc.pullTarget(deps.db, caller, req.body.id);
      const t = await createModuleTask(services, caller, {
        operatingType: TaskOperatingType.budgetSync,
        fileName: `预算同步-${target.name}`,
        params: { interface_id: target.id },
      });
      return ok({ task_id: t.id });
    },
  );
  app.get(
    `${I}/events`,
    {
      config: read,
      schema: {
        querystring: BudgetEventQuery,
        response: { 200: envelopeOf(BudgetEventPage) },
        tags,
        summary: '推送事件（预占、已用、释放）',
      },
    },
    async (req) => ok(await svc.pageEvents(deps.db, tenantCaller(req), req.query as never)),
  );
  app.post(
    `${I}/retry`,
    {
      config: edit,
      schema: { body: BudgetEventRetryBody, response: IdReply, tags, summary: '重试推送失败的事件' },
    },
    async (req) => ok(await svc.retryEvent(s, tenantCaller(req), req.body.id)),
  );

  app.post(
    `${BUDGET_LINK}/add`,
    { config: edit, schema: { body: BudgetLinkAddBody, response: IdReply, tags, summary: '关联预算' } },
    async (req) => ok(await svc.addLink(s, tenantCaller(req), req.body)),
  );
  app.post(
    `${BUDGET_LINK}/delete`,
    { config: edit, schema: { body: BudgetLinkIdBody, response: IdReply, tags, summary: '取消关联预算' } },
    async (req) => ok(await svc.deleteLink(s, tenantCaller(req), req.body.id)),
  );
}
