import { z } from 'zod';

/**
 * Field builders every request schema shares: Chinese messages, and the platform names a bad field by the
 * description at its key. Money in 分, times in epoch ms. A family with a rule of its own (a signed amount,
 * a different ceiling) keeps that one builder beside its requests.
 */

/** Gives a field wrapped by .optional()/.default() after .describe() its inner description again. */
export function labelled<T extends z.ZodRawShape>(shape: T): T {
  const out: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(shape) as [string, z.ZodType][]) {
    let inner: any = s;
    while (!inner.description && inner.def?.innerType) inner = inner.def.innerType;
    out[k] = !s.description && inner.description ? s.describe(inner.description) : s;
  }
  return out as unknown as T;
}

export const id = (label: string) =>
  z.coerce.number('必须是数字').int('必须是整数').positive('必须是正整数').describe(label);
export const ids = (label: string, max = 200) =>
  z.array(id(label), '必须是数组').min(1, '至少选择一条数据').max(max, `一次最多${max}条`).describe(label);
export const optIds = (label: string, max = 200) =>
  z.array(id(label), '必须是数组').max(max, `最多${max}条`).default([]).describe(label);
export const text = (label: string, max: number) =>
  z.string('必须是文字').trim().max(max, `不能超过${max}个字符`).describe(label);
export const required = (label: string, max: number) =>
  z.string('不能为空').trim().min(1, '不能为空').max(max, `不能超过${max}个字符`).describe(label);
export const fen = (label: string) =>
  z.coerce
    .number('必须是数字')
    .int('必须是以分为单位的整数')
    .min(0, '不能为负数')
    .max(100_000_000_000, '超出范围')
    .describe(label);
export const ms = (label: string) =>
  z.coerce.number('必须是数字').int('必须是整数').min(0, '不能为负数').describe(label);
export const pageNum = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .min(1, '必须大于等于1')
  .default(1)
  .describe('页码');
export const pageSize = (max = 100, dflt = 20) =>
  z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '必须大于等于1')
    .max(max, `不能超过${max}`)
    .default(dflt)
    .describe('每页条数');
/** Query-string booleans: true/false/1/0. */
export const flag = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], '取值为true或false')
    .transform((v) => v === true || v === 'true' || v === '1')
    .describe(label);
