import { describe, expect, it } from 'vitest';
import type { SyncCandidate, SyncConflict } from '@/api/org';
import {
  defaultPlan,
  handleBody,
  matchTags,
  statusOfTab,
  statusTabOf,
  statusView,
  successText,
} from './syncConflict';

const cand = (id: number, extra: Partial<SyncCandidate> = {}): SyncCandidate => ({
  id,
  name: '员工乙',
  phone: '13800000003',
  org_name: '演示科技有限公司',
  dept_name: '研发部',
  status: 1,
  same_phone: false,
  same_name: true,
  ...extra,
});
const conflict = (candidates: SyncCandidate[] = []): SyncConflict => ({
  id: 7,
  platform: 'dingtalk',
  platform_name: '钉钉',
  third_user_id: '0217445638261175',
  name: '员工乙',
  phone: '13800000333',
  reason: '手机号不一致',
  status: 1,
  resolution: null,
  staff_id: null,
  staff_name: '',
  resolved_by: null,
  resolved_by_name: '',
  resolved_at: null,
  created_at: 1,
  updated_at: 1,
  candidates,
});

describe('同步冲突处理 rules', () => {
  it('labels the status column by how a conflict was resolved', () => {
    expect(statusView({ status: 1, resolution: null })).toEqual({ label: '待处理', color: 'orange' });
    expect(statusView({ status: 2, resolution: 'bind' }).label).toBe('已关联');
    expect(statusView({ status: 2, resolution: 'create' }).label).toBe('已新建');
    expect(statusView({ status: 2, resolution: 'ignore' }).label).toBe('已忽略');
  });

  it('maps the status tabs to the URL and the query', () => {
    expect(statusTabOf(null)).toBe('pending');
    expect(statusTabOf('bogus')).toBe('pending');
    expect(statusTabOf('resolved')).toBe('resolved');
    expect([statusOfTab('pending'), statusOfTab('resolved'), statusOfTab('all')]).toEqual([1, 2, undefined]);
  });

  it('opens on binding to the first active suggestion, else on creating a staff member', () => {
    expect(defaultPlan(conflict([cand(3, { status: 2 }), cand(4)]))).toEqual({ action: 'bind', staff_id: 4 });
    expect(defaultPlan(conflict([cand(3, { status: 2 })]))).toEqual({ action: 'create' });
    expect(defaultPlan(conflict())).toEqual({ action: 'create' });
    expect(matchTags(cand(1, { same_phone: true }))).toEqual(['手机号相同', '同名']);
  });

  it('sends only what the chosen action uses', () => {
    const c = conflict();
    expect(handleBody(c, { action: 'bind', staff_id: 4, name: 'x', org_id: 2 })).toEqual({
      id: 7,
      action: 'bind',
      staff_id: 4,
    });
    expect(handleBody(c, { action: 'ignore', staff_id: 4 })).toEqual({ id: 7, action: 'ignore' });
    expect(
      handleBody(c, {
        action: 'create',
        name: ' 王五 ',
        phone: '',
        org_id: 2,
        dept_ids: [3, 3, 5],
        staff_id: 4,
      }),
    ).toEqual({ id: 7, action: 'create', name: '王五', phone: undefined, org_id: 2, dept_ids: [3, 5] });
  });

  it('says what happened in Chinese', () => {
    const c = conflict();
    const r = { id: 7, action_name: '', staff_id: 4 };
    expect(successText(c, { ...r, action: 'bind', bound: false }, '员工乙')).toBe(
      '已将钉钉用户「员工乙」关联到员工「员工乙」',
    );
    expect(successText(c, { ...r, action: 'bind', bound: true }, '员工乙')).toBe(
      '已将钉钉用户「员工乙」关联到员工「员工乙」，之后可直接通过钉钉登录',
    );
    expect(successText(c, { ...r, action: 'create', bound: false }, '王五')).toBe(
      '已为钉钉用户「员工乙」新建员工「王五」',
    );
    expect(successText(c, { ...r, action: 'ignore', staff_id: null, bound: false })).toBe(
      '已忽略钉钉用户「员工乙」的同步冲突',
    );
  });
});
