import { z } from 'zod';
import { pagedOf } from '../reply.js';
import {
  clearableId,
  epochMs,
  id,
  idList,
  keyword,
  mobile,
  name,
  optionalEmail,
  optionalId,
  opt,
  pageNum,
  pageSize,
  partialOf,
} from './fields.js';

/** 1 在职, 2 离职 (spec §9: resigned user status 2). */
const status = z.coerce.number().int().min(1).max(2).describe('状态');

export const OrgStaffListQuery = z.object({
  keyword,
  page_num: pageNum,
  page_size: pageSize(9999),
  status: opt(status),
  org_id: optionalId('公司ID'),
  dept_id: optionalId('部门ID'),
});
export const OrgStaffCreateBody = z.object({
  name: name('姓名'),
  phone: mobile(),
  email: optionalEmail,
  job_no: z.string().max(50).optional().describe('工号'),
  org_id: id('所属公司'),
  dept_ids: idList('所属部门', 50),
  grade_id: clearableId('职级'),
  job_id: clearableId('职位'),
  title_id: clearableId('职称'),
  /** 直属上级 (approval flows' 上级主管); 0 or '' clears it. */
  supervisor_id: clearableId('直属上级'),
});
export const OrgStaffUpdateBody = partialOf(OrgStaffCreateBody).extend({
  id: id('员工ID'),
  status: opt(status),
});
export const OrgStaffIdsBody = z.object({ ids: idList('员工ID') });
export const OrgStaffBatchBody = z.object({
  ids: idList('员工ID'),
  dept_ids: opt(idList('所属部门', 50)),
  grade_id: clearableId('职级'),
  job_id: clearableId('职位'),
  status: opt(status),
});
export const OrgStaffIdQuery = z.object({ id: id('员工ID') });

/** A staff row (spec §3 user fields plus the names of its company, departments, grade, job, title). */
export const OrgStaff = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  real_name: z.string(),
  avatar: z.string().nullable(),
  phone: z.string(),
  gender: z.number().int().nullable(),
  email: z.string().nullable(),
  job_no: z.string().nullable(),
  status: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  dept_ids: z.array(z.number().int()),
  dept_names: z.array(z.string()),
  /** dept_names joined with 、. */
  dept_name: z.string(),
  grade_id: z.number().int().nullable(),
  grade_name: z.string(),
  job_id: z.number().int().nullable(),
  job_name: z.string(),
  title_id: z.number().int().nullable(),
  title_name: z.string(),
  /** 直属上级 (approval flows' 上级主管). */
  supervisor_id: z.number().int().nullable(),
  supervisor_name: z.string(),
  created_at: epochMs,
  resigned_at: epochMs.nullable(),
});
export const OrgStaffPage = pagedOf(OrgStaff);

/**
 * GET /finobase/api/v1/users (spec §7.7, base autocomplete): any staff member looks up the tenant's active
 * colleagues by name (转办, 委派, 加签, 抄送, choosing approvers, agents). Only what a colleague may see: no
 * phone, e-mail or job number.
 */
export const BaseUserQuery = z.object({
  keyword,
  page_num: pageNum,
  page_size: pageSize(50),
});
export const BaseUser = OrgStaff.pick({
  id: true,
  user_name: true,
  real_name: true,
  avatar: true,
  org_id: true,
  org_name: true,
  dept_name: true,
});
export const BaseUserPage = pagedOf(BaseUser);
export const OrgStaffList = z.array(OrgStaff);
export const OrgStaffCreated = z.object({ id: z.number().int(), user_id: z.number().int() });

/** One phone change of a staff member (records/users/phone, newest first). */
export const OrgPhoneRecord = z.object({
  id: z.number().int(),
  staff_id: z.number().int(),
  old_phone: z.string(),
  new_phone: z.string(),
  operator_id: z.number().int().nullable(),
  operator_name: z.string(),
  created_at: epochMs,
});
export const OrgPhoneRecordList = z.array(OrgPhoneRecord);
