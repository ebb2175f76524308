import { FORM_BOUND_KINDS, FORM_FIELD_KIND_LABEL, type FormField } from '@feikong/contracts';

/**
 * Pure checks of a document's custom form values against one published form version (no database here):
 * unknown keys, value shapes per field kind, required fields (on submit only; a draft may be incomplete), and
 * the ids and file keys whose existence the caller (form.service.ts) checks in the tenant afterwards.
 * Messages name the field's label: 「出差事由」为必填项.
 */

export interface FormIssue {
  key: string;
  message: string;
}
/** What the document holds besides formValues: the bound kinds (feeLines, tripLines, relatedBills) count these. */
export interface BoundLines {
  feeLines: number;
  tripLines: number;
  relatedBills: number;
}
/** References to check in the tenant: id or key → the field that named it. */
export interface FormRefs {
  staff: Map<number, FormField>;
  department: Map<number, FormField>;
  company: Map<number, FormField>;
  project: Map<number, FormField>;
  files: Map<string, FormField>;
  invoices: Map<number, FormField>;
  /** Values of selects bound to a 数据字典 (decision 0060): checked against its enabled entries. */
  dict: { field: FormField; values: string[] }[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: unknown): s is string => {
  if (typeof s !== 'string' || !DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const isId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
const yuan = (fen: number) => (fen / 100).toFixed(2);
const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const MAX_MONEY = 100_000_000_000;
const MAX_ITEMS = 50;

export function checkFormValues(
  fields: FormField[],
  values: Record<string, unknown>,
  opts: { submit: boolean; lines: BoundLines },
): { issues: FormIssue[]; refs: FormRefs } {
  const issues: FormIssue[] = [];
  const refs: FormRefs = {
    staff: new Map(),
    department: new Map(),
    company: new Map(),
    project: new Map(),
    files: new Map(),
    invoices: new Map(),
    dict: [],
  };
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const key of Object.keys(values))
    if (!byKey.has(key)) issues.push({ key, message: `表单没有字段「${key}」` });

  for (const f of fields) {
    const v = values[f.key];
    const say = (message: string) => issues.push({ key: f.key, message: `「${f.label}」${message}` });
    if (FORM_BOUND_KINDS.includes(f.kind)) {
      if (f.key in values) say(`由单据的${FORM_FIELD_KIND_LABEL[f.kind]}填写，不能作为表单值提交`);
      else if (opts.submit && f.required && opts.lines[f.kind as keyof BoundLines] === 0) say('至少填写一条');
      continue;
    }
    if (isEmpty(v)) {
      if (opts.submit && f.required) say('为必填项');
      continue;
    }
    const list = (check: (x: unknown) => boolean, what: string) => {
      if (!Array.isArray(v) || !v.every(check)) return (say(`须为${what}`), null);
      if (v.length > MAX_ITEMS) return (say(`最多${MAX_ITEMS}项`), null);
      return v as unknown[];
    };
    switch (f.kind) {
      case 'text':
      case 'textarea': {
        const max = f.kind === 'text' ? 200 : 2000;
        if (typeof v !== 'string') say('须为文字');
        else if (v.length > max) say(`不能超过${max}个字符`);
        break;
      }
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v)) say('须为数字');
        else if (Number(v.toFixed(f.precision)) !== v)
          say(f.precision ? `最多${f.precision}位小数` : '须为整数');
        else if (f.min !== undefined && v < f.min) say(`不能小于${f.min}`);
        else if (f.max !== undefined && v > f.max) say(`不能大于${f.max}`);
        break;
      case 'money':
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_MONEY)
          say('须为以分为单位的非负整数');
        else if (f.min !== undefined && v < f.min) say(`不能小于${yuan(f.min)}元`);
        else if (f.max !== undefined && v > f.max) say(`不能大于${yuan(f.max)}元`);
        break;
      case 'date':
        if (!isDay(v)) say('格式应为YYYY-MM-DD');
        break;
      case 'dateRange':
        if (!Array.isArray(v) || v.length !== 2 || !isDay(v[0]) || !isDay(v[1]))
          say('应为[开始日期, 结束日期]，格式YYYY-MM-DD');
        else if (v[0] > v[1]) say('结束日期不能早于开始日期');
        break;
      case 'select':
        if (typeof v === 'string' && f.dictCode) refs.dict.push({ field: f, values: [v] });
        else if (typeof v !== 'string' || !f.options.some((o) => o.value === v)) say('选项不存在');
        break;
      case 'multiSelect': {
        const xs = list((x) => typeof x === 'string', '选项列表');
        if (xs && f.dictCode) {
          if (new Set(xs).size !== xs.length) say('选项重复');
          else refs.dict.push({ field: f, values: xs as string[] });
        } else if (xs && xs.some((x) => !f.options.some((o) => o.value === x))) say('选项不存在');
        else if (xs && new Set(xs).size !== xs.length) say('选项重复');
        break;
      }
      case 'staff':
      case 'department':
      case 'company':
      case 'project': {
        const xs = f.multiple ? list(isId, 'ID列表') : isId(v) ? [v] : (say('须为ID'), null);
        if (xs) for (const x of xs) refs[f.kind].set(x as number, f);
        break;
      }
      case 'attachments': {
        const xs = list((x) => typeof x === 'string' && x.length > 0 && x.length <= 200, '文件列表');
        if (xs) for (const x of xs) refs.files.set(x as string, f);
        break;
      }
      case 'invoicePicker': {
        const xs = list(isId, '发票ID列表');
        if (xs) for (const x of xs) refs.invoices.set(x as number, f);
        break;
      }
    }
  }
  return { issues, refs };
}

/**
 * Form values as printed rows (print.service.ts): in the form's field order with its labels, money as ¥,
 * options by their names, date ranges as 开始 至 结束; values no field names (or no form) keep their key.
 * Empty values and the bound kinds (printed as the document's own lines) are left out.
 */
export function formValueRows(fields: FormField[] | null, values: Record<string, unknown>) {
  const rows: { key: string; label: string; value: string }[] = [];
  const shown = new Set<string>();
  const plain = (v: unknown) => (Array.isArray(v) ? v.join('、') : String(v));
  for (const f of fields ?? []) {
    shown.add(f.key);
    const v = values[f.key];
    if (isEmpty(v) || FORM_BOUND_KINDS.includes(f.kind)) continue;
    const option = (x: unknown) => f.options.find((o) => o.value === x)?.label ?? String(x);
    const value =
      f.kind === 'money' && typeof v === 'number'
        ? `¥${yuan(v)}`
        : f.kind === 'dateRange' && Array.isArray(v)
          ? v.join(' 至 ')
          : f.kind === 'select'
            ? option(v)
            : f.kind === 'multiSelect' && Array.isArray(v)
              ? v.map(option).join('、')
              : plain(v);
    rows.push({ key: f.key, label: f.label, value });
  }
  for (const [key, v] of Object.entries(values))
    if (!shown.has(key) && !isEmpty(v)) rows.push({ key, label: key, value: plain(v) });
  return rows;
}

/**
 * The project a document carries from its form (bills.project_id): the value of the form's first single 项目
 * field, when it has one; undefined otherwise (a multiple 项目 field stays in formValues only).
 */
export function formProjectId(fields: FormField[] | null | undefined, values: Record<string, unknown>) {
  const f = fields?.find((x) => x.kind === 'project' && !x.multiple);
  const v = f ? values[f.key] : undefined;
  return isId(v) ? v : undefined;
}
