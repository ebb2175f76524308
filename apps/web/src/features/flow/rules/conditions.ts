import type { Condition, ConditionOp, FieldCondition, FieldValue } from './types';

/**
 * Branch conditions as the side panel edits them: rows joined by 且 (`{ all: [...] }`). Amounts are 元 in
 * the panel and 分 in the definition.
 */
export const CONDITION_FIELDS = [
  { field: 'amount', label: '金额' },
  { field: 'feeType', label: '费用类型' },
  { field: 'departmentId', label: '部门' },
  { field: 'companyId', label: '公司' },
  { field: 'projectId', label: '项目' },
] as const;

export const OP_TEXT: Record<ConditionOp, string> = {
  eq: '等于',
  ne: '不等于',
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
  in: '属于',
  notIn: '不属于',
  between: '介于',
};

/** Operators offered for a field: numbers compare, lists of ids match, custom fields take all. */
export function opsFor(field: string): ConditionOp[] {
  if (field === 'amount') return ['gte', 'gt', 'lte', 'lt', 'eq', 'between'];
  if (CONDITION_FIELDS.some((f) => f.field === field)) return ['in', 'notIn'];
  return ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'notIn'];
}

export const fieldLabel = (field: string) =>
  CONDITION_FIELDS.find((f) => f.field === field)?.label ?? `自定义字段 ${field}`;

/** 元 (as typed, up to 2 decimals) → 分; undefined when not a number. */
export function yuanToFen(yuan: number | string | null | undefined): number | undefined {
  if (yuan === null || yuan === undefined || yuan === '') return undefined;
  const n = typeof yuan === 'number' ? yuan : Number(yuan);
  if (!Number.isFinite(n)) return undefined;
  return Math.round(n * 100);
}
export const fenToYuan = (fen: number) => fen / 100;

/** The rows of a branch condition, or undefined when its shape is not the panel's (nested 或/且). */
export function conditionRows(c: Condition | undefined): FieldCondition[] | undefined {
  if (!c) return [];
  if ('field' in c) return [c];
  if ('all' in c && c.all.every((x) => 'field' in x)) return c.all as FieldCondition[];
  return undefined;
}

export const rowsToCondition = (rows: FieldCondition[]): Condition => ({ all: rows });

/** A fresh value when a row's field or operator changes. */
export function defaultValue(field: string, op: ConditionOp): FieldValue {
  if (op === 'between') return [0, 0];
  if (op === 'in' || op === 'notIn') return [];
  return field === 'amount' ? 0 : '';
}

const yuanText = (fen: number) =>
  `${fenToYuan(fen).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}元`;

/** One condition in words: 金额 大于等于 1,000.00元 且 部门 属于 研发部、市场部. */
export function describeCondition(
  c: Condition | undefined,
  names: (field: string, id: string) => string = (_f, id) => id,
): string {
  if (!c) return '';
  if ('all' in c) return c.all.map((x) => describeCondition(x, names)).join(' 且 ');
  if ('any' in c) return c.any.map((x) => describeCondition(x, names)).join(' 或 ');
  const v = c.value;
  const one = (x: string | number | boolean | null) =>
    c.field === 'amount' && typeof x === 'number' ? yuanText(x) : names(c.field, String(x));
  let text: string;
  if (c.op === 'between' && Array.isArray(v)) text = `${one(v[0] as number)} 至 ${one(v[1] as number)}`;
  else if (Array.isArray(v)) text = (v as (string | number)[]).map(one).join('、') || '（未选择）';
  else text = one(v);
  return `${fieldLabel(c.field)} ${OP_TEXT[c.op]} ${text}`;
}
