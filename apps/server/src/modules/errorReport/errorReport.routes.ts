import {
  envelopeOf,
  ErrorReportBody,
  ErrorReportListQuery,
  ErrorReportPage,
  ErrorReportSaved,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { PUBLIC } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { ERROR_REPORT_LIMITS } from './errorReport.limits.js';
import { listReports, recordReports } from './errorReport.service.js';

const PREFIX = '/platform/api/v1';

export function registerErrorReportRoutes(app: ZodApp, { db }: AppDeps) {
  // Public: the reporter runs before and after login; a signed-in caller's tenant is recorded.
  app.post(
    `${PREFIX}/error-reports`,
    {
      config: { permission: PUBLIC },
      bodyLimit: ERROR_REPORT_LIMITS.bodyBytes,
      schema: { body: ErrorReportBody, tags: ['platform'], response: { 200: envelopeOf(ErrorReportSaved) } },
    },
    async (request) =>
      ok(await recordReports(db, request.caller, request.body.reports, request.ip || 'unknown')),
  );
  app.get(
    `${PREFIX}/error-reports`,
    {
      config: { permission: 'errorReport:list' },
      schema: {
        querystring: ErrorReportListQuery,
        tags: ['platform'],
        response: { 200: envelopeOf(ErrorReportPage) },
      },
    },
    async (request) => ok(await listReports(db, tenantCaller(request), request.query)),
  );
}
