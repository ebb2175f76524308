import { describe, expect, it } from 'vitest';
import type { FormField } from '@feikong/contracts';
import { designerReducer, fieldIssues, issueLines, newField, type DesignerState } from './designer';

const empty: DesignerState = { fields: [], selected: null };
const run = (s: DesignerState, ...actions: Parameters<typeof designerReducer>[1][]) =>
  actions.reduce(designerReducer, s);
const keys = (s: DesignerState) => s.fields.map((f) => f.key);

describe('form designer reducer', () => {
  it('adds fields with fresh keys, their kind as the title, and selects the new one', () => {
    const s = run(
      empty,
      { type: 'add', kind: 'text' },
      { type: 'add', kind: 'money' },
      { type: 'add', kind: 'text' },
    );
    expect(keys(s)).toEqual(['text_1', 'money_1', 'text_2']);
    expect(s.fields.map((f) => f.label)).toEqual(['单行文本', '金额', '单行文本']);
    expect(s.selected).toBe(2);
    const sel = run(s, { type: 'add', kind: 'select', at: 0 });
    expect(keys(sel)[0]).toBe('select_1');
    expect(sel.fields[0]!.options).toEqual([
      { value: '选项1', label: '选项1' },
      { value: '选项2', label: '选项2' },
    ]);
    expect(sel.selected).toBe(0);
  });

  it('places fee lines, trips and 关联单据 once only', () => {
    const s = run(empty, { type: 'add', kind: 'feeLines' }, { type: 'add', kind: 'feeLines' });
    expect(keys(s)).toEqual(['feeLines_1']);
  });

  it('moves a field up and down; the selection follows the field it named', () => {
    const s = run(
      empty,
      { type: 'add', kind: 'text' },
      { type: 'add', kind: 'number' },
      { type: 'add', kind: 'date' },
    );
    const selectedFirst = run(s, { type: 'select', index: 0 });
    const down = run(selectedFirst, { type: 'move', from: 0, to: 2 });
    expect(keys(down)).toEqual(['number_1', 'date_1', 'text_1']);
    expect(down.selected).toBe(2);
    // Moving another field across the selected one shifts the selection.
    const across = run(run(s, { type: 'select', index: 1 }), { type: 'move', from: 2, to: 0 });
    expect(keys(across)).toEqual(['date_1', 'text_1', 'number_1']);
    expect(across.fields[across.selected!]!.key).toBe('number_1');
    // Out of range: nothing moves.
    expect(run(s, { type: 'move', from: 0, to: -1 })).toBe(s);
    expect(keys(run(s, { type: 'move', from: 2, to: 9 }))).toEqual(keys(s));
  });

  it('removes a field and keeps a sensible selection', () => {
    const s = run(
      empty,
      { type: 'add', kind: 'text' },
      { type: 'add', kind: 'number' },
      { type: 'add', kind: 'date' },
    );
    const last = run(s, { type: 'remove', index: 2 });
    expect(keys(last)).toEqual(['text_1', 'number_1']);
    expect(last.selected).toBe(1);
    const before = run(run(s, { type: 'select', index: 2 }), { type: 'remove', index: 0 });
    expect(before.fields[before.selected!]!.key).toBe('date_1');
    expect(run(run(empty, { type: 'add', kind: 'text' }), { type: 'remove', index: 0 })).toEqual(empty);
  });

  it('updates the selected field’s properties', () => {
    const s = run(
      empty,
      { type: 'add', kind: 'money' },
      {
        type: 'update',
        index: 0,
        patch: { label: '预算', key: 'budget', required: true, min: 100, max: 500_000 },
      },
    );
    expect(s.fields[0]).toMatchObject({
      label: '预算',
      key: 'budget',
      required: true,
      min: 100,
      max: 500_000,
    });
  });
});

describe('field issues shown before saving', () => {
  const f = (over: Partial<FormField>): FormField => ({ ...newField([], 'text'), ...over });

  it('bad, reserved and duplicate keys', () => {
    const fields = [
      f({ key: '1abc' }),
      f({ key: 'a-b' }),
      f({ key: 'amount' }),
      f({ key: 'reason' }),
      f({ key: 'reason' }),
      f({ key: 'x'.repeat(33) }),
      f({ key: '' }),
      f({ key: 'ok_1' }),
    ];
    const issues = fieldIssues(fields);
    expect(issues.get(0)?.key).toMatch(/须以字母开头/);
    expect(issues.get(1)?.key).toMatch(/须以字母开头/);
    expect(issues.get(2)?.key).toBe('字段标识 amount 为系统保留字');
    expect(issues.get(3)?.key).toBe('字段标识 reason 重复');
    expect(issues.get(4)?.key).toBe('字段标识 reason 重复');
    expect(issues.get(5)?.key).toMatch(/最多32个字符/);
    expect(issues.get(6)?.key).toBe('请填写字段标识');
    expect(issues.has(7)).toBe(false);
  });

  it('empty titles and options, duplicate options, min over max; sentences name the field', () => {
    const fields = [
      f({ key: 'a', label: ' ' }),
      f({ key: 'b', kind: 'select', label: '级别', options: [] }),
      f({
        key: 'c',
        kind: 'multiSelect',
        label: '标签',
        options: [
          { value: 'x', label: 'x' },
          { value: 'x', label: 'x' },
        ],
      }),
      f({ key: 'd', kind: 'money', label: '预算', min: 500, max: 100 }),
      f({ key: 'e', kind: 'number', label: '人数', min: 1, max: 9 }),
    ];
    const issues = fieldIssues(fields);
    expect(issues.get(0)).toEqual({ label: '请填写标题' });
    expect(issues.get(1)).toEqual({ options: '请至少添加一个选项' });
    expect(issues.get(2)).toEqual({ options: '选项不能重复' });
    expect(issues.get(3)).toEqual({ range: '最小值不能大于最大值' });
    expect(issues.has(4)).toBe(false);
    expect(issueLines(fields)).toContain('第4个字段「预算」：最小值不能大于最大值');
  });

  it('a select bound to a 数据字典 needs no options of its own (decision 0060)', () => {
    const fields = [f({ key: 'r', kind: 'select', label: '事由', options: [], dictCode: 'trip_reason' })];
    expect(fieldIssues(fields).has(0)).toBe(false);
  });
});
