import { z } from 'zod';
import { BILL_TYPES } from '../flow/enums.js';
import { id, labelled, text } from '../requestFields.js';

/**
 * 费用类型 (issue 22 "Fee types", decision 0051): a tenant-managed tree in the settings centre, paths designed like
 * /finobill's: /finobill/api/web/feeType/*. A node has a code (unique in the tenant, never changed after it is
 * created: documents keep codes), a name, a parent, enabled or not, the accounting subject (会计科目) vouchers
 * post to, and the bill types that may use it (none = all). Every tenant starts with the nine root categories
 * below (差旅费 … 其他); a fee line names any enabled code of its tenant's tree.
 */
export const FEE_TYPE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/;
/** Levels of the tree: a root is level 1. */
export const FEE_TYPE_MAX_DEPTH = 4;

/** A fee type's code (a fee line's, a standard's, an audit rule's): letters, digits, _ . -, at most 32. */
export const feeTypeCode = (label = '费用类型') =>
  z
    .string('不能为空')
    .trim()
    .min(1, '不能为空')
    .max(32, '不能超过32个字符')
    .regex(FEE_TYPE_CODE_PATTERN, '只能由字母、数字、下划线、点和短横线组成，且以字母开头')
    .describe(label);

const billTypes = z
  .array(z.enum(BILL_TYPES, '单据类型不正确'), '必须是数组')
  .max(BILL_TYPES.length, `最多${BILL_TYPES.length}项`)
  .default([])
  .describe('适用单据类型');
const sort = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .min(0, '不能为负数')
  .max(9999, '不能超过9999')
  .default(0)
  .describe('排序');
const subjectCode = z
  .string('必须是文字')
  .trim()
  .max(32, '不能超过32个字符')
  .regex(/^[0-9A-Za-z._-]*$/, '只能由字母、数字、点、下划线和短横线组成')
  .default('')
  .describe('会计科目');
const name = z.string('不能为空').trim().min(1, '不能为空').max(30, '不能超过30个字符').describe('名称');
/** 0 or absent: a root. */
const parentId = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .min(0, '不能为负数')
  .default(0)
  .describe('上级费用类型');

const edit = { name, parent_id: parentId, subject_code: subjectCode, bill_types: billTypes, sort };
export const FeeTypeAddBody = z.object(labelled({ code: feeTypeCode('编码'), ...edit }));
export type FeeTypeAddBody = z.input<typeof FeeTypeAddBody>;
/** The code is not part of an update: it never changes (documents keep their codes). */
export const FeeTypeUpdateBody = z.object(labelled({ id: id('费用类型ID'), ...edit }));
export type FeeTypeUpdateBody = z.input<typeof FeeTypeUpdateBody>;
export const FeeTypeIdQuery = z.object(labelled({ id: id('费用类型ID') }));
export const FeeTypeIdBody = FeeTypeIdQuery;
export const FeeTypeStatusBody = z.object(
  labelled({
    id: id('费用类型ID'),
    enabled: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .refine((n) => n === 0 || n === 1, '取值为1（启用）或0（停用）')
      .describe('状态'),
  }),
);
export const FeeTypeOptionsQuery = z.object(
  labelled({
    bill_type: z.enum(BILL_TYPES, '单据类型不正确').optional().describe('单据类型'),
    keyword: text('关键字', 30).optional(),
  }),
);

/** One node; the tree and the options are flat lists in tree order (parents before their children). */
export const FeeTypeNode = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  parent_id: z.number(),
  /** 1 for a root. */
  level: z.number(),
  enabled: z.number(),
  statusText: z.string(),
  subject_code: z.string(),
  bill_types: z.array(z.string()),
  billTypesText: z.string(),
  sort: z.number(),
  updated_at: z.number(),
});
export type FeeTypeNode = z.infer<typeof FeeTypeNode>;
export const FeeTypeTree = z.object({ items: z.array(FeeTypeNode) });
export type FeeTypeTree = z.infer<typeof FeeTypeTree>;
export const FeeTypeIdReply = z.object({ id: z.number() });
/** 停用 of a parent stops its whole subtree: the ids that changed. */
export const FeeTypeStatusReply = z.object({ id: z.number(), changed: z.array(z.number()) });

export const FeeTypeOption = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  parent_id: z.number(),
  level: z.number(),
});
export type FeeTypeOption = z.infer<typeof FeeTypeOption>;
export const FeeTypeOptionList = z.array(FeeTypeOption);
