import { describe, expect, it } from 'vitest';
import { demoTree } from '../test/harness';
import {
  dropInfoFromAntd,
  dropInfoWhileDragging,
  filterTree,
  flattenOrgs,
  MOVE_ERRORS,
  pathNames,
  planDrop,
  planShift,
} from './tree';

const tree = demoTree();
const drop = (
  dragKey: string,
  dropKey: string,
  dropToGap: boolean,
  relative: number,
  targetExpanded = false,
) => planDrop(tree, { dragKey, dropKey, dropToGap, relative, targetExpanded });

describe('tree drag → order payload', () => {
  it('reorders companies: 演示贸易 dropped before 演示科技 → organizations:order under the group', () => {
    expect(drop('org-3', 'org-2', true, -1)).toEqual({
      ok: true,
      kind: 'org',
      payload: { pid: 1, ids: [3, 2] },
    });
    expect(drop('org-2', 'org-3', true, 1)).toEqual({
      ok: true,
      kind: 'org',
      payload: { pid: 1, ids: [3, 2] },
    });
  });

  it('moves a company under another company (dropped onto it)', () => {
    expect(drop('org-3', 'org-2', false, 0)).toEqual({
      ok: true,
      kind: 'org',
      payload: { pid: 2, ids: [3] },
    });
  });

  it('reorders departments among their siblings → departments:order with org_id and pid 0', () => {
    expect(drop('dept-3', 'dept-2', true, -1)).toEqual({
      ok: true,
      kind: 'dept',
      payload: { org_id: 2, pid: 0, ids: [3, 2] },
    });
  });

  it('moves a department into another department of the same company (first child)', () => {
    expect(drop('dept-2', 'dept-3', false, 0)).toEqual({
      ok: true,
      kind: 'dept',
      payload: { org_id: 2, pid: 3, ids: [2, 5] },
    });
    // the gap below an expanded node with children also means "first child"
    expect(drop('dept-2', 'dept-3', true, 1, true)).toEqual({
      ok: true,
      kind: 'dept',
      payload: { org_id: 2, pid: 3, ids: [2, 5] },
    });
  });

  it('moves a nested department back to the top of its company', () => {
    expect(drop('dept-5', 'dept-2', true, 1)).toEqual({
      ok: true,
      kind: 'dept',
      payload: { org_id: 2, pid: 0, ids: [2, 5, 3] },
    });
    expect(drop('dept-5', 'org-2', false, 0)).toEqual({
      ok: true,
      kind: 'dept',
      payload: { org_id: 2, pid: 0, ids: [5, 2, 3] },
    });
  });

  it('refuses what the server refuses: other company, company under a department, the top, into itself', () => {
    expect(drop('dept-2', 'dept-4', true, 1)).toEqual({ ok: false, error: MOVE_ERRORS.crossCompany });
    expect(drop('dept-2', 'org-3', false, 0)).toEqual({ ok: false, error: MOVE_ERRORS.crossCompany });
    expect(drop('org-3', 'dept-2', false, 0)).toEqual({ ok: false, error: MOVE_ERRORS.companyUnderDept });
    expect(drop('org-1', 'org-2', true, 1)).toEqual({ ok: false, error: MOVE_ERRORS.top });
    expect(drop('org-2', 'org-1', true, 1)).toEqual({ ok: false, error: MOVE_ERRORS.top });
    expect(drop('dept-3', 'dept-5', false, 0)).toEqual({ ok: false, error: MOVE_ERRORS.intoSelf });
    expect(drop('dept-9', 'dept-2', true, 1)).toEqual({ ok: false, error: MOVE_ERRORS.unknown });
  });

  it('a company dropped beside a department goes first among the companies', () => {
    expect(drop('org-3', 'dept-1', true, 1)).toEqual({
      ok: true,
      kind: 'org',
      payload: { pid: 1, ids: [3, 2] },
    });
  });

  it('reads antd onDrop info: dropPosition is absolute, pos holds the index', () => {
    expect(
      dropInfoFromAntd({
        node: { key: 'org-2', pos: '0-0-1', expanded: true, children: [{}] },
        dragNode: { key: 'org-3' },
        dropPosition: 0,
        dropToGap: true,
      }),
    ).toEqual({ dragKey: 'org-3', dropKey: 'org-2', dropToGap: true, relative: -1, targetExpanded: true });
  });

  it('上移 / 下移 move among the same kind and stop at the ends', () => {
    expect(planShift(tree, 'org-3', -1)).toEqual({ ok: true, kind: 'org', payload: { pid: 1, ids: [3, 2] } });
    expect(planShift(tree, 'dept-2', 1)).toEqual({
      ok: true,
      kind: 'dept',
      payload: { org_id: 2, pid: 0, ids: [3, 2] },
    });
    expect(planShift(tree, 'org-2', -1)).toBeNull();
    expect(planShift(tree, 'dept-5', 1)).toBeNull();
    expect(planShift(tree, 'org-1', 1)).toBeNull();
  });
});

describe('tree helpers', () => {
  it('flattens organisations with depth, finds paths, filters by keyword', () => {
    expect(flattenOrgs(tree).map(({ node, depth }) => [node.name, depth])).toEqual([
      ['演示集团', 0],
      ['演示科技', 1],
      ['演示贸易', 1],
    ]);
    expect(pathNames(tree, 'dept-5')).toEqual(['演示集团', '演示科技', '研发部', '前端组']);
    const { tree: hit, expand } = filterTree(tree, '前端');
    expect(hit[0].children.map((c) => c.name)).toEqual(['演示科技']);
    expect(expand).toEqual(expect.arrayContaining(['org-1', 'org-2', 'dept-3']));
    expect(filterTree(tree, '  ').tree).toHaveLength(1);
  });
});

describe('dropInfoWhileDragging', () => {
  it('reads antd allowDrop arguments (dropPosition already relative)', () => {
    expect(
      dropInfoWhileDragging({ dragNode: { key: 'dept-3' }, dropNode: { key: 'org-1' }, dropPosition: 0 }),
    ).toEqual({ dragKey: 'dept-3', dropKey: 'org-1', dropToGap: false, relative: 0 });
    expect(dropInfoWhileDragging({ dragNode: { key: 7 }, dropNode: { key: 8 }, dropPosition: -1 })).toEqual({
      dragKey: '7',
      dropKey: '8',
      dropToGap: true,
      relative: -1,
    });
  });
});
