import {
  EfficiencyDetailPage,
  EfficiencyDetailQuery,
  EfficiencyQuery,
  EfficiencyReport,
  envelopeOf,
  SpendLinePage,
  SpendLineQuery,
  SpendQuery,
  SpendReport,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { efficiencyDetails, efficiencyReport } from './analysis.service.js';
import { spendLines, spendReport } from './spendAnalysis.service.js';

// Designed here (spec 2.3 names the screens only): docs/decisions/0023-audit-rules-and-bill-analysis.md.
const ANALYSIS = '/finobill/api/web/billAnalysis';
const tags = ['billAnalysis'];
export const BillAnalysisPerm = { view: 'billAnalysis:view', export: 'billAnalysis:export' } as const;

/**
 * 单据分析: efficiency by type, department, person and approver; per-document node timings.
 * 费用分析 (its own menu entry, borrowing 单据分析's permission): money by dimension and the lines behind it.
 */
export function registerAnalysisRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;
  app.get(
    `${ANALYSIS}/efficiency`,
    {
      config: { permission: BillAnalysisPerm.view },
      schema: {
        querystring: EfficiencyQuery,
        response: { 200: envelopeOf(EfficiencyReport) },
        tags,
        summary: '审批效率分析（按单据类型、部门、人员、审批人、周）',
      },
    },
    async (req) => ok(await efficiencyReport(db, tenantCaller(req), req.query, clock())),
  );
  app.get(
    `${ANALYSIS}/details`,
    {
      config: { permission: BillAnalysisPerm.view },
      schema: {
        querystring: EfficiencyDetailQuery,
        response: { 200: envelopeOf(EfficiencyDetailPage) },
        tags,
        summary: '审批效率明细（每张单据各节点的等待与处理时长）',
      },
    },
    async (req) => ok(await efficiencyDetails(db, tenantCaller(req), req.query, clock())),
  );
  app.get(
    `${ANALYSIS}/spend`,
    {
      config: { permission: BillAnalysisPerm.view },
      schema: {
        querystring: SpendQuery,
        response: { 200: envelopeOf(SpendReport) },
        tags,
        summary: '费用分析（按部门、公司、费用类型、项目、人员或月份的金额与月度趋势）',
      },
    },
    async (req) => ok(await spendReport(db, tenantCaller(req).tenantId, req.query)),
  );
  app.get(
    `${ANALYSIS}/spendLines`,
    {
      config: { permission: BillAnalysisPerm.view },
      schema: {
        querystring: SpendLineQuery,
        response: { 200: envelopeOf(SpendLinePage) },
        tags,
        summary: '费用分析明细（某一分组的费用明细行，可穿透到单据）',
      },
    },
    async (req) => ok(await spendLines(db, tenantCaller(req).tenantId, req.query)),
  );
}
