import { z } from 'zod';
import { pagedOf } from '../reply.js';

/** Background import / export tasks (spec §3 Task, §7.2, §7.7): requests and replies. */

const operatingType = z.coerce.number().int().positive().describe('任务类型');

/** The text fields of an import (multipart, beside the file part). */
export const TaskImportFields = z.object({
  operating_type: operatingType,
  /**
   * What the import is for, as JSON text (a multipart field is text), e.g. {"budget_id":12} for 预算导入
   * (decision 0054); the handler validates it with its own schema. Absent: {}.
   */
  params: z
    .string('必须是文字')
    .max(2000, '不能超过2000个字符')
    .transform((text, ctx) => {
      try {
        const v: unknown = JSON.parse(text);
        if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
      } catch {
        /* answered below */
      }
      ctx.addIssue({ code: 'custom', message: '格式不正确，应为JSON对象' });
      return z.NEVER;
    })
    .optional()
    .describe('导入参数'),
});

export const TaskExportBody = z.object({
  operating_type: operatingType,
  params: z.record(z.string(), z.unknown()).default({}).describe('筛选条件'),
  file_name: z.string().max(100).optional().describe('文件名'),
});

export const TaskListQuery = z.object({
  page_num: z.coerce.number().int().min(1).default(1).describe('页码'),
  page_size: z.coerce.number().int().min(1).max(200).default(20).describe('每页条数'),
  operating_type: operatingType.optional(),
  status: z.coerce.number().int().min(0).max(2).optional().describe('任务状态'),
});

export const TaskIdParams = z.object({ id: z.coerce.number().int().positive().describe('任务ID') });

/** A task as tasks:byId and the tasks list answer it. status: 0 running, 1 success, 2 failure. */
export const TaskView = z.object({
  id: z.number(),
  status: z.number(),
  operating_type: z.number(),
  operating_type_name: z.string(),
  success_amount: z.number(),
  fail_amount: z.number(),
  /** JSON string {url, name}: a signed link to the export file or the import's failure file. */
  export_attachment: z.string().nullable(),
  file_name: z.string(),
  creator: z.string(),
  created_at: z.number(),
  finished_at: z.number().nullable(),
  error_msg: z.string().nullable(),
});
export type TaskView = z.infer<typeof TaskView>;
export const TaskPage = pagedOf(TaskView);

/** tasks:import / tasks:export: the new task's id, to poll. */
export const TaskCreatedReply = z.object({ id: z.number() });
