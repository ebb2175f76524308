import { z } from 'zod';

/** Request schemas of the privileges routes (/auth-center/api/v1/privileges, spec §7.3); each field names itself in Chinese for error messages. */

const pageNum = z.coerce.number().int().min(1, '必须大于等于1').default(1).describe('页码');
const pageSize = z.coerce
  .number()
  .int()
  .min(1, '必须大于等于1')
  .max(200, '不能超过200')
  .default(20)
  .describe('每页条数');
const keyword = z.string().max(100, '不能超过100个字符').optional().describe('关键字');
const positiveId = (label: string) => z.coerce.number().int().positive('必须是正整数').describe(label);

const permList = z
  .array(z.string().min(1, '不能为空').max(100, '不能超过100个字符').describe('权限'))
  .max(1000, '不能超过1000项')
  .describe('权限');
const groupName = z.string().min(1, '不能为空').max(50, '不能超过50个字符').describe('权限组名称');
const groupDescription = z
  .string()
  .max(200, '不能超过200个字符')
  .nullable()
  .optional()
  .describe('权限组描述');
const staffIds = z
  .array(positiveId('员工ID'))
  .min(1, '请至少选择一名员工')
  .max(1000, '一次最多1000名员工')
  .describe('员工ID');

export const MenuOverridesBody = z.object({
  items: z
    .array(
      z.object({
        name: z.string().min(1, '不能为空').max(80, '不能超过80个字符').describe('菜单标识'),
        title: z
          .string()
          .min(1, '不能为空')
          .max(20, '不能超过20个字符')
          .nullable()
          .optional()
          .describe('菜单名称'),
        order: z
          .number('必须是整数')
          .int('必须是整数')
          .min(0, '不能小于0')
          .max(9999, '不能大于9999')
          .nullable()
          .optional()
          .describe('排序'),
        hidden: z.boolean('必须是布尔值').nullable().optional().describe('是否隐藏'),
      }),
    )
    .min(1, '请至少提交一个菜单')
    .max(500, '一次最多500个菜单')
    .describe('菜单'),
});

export const GroupListQuery = z.object({ keyword, page_num: pageNum, page_size: pageSize });

export const GroupCreateBody = z.object({
  name: groupName,
  description: groupDescription,
  perms: permList.optional(),
});

export const GroupUpdateBody = z.object({
  id: positiveId('权限组ID'),
  name: groupName.optional(),
  description: groupDescription,
  perms: permList.optional(),
  /** true makes this the tenant's default group (new staff join it); the default cannot be unset, only moved. */
  is_default: z.boolean('是否默认必须是布尔值').optional(),
});

export const GroupIdQuery = z.object({ id: positiveId('权限组ID') });

export const GroupPermsBody = z.object({ group_id: positiveId('权限组ID'), perms: permList });

export const FunctionPermQuery = z.object({ group_id: positiveId('权限组ID') });

export const MemberListQuery = z.object({
  group_id: positiveId('权限组ID'),
  keyword,
  page_num: pageNum,
  page_size: pageSize,
});

export const MembersBody = z.object({ group_id: positiveId('权限组ID'), staff_ids: staffIds });

export const GradeCheckQuery = z.object({
  perms: z
    .string()
    .max(4000, '不能超过4000个字符')
    .refine((s) => s.split(',').some((p) => p.trim() !== ''), '不能为空')
    .describe('权限'),
});

// What the client sends (zod input types).
/** One menu's overrides; null goes back to the catalogue value. */
export type MenuOverrideInput = z.input<typeof MenuOverridesBody>['items'][number];
export type GroupCreateBody = z.input<typeof GroupCreateBody>;
