import { describe, expect, it } from 'vitest';
import type { UserGroupNode } from '@/api/org';
import { filterGroups, findGroup, parentOptions, planGroupDrop } from './userGroups';

const g = (id: number, pid: number, name: string, children: UserGroupNode[] = []): UserGroupNode => ({
  id,
  pid,
  name,
  order: 0,
  member_count: 0,
  children,
});
const tree = [
  g(1, 0, '差旅审批组', [g(2, 1, '华东审批', [g(3, 2, '上海审批')])]),
  g(4, 0, '财务类', [g(5, 4, '付款组')]),
];

describe('user group tree helpers', () => {
  it('filters by name, keeping ancestors of a match and the whole subtree of a matching group', () => {
    expect(filterGroups(tree, '  ')).toEqual(tree);
    const hit = filterGroups(tree, '上海');
    expect(hit.map((n) => n.name)).toEqual(['差旅审批组']);
    expect(hit[0].children[0].children.map((n) => n.name)).toEqual(['上海审批']);
    expect(filterGroups(tree, '财务')[0].children.map((n) => n.name)).toEqual(['付款组']);
    expect(filterGroups(tree, '没有')).toEqual([]);
  });

  it('offers 顶级 and every group but the moving one and those below it as parents', () => {
    const ids = (opts: ReturnType<typeof parentOptions>): number[] =>
      opts.flatMap((o) => [o.value, ...ids(o.children)]);
    expect(ids(parentOptions(tree))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ids(parentOptions(tree, 2))).toEqual([0, 1, 4, 5]);
    expect(ids(parentOptions(tree, 1))).toEqual([0, 4, 5]);
    expect(parentOptions([], 1)).toEqual([{ value: 0, title: '顶级（无上级）', children: [] }]);
  });

  it('finds a group at any depth', () => {
    expect(findGroup(tree, 3)?.name).toBe('上海审批');
    expect(findGroup(tree, 9)).toBeUndefined();
  });

  it('turns a drop into the new parent and sibling order, or refuses it with a reason', () => {
    const drop = (drag: number, target: number, relative: number, targetExpanded = false) =>
      planGroupDrop(tree, {
        dragKey: String(drag),
        dropKey: String(target),
        dropToGap: relative !== 0,
        relative,
        targetExpanded,
      });
    // Before and after a top-level sibling.
    expect(drop(4, 1, -1)).toEqual({ ok: true, pid: 0, ids: [4, 1] });
    expect(drop(1, 4, 1)).toEqual({ ok: true, pid: 0, ids: [4, 1] });
    // Onto a group: its first child; below an expanded group with children: its first child too.
    expect(drop(5, 1, 0)).toEqual({ ok: true, pid: 1, ids: [5, 2] });
    expect(drop(5, 2, 1, true)).toEqual({ ok: true, pid: 2, ids: [5, 3] });
    // Out of a parent to the top level, after 差旅审批组.
    expect(drop(3, 1, 1)).toEqual({ ok: true, pid: 0, ids: [1, 3, 4] });
    // Refused: onto itself, under its own descendant, unknown ids, a name already among the new siblings.
    expect(drop(1, 1, 0)).toEqual({ ok: false, error: '不能移动到自身或其下级' });
    expect(drop(1, 3, 0)).toEqual({ ok: false, error: '不能移动到自身或其下级' });
    expect(drop(1, 2, 1)).toEqual({ ok: false, error: '不能移动到自身或其下级' });
    expect(drop(9, 1, 0)).toEqual({ ok: false, error: '拖拽的节点不存在，请刷新后重试' });
    const twins = [g(1, 0, '付款组'), g(4, 0, '财务类', [g(5, 4, '付款组')])];
    expect(planGroupDrop(twins, { dragKey: '5', dropKey: '1', dropToGap: true, relative: 1 })).toEqual({
      ok: false,
      error: '同级已有名为「付款组」的用户组',
    });
  });
});
