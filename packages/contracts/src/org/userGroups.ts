import { z } from 'zod';
import { pagedOf } from '../reply.js';
import { id, keyword, name, opt, order, pageNum, pageSize } from './fields.js';

/** 0 = top level. */
const pid = z.coerce.number().int().min(0).describe('上级用户组');
export const OrgUserGroupIdQuery = z.object({ id: id('用户组ID') });
export const OrgUserGroupCreateBody = z.object({
  name: name('用户组名称'),
  pid: pid.optional().describe('上级用户组'),
  order,
});
export const OrgUserGroupUpdateBody = z.object({
  id: id('用户组ID'),
  name: opt(name('用户组名称')),
  pid: pid.optional().describe('上级用户组'),
  order,
});
export const OrgUserGroupOrderBody = z.object({
  pid: pid.describe('上级用户组'),
  ids: z
    .array(id('用户组ID'))
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { message: '用户组ID不能重复' })
    .describe('用户组ID'),
});
export const OrgUserGroupMemberQuery = z.object({
  group_id: id('用户组ID'),
  keyword,
  page_num: pageNum,
  page_size: pageSize(200),
});
/** Staff ids; each element carries the label too, so a bad element's message names the field. */
const staffIds = z.array(id('员工ID')).min(1).max(1000).describe('员工ID');
export const OrgUserGroupMemberBody = z.object({ group_id: id('用户组ID'), ids: staffIds });

/** A node of user-group:tree (recursive, like the org tree). */
export const OrgUserGroupNode = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  member_count: z.number().int(),
  get children(): z.ZodArray<typeof OrgUserGroupNode> {
    return z.array(OrgUserGroupNode);
  },
});
export const OrgUserGroupTree = z.array(OrgUserGroupNode);

/** A member of a user group (user-group/members); '' for a missing email, job number or company. */
export const OrgUserGroupMember = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  job_no: z.string(),
  org_name: z.string(),
});
export const OrgUserGroupMemberPage = pagedOf(OrgUserGroupMember);
export const OrgUserGroupMembersAdded = z.object({ id: z.number().int(), added: z.number().int() });
export const OrgUserGroupMembersRemoved = z.object({ id: z.number().int(), removed: z.number().int() });
