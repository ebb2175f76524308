import {
  BudgetAnalysis,
  BudgetAnalysisLinesPage,
  BudgetAnalysisLinesQuery,
  BudgetAnalysisQuery,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import { BUDGETS, BudgetPerm, type BudgetHooks } from '../budgets/index.js';
import * as svc from './analysis.service.js';

const tags = ['budget'];

/** 预算分析 and the documents behind a figure (decision 0055): whoever may see the budgets. */
export function registerBudgetAnalysisRoutes(
  app: ZodApp,
  deps: AppDeps,
  hooks: Pick<BudgetHooks, 'billRefs'>,
) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;
  const read = { permission: [BudgetPerm.view, BudgetPerm.edit] as const };
  app.get(
    `${BUDGETS}/analysis`,
    {
      config: read,
      schema: {
        querystring: BudgetAnalysisQuery,
        response: { 200: envelopeOf(BudgetAnalysis) },
        tags,
        summary: '预算分析（预算、预占、已用、可用，按节点、期间，超预算）',
      },
    },
    async (req) => ok(await svc.budgetAnalysis(db, tenantCaller(req), req.query, clock())),
  );
  app.get(
    `${BUDGETS}/analysisLines`,
    {
      config: read,
      schema: {
        querystring: BudgetAnalysisLinesQuery,
        response: { 200: envelopeOf(BudgetAnalysisLinesPage) },
        tags,
        summary: '预算分析明细（某节点、期间的单据）',
      },
    },
    async (req) => ok(await svc.analysisLines(db, tenantCaller(req), req.query, hooks)),
  );
}
