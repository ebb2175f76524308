import { INVOICE_CHECK_BUY_PATH } from '@feikong/contracts';
import { AppError } from '../../platform/errors.js';

/**
 * Error codes of the invoice module (1120xxxx): the last three digits follow the HTTP meaning (400
 * validation or a refused invoice, 403 forbidden, 404 not found, 409 conflict). Request-field errors are
 * the platform's (10000400).
 */
export const InvoiceCode = {
  amountMismatch: 11200400,
  futureDate: 11201400,
  buyerMismatch: 11202400,
  blacklisted: 11203400,
  fileKey: 11204400,
  fieldRequired: 11205400,
  batchDuplicate: 11206400,
  fieldLocked: 11207400,
  fileInvoice: 11208400,
  orgForbidden: 11200403,
  notFound: 11200404,
  attachmentNotFound: 11201404,
  ruleNotFound: 11202404,
  fileNotFound: 11203404,
  duplicate: 11200409,
  locked: 11201409,
  checksUsedUp: 11202409,
  ruleExists: 11203409,
  alreadySupported: 11204409,
  supportBillNotFound: 11207404,
  supportBillState: 11207409,
} as const;
export type InvoiceCode = (typeof InvoiceCode)[keyof typeof InvoiceCode];

const fields = (field: string, msg: string) => ({ fields: [{ field, msg }] });
const at = (i: number | undefined) => (i === undefined ? '' : `第${i + 1}张发票：`);
const fieldAt = (i: number | undefined, f: string) => (i === undefined ? f : `invoices.${i}.${f}`);

/** China time (UTC+8) as YYYY-MM-DD HH:mm. */
export function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

export const invoiceErrors = {
  amountMismatch: (i: number | undefined, amount: number, tax: number, total: number) => {
    const msg = `${at(i)}金额（${yuan(amount)}）加税额（${yuan(tax)}）应等于价税合计（${yuan(total)}）`;
    return new AppError(InvoiceCode.amountMismatch, msg, 400, fields(fieldAt(i, 'total'), msg));
  },
  negative: (i: number | undefined, field: string, label: string) => {
    const msg = `${at(i)}${label}不能为负数`;
    return new AppError(InvoiceCode.amountMismatch, msg, 400, fields(fieldAt(i, field), msg));
  },
  futureDate: (i: number | undefined, date: string) => {
    const msg = `${at(i)}开票日期（${date}）不能晚于今天`;
    return new AppError(InvoiceCode.futureDate, msg, 400, fields(fieldAt(i, 'billingDate'), msg));
  },
  fieldRequired: (i: number | undefined, field: string, msg: string) =>
    new AppError(
      InvoiceCode.fieldRequired,
      `${at(i)}${msg}`,
      400,
      fields(fieldAt(i, field), `${at(i)}${msg}`),
    ),
  buyerMismatch: (i: number | undefined, field: string, what: string) => {
    const msg = `${at(i)}购买方${what}与本企业的公司信息不一致，不能录入`;
    return new AppError(InvoiceCode.buyerMismatch, msg, 400, fields(fieldAt(i, field), msg));
  },
  blacklisted: (i: number | undefined, field: string, rule: string, value: string) => {
    const msg = `${at(i)}命中发票合规规则【${rule}：${value}】，不能录入`;
    return new AppError(InvoiceCode.blacklisted, msg, 400, fields(fieldAt(i, field), msg));
  },
  fileKey: (i: number | undefined, field = 'fileKey') => {
    const msg = `${at(i)}文件路径不属于当前组织`;
    return new AppError(InvoiceCode.fileKey, msg, 400, fields(fieldAt(i, field), msg));
  },
  duplicate: (i: number | undefined, who: string, when: number) =>
    new AppError(
      InvoiceCode.duplicate,
      `${at(i)}该发票已由${who}于${chinaTime(when)}录入，不能重复录入`,
      409,
    ),
  batchDuplicate: (i: number, j: number) => {
    const msg = `第${j + 1}张发票与第${i + 1}张发票重复`;
    return new AppError(InvoiceCode.batchDuplicate, msg, 400, fields(`invoices.${j}.number`, msg));
  },
  /** A field the file gave exactly (QR, PDF text layer, OFD/XML) was sent with another value. */
  fieldLocked: (i: number | undefined, field: string, label: string, fileValue: string) => {
    const msg = `${at(i)}${label}由文件识别，不可修改${fileValue ? `（文件中为“${fileValue}”）` : ''}`;
    return new AppError(InvoiceCode.fieldLocked, msg, 400, fields(fieldAt(i, field), msg));
  },
  /** An electronic invoice file read exactly has no such field: it cannot be filled in by hand. */
  notInFile: (i: number | undefined, field: string, label: string) => {
    const msg = `${at(i)}文件中没有${label}，不可填写`;
    return new AppError(InvoiceCode.fieldLocked, msg, 400, fields(fieldAt(i, field), msg));
  },
  /** Which invoice of the file an entry is cannot be told, or the file holds no such one. */
  fileInvoice: (i: number | undefined, msg: string) =>
    new AppError(
      InvoiceCode.fileInvoice,
      `${at(i)}${msg}`,
      400,
      fields(fieldAt(i, 'fileIndex'), `${at(i)}${msg}`),
    ),
  notFound: () => new AppError(InvoiceCode.notFound, '发票不存在或已被删除', 404),
  fileNotFound: (i: number | undefined, field = 'fileKey') => {
    const msg = `${at(i)}文件不存在，请重新上传`;
    return new AppError(InvoiceCode.fileNotFound, msg, 404, fields(fieldAt(i, field), msg));
  },
  attachmentNotFound: () => new AppError(InvoiceCode.attachmentNotFound, '附件不存在或已被删除', 404),
  ruleNotFound: () => new AppError(InvoiceCode.ruleNotFound, '合规规则不存在或已被删除', 404),
  locked: (number: string, status: string) =>
    new AppError(InvoiceCode.locked, `发票${number}${status}，不能删除`, 409),
  /** An invoice to delete was taken by a document between reading and deleting it. */
  changedMeanwhile: () =>
    new AppError(InvoiceCode.locked, '发票状态已变化（可能刚被单据使用），请刷新后重试', 409),
  supportLocked: (number: string, status: string) =>
    new AppError(InvoiceCode.locked, `发票${number}${status}，不能补录`, 409),
  supportBillNotFound: () =>
    new AppError(
      InvoiceCode.supportBillNotFound,
      '单据不存在或不是本人的单据，不能补录',
      404,
      fields('billId', '单据不存在或不是本人的单据，不能补录'),
    ),
  supportBillState: (billNumber: string, status: string) =>
    new AppError(
      InvoiceCode.supportBillState,
      `单据${billNumber}${status}，只有已通过的单据可以补录发票`,
      409,
      fields('billId', `单据${billNumber}${status}，只有已通过的单据可以补录发票`),
    ),
  alreadySupported: (number: string) =>
    new AppError(InvoiceCode.alreadySupported, `发票${number}已补录过，不能重复补录`, 409),
  ruleExists: (rule: string, value: string) =>
    new AppError(
      InvoiceCode.ruleExists,
      `规则【${rule}：${value}】已存在`,
      409,
      fields('value', `规则【${rule}：${value}】已存在`),
    ),
  checksUsedUp: () =>
    new AppError(InvoiceCode.checksUsedUp, '电子发票查验包余量不足，请购买后再查验', 409, {
      link: INVOICE_CHECK_BUY_PATH,
    }),
  orgForbidden: () =>
    new AppError(
      InvoiceCode.orgForbidden,
      '您没有该组织的单据权限',
      403,
      fields('userOrgId', '您没有该组织的单据权限'),
    ),
};

function yuan(fen: number) {
  return `¥${(fen / 100).toFixed(2)}`;
}
