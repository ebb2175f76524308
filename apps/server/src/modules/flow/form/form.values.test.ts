import type { FormField } from '@feikong/contracts';
import { describe, expect, it } from 'vitest';
import { checkFormValues, formValueRows } from './form.values.js';

const f = (
  key: string,
  label: string,
  kind: FormField['kind'],
  extra: Partial<FormField> = {},
): FormField => ({
  key,
  label,
  kind,
  required: false,
  placeholder: '',
  help: '',
  options: [],
  precision: 0,
  multiple: false,
  ...extra,
});
const lines = { feeLines: 0, tripLines: 0, relatedBills: 0 };
const messages = (fields: FormField[], values: Record<string, unknown>, submit = false) =>
  checkFormValues(fields, values, { submit, lines }).issues.map((i) => i.message);

describe('checkFormValues', () => {
  it('numbers: precision and bounds; text lengths', () => {
    const n = f('n', '人数', 'number', { min: 1, max: 10 });
    expect(messages([n], { n: 3 })).toEqual([]);
    expect(messages([n], { n: 3.5 })).toEqual(['「人数」须为整数']);
    expect(messages([n], { n: 0 })).toEqual(['「人数」不能小于1']);
    expect(messages([n], { n: '3' })).toEqual(['「人数」须为数字']);
    const r = f('r', '比例', 'number', { precision: 2 });
    expect(messages([r], { r: 0.25 })).toEqual([]);
    expect(messages([r], { r: 0.125 })).toEqual(['「比例」最多2位小数']);
    expect(messages([f('t', '事由', 'text')], { t: 'x'.repeat(201) })).toEqual(['「事由」不能超过200个字符']);
    expect(messages([f('t', '说明', 'textarea')], { t: 'x'.repeat(201) })).toEqual([]);
  });

  it('required only on submit; empty values count as missing; bound kinds count the lines', () => {
    const fields = [
      f('a', '事由', 'text', { required: true }),
      f('fees', '费用明细', 'feeLines', { required: true }),
    ];
    expect(messages(fields, { a: '' })).toEqual([]);
    expect(messages(fields, { a: '' }, true)).toEqual(['「事由」为必填项', '「费用明细」至少填写一条']);
    expect(
      checkFormValues(fields, { a: 'x' }, { submit: true, lines: { ...lines, feeLines: 1 } }).issues,
    ).toEqual([]);
  });

  it('collects the references to check in the tenant, refuses bad shapes', () => {
    const fields = [
      f('s', '同行人', 'staff', { multiple: true }),
      f('d', '部门', 'department'),
      f('p', '项目', 'project'),
      f('x', '附件', 'attachments'),
      f('i', '发票', 'invoicePicker'),
    ];
    const { issues, refs } = checkFormValues(
      fields,
      { s: [1, 2], d: 3, p: 9, x: ['attachment/t1/a.pdf'], i: [7] },
      { submit: false, lines },
    );
    expect(issues).toEqual([]);
    expect([...refs.staff.keys()]).toEqual([1, 2]);
    expect([...refs.department.keys()]).toEqual([3]);
    expect([...refs.files.keys()]).toEqual(['attachment/t1/a.pdf']);
    expect([...refs.invoices.keys()]).toEqual([7]);
    expect(messages(fields, { d: [3], i: 7, x: 'a' })).toEqual([
      '「部门」须为ID',
      '「附件」须为文件列表',
      '「发票」须为发票ID列表',
    ]);
    expect(messages(fields, { i: Array.from({ length: 51 }, (_, k) => k + 1) })).toEqual([
      '「发票」最多50项',
    ]);
  });

  it('dates and options', () => {
    const fields = [
      f('d', '日期', 'date'),
      f('m', '类别', 'multiSelect', {
        options: [
          { value: 'a', label: '甲' },
          { value: 'b', label: '乙' },
        ],
      }),
    ];
    expect(messages(fields, { d: '2026-02-28', m: ['a', 'b'] })).toEqual([]);
    expect(messages(fields, { d: '2026-02-29' })).toEqual(['「日期」格式应为YYYY-MM-DD']);
    expect(messages(fields, { m: ['a', 'c'] })).toEqual(['「类别」选项不存在']);
    expect(messages(fields, { m: ['a', 'a'] })).toEqual(['「类别」选项重复']);
  });
});

describe('formValueRows', () => {
  it('labels, money, options and ranges in field order; unknown keys keep their key', () => {
    const fields = [
      f('range', '期间', 'dateRange'),
      f('money', '金额', 'money'),
      f('kind', '类型', 'select', { options: [{ value: 'u', label: '紧急' }] }),
      f('fees', '费用明细', 'feeLines'),
      f('empty', '空', 'text'),
    ];
    expect(
      formValueRows(fields, {
        money: 123_456,
        kind: 'u',
        range: ['2026-01-01', '2026-01-02'],
        old: 'x',
        empty: '',
      }),
    ).toEqual([
      { key: 'range', label: '期间', value: '2026-01-01 至 2026-01-02' },
      { key: 'money', label: '金额', value: '¥1234.56' },
      { key: 'kind', label: '类型', value: '紧急' },
      { key: 'old', label: 'old', value: 'x' },
    ]);
    expect(formValueRows(null, { 项目编号: 'P-01', list: ['a', 'b'] })).toEqual([
      { key: '项目编号', label: '项目编号', value: 'P-01' },
      { key: 'list', label: 'list', value: 'a、b' },
    ]);
  });
});
