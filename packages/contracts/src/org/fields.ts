import { z } from 'zod';
import { EMAIL_ERROR, MOBILE_ERROR, isEmail, isMobile } from '../validators.js';

/**
 * Zod pieces the org family's request schemas share. Every field carries its Chinese name
 * (`.describe`): the server's validator names the field with it in error messages. Not re-exported
 * from the package: the names are too generic to share across families.
 */

export const id = (label: string) => z.coerce.number().int().positive().describe(label);
export const optionalId = (label: string) => z.coerce.number().int().positive().optional().describe(label);
/** A foreign id that may be cleared: null (or 0) removes it. */
export const clearableId = (label: string) =>
  z
    .preprocess(
      (v) => (v === 0 || v === '0' || v === '' ? null : v),
      z.coerce.number().int().positive().nullable().optional(),
    )
    .describe(label);
export const idList = (label: string, max = 1000) =>
  z.array(z.coerce.number().int().positive()).min(1).max(max).describe(label);

export const name = (label: string, max = 50) => z.string().min(1, '不能为空').max(max).describe(label);
export const optionalText = (label: string, max = 200) => z.string().max(max).optional().describe(label);
export const order = z.coerce.number().int().min(0).max(999999).optional().describe('排序');

export const mobile = (label = '手机号') =>
  z
    .string()
    .refine((v) => isMobile(v), MOBILE_ERROR)
    .describe(label);
/** Optional email: empty string means none. */
export const optionalEmail = z
  .string()
  .refine((v) => v === '' || isEmail(v), EMAIL_ERROR)
  .optional()
  .describe('邮箱');

/** Unified social credit code (18) or an older tax registration number (15–20). */
export const ORG_TAX_ID_RE = /^[0-9A-Z]{15,20}$/;
export const taxId = z
  .string()
  .refine((v) => v === '' || ORG_TAX_ID_RE.test(v), '税号格式错误')
  .optional()
  .describe('税号');

export const pageNum = z.coerce.number().int().min(1).default(1).describe('页码');
export const pageSize = (max: number, dflt = 20) =>
  z.coerce.number().int().min(1).max(max).default(dflt).describe('每页条数');
export const keyword = z.string().max(100).optional().describe('关键字');

/** `only_priv=1` keeps the units the caller has privileges on for X-Priv-Module. */
export const onlyPriv = z.coerce.number().int().min(0).max(1).optional().describe('仅有权限的');

/** `.optional()` that keeps the field's Chinese name (zod 4 does not carry a description over). */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.optional().describe(schema.description ?? '');
}

/** `.partial()` that keeps every field's Chinese name, for update bodies. */
export function partialOf<S extends z.ZodRawShape>(obj: z.ZodObject<S>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(obj.shape)) shape[k] = opt(v as z.ZodType);
  return z.object(shape) as unknown as ReturnType<z.ZodObject<S>['partial']>;
}

// ---- reply pieces ----

/** `{id}`: what most writes answer. */
export const idReply = z.object({ id: z.number().int() });
/** `{count}`: what reorders and batch updates answer. */
export const countReply = z.object({ count: z.number().int() });
/** A delete check: why not, or '' when the row may go. */
export const deleteCheckReply = z.object({ can_delete: z.boolean(), reason: z.string() });
/** Epoch milliseconds. */
export const epochMs = z.number();
