import { z } from 'zod';
import { ERROR_REPORT_MAX_BATCH } from '../constants.js';
import { pagedOf } from '../reply.js';

/** Client error reports (/platform/api/v1/error-reports, spec §7.1, §9): requests and replies. */

export const ClientErrorReport = z.object({
  // Longer messages are cut to 1000 characters by the service, not refused (spec §9).
  message: z.string().min(1).max(20_000).describe('错误信息'),
  stack: z.string().max(50_000).optional().describe('错误堆栈'),
  url: z.string().max(5_000).optional().describe('页面地址'),
  user_agent: z.string().max(2_000).optional().describe('浏览器标识'),
  /** Epoch milliseconds. */
  occurred_at: z.coerce.number().int().positive().describe('发生时间'),
});
export type ClientErrorReport = z.input<typeof ClientErrorReport>;

export const ErrorReportBody = z.object({
  reports: z
    .array(ClientErrorReport)
    .min(1)
    .max(ERROR_REPORT_MAX_BATCH, `一次最多上报${ERROR_REPORT_MAX_BATCH}条`)
    .describe('错误报告'),
});

export const ErrorReportListQuery = z.object({
  keyword: z.string().max(100).optional().describe('关键字'),
  page_num: z.coerce.number().int().min(1).default(1).describe('页码'),
  page_size: z.coerce.number().int().min(1).max(200).default(20).describe('每页条数'),
});

export const ErrorReportSaved = z.object({ saved: z.number() });

export const ErrorReportItem = z.object({
  id: z.number(),
  created_at: z.number(),
  user_id: z.number().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  user_agent: z.string().nullable(),
  occurred_at: z.number(),
});
export type ErrorReportItem = z.infer<typeof ErrorReportItem>;
export const ErrorReportPage = pagedOf(ErrorReportItem);
