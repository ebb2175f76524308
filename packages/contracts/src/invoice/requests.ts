import { z } from 'zod';
import { id, ids, ms, pageNum, pageSize, required, text } from '../requestFields.js';
import { ComplianceRuleKind, InvoiceKind, InvoiceSource } from './enums.js';

/**
 * Request schemas of the invoice routes (/invoice/api/web/invoice/, spec §7.8). Field names are the
 * spec's camelCase (typeText, billingDate, amountTax, …). Money in 分, dates 'YYYY-MM-DD', times in ms.
 */

/**
 * The platform names a field by the description of the schema at its key; a field wrapped by
 * .optional() or .default() after .describe() gets its inner schema's description again here.
 */
function labelled<T extends z.ZodRawShape>(shape: T): T {
  const out: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(shape) as [string, z.ZodType][]) {
    let inner: any = s;
    while (!inner.description && inner.def?.innerType) inner = inner.def.innerType;
    out[k] = !s.description && inner.description ? s.describe(inner.description) : s;
  }
  return out as unknown as T;
}

const fen = (label: string) =>
  z.coerce
    .number('必须是数字')
    .int('必须是以分为单位的整数')
    .min(-100_000_000_000, '超出范围')
    .max(100_000_000_000, '超出范围')
    .describe(label);
const day = (label: string) =>
  z
    .string('不能为空')
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为YYYY-MM-DD')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, '不是有效日期')
    .describe(label);
/** Storage key of an uploaded file: only this tenant's invoice folder (checked against the caller's tenant). */
export const InvoiceFileKey = z
  .string('必须是文字')
  .trim()
  .min(1, '不能为空')
  .max(300, '不能超过300个字符')
  .regex(/^invoice\/t\d+\/[\w\-./]+$/, '必须是以invoice/t<组织ID>/开头的存储路径')
  .refine((s) => !s.includes('..'), '不能包含..')
  .describe('文件路径');

export const GoodsLine = z.object(
  labelled({
    name: required('商品名称', 100),
    taxCode: z
      .string('必须是文字')
      .trim()
      .regex(/^\d{1,19}$/, '应为1-19位数字')
      .optional()
      .describe('税收分类编码'),
  }),
);
export const TravelFields = z.object(
  labelled({
    passenger: text('乘车人', 50).optional(),
    from: text('出发地', 50).optional(),
    to: text('到达地', 50).optional(),
    trainOrFlight: text('车次航班', 20).optional(),
    seatClass: text('座位等级', 20).optional(),
    travelDate: text('乘车日期', 20).optional(),
    ticketNo: text('电子客票号', 30).optional(),
    /** Masked on the ticket (first 6 and last 4 kept); never stored in full. */
    idNo: text('身份证件号码', 20).optional(),
  }),
);

/** One recognised (and possibly corrected) invoice as saveInvoices takes it. */
export const InvoiceInput = z.object(
  labelled({
    kind: InvoiceKind.describe('发票类型'),
    code: z
      .string('必须是文字')
      .trim()
      .regex(/^[0-9A-Za-z]{0,20}$/, '应为数字或字母，至多20位')
      .default('')
      .describe('发票代码'),
    number: z
      .string('不能为空')
      .trim()
      .regex(/^[0-9A-Za-z]{1,30}$/, '应为1-30位数字或字母')
      .describe('发票号码'),
    billingDate: day('开票日期'),
    amount: fen('金额'),
    tax: fen('税额').default(0),
    total: fen('价税合计'),
    checkCode: z
      .string('必须是文字')
      .trim()
      .regex(/^\d{0,20}$/, '应为数字，至多20位')
      .default('')
      .describe('校验码'),
    buyerName: text('购买方名称', 100).default(''),
    buyerTaxId: text('购买方税号', 20).default(''),
    sellerName: text('销售方名称', 100).default(''),
    sellerTaxId: text('销售方税号', 20).default(''),
    machineNo: text('机器编号', 20).optional(),
    goods: z.array(GoodsLine, '必须是数组').max(200, '至多200行').default([]).describe('商品明细'),
    travel: TravelFields.optional().describe('行程信息'),
    fileKey: InvoiceFileKey.optional(),
    /** Which invoice of the file (its draft's fileIndex); needed when the file holds several. */
    fileIndex: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(0, '不能为负数')
      .max(50, '不能超过50')
      .optional()
      .describe('文件中的发票序号'),
    /** The QR text a scanned invoice was read from (qrcodeCheck): its fields are then read-only. */
    qr: text('二维码内容', 500).optional(),
    source: InvoiceSource.describe('来源'),
    remark: text('备注', 200).optional(),
  }),
);
export type InvoiceInput = z.input<typeof InvoiceInput>;

export const SaveInvoicesBody = z.object(
  labelled({
    invoices: z
      .array(InvoiceInput, '必须是数组')
      .min(1, '至少一张发票')
      .max(50, '一次最多50张')
      .describe('发票'),
  }),
);

/** Manual entry (手工录入): type, code, number, date, amount and the last 6 digits of the check code. */
export const HandInputBody = z.object(
  labelled({
    kind: InvoiceKind.describe('发票类型'),
    code: z
      .string('必须是文字')
      .trim()
      .regex(/^(\d{10}|\d{12})?$/, '应为10位或12位数字')
      .default('')
      .describe('发票代码'),
    number: z
      .string('不能为空')
      .trim()
      .regex(/^(\d{8}|\d{20})$/, '应为8位或20位数字')
      .describe('发票号码'),
    billingDate: day('开票日期'),
    amount: fen('金额').refine((n) => n > 0, '必须大于0'),
    checkCode: z
      .string('必须是文字')
      .trim()
      .regex(/^(\d{6})?$/, '应为校验码后6位数字')
      .default('')
      .describe('校验码后6位'),
    fileKey: InvoiceFileKey.optional(),
  }),
);
export type HandInputBody = z.input<typeof HandInputBody>;

export const InvoiceIdsBody = z.object(labelled({ invoiceIds: ids('发票ID') }));
export const InvoiceIdQuery = z.object(labelled({ invoiceId: id('发票ID') }));

const sortFields = ['billingDate', 'amountTax', 'createAt', 'number'] as const;
/** pageList: filters on every list-row field (spec §3), sort, tab, scope (person | org). */
export const InvoicePageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(100),
    scope: z.enum(['person', 'org'], '取值为person或org').default('person').describe('范围'),
    tab: z
      .enum(['all', 'unfinish', 'finishing', 'finish'], '取值为all、unfinish、finishing或finish')
      .default('all')
      .describe('页签'),
    type: InvoiceKind.optional().describe('发票类型'),
    source: InvoiceSource.optional().describe('来源'),
    code: text('发票代码', 20).optional(),
    number: text('发票号码', 30).optional(),
    billingDateMin: ms('开票日期起').optional(),
    billingDateMax: ms('开票日期止').optional(),
    amountTaxMin: fen('价税合计最小值').optional(),
    amountTaxMax: fen('价税合计最大值').optional(),
    sellerName: text('销售方名称', 100).optional(),
    buyerName: text('购买方名称', 100).optional(),
    dealStatus: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '取值为1-3')
      .max(3, '取值为1-3')
      .optional()
      .describe('查验状态'),
    recentStatus: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '取值为1-3')
      .max(3, '取值为1-3')
      .optional()
      .describe('报销状态'),
    userOrgId: id('所属组织').optional(),
    userOrgName: text('所属组织', 100).optional(),
    userEnterName: text('录入人', 50).optional(),
    createAtMin: ms('录入时间起').optional(),
    createAtMax: ms('录入时间止').optional(),
    billId: id('单据ID').optional(),
    tagId: id('标签ID').optional(),
    sortField: z.enum(sortFields, '排序字段不正确').default('createAt').describe('排序字段'),
    sortOrder: z.enum(['asc', 'desc'], '取值为asc或desc').default('desc').describe('排序方向'),
  }),
);
export type InvoicePageQuery = z.input<typeof InvoicePageQuery>;

export const BillInvoicePageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(100),
    keyword: text('关键字', 50).optional(),
  }),
);
export const InvoiceSimplePageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(100),
    invoiceId: id('发票ID').optional(),
  }),
);
export const NamePageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(100, 100),
    keyword: text('关键字', 100).optional(),
  }),
);

/**
 * sellerPage / buyerPage of the web lists' filters (spec 7.1, page size 100 as spec 9's seller filter): the
 * sellers or buyers met on the invoices of the list the filter belongs to — scope person (我的发票) or org
 * (组织发票), like pageList's scope.
 */
export const CounterpartyPageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(100, 100),
    keyword: text('关键字', 100).optional(),
    scope: z.enum(['person', 'org'], '取值为person或org').default('person').describe('范围'),
  }),
);

/** 补录发票: the caller's invoices supplied afterwards for a bill already reimbursed without them. */
export const SupportInvoiceBody = z.object(
  labelled({
    billId: id('单据ID'),
    invoiceIds: ids('发票ID', 50),
    remark: text('补录说明', 200).default(''),
  }),
);

export const AttachmentUploadBody = z.object(
  labelled({
    invoiceId: id('发票ID'),
    fileKey: InvoiceFileKey,
    fileName: required('文件名', 100),
  }),
);
export const AttachmentDeleteBody = z.object(
  labelled({ invoiceId: id('发票ID'), attachmentId: id('附件ID') }),
);

export const TagSelectQuery = z.object(labelled({ keyword: text('关键字', 20).optional() }));
/** Relate tags (by name; new names create tags) to the caller's invoices, replacing their tags. */
export const TagRelateBody = z.object(
  labelled({
    invoiceIds: ids('发票ID'),
    tags: z.array(required('标签', 20), '必须是数组').max(10, '至多10个标签').describe('标签'),
  }),
);

export const ComplianceListQuery = z.object(
  labelled({ ruleKind: ComplianceRuleKind.optional().describe('规则类型') }),
);
export const ComplianceAddBody = z.object(
  labelled({
    ruleKind: ComplianceRuleKind.describe('规则类型'),
    value: required('匹配内容', 100),
    remark: text('说明', 200).default(''),
  }),
);
export const ComplianceUpdateBody = ComplianceAddBody.extend({ id: id('规则ID') });
export const ComplianceDeleteBody = z.object(labelled({ id: id('规则ID') }));

export const BankNameQuery = z.object(
  labelled({
    cardNo: z
      .string('不能为空')
      .trim()
      .regex(/^\d{15,19}$/, '应为15-19位数字')
      .describe('银行卡号'),
  }),
);
export const BankCodeQuery = z.object(labelled({ bankName: required('银行名称', 50) }));
