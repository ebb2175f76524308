import type { AuditResult } from '@feikong/contracts';
import { AppError } from '../../platform/errors.js';

/**
 * Error codes of 智能规则集 and 单据分析 (1135xxxx; the last three digits follow the HTTP meaning).
 * Request-field errors are the platform's.
 */
export const BillReportCode = {
  cityGroupNotFound: 11350400,
  /** 费用超标准 naming a code that is not in the tenant's fee-type tree. */
  feeTypeNotFound: 11351400,
  ruleNotFound: 11350404,
  billNotFound: 11351404,
  nameTaken: 11350409,
  /** A 禁止提交 rule hit the document: the submit is refused. */
  ruleBlocked: 11351409,
  /** 提示 rules hit the document and the submitter has not confirmed them. */
  ruleNeedsConfirm: 11352409,
} as const;

const fields = (field: string, msg: string) => ({ fields: [{ field, msg }] });

export const billReportErrors = {
  ruleNotFound: () => new AppError(BillReportCode.ruleNotFound, '规则不存在或已被删除', 404),
  billNotFound: () => new AppError(BillReportCode.billNotFound, '单据不存在或不是您的单据', 404),
  cityGroupNotFound: () =>
    new AppError(
      BillReportCode.cityGroupNotFound,
      '城市组不存在',
      400,
      fields('cityGroupId', '城市组不存在'),
    ),
  feeTypeNotFound: (code: string) =>
    new AppError(
      BillReportCode.feeTypeNotFound,
      `费用类型「${code}」不存在，请在设置中心 › 费用类型中查看`,
      400,
      fields('feeType', '费用类型不存在'),
    ),
  /** data: the whole check ({ warnings, blocks }) for the edit page to list. */
  ruleBlocked: (result: AuditResult) =>
    new AppError(
      BillReportCode.ruleBlocked,
      `不能提交：${[...new Set(result.blocks.map((b) => b.message))].join('；')}`,
      409,
      result,
    ),
  ruleNeedsConfirm: (result: AuditResult) =>
    new AppError(
      BillReportCode.ruleNeedsConfirm,
      `请确认后提交：${[...new Set(result.warnings.map((w) => w.message))].join('；')}`,
      409,
      result,
    ),
  nameTaken: (name: string) =>
    new AppError(
      BillReportCode.nameTaken,
      `规则名称「${name}」已存在`,
      409,
      fields('name', '规则名称已存在'),
    ),
};

/** ¥1,234.50 from 分. */
export function yuan(fen: number) {
  return `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The China day (YYYY-MM-DD) of an epoch ms. */
export function chinaDay(ms: number) {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
}
/** Epoch ms of a China day's start. */
export function chinaDayMs(day: string) {
  return Date.parse(`${day}T00:00:00+08:00`);
}
export const DAY_MS = 86_400_000;
