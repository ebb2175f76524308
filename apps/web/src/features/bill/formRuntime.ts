import dayjs, { type Dayjs } from 'dayjs';
import type { Rule } from 'antd/es/form';
import {
  FORM_BOUND_KINDS,
  FORM_OPTION_KINDS,
  formatMoney,
  type FormField,
  type FormFieldKind,
} from '@feikong/contracts';

/**
 * The form runtime's rules, apart from its inputs: where a custom field's value lives in the document
 * form, the antd rules a field gets (required, min/max; money in 分 shown in 元), and which values the
 * save request carries. The values are held in the wire format of `formValues` (contracts/flow/form.ts):
 * dates 'YYYY-MM-DD', money 分, ids numbers; the date pickers convert at their edge.
 */

/** A custom value's name in the document form: formValues.<key>. */
export const valueName = (key: string) => ['formValues', key] as const;

/** Fee lines, trips and 关联单据: the document's own sections, with no value in formValues. */
export const isBound = (kind: FormFieldKind) => FORM_BOUND_KINDS.includes(kind);

const PICK_KINDS: readonly FormFieldKind[] = [
  ...FORM_OPTION_KINDS,
  'date',
  'dateRange',
  'staff',
  'department',
  'company',
  'project',
  'attachments',
  'invoicePicker',
];
/** Kinds whose value is an array (an empty one is no value). */
export const isArrayKind = (f: Pick<FormField, 'kind' | 'multiple'>) =>
  ['dateRange', 'multiSelect', 'attachments', 'invoicePicker'].includes(f.kind) ||
  (f.multiple && ['staff', 'department', 'company', 'project'].includes(f.kind));

/** 请填写X / 请选择X / 请上传X. */
export function requiredMessage(f: Pick<FormField, 'kind' | 'label'>): string {
  if (f.kind === 'attachments') return `请上传${f.label}`;
  return `${PICK_KINDS.includes(f.kind) ? '请选择' : '请填写'}${f.label}`;
}

const bound = (f: FormField, v: number) => (f.kind === 'money' ? `¥${formatMoney(v)}` : String(v));

/** The antd rules of a value field: required, and for number/money its min and max. */
export function fieldRules(f: FormField): Rule[] {
  const rules: Rule[] = [];
  if (f.required) {
    const message = requiredMessage(f);
    if (isArrayKind(f)) rules.push({ required: true, type: 'array', min: 1, message });
    else if (f.kind === 'text' || f.kind === 'textarea')
      rules.push({ required: true, whitespace: true, message });
    else rules.push({ required: true, message });
  }
  if (f.kind === 'number' || f.kind === 'money') {
    rules.push({
      validator: async (_r, v: unknown) => {
        if (v === null || v === undefined || v === '') return;
        const n = Number(v);
        if (f.min !== undefined && n < f.min) throw new Error(`${f.label}不能小于${bound(f, f.min)}`);
        if (f.max !== undefined && n > f.max) throw new Error(`${f.label}不能大于${bound(f, f.max)}`);
      },
    });
  }
  return rules;
}

const DAY = 'YYYY-MM-DD';
/** A picker's day as formValues holds it. */
export const toDay = (d: Dayjs | null | undefined): string | null => (d ? d.format(DAY) : null);
/** formValues' day as a picker's. */
export const fromDay = (s: unknown): Dayjs | null =>
  typeof s === 'string' && dayjs(s, DAY, true).isValid() ? dayjs(s, DAY) : null;

/** What the form holds under formValues. */
export type FormValues = Record<string, unknown>;
/** A value formValues may carry (contracts' BillSaveBody.formValues). */
export type WireValue = string | number | boolean | null | string[] | number[];

const empty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length);

/**
 * The formValues of the save request: only the form's value fields, trimmed, empty ones left out (a
 * draft may be incomplete; submit checks required fields on the server too).
 */
export function formValuesBody(
  fields: readonly FormField[],
  values: FormValues | undefined,
): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  for (const f of fields) {
    if (isBound(f.kind)) continue;
    const v = values?.[f.key];
    if (empty(v)) continue;
    out[f.key] = (typeof v === 'string' ? v.trim() : v) as WireValue;
  }
  return out;
}

/** Required fee / trip / 关联单据 sections of the form that have no line yet (the server says the same on submit). */
export function boundProblems(
  fields: readonly FormField[],
  counts: { fees: number; trips: number; related: number },
): string[] {
  const n: Partial<Record<FormFieldKind, number>> = {
    feeLines: counts.fees,
    tripLines: counts.trips,
    relatedBills: counts.related,
  };
  return fields
    .filter((f) => f.required && isBound(f.kind) && (n[f.kind] ?? 0) === 0)
    .map((f) => `请至少添加一条${f.label}`);
}
