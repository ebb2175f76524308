import { z } from 'zod';
import { pagedOf } from '../reply.js';
import {
  epochMs,
  id,
  keyword,
  name,
  optionalId,
  optionalText,
  order,
  pageNum,
  pageSize,
  partialOf,
} from './fields.js';

/** Job grades (job/grades), jobs (job/jobs), titles and bank accounts: the org dictionaries. */

export const OrgNamedListQuery = z.object({ keyword, page_num: pageNum, page_size: pageSize(999, 999) });
/** Create / update / delete bodies of a named dictionary, labelled with its name (职级, 职位, 职称). */
export const orgNamedCreateBody = (label: string) =>
  z.object({ name: name(`${label}名称`), description: optionalText('描述'), order });
export const orgNamedUpdateBody = (label: string) =>
  partialOf(orgNamedCreateBody(label)).extend({ id: id(`${label}ID`) });
export const orgDictIdBody = (label: string) => z.object({ id: id(`${label}ID`) });

export const OrgTitleListQuery = z.object({
  keyword,
  org_id: z.coerce.number().int().min(0).optional().describe('公司ID'),
  page_num: pageNum,
  page_size: pageSize(999),
});
export const OrgTitleCreateBody = orgNamedCreateBody('职称').extend({
  org_id: z.coerce.number().int().min(0).optional().describe('所属公司'),
});
export const OrgTitleUpdateBody = partialOf(OrgTitleCreateBody).extend({ id: id('职称ID') });
export const OrgTitleIdQuery = orgDictIdBody('职称');
export const OrgTitlesByOrgQuery = z.object({ org_id: id('公司ID') });

const accountNo = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6,32}$/, '银行账号格式错误'))
  .describe('银行账号');
export const OrgAccountListQuery = z.object({
  keyword,
  org_id: optionalId('公司ID'),
  page_num: pageNum,
  page_size: pageSize(999),
});
export const OrgAccountCreateBody = z.object({
  org_id: id('所属公司'),
  account_name: name('账户名称', 100),
  bank_name: name('开户银行', 100),
  account_no: accountNo,
});
export const OrgAccountUpdateBody = partialOf(OrgAccountCreateBody).extend({ id: id('账户ID') });

/** A job grade or a job: they share one shape. */
export const OrgNamedItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** '' when none. */
  description: z.string(),
  order: z.number().int(),
  /** Active staff with this grade / job / title. */
  staff_count: z.number().int(),
  created_at: epochMs,
  updated_at: epochMs,
});
export const OrgNamedPage = pagedOf(OrgNamedItem);

export const OrgTitle = OrgNamedItem.extend({
  /** 0 = every company. */
  org_id: z.number().int(),
  /** 全部公司 for org_id 0. */
  org_name: z.string(),
});
export const OrgTitlePage = pagedOf(OrgTitle);
export const OrgTitleList = z.array(OrgTitle);

export const OrgAccount = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  account_name: z.string(),
  bank_name: z.string(),
  account_no: z.string(),
  created_at: epochMs,
  updated_at: epochMs,
});
export const OrgAccountPage = pagedOf(OrgAccount);
