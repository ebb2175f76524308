import { z } from 'zod';
import { ERROR_REPORT_MAX_BATCH } from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { PUBLIC } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { ERROR_REPORT_LIMITS } from './errorReport.limits.js';
import { listReports, recordReports } from './errorReport.service.js';

const PREFIX = '/platform/api/v1';

const ReportBody = z.object({
  reports: z
    .array(
      z.object({
        // Longer messages are cut to 1000 characters by the service, not refused (spec §9).
        message: z.string().min(1).max(20_000).describe('错误信息'),
        stack: z.string().max(50_000).optional().describe('错误堆栈'),
        url: z.string().max(5_000).optional().describe('页面地址'),
        user_agent: z.string().max(2_000).optional().describe('浏览器标识'),
        occurred_at: z.coerce.number().int().positive().describe('发生时间'),
      }),
    )
    .min(1)
    .max(ERROR_REPORT_MAX_BATCH, `一次最多上报${ERROR_REPORT_MAX_BATCH}条`)
    .describe('错误报告'),
});

const ListQuery = z.object({
  keyword: z.string().max(100).optional().describe('关键字'),
  page_num: z.coerce.number().int().min(1).default(1).describe('页码'),
  page_size: z.coerce.number().int().min(1).max(200).default(20).describe('每页条数'),
});

export function registerErrorReportRoutes(app: ZodApp, { db }: AppDeps) {
  // Public: the reporter runs before and after login; a signed-in caller's tenant is recorded.
  app.post(
    `${PREFIX}/error-reports`,
    {
      config: { permission: PUBLIC },
      bodyLimit: ERROR_REPORT_LIMITS.bodyBytes,
      schema: { body: ReportBody, tags: ['platform'] },
    },
    async (request) =>
      ok(await recordReports(db, request.caller, request.body.reports, request.ip || 'unknown')),
  );
  app.get(
    `${PREFIX}/error-reports`,
    { config: { permission: 'errorReport:list' }, schema: { querystring: ListQuery, tags: ['platform'] } },
    async (request) => ok(await listReports(db, tenantCaller(request), request.query)),
  );
}
