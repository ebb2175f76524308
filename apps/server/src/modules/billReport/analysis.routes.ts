import {
  EfficiencyDetailPage,
  EfficiencyDetailQuery,
  EfficiencyQuery,
  EfficiencyReport,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { efficiencyDetails, efficiencyReport } from './analysis.service.js';

// Designed here (spec 2.3 names the screens only): docs/decisions/0023-audit-rules-and-bill-analysis.md.
const ANALYSIS = '/finobill/api/web/billAnalysis';
const tags = ['billAnalysis'];
export const BillAnalysisPerm = { view: 'billAnalysis:view', export: 'billAnalysis:export' } as const;

/** 单据分析: efficiency by type, department, person and approver; per-document node timings. */
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
}
