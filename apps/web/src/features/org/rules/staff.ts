import type { Rule } from 'antd/es/form';
import { emailError, mobileError, SELECT_AT_LEAST_ONE } from '@feikong/contracts';
import type { StaffBatchInput, StaffInput, StaffQuery, UnitNode } from '@/api/org';

/**
 * Validation of the staff dialog and the batch update (spec §5: 手机号格式错误 / 邮箱格式错误, the
 * batch message 请至少选择一条数据！). Each rule is a plain function returning the Chinese message or
 * null, so it is tested without a form; `staffRules` wraps them for antd.
 */

export interface StaffFormValues {
  name?: string;
  phone?: string;
  email?: string;
  job_no?: string;
  org_id?: number;
  dept_ids?: number[];
  grade_id?: number | null;
  job_id?: number | null;
  title_id?: number | null;
  /** 直属上级 as the staff picker holds it (at most one). */
  supervisor?: number[];
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export const staffChecks = {
  name: (v: unknown): string | null => {
    const s = text(v);
    if (!s) return '请输入姓名';
    if (s.length > 50) return '姓名不能超过50个字符';
    return null;
  },
  phone: (v: unknown): string | null => {
    const s = text(v);
    if (!s) return '请输入手机号';
    return mobileError(s);
  },
  email: (v: unknown): string | null => {
    const s = text(v);
    return s ? emailError(s) : null;
  },
  job_no: (v: unknown): string | null => (text(v).length > 50 ? '工号不能超过50个字符' : null),
  org_id: (v: unknown): string | null => (typeof v === 'number' && v > 0 ? null : '请选择所属公司'),
  dept_ids: (v: unknown): string | null => {
    if (!Array.isArray(v) || v.length === 0) return '请选择所属部门';
    if (v.length > 50) return '所属部门不能超过50个';
    return null;
  },
} as const;

export type StaffField = keyof typeof staffChecks;

/** Every message of a whole form (field → message); empty when the form is valid. */
export function validateStaff(values: StaffFormValues): Partial<Record<StaffField, string>> {
  const out: Partial<Record<StaffField, string>> = {};
  for (const [field, check] of Object.entries(staffChecks) as [StaffField, (v: unknown) => string | null][]) {
    const msg = check(values[field]);
    if (msg) out[field] = msg;
  }
  return out;
}

const REQUIRED: readonly StaffField[] = ['name', 'phone', 'org_id', 'dept_ids'];

/** antd rules of one field, from the checks above. */
export function staffRules(field: StaffField): Rule[] {
  return [
    {
      required: REQUIRED.includes(field),
      validator: (_rule, value) => {
        const msg = staffChecks[field](value);
        return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
      },
    },
  ];
}

/** The create / update body: trimmed strings, empty optional ids as null. */
export function staffBody(values: StaffFormValues): StaffInput {
  return {
    name: text(values.name),
    phone: text(values.phone),
    email: text(values.email),
    job_no: text(values.job_no),
    org_id: values.org_id as number,
    dept_ids: [...new Set(values.dept_ids ?? [])],
    grade_id: values.grade_id ?? null,
    job_id: values.job_id ?? null,
    title_id: values.title_id ?? null,
    supervisor_id: values.supervisor?.[0] ?? null,
  };
}

// ---- batch update ----

export const BATCH_NOTHING_CHOSEN = '请至少选择一项要修改的内容';

/** What the batch dialog edits; a field left unticked is not changed. */
export interface BatchFormValues {
  fields: ('dept' | 'grade' | 'job' | 'status')[];
  dept_ids?: number[];
  grade_id?: number | null;
  job_id?: number | null;
  status?: number;
}

/** Opening the batch dialog: at least one row must be selected (spec §5). */
export function checkBatchSelection(selected: readonly unknown[]): string | null {
  return selected.length === 0 ? SELECT_AT_LEAST_ONE : null;
}

export type BatchPlan = { ok: true; body: StaffBatchInput } | { ok: false; error: string };

/** The users:batch_update body of the selected rows and the ticked fields. */
export function batchBody(selected: readonly number[], values: BatchFormValues): BatchPlan {
  const none = checkBatchSelection(selected);
  if (none) return { ok: false, error: none };
  const fields = new Set(values.fields ?? []);
  if (fields.size === 0) return { ok: false, error: BATCH_NOTHING_CHOSEN };
  const body: StaffBatchInput = { ids: [...new Set(selected)] };
  if (fields.has('dept')) {
    if (!values.dept_ids?.length) return { ok: false, error: '请选择所属部门' };
    body.dept_ids = [...new Set(values.dept_ids)];
  }
  if (fields.has('grade')) body.grade_id = values.grade_id ?? null;
  if (fields.has('job')) body.job_id = values.job_id ?? null;
  if (fields.has('status')) {
    if (values.status !== 1 && values.status !== 2) return { ok: false, error: '请选择员工状态' };
    body.status = values.status;
  }
  return { ok: true, body };
}

/** The staff list filter of a tree node: the top organisation = everyone, a company, a department subtree. */
export function nodeFilter(node: UnitNode | undefined): Pick<StaffQuery, 'org_id' | 'dept_id'> {
  if (!node || node.org_type === 'group') return {};
  return node.org_type === 'dept' ? { dept_id: node.id } : { org_id: node.id };
}

/** Avatar text: the last two Chinese characters of the name (张三丰 → 三丰), else its first character. */
export function avatarText(name: string): string {
  const cjk = [...name].filter((c) => /\p{Script=Han}/u.test(c));
  if (cjk.length >= 2) return cjk.slice(-2).join('');
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}
