import { z } from 'zod';
import { pagedOf } from '../reply.js';
import { BILL_TYPES } from './enums.js';
import { id, labelled, pageNum, pageSize, required, text } from './fields.js';

/**
 * 自定义表单 (issue 13, "Forms and the sub-applications"; docs/decisions/0025-custom-forms.md):
 * form templates per bill type with versions (/finobill/api/web/form/*). A template's fields say which custom
 * values a document of its bill type carries in `formValues` (bill save body) and how they are checked.
 * Publishing makes the draft an immutable version; a document keeps the version it was created on
 * (BillDetail.formId / formVersion).
 *
 * Routes (/finobill/api/web/form/…): GET pageList (FormPageQuery → FormPage), GET detail?id= (FormDetail),
 * POST save (FormSaveBody → FormSaved), POST publish {id} (FormPublished), POST enable {id, enabled},
 * POST copy {id, name?} (FormSaved), POST delete {id} — permissions flowList:view/add/edit/delete;
 * GET version?id=&version= (FormVersion) and GET forBillType?billType= (FormVersion | null) — any staff.
 * Bad formValues on flow/save or flow/submit: status 11304400, msg = every issue joined by '；',
 * data.fields = [{field: 'formValues.<key>', msg}].
 */

// ---------- enums ----------

/**
 * Field kinds and the value each stores in `formValues[key]`:
 * - text, textarea: string (text ≤ 200, textarea ≤ 2000 characters)
 * - number: number within [min, max], at most `precision` decimals
 * - money: integer 分 ≥ 0 within [min, max] (分)
 * - date: 'YYYY-MM-DD'; dateRange: ['YYYY-MM-DD', 'YYYY-MM-DD'] (start ≤ end)
 * - select: one option value (string); multiSelect: option values (string[])
 * - staff, department, company, project: an id (number), or ids (number[]) when `multiple`
 * - attachments: file keys (string[]) from GET /pub-svc-center/api/v1/file:sign (dir `attachment`)
 * - invoicePicker: the caller's invoice ids (number[])
 * - feeLines, tripLines, relatedBills: bound to the document's own fee lines (`fees`), trip lines (`trips`)
 *   and connected receipts (`relatedBillIds`); they place that section on the form and carry NO value in
 *   formValues (a value under their key is refused). Required = at least one line on submit.
 */
export const FORM_FIELD_KINDS = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'dateRange',
  'select',
  'multiSelect',
  'staff',
  'department',
  'company',
  'project',
  'attachments',
  'invoicePicker',
  'feeLines',
  'tripLines',
  'relatedBills',
] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];
export const FORM_FIELD_KIND_LABEL: Record<FormFieldKind, string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  money: '金额',
  date: '日期',
  dateRange: '日期区间',
  select: '单选',
  multiSelect: '多选',
  staff: '员工',
  department: '部门',
  company: '公司',
  project: '项目',
  attachments: '附件',
  invoicePicker: '发票',
  feeLines: '费用明细',
  tripLines: '行程',
  relatedBills: '关联单据',
};
/** Kinds with `options`. */
export const FORM_OPTION_KINDS: readonly FormFieldKind[] = ['select', 'multiSelect'];
/** Kinds with `min` / `max`. */
export const FORM_RANGE_KINDS: readonly FormFieldKind[] = ['number', 'money'];
/** Kinds that may take several ids (`multiple`). */
export const FORM_REF_KINDS: readonly FormFieldKind[] = ['staff', 'department', 'company', 'project'];
/** Kinds bound to the document's own lines: no value in formValues. */
export const FORM_BOUND_KINDS: readonly FormFieldKind[] = ['feeLines', 'tripLines', 'relatedBills'];
/** Keys a custom field may not take: flow conditions read these from the document itself. */
export const FORM_RESERVED_KEYS = ['amount', 'feeType', 'departmentId', 'companyId', 'projectId', 'billType'];
export const FORM_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,31}$/;

/**
 * draft: never published; published: has a version and new documents of its bill type use it (one per bill
 * type: publishing or enabling one disables the others); disabled: has versions, not used for new documents.
 */
export const FORM_STATUSES = ['draft', 'published', 'disabled'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export const FORM_STATUS_LABEL: Record<FormStatus, string> = {
  draft: '未发布',
  published: '已发布',
  disabled: '已停用',
};

// ---------- fields ----------

const billType = z.enum(
  BILL_TYPES,
  '单据类型取值为expense、apply、requestNote、loan、repayment、custom或purchase',
);
const limit = (label: string) =>
  z.coerce.number('必须是数字').min(-1e12, '超出范围').max(1e12, '超出范围').optional().describe(label);

export const FormFieldOption = z.object(
  labelled({ value: required('选项值', 50), label: required('选项名称', 50) }),
);
export type FormFieldOption = z.infer<typeof FormFieldOption>;

export const FormFieldInput = z
  .object(
    labelled({
      key: z
        .string('不能为空')
        .regex(FORM_KEY_PATTERN, '字段标识须以字母开头，只含字母、数字和下划线，最多32个字符')
        .refine((k) => !FORM_RESERVED_KEYS.includes(k), '字段标识为系统保留字')
        .describe('字段标识'),
      label: required('字段名称', 30),
      kind: z.enum(FORM_FIELD_KINDS, '字段类型不正确').describe('字段类型'),
      required: z.boolean('必须是true或false').default(false).describe('必填'),
      placeholder: text('提示文字', 100).default(''),
      help: text('说明', 200).default(''),
      /**
       * select / multiSelect only: the category code of a 数据字典 (decision 0060) whose enabled entries are the
       * options ('' = the options below). The values stored are the entries' dict_code.
       */
      dictCode: z
        .string('必须是文字')
        .trim()
        .max(40, '不能超过40个字符')
        .refine((c) => c === '' || /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/.test(c), '数据字典编码不正确')
        .default('')
        .describe('数据字典'),
      /** select / multiSelect only: 1–100 options with distinct values (none when dictCode is set). */
      options: z
        .array(FormFieldOption, '必须是数组')
        .max(100, '选项不能超过100个')
        .default([])
        .describe('选项'),
      /** number / money only (money in 分). */
      min: limit('最小值'),
      max: limit('最大值'),
      /** number only: decimals allowed (0–4). */
      precision: z.coerce
        .number('必须是数字')
        .int('必须是整数')
        .min(0, '不能小于0')
        .max(4, '不能大于4')
        .default(0)
        .describe('小数位数'),
      /** staff / department / company / project only: several ids. */
      multiple: z.boolean('必须是true或false').default(false).describe('多选'),
    }),
  )
  .superRefine((f, ctx) => {
    const opt = FORM_OPTION_KINDS.includes(f.kind);
    if (f.dictCode && !opt)
      ctx.addIssue({ code: 'custom', path: ['dictCode'], message: `「${f.label}」该类型不能引用数据字典` });
    if (f.dictCode && f.options.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `「${f.label}」引用数据字典时不能再添加选项`,
      });
    if (opt && !f.dictCode && f.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `「${f.label}」请至少添加一个选项` });
    if (!opt && f.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `「${f.label}」该类型没有选项` });
    if (new Set(f.options.map((o) => o.value)).size !== f.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `「${f.label}」选项值不能重复` });
    const range = FORM_RANGE_KINDS.includes(f.kind);
    if (!range && (f.min !== undefined || f.max !== undefined))
      ctx.addIssue({ code: 'custom', path: ['min'], message: `「${f.label}」该类型没有最小值和最大值` });
    if (f.kind === 'money')
      for (const k of ['min', 'max'] as const)
        if (f[k] !== undefined && (!Number.isInteger(f[k]) || f[k] < 0))
          ctx.addIssue({ code: 'custom', path: [k], message: `「${f.label}」金额须为以分为单位的非负整数` });
    if (f.min !== undefined && f.max !== undefined && f.min > f.max)
      ctx.addIssue({ code: 'custom', path: ['max'], message: `「${f.label}」最小值不能大于最大值` });
    if (f.kind !== 'number' && f.precision !== 0)
      ctx.addIssue({ code: 'custom', path: ['precision'], message: `「${f.label}」只有数字可设置小数位数` });
    if (f.multiple && !FORM_REF_KINDS.includes(f.kind))
      ctx.addIssue({ code: 'custom', path: ['multiple'], message: `「${f.label}」该类型不能多选` });
  });
export type FormFieldInput = z.input<typeof FormFieldInput>;

/** A field as stored and answered (defaults filled in). */
export const FormField = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(FORM_FIELD_KINDS),
  required: z.boolean(),
  placeholder: z.string(),
  help: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  /** A select's 数据字典 (category code); absent or '' = its own options. */
  dictCode: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  precision: z.number(),
  multiple: z.boolean(),
});
export type FormField = z.infer<typeof FormField>;

export const FormFieldsInput = z
  .array(FormFieldInput, '必须是数组')
  .max(100, '字段不能超过100个')
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((f, i) => {
      if (seen.has(f.key))
        ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `字段标识「${f.key}」重复` });
      seen.add(f.key);
    });
    for (const k of FORM_BOUND_KINDS)
      if (fields.filter((f) => f.kind === k).length > 1)
        ctx.addIssue({ code: 'custom', path: [], message: `「${FORM_FIELD_KIND_LABEL[k]}」只能添加一个` });
  })
  .describe('表单字段');

// ---------- requests ----------

export const FormPageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(),
    name: text('表单名称', 50).optional(),
    billType: billType.optional().describe('单据类型'),
    status: z.enum(FORM_STATUSES, '状态取值为draft、published或disabled').optional().describe('状态'),
  }),
);
export type FormPageQuery = z.input<typeof FormPageQuery>;
export const FormIdQuery = z.object({ id: id('表单ID') });
export const FormIdBody = z.object({ id: id('表单ID') });
/** A published version (the runtime); version absent: the form's current version. */
export const FormVersionQuery = z.object(labelled({ id: id('表单ID'), version: id('版本').optional() }));
export type FormVersionQuery = z.input<typeof FormVersionQuery>;
export const FormForBillTypeQuery = z.object({ billType: billType.describe('单据类型') });

/** 保存 (draft): creates the form when id is absent. Publishing is a separate step. */
export const FormSaveBody = z.object(
  labelled({
    id: id('表单ID').optional(),
    name: required('表单名称', 50),
    billType: billType.describe('单据类型'),
    description: text('说明', 200).default(''),
    fields: FormFieldsInput,
  }),
);
export type FormSaveBody = z.input<typeof FormSaveBody>;
/** enabled true: the form (published before) becomes its bill type's form; false: 停用. */
export const FormEnableBody = z.object({
  id: id('表单ID'),
  enabled: z.boolean('必须是true或false').describe('启用'),
});
export const FormCopyBody = z.object(labelled({ id: id('表单ID'), name: text('新表单名称', 50).optional() }));

// ---------- replies ----------

export const FormRow = z.object({
  id: z.number(),
  name: z.string(),
  billType: z.string(),
  billTypeText: z.string(),
  description: z.string(),
  status: z.enum(FORM_STATUSES),
  statusText: z.string(),
  /** The current published version (0: never published). */
  version: z.number(),
  /** The saved draft differs from the published version (or nothing is published yet). */
  hasDraft: z.boolean(),
  /** Fields of what the designer edits (draft, else the published version). */
  fieldCount: z.number(),
  publishedAt: z.number().nullable(),
  publishedByName: z.string(),
  /** Documents created on any version of the form (delete is refused while > 0). */
  billCount: z.number(),
  createAt: z.number(),
  updateAt: z.number(),
});
export type FormRow = z.infer<typeof FormRow>;
export const FormPage = pagedOf(FormRow);

export const FormVersionInfo = z.object({
  version: z.number(),
  publishedAt: z.number(),
  publishedByName: z.string(),
});
/** One published (immutable) version: what the runtime renders and bill save checks against. */
export const FormVersion = z.object({
  formId: z.number(),
  version: z.number(),
  name: z.string(),
  billType: z.string(),
  description: z.string(),
  fields: z.array(FormField),
  publishedAt: z.number(),
});
export type FormVersion = z.infer<typeof FormVersion>;
export const FormDetail = FormRow.extend({
  /** What the designer edits: the draft when there is one, else the published version. */
  fields: z.array(FormField),
  published: FormVersion.nullable(),
  versions: z.array(FormVersionInfo),
});
export type FormDetail = z.infer<typeof FormDetail>;
/** forBillType: the published form new documents of the type use; null when the type has none. */
export const FormForBillType = FormVersion.nullable();
export const FormSaved = z.object({ id: z.number() });
export const FormPublished = z.object({ id: z.number(), version: z.number() });
