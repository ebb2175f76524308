import { z } from 'zod';
import { clearableId, epochMs, id, name, opt, optionalId, order, partialOf, taxId } from './fields.js';
import { OrgUnitType } from './tree.js';

// ---- companies ----

export const OrgCreateBody = z.object({
  name: name('公司名称', 100),
  full_name: z.string().max(200).optional().describe('公司全称'),
  pid: optionalId('上级组织'),
  tax_id: taxId,
  order,
});
export const OrgUpdateBody = partialOf(OrgCreateBody).extend({ id: id('公司ID') });
export const OrgOrderBody = z.object({
  pid: z.coerce.number().int().min(0).describe('上级ID'),
  ids: z.array(z.coerce.number().int().positive()).min(1).max(5000).describe('排序后的ID'),
});
export const OrgIdQuery = z.object({ org_id: id('公司ID') });
export const OrgInfoQuery = z.object({ org_id: optionalId('公司ID') });

// ---- departments ----

export const OrgDeptCreateBody = z.object({
  org_id: id('所属公司'),
  pid: z.coerce.number().int().min(0).optional().describe('上级部门'),
  name: name('部门名称', 100),
  order,
  /** 部门负责人 (approval flows' department head); 0 or '' clears it. */
  leader_id: clearableId('部门负责人'),
});
export const OrgDeptUpdateBody = z.object({
  id: id('部门ID'),
  pid: z.coerce.number().int().min(0).optional().describe('上级部门'),
  name: opt(name('部门名称', 100)),
  order,
  leader_id: clearableId('部门负责人'),
});
/** departments:create / departments:update reply: the id and the department head. */
export const OrgDeptSaved = z.object({
  id: z.number().int(),
  leader_id: z.number().int().nullable(),
  leader_name: z.string(),
});
export const OrgDeptOrderBody = OrgOrderBody.extend({ org_id: id('所属公司') });
export const OrgDeptBatchBody = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(1000).describe('部门ID'),
  pid: z.coerce.number().int().min(0).describe('上级部门'),
});
export const OrgDeptIdQuery = z.object({ id: id('部门ID') });

// ---- addresses ----

const contactPhone = z
  .string()
  .regex(/^[\d+\-() ]{7,20}$/, '联系电话格式错误')
  .describe('联系电话');
export const OrgAddressCreateBody = z.object({
  org_id: id('公司ID'),
  name: name('地址名称', 100),
  address: name('详细地址', 300),
  contact: name('联系人', 50),
  phone: contactPhone,
  is_default: z.boolean().optional().describe('是否默认'),
});
export const OrgAddressUpdateBody = partialOf(OrgAddressCreateBody.omit({ org_id: true })).extend({
  id: id('地址ID'),
});
export const OrgAddressIdQuery = z.object({ id: id('地址ID') });

export const OrgAddress = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  contact: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
  created_at: epochMs,
  updated_at: epochMs,
});
export const OrgAddressList = z.array(OrgAddress);

// ---- company info, statistics, pay info ----

export const OrgInfo = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  /** '' for the top organisation. */
  parent_name: z.string(),
  name: z.string(),
  full_name: z.string(),
  tax_id: z.string().nullable(),
  org_type: OrgUnitType,
  order: z.number().int(),
  source: z.number().int(),
  created_at: epochMs,
  department_count: z.number().int(),
  active_staff_count: z.number().int(),
  resigned_staff_count: z.number().int(),
  addresses: OrgAddressList,
});

export const OrgStatistics = z.object({
  company_count: z.number().int(),
  department_count: z.number().int(),
  active_staff_count: z.number().int(),
  resigned_staff_count: z.number().int(),
});

export const OrgPayInfo = z.object({
  org_id: z.number().int(),
  org_name: z.string(),
  tax_id: z.string().nullable(),
  orgcode_payer_type: z.number().int(),
  settle_info: z.object({
    account_name: z.string().nullable(),
    bank_name: z.string().nullable(),
    account_no: z.string().nullable(),
  }),
});
