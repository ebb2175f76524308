import type { UnitNode } from '@/api/org';

/**
 * Pure rules of the organisation tree (组织与员工): finding nodes, the companies list, keyword
 * filtering, and turning a drag (antd Tree onDrop) into an organizations:order or departments:order
 * call. Companies move among organisations; departments move within their own company.
 */

export const isOrg = (n: Pick<UnitNode, 'org_type'>) => n.org_type !== 'dept';

export function findNode(tree: readonly UnitNode[], key: string): UnitNode | undefined {
  for (const n of tree) {
    if (n.key === key) return n;
    const hit = findNode(n.children, key);
    if (hit) return hit;
  }
  return undefined;
}

/** The node whose children hold `key`; undefined for a root (or an unknown key). */
export function parentOf(tree: readonly UnitNode[], key: string, parent?: UnitNode): UnitNode | undefined {
  for (const n of tree) {
    if (n.key === key) return parent;
    const hit = parentOf(n.children, key, n);
    if (hit) return hit;
  }
  return undefined;
}

/** Every node below `node` (not itself). */
export function descendantsOf(node: UnitNode): UnitNode[] {
  return node.children.flatMap((c) => [c, ...descendantsOf(c)]);
}

/** Organisations (the top one and companies) in tree order, with their depth for indenting. */
export function flattenOrgs(tree: readonly UnitNode[], depth = 0): { node: UnitNode; depth: number }[] {
  return tree.filter(isOrg).flatMap((n) => [{ node: n, depth }, ...flattenOrgs(n.children, depth + 1)]);
}

/** The departments of one company as a tree (child companies left out). */
export function deptsOfOrg(tree: readonly UnitNode[], orgId: number): UnitNode[] {
  const org = findNode(tree, `org-${orgId}`);
  return org ? org.children.filter((c) => !isOrg(c)) : [];
}

export interface DeptOption {
  value: number;
  title: string;
  children: DeptOption[];
}

/** Departments as TreeSelect options (所属部门 pickers): ids, names, sub-departments only. */
export const deptOptions = (nodes: readonly UnitNode[]): DeptOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.name,
    children: deptOptions(n.children.filter((c) => c.org_type === 'dept')),
  }));

/** Path of names from the root down to `key`, e.g. 演示集团 / 演示科技有限公司 / 研发部. */
export function pathNames(tree: readonly UnitNode[], key: string): string[] {
  for (const n of tree) {
    if (n.key === key) return [n.name];
    const below = pathNames(n.children, key);
    if (below.length) return [n.name, ...below];
  }
  return [];
}

/**
 * The tree cut down to nodes whose name contains `keyword` and their ancestors; also the keys to
 * expand so every match shows. A blank keyword keeps everything.
 */
export function filterTree(
  tree: readonly UnitNode[],
  keyword: string,
): { tree: UnitNode[]; expand: string[] } {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return { tree: [...tree], expand: [] };
  const expand: string[] = [];
  const walk = (list: readonly UnitNode[]): UnitNode[] =>
    list.flatMap((n) => {
      const children = walk(n.children);
      const own = n.name.toLowerCase().includes(kw);
      if (!own && children.length === 0) return [];
      if (children.length) expand.push(n.key);
      return [{ ...n, children: own && children.length === 0 ? n.children : children }];
    });
  return { tree: walk(tree), expand };
}

// ---- drag and drop ----

export const MOVE_ERRORS = {
  top: '顶级组织不能移动',
  companyUnderDept: '公司只能放在集团或公司下',
  crossCompany: '不能将部门移动到其他公司',
  intoSelf: '不能移动到自身或其下级',
  unknown: '拖拽的节点不存在，请刷新后重试',
} as const;

export interface DropInfo {
  dragKey: string;
  /** The node dropped on or beside. */
  dropKey: string;
  /** false: dropped onto the node (becomes its child); true: dropped in the gap before / after it. */
  dropToGap: boolean;
  /** antd's dropPosition minus the target's own index: -1 before, 0 onto, 1 after. */
  relative: number;
  /** The target is expanded and has children: a drop in the gap below it means "first child". */
  targetExpanded?: boolean;
}

export type DropPlan =
  | { ok: true; kind: 'org'; payload: { pid: number; ids: number[] } }
  | { ok: true; kind: 'dept'; payload: { org_id: number; pid: number; ids: number[] } }
  | { ok: false; error: string };

/** antd's onDrop info → DropInfo (pos is "0-1-2", dropPosition is absolute). */
export function dropInfoFromAntd(info: {
  node: { key: unknown; pos: string; expanded?: boolean; children?: unknown[] };
  dragNode: { key: unknown };
  dropPosition: number;
  dropToGap: boolean;
}): DropInfo {
  const pos = info.node.pos.split('-');
  return {
    dragKey: String(info.dragNode.key),
    dropKey: String(info.node.key),
    dropToGap: info.dropToGap,
    relative: info.dropPosition - Number(pos[pos.length - 1]),
    targetExpanded: !!info.node.expanded && (info.node.children?.length ?? 0) > 0,
  };
}

/** antd's allowDrop arguments → DropInfo (there dropPosition is already -1, 0 or 1). */
export function dropInfoWhileDragging(o: {
  dragNode: { key: unknown };
  dropNode: { key: unknown };
  dropPosition: number;
}): DropInfo {
  return {
    dragKey: String(o.dragNode.key),
    dropKey: String(o.dropNode.key),
    dropToGap: o.dropPosition !== 0,
    relative: o.dropPosition,
  };
}

/**
 * What a drop means: the new parent and the new order of the moved node's siblings of its own kind
 * (companies among companies, departments among departments), or why the move is refused.
 */
export function planDrop(tree: readonly UnitNode[], drop: DropInfo): DropPlan {
  const drag = findNode(tree, drop.dragKey);
  const target = findNode(tree, drop.dropKey);
  if (!drag || !target) return { ok: false, error: MOVE_ERRORS.unknown };
  if (drag.org_type === 'group') return { ok: false, error: MOVE_ERRORS.top };
  if (drag.key === target.key) return { ok: false, error: MOVE_ERRORS.intoSelf };

  const into = !drop.dropToGap || (drop.targetExpanded === true && drop.relative === 1);
  const parent = into ? target : parentOf(tree, target.key);
  if (!parent) return { ok: false, error: MOVE_ERRORS.top }; // beside the top organisation
  if (parent.key === drag.key || descendantsOf(drag).some((d) => d.key === parent.key))
    return { ok: false, error: MOVE_ERRORS.intoSelf };

  const sameKind = (n: UnitNode) => isOrg(n) === isOrg(drag);
  const siblings = parent.children.filter((c) => sameKind(c) && c.key !== drag.key);
  let index: number;
  if (into) index = 0;
  else {
    const at = siblings.findIndex((s) => s.key === target.key);
    // Beside a node of the other kind: companies go first among companies, departments last among departments.
    if (at < 0) index = isOrg(drag) ? 0 : siblings.length;
    else index = drop.relative < 0 ? at : at + 1;
  }
  const ordered = [...siblings.slice(0, index), drag, ...siblings.slice(index)];

  if (isOrg(drag)) {
    if (!isOrg(parent)) return { ok: false, error: MOVE_ERRORS.companyUnderDept };
    return { ok: true, kind: 'org', payload: { pid: parent.id, ids: ordered.map((n) => n.id) } };
  }
  const parentOrgId = isOrg(parent) ? parent.id : parent.org_id;
  if (parentOrgId !== drag.org_id) return { ok: false, error: MOVE_ERRORS.crossCompany };
  return {
    ok: true,
    kind: 'dept',
    payload: { org_id: drag.org_id, pid: isOrg(parent) ? 0 : parent.id, ids: ordered.map((n) => n.id) },
  };
}

/** Moving a node one place up or down among its own kind (the 上移 / 下移 menu items). */
export function planShift(tree: readonly UnitNode[], key: string, delta: -1 | 1): DropPlan | null {
  const node = findNode(tree, key);
  const parent = parentOf(tree, key);
  if (!node || !parent) return null;
  const siblings = parent.children.filter((c) => isOrg(c) === isOrg(node));
  const at = siblings.findIndex((s) => s.key === key);
  const to = at + delta;
  if (to < 0 || to >= siblings.length) return null;
  return planDrop(tree, {
    dragKey: key,
    dropKey: siblings[to].key,
    dropToGap: true,
    relative: delta,
  });
}
