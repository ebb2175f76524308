import { z } from 'zod';
import { pagedOf } from '../reply.js';
import { epochMs, keyword, pageNum, pageSize } from './fields.js';

// operation-log:list: who changed what in the org screens.

export const OrgOperationLogQuery = z.object({
  keyword,
  module: z.string().max(30).optional().describe('模块'),
  start: z.coerce.number().int().min(0).optional().describe('开始时间'),
  end: z.coerce.number().int().min(0).optional().describe('结束时间'),
  page_num: pageNum,
  page_size: pageSize(200),
});

export const OrgOperationLog = z.object({
  id: z.number().int(),
  operator_id: z.number().int().nullable(),
  operator_name: z.string(),
  module: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  summary: z.string(),
  /** The row before / after the change, as logged (any JSON), or null. */
  before: z.unknown(),
  after: z.unknown(),
  created_at: epochMs,
});
export const OrgOperationLogPage = pagedOf(OrgOperationLog);
