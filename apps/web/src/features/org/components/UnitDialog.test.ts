import { describe, expect, it } from 'vitest';
import { demoTree } from '../test/harness';
import { findNode } from '../rules/tree';
import { nextOrder, unitDialogTitle } from './UnitDialog';

describe('unit dialog', () => {
  it('a new company or department goes after its siblings of the same kind', () => {
    const tree = demoTree();
    const tech = findNode(tree, 'org-2')!;
    tech.children[0].order = 1;
    tech.children[1].order = 4;
    expect(nextOrder(tech, 'dept')).toBe(5);
    expect(nextOrder(tech, 'company')).toBe(1);
    expect(nextOrder(findNode(tree, 'dept-5')!, 'dept')).toBe(1);
  });

  it('titles by what is created or edited', () => {
    const tree = demoTree();
    expect(unitDialogTitle({ mode: 'create', kind: 'company', parent: tree[0] })).toBe('新增子公司');
    expect(unitDialogTitle({ mode: 'create', kind: 'dept', parent: tree[0] })).toBe('新增部门');
    expect(unitDialogTitle({ mode: 'create', kind: 'dept', parent: findNode(tree, 'dept-3')! })).toBe(
      '新增子部门',
    );
    expect(unitDialogTitle({ mode: 'edit', node: findNode(tree, 'dept-3')! })).toBe('编辑部门');
    expect(unitDialogTitle({ mode: 'edit', node: tree[0] })).toBe('编辑公司');
  });
});
