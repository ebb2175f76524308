import type { UserGroupNode } from '@/api/org';
import { MOVE_ERRORS, type DropInfo } from './tree';

// Rules of the 用户组 tree (search, 上级用户组 choices, drag and drop), kept out of the page.

/** The tree with groups whose name contains `keyword` and their ancestors. */
export function filterGroups(nodes: readonly UserGroupNode[], keyword: string): UserGroupNode[] {
  const kw = keyword.trim();
  if (!kw) return [...nodes];
  return nodes.flatMap((n) => {
    const children = filterGroups(n.children, kw);
    return n.name.includes(kw) || children.length
      ? [{ ...n, children: n.name.includes(kw) ? n.children : children }]
      : [];
  });
}

export interface ParentOption {
  value: number;
  title: string;
  children: ParentOption[];
}

/**
 * The choices of 上级用户组: 顶级 (0) and every group except `movingId` and the groups below it (a
 * group cannot move under itself).
 */
export function parentOptions(nodes: readonly UserGroupNode[], movingId?: number): ParentOption[] {
  const walk = (list: readonly UserGroupNode[]): ParentOption[] =>
    list
      .filter((g) => g.id !== movingId)
      .map((g) => ({ value: g.id, title: g.name, children: walk(g.children) }));
  return [{ value: 0, title: '顶级（无上级）', children: [] }, ...walk(nodes)];
}

export function findGroup(nodes: readonly UserGroupNode[], id: number): UserGroupNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findGroup(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

export type GroupDropPlan = { ok: true; pid: number; ids: number[] } | { ok: false; error: string };

/**
 * What dropping a group means (antd Tree drag and drop, as DropInfo): its new parent (0 = top) and
 * the new order of its siblings there, or why the drop is refused.
 */
export function planGroupDrop(groups: readonly UserGroupNode[], drop: DropInfo): GroupDropPlan {
  const drag = findGroup(groups, Number(drop.dragKey));
  const target = findGroup(groups, Number(drop.dropKey));
  if (!drag || !target) return { ok: false, error: MOVE_ERRORS.unknown };
  if (drag.id === target.id) return { ok: false, error: MOVE_ERRORS.intoSelf };
  const into = !drop.dropToGap || (drop.targetExpanded === true && drop.relative === 1);
  const pid = into ? target.id : target.pid;
  if (pid !== 0 && (pid === drag.id || findGroup(drag.children, pid)))
    return { ok: false, error: MOVE_ERRORS.intoSelf };
  const siblings = (pid === 0 ? groups : findGroup(groups, pid)!.children).filter((c) => c.id !== drag.id);
  if (drag.pid !== pid && siblings.some((s) => s.name === drag.name))
    return { ok: false, error: `同级已有名为「${drag.name}」的用户组` };
  const at = siblings.findIndex((s) => s.id === target.id);
  const index = into ? 0 : drop.relative < 0 ? at : at + 1;
  const ordered = [...siblings.slice(0, index), drag, ...siblings.slice(index)];
  return { ok: true, pid, ids: ordered.map((g) => g.id) };
}
