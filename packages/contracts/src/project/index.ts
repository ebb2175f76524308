import { z } from 'zod';
import { type ValueOf } from '../enums.js';
import { pagedOf } from '../reply.js';
import { id, labelled, optIds, pageNum, pageSize, required, text } from '../requestFields.js';

/**
 * 项目 (issue 22; paths designed like /finobill's: /finobill/api/web/project/*, decision 0050). A project has a
 * code unique in its tenant, a name, an owner and members (active staff), a period (calendar days
 * YYYY-MM-DD, either end may be open) and a status. Documents carry a project (bills.project_id, the custom
 * form's 项目 field); only 进行中 projects can be chosen.
 */
export const ProjectStatus = { active: 1, ended: 2, stopped: 3 } as const;
export type ProjectStatus = ValueOf<typeof ProjectStatus>;
export const ProjectStatusLabel: Record<ProjectStatus, string> = { 1: '进行中', 2: '已结束', 3: '已停用' };

export const PROJECT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;
export const PROJECT_MAX_MEMBERS = 200;

const status = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .refine((n) => n === 1 || n === 2 || n === 3, '取值为1（进行中）、2（已结束）或3（已停用）')
  .describe('状态');
const day = (label: string) =>
  z
    .string('必须是文字')
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为YYYY-MM-DD')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, '不是有效日期')
    .describe(label);
/** '' or absent: open-ended. */
const optDay = (label: string) =>
  z
    .union([z.literal(''), day(label)])
    .optional()
    .describe(label);

export const ProjectListQuery = z.object(
  labelled({
    keyword: text('关键字', 50).optional(),
    status: status.optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export type ProjectListQuery = z.infer<typeof ProjectListQuery>;

export const ProjectIdQuery = z.object(labelled({ id: id('项目ID') }));
export const ProjectIdBody = ProjectIdQuery;

const fields = {
  code: z
    .string('不能为空')
    .trim()
    .min(1, '不能为空')
    .max(32, '不能超过32个字符')
    .regex(PROJECT_CODE_PATTERN, '只能由字母、数字、下划线、点和短横线组成，且以字母或数字开头')
    .describe('项目编码'),
  name: required('项目名称', 50),
  owner_id: id('项目负责人'),
  member_ids: optIds('项目成员', PROJECT_MAX_MEMBERS),
  start_date: optDay('开始日期'),
  end_date: optDay('结束日期'),
  remark: text('备注', 500).default(''),
};
const period = (v: { start_date?: string; end_date?: string }) =>
  !v.start_date || !v.end_date || v.start_date <= v.end_date;
const periodIssue = { message: '结束日期不能早于开始日期', path: ['end_date'] };

export const ProjectAddBody = z
  .object(labelled({ ...fields, status: status.default(ProjectStatus.active) }))
  .refine(period, periodIssue);
export type ProjectAddBody = z.input<typeof ProjectAddBody>;
export const ProjectUpdateBody = z
  .object(labelled({ id: id('项目ID'), ...fields }))
  .refine(period, periodIssue);
export type ProjectUpdateBody = z.input<typeof ProjectUpdateBody>;
export const ProjectStatusBody = z.object(labelled({ id: id('项目ID'), status }));

const person = z.object({ id: z.number(), name: z.string() });
export const ProjectRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  owner_id: z.number(),
  owner_name: z.string(),
  member_count: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.number(),
  statusText: z.string(),
  remark: z.string(),
  updated_at: z.number(),
});
export type ProjectRow = z.infer<typeof ProjectRow>;
export const ProjectPage = pagedOf(ProjectRow);

export const ProjectInfo = ProjectRow.extend({
  members: z.array(person),
  created_at: z.number(),
  created_by_name: z.string(),
  updated_by_name: z.string(),
});
export type ProjectInfo = z.infer<typeof ProjectInfo>;

export const ProjectIdReply = z.object({ id: z.number() });

/** The picker's choices: 进行中 projects of the tenant (a document's 项目). */
export const ProjectOptionsQuery = z.object(labelled({ keyword: text('关键字', 50).optional() }));
export const ProjectOption = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type ProjectOption = z.infer<typeof ProjectOption>;
export const ProjectOptionList = z.array(ProjectOption);
