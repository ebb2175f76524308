import {
  BudgetAddBody,
  BudgetCheckBody,
  BudgetCheckReply,
  BudgetIdBody,
  BudgetIdQuery,
  BudgetIdReply,
  BudgetInfo,
  BudgetLedgerPage,
  BudgetLedgerQuery,
  BudgetListQuery,
  BudgetPage,
  BudgetStatusBody,
  BudgetUpdateBody,
  BudgetVersionChanges,
  BudgetVersionChangesQuery,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { STAFF } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../../platform/types.js';
import * as svc from './budgets.service.js';
import type { BudgetHooks } from './budgets.service.js';
import { registerBudgetTasks } from './budgets.tasks.js';
import { versionChanges } from './budgets.versions.js';

// Designed here like /finobill's (the spec names the screens only): docs/decisions/0052-budgets-on-a-ledger.md.
export const BUDGETS = '/finobill/api/web/budget';
const tags = ['budget'];
const IdReply = { 200: envelopeOf(BudgetIdReply) };

export const BudgetPerm = {
  view: 'budgetList:view',
  edit: 'budgetList:edit',
} as const;

/** 预算列表, 预算详情 (新增/修改 = a new version), 状态, 删除, the ledger behind a figure, and 预算预览. */
export function registerBudgetRoutes(app: ZodApp, deps: AppDeps, hooks: BudgetHooks) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;
  const read = { permission: [BudgetPerm.view, BudgetPerm.edit] as const };
  // 150 预算导入 and 151 预算导出 through the task centre (decision 0054).
  registerBudgetTasks(appServices(deps));

  app.get(
    `${BUDGETS}/list`,
    {
      config: read,
      schema: {
        querystring: BudgetListQuery,
        response: { 200: envelopeOf(BudgetPage) },
        tags,
        summary: '预算列表',
      },
    },
    async (req) => ok(await svc.listBudgets(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${BUDGETS}/versionChanges`,
    {
      config: read,
      schema: {
        querystring: BudgetVersionChangesQuery,
        response: { 200: envelopeOf(BudgetVersionChanges) },
        tags,
        summary: '预算变更记录（某版本相对上一版本的变更）',
      },
    },
    async (req) => ok(await versionChanges(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${BUDGETS}/info`,
    {
      config: read,
      schema: {
        querystring: BudgetIdQuery,
        response: { 200: envelopeOf(BudgetInfo) },
        tags,
        summary: '预算详情',
      },
    },
    async (req) => ok(await svc.budgetInfo(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    `${BUDGETS}/ledger`,
    {
      config: read,
      schema: {
        querystring: BudgetLedgerQuery,
        response: { 200: envelopeOf(BudgetLedgerPage) },
        tags,
        summary: '预算台账（某节点、期间的占用与使用）',
      },
    },
    async (req) => ok(await svc.ledgerRows(db, tenantCaller(req), req.query, hooks)),
  );
  app.post(
    `${BUDGETS}/add`,
    {
      config: { permission: BudgetPerm.edit },
      schema: { body: BudgetAddBody, response: IdReply, tags, summary: '新增预算（发布版本1）' },
    },
    async (req) => ok(await svc.addBudget(db, tenantCaller(req), req.body as never, clock())),
  );
  app.post(
    `${BUDGETS}/update`,
    {
      config: { permission: BudgetPerm.edit },
      schema: { body: BudgetUpdateBody, response: IdReply, tags, summary: '调整预算（发布新版本）' },
    },
    async (req) => ok(await svc.updateBudget(db, tenantCaller(req), req.body as never, clock())),
  );
  app.post(
    `${BUDGETS}/status`,
    {
      config: { permission: BudgetPerm.edit },
      schema: { body: BudgetStatusBody, response: IdReply, tags, summary: '启用/停用预算' },
    },
    async (req) => ok(await svc.setBudgetStatus(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${BUDGETS}/delete`,
    {
      config: { permission: BudgetPerm.edit },
      schema: { body: BudgetIdBody, response: IdReply, tags, summary: '删除预算（台账无记录时）' },
    },
    async (req) => ok(await svc.deleteBudget(db, tenantCaller(req), req.body.id, clock())),
  );
  // Every staff member fills documents: the preview of their own document against the budgets.
  app.post(
    `${BUDGETS}/check`,
    {
      config: { permission: STAFF },
      schema: {
        body: BudgetCheckBody,
        response: { 200: envelopeOf(BudgetCheckReply) },
        tags,
        summary: '预算预览（不占用）',
      },
    },
    async (req) => ok(await svc.checkBill(db, tenantCaller(req), req.body, hooks)),
  );
}
