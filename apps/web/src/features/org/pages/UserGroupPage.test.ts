import { describe, expect, it } from 'vitest';
import type { UserGroupNode } from '../../../api/org';
import { filterGroups, findGroup, parentOptions } from './UserGroupPage';

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
});
