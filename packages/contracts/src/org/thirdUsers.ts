import { z } from 'zod';
import { pagedOf } from '../reply.js';
import { epochMs, id, idList, keyword, mobile, name, opt, optionalId, pageNum, pageSize } from './fields.js';

/** Platforms of the directory sync (the same names as third-party login's). */
export const ORG_SYNC_PLATFORMS = ['dingtalk', 'wecom', 'feishu'] as const;
export const OrgSyncPlatform = z.enum(ORG_SYNC_PLATFORMS);
/** 关联已有员工 / 新建员工 / 忽略. */
export const OrgSyncResolution = z.enum(['bind', 'create', 'ignore']);

export const OrgSyncConflictQuery = z.object({
  status: z.coerce.number().int().min(1).max(2).optional().describe('状态'),
  platform: OrgSyncPlatform.optional().describe('平台'),
  keyword,
  page_num: pageNum,
  page_size: pageSize(200),
});

export const OrgSyncHandleBody = z
  .object({
    id: id('同步记录ID'),
    action: OrgSyncResolution.describe('处理方式'),
    staff_id: optionalId('关联员工'),
    name: opt(name('姓名')),
    phone: opt(mobile()),
    org_id: optionalId('所属公司'),
    dept_ids: opt(idList('所属部门', 50)),
  })
  .superRefine((b, ctx) => {
    const need = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (b.action === 'bind' && b.staff_id === undefined) need('staff_id', '请选择要关联的员工');
    if (b.action === 'create') {
      if (b.org_id === undefined) need('org_id', '请选择公司');
      if (b.dept_ids === undefined) need('dept_ids', '请选择部门');
    }
  });

export const OrgHasSyncHandle = z.object({ has_handle: z.boolean(), count: z.number().int() });

/** A staff member suggested for a pending conflict: same phone or same name. */
export const OrgSyncCandidate = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  org_name: z.string(),
  dept_name: z.string(),
  status: z.number().int(),
  same_phone: z.boolean(),
  same_name: z.boolean(),
});

/** A third-party user the sync could not match (third-users/sync-handle-list). 1 待处理, 2 已处理. */
export const OrgSyncConflict = z.object({
  id: z.number().int(),
  platform: OrgSyncPlatform,
  platform_name: z.string(),
  third_user_id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  reason: z.string(),
  status: z.number().int(),
  resolution: OrgSyncResolution.nullable(),
  staff_id: z.number().int().nullable(),
  staff_name: z.string(),
  resolved_by: z.number().int().nullable(),
  resolved_by_name: z.string(),
  resolved_at: epochMs.nullable(),
  /** When the sync first found it (发现时间). */
  created_at: epochMs,
  updated_at: epochMs,
  /** Pending ones only: up to 5, same phone first. */
  candidates: z.array(OrgSyncCandidate),
});
export const OrgSyncConflictPage = pagedOf(OrgSyncConflict);

export const OrgSyncHandleResult = z.object({
  id: z.number().int(),
  action: OrgSyncResolution,
  action_name: z.string(),
  staff_id: z.number().int().nullable(),
  /** The platform account was bound to the staff member (the tenant has its own app there). */
  bound: z.boolean(),
});
