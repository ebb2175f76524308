import { describe, expect, it } from 'vitest';
import { EMAIL_ERROR, MOBILE_ERROR, SELECT_AT_LEAST_ONE } from '@feikong/contracts';
import {
  BATCH_NOTHING_CHOSEN,
  batchBody,
  checkBatchSelection,
  staffBody,
  staffChecks,
  validateStaff,
} from './staff';

describe('staff form validation (spec §5)', () => {
  it('phone: 11 digits starting with 1, else 手机号格式错误; required', () => {
    expect(MOBILE_ERROR).toBe('手机号格式错误');
    expect(staffChecks.phone('13800138000')).toBeNull();
    expect(staffChecks.phone(' 13800138000 ')).toBeNull();
    expect(staffChecks.phone('23800138000')).toBe(MOBILE_ERROR);
    expect(staffChecks.phone('1380013800')).toBe(MOBILE_ERROR);
    expect(staffChecks.phone('')).toBe('请输入手机号');
  });

  it('email is optional; when given it must look like one (邮箱格式错误)', () => {
    expect(EMAIL_ERROR).toBe('邮箱格式错误');
    expect(staffChecks.email('')).toBeNull();
    expect(staffChecks.email(undefined)).toBeNull();
    expect(staffChecks.email('a@b.cn')).toBeNull();
    expect(staffChecks.email('a@b')).toBe(EMAIL_ERROR);
    expect(staffChecks.email('a b@c.com')).toBe(EMAIL_ERROR);
  });

  it('name, company and departments are required; lengths are limited', () => {
    expect(validateStaff({})).toEqual({
      name: '请输入姓名',
      phone: '请输入手机号',
      org_id: '请选择所属公司',
      dept_ids: '请选择所属部门',
    });
    expect(staffChecks.name('   ')).toBe('请输入姓名');
    expect(staffChecks.name('张'.repeat(51))).toBe('姓名不能超过50个字符');
    expect(staffChecks.job_no('A'.repeat(51))).toBe('工号不能超过50个字符');
    expect(
      validateStaff({ name: '张三', phone: '13800138000', email: 'z@x.com', org_id: 2, dept_ids: [3] }),
    ).toEqual({});
  });

  it('builds the request body: trimmed, departments unique, empty ids as null', () => {
    expect(
      staffBody({
        name: ' 张三 ',
        phone: '13800138000',
        email: ' ',
        org_id: 2,
        dept_ids: [3, 3, 5],
        grade_id: undefined,
      }),
    ).toEqual({
      name: '张三',
      phone: '13800138000',
      email: '',
      job_no: '',
      org_id: 2,
      dept_ids: [3, 5],
      grade_id: null,
      job_id: null,
      title_id: null,
      supervisor_id: null,
    });
    // 直属上级: the picker's one choice.
    expect(
      staffBody({ name: '李四', phone: '13800138001', org_id: 2, dept_ids: [3], supervisor: [7] }),
    ).toMatchObject({
      supervisor_id: 7,
    });
  });
});

describe('batch update', () => {
  it('nothing selected → 请至少选择一条数据！', () => {
    expect(SELECT_AT_LEAST_ONE).toBe('请至少选择一条数据！');
    expect(checkBatchSelection([])).toBe(SELECT_AT_LEAST_ONE);
    expect(checkBatchSelection([1])).toBeNull();
    expect(batchBody([], { fields: ['grade'], grade_id: 1 })).toEqual({
      ok: false,
      error: SELECT_AT_LEAST_ONE,
    });
  });

  it('only ticked fields are sent', () => {
    expect(batchBody([1, 2], { fields: [] })).toEqual({ ok: false, error: BATCH_NOTHING_CHOSEN });
    expect(batchBody([1, 2, 2], { fields: ['grade', 'status'], grade_id: 4, job_id: 9, status: 2 })).toEqual({
      ok: true,
      body: { ids: [1, 2], grade_id: 4, status: 2 },
    });
    expect(batchBody([1], { fields: ['job'] })).toEqual({ ok: true, body: { ids: [1], job_id: null } });
    expect(batchBody([1], { fields: ['dept'], dept_ids: [] })).toEqual({
      ok: false,
      error: '请选择所属部门',
    });
    expect(batchBody([1], { fields: ['dept'], dept_ids: [3, 5] })).toEqual({
      ok: true,
      body: { ids: [1], dept_ids: [3, 5] },
    });
  });
});
