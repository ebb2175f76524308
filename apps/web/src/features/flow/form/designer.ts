import {
  FORM_BOUND_KINDS,
  FORM_FIELD_KIND_LABEL,
  FORM_KEY_PATTERN,
  FORM_OPTION_KINDS,
  FORM_RANGE_KINDS,
  FORM_RESERVED_KEYS,
  type FormField,
  type FormFieldKind,
} from '@feikong/contracts';

/**
 * The form designer's state and its pure edits: the fields in order and the selected one. Every action
 * returns a new state; `fieldIssues` finds what the server would refuse (bad or duplicate keys, empty
 * titles and options, min over max) so the designer shows it beside the field before saving.
 */
export interface DesignerState {
  fields: FormField[];
  /** Index of the field whose properties show on the right; null: none. */
  selected: number | null;
}

export type DesignerAction =
  | { type: 'add'; kind: FormFieldKind; at?: number }
  | { type: 'remove'; index: number }
  | { type: 'move'; from: number; to: number }
  | { type: 'select'; index: number | null }
  | { type: 'update'; index: number; patch: Partial<FormField> }
  | { type: 'reset'; fields: FormField[] };

/** Fee lines, trips and 关联单据 place the document's own section: each at most once on a form. */
export const canAdd = (fields: readonly FormField[], kind: FormFieldKind) =>
  !FORM_BOUND_KINDS.includes(kind) || !fields.some((f) => f.kind === kind);

/** The smallest `<kind>_n` key not taken yet. */
export function freshKey(fields: readonly FormField[], kind: FormFieldKind): string {
  const taken = new Set(fields.map((f) => f.key));
  for (let i = 1; ; i++) if (!taken.has(`${kind}_${i}`)) return `${kind}_${i}`;
}

/** A new field of a kind: its kind's name as the title, a fresh key, two options for the select kinds. */
export function newField(fields: readonly FormField[], kind: FormFieldKind): FormField {
  return {
    key: freshKey(fields, kind),
    kind,
    label: FORM_FIELD_KIND_LABEL[kind],
    required: false,
    placeholder: '',
    help: '',
    options: FORM_OPTION_KINDS.includes(kind)
      ? [
          { value: '选项1', label: '选项1' },
          { value: '选项2', label: '选项2' },
        ]
      : [],
    precision: 0,
    multiple: false,
  };
}

const clampIndex = (i: number, n: number) => Math.max(0, Math.min(n, i));

export function designerReducer(s: DesignerState, a: DesignerAction): DesignerState {
  switch (a.type) {
    case 'add': {
      if (!canAdd(s.fields, a.kind)) return s;
      const at = clampIndex(a.at ?? s.fields.length, s.fields.length);
      const fields = [...s.fields];
      fields.splice(at, 0, newField(s.fields, a.kind));
      return { fields, selected: at };
    }
    case 'remove': {
      if (a.index < 0 || a.index >= s.fields.length) return s;
      const fields = s.fields.filter((_, i) => i !== a.index);
      const sel = s.selected;
      const selected =
        sel === null || fields.length === 0
          ? null
          : sel === a.index
            ? Math.min(a.index, fields.length - 1)
            : sel > a.index
              ? sel - 1
              : sel;
      return { fields, selected };
    }
    case 'move': {
      const n = s.fields.length;
      if (a.from < 0 || a.from >= n) return s;
      const to = clampIndex(a.to, n - 1);
      if (to === a.from) return s;
      const fields = [...s.fields];
      const [moved] = fields.splice(a.from, 1);
      fields.splice(to, 0, moved!);
      // The selection follows the field it named.
      const sel = s.selected;
      let selected = sel;
      if (sel === a.from) selected = to;
      else if (sel !== null && a.from < sel && to >= sel) selected = sel - 1;
      else if (sel !== null && a.from > sel && to <= sel) selected = sel + 1;
      return { fields, selected };
    }
    case 'select':
      return {
        ...s,
        selected: a.index !== null && a.index >= 0 && a.index < s.fields.length ? a.index : null,
      };
    case 'update': {
      if (a.index < 0 || a.index >= s.fields.length) return s;
      const fields = s.fields.map((f, i) => (i === a.index ? { ...f, ...a.patch } : f));
      return { ...s, fields };
    }
    case 'reset':
      return { fields: a.fields, selected: a.fields.length ? 0 : null };
  }
}

/** Problems of one field, by property: key, label, options, range. */
export type FieldIssues = Partial<Record<'key' | 'label' | 'options' | 'range', string>>;

/** Every field's problems (index → issues); fields without problems are absent. */
export function fieldIssues(fields: readonly FormField[]): Map<number, FieldIssues> {
  const out = new Map<number, FieldIssues>();
  const count = new Map<string, number>();
  for (const f of fields) count.set(f.key, (count.get(f.key) ?? 0) + 1);
  fields.forEach((f, i) => {
    const issues: FieldIssues = {};
    if (!f.key) issues.key = '请填写字段标识';
    else if (!FORM_KEY_PATTERN.test(f.key))
      issues.key = '字段标识须以字母开头，只含字母、数字和下划线，最多32个字符';
    else if (FORM_RESERVED_KEYS.includes(f.key)) issues.key = `字段标识 ${f.key} 为系统保留字`;
    else if ((count.get(f.key) ?? 0) > 1) issues.key = `字段标识 ${f.key} 重复`;
    if (!f.label.trim()) issues.label = '请填写标题';
    else if (f.label.trim().length > 30) issues.label = '标题不能超过30个字符';
    // a select bound to a 数据字典 takes its options from it (decision 0060)
    if (FORM_OPTION_KINDS.includes(f.kind) && !f.dictCode) {
      const opts = f.options.map((o) => o.label.trim());
      if (opts.length === 0) issues.options = '请至少添加一个选项';
      else if (opts.some((o) => !o)) issues.options = '选项不能为空';
      else if (new Set(opts).size !== opts.length) issues.options = '选项不能重复';
    }
    if (FORM_RANGE_KINDS.includes(f.kind) && f.min != null && f.max != null && f.min > f.max)
      issues.range = '最小值不能大于最大值';
    if (Object.keys(issues).length) out.set(i, issues);
  });
  return out;
}

/** The issues as sentences naming the field (第2个字段「金额」：…), for the alert above the canvas. */
export function issueLines(fields: readonly FormField[]): string[] {
  return [...fieldIssues(fields)].flatMap(([i, issues]) =>
    Object.values(issues).map((m) => `第${i + 1}个字段「${fields[i]!.label || fields[i]!.key}」：${m}`),
  );
}
