import { describe, expect, it } from 'vitest';
import { diffSnapshots, idResolver, showValue } from './oplog';
import { checkImportFile, formatSize, IMPORT_MAX_BYTES, UPLOAD_ERRORS } from './upload';

describe('import file check', () => {
  it('accepts .xlsx up to 20 MB; refuses other types, empty and larger files in Chinese', () => {
    expect(checkImportFile({ name: '成员.xlsx', size: 1024 })).toBeNull();
    expect(checkImportFile({ name: 'A.XLSX', size: IMPORT_MAX_BYTES })).toBeNull();
    expect(checkImportFile({ name: '成员.xls', size: 1024 })).toBe(UPLOAD_ERRORS.type);
    expect(checkImportFile({ name: '成员.csv', size: 1024 })).toBe('仅支持 .xlsx 格式的 Excel 文件');
    expect(checkImportFile({ name: '成员.xlsx', size: 0 })).toBe(UPLOAD_ERRORS.empty);
    expect(checkImportFile({ name: '成员.xlsx', size: IMPORT_MAX_BYTES + 1 })).toBe('文件大小不能超过 20MB');
    expect(formatSize(1536 * 1024)).toBe('1.5 MB');
    expect(formatSize(2048)).toBe('2 KB');
  });
});

describe('operation log diff', () => {
  it('lists every field, marks the changed ones, names them in Chinese', () => {
    const rows = diffSnapshots(
      { id: 3, name: '研发部', pid: 0, dept_ids: [1, 2] },
      { id: 3, name: '研发中心', pid: 0, dept_ids: [2] },
    );
    expect(rows.map((r) => [r.label, r.before, r.after, r.changed])).toEqual([
      ['ID', '3', '3', false],
      ['名称', '研发部', '研发中心', true],
      ['上级', '0', '0', false],
      ['所属部门', '1、2', '2', true],
    ]);
  });

  it('shows names instead of ids where the tree knows them', () => {
    const resolve = idResolver('staff', {
      orgs: new Map([[2, '演示科技']]),
      depts: new Map([[3, '研发部']]),
      jobs: new Map([[4, '后端工程师']]),
    });
    const rows = diffSnapshots(
      { org_id: 2, dept_ids: [3, 9], status: 1, job_id: null, grade_id: 7 },
      { org_id: 2, dept_ids: [], status: 2, job_id: 4, grade_id: 7 },
      resolve,
    );
    expect(rows.map((r) => [r.label, r.before, r.after])).toEqual([
      ['所属公司', '演示科技', '演示科技'],
      ['所属部门', '研发部、9', '-'],
      ['状态', '在职', '离职'],
      ['职位', '-', '后端工程师'],
      ['职级', '7', '7'],
    ]);
    const dept = idResolver('department', { orgs: new Map(), depts: new Map([[3, '研发部']]) });
    expect(dept('pid', 0)).toBe('（公司下第一级）');
    expect(dept('pid', 3)).toBe('研发部');
  });

  it('a create has no before; lists of moved items are one row', () => {
    expect(diffSnapshots(null, { name: 'P6' })).toEqual([
      { field: 'name', label: '名称', before: '-', after: 'P6', changed: true },
    ]);
    expect(diffSnapshots([{ id: 1 }], [{ id: 1, order: 2 }])[0]).toMatchObject({
      label: '内容',
      changed: true,
    });
    expect(diffSnapshots(null, null)).toEqual([]);
    expect(showValue(true)).toBe('是');
    expect(showValue('')).toBe('-');
  });
});
