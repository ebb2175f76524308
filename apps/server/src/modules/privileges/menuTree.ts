/**
 * Pure rules of the menu tree (spec §2.1, §6): building the tenant's tree from the catalogue and
 * its overrides, forming permission strings, and deciding what a caller sees. No database here.
 */

import {
  DEFAULT_UI_TYPE,
  type AdminMenuNode,
  type FunctionPermNode,
  type MenuMeta,
  type MenuNode,
  type MenuOverride,
  type UiType,
} from '@feikong/contracts';

// The reply shapes (menus, admin tree, function-permission tree) are the contracts'.
export type { AdminMenuNode, FunctionPermNode, MenuMeta, MenuNode, MenuOverride } from '@feikong/contracts';

/** A catalogue row with its JSON columns parsed. */
export interface CatalogueEntry {
  name: string;
  parent_name: string | null;
  path: string;
  redirect: string | null;
  component: string;
  sort_order: number;
  meta: Omit<MenuMeta, 'order' | 'perms'>;
  perm_values: string[];
  /** The interface types (spec §1 ui_type) the entry is shown for; null = every one (decision 0046). */
  ui_types: UiType[] | null;
  /** The entry's title per interface type (福利首页 for benefit tenants); null = meta.title everywhere. */
  ui_titles: Partial<Record<UiType, string>> | null;
}

/** Whether a catalogue entry belongs to the interface type (its ancestors are checked by the tree build). */
export function shownForUi(e: Pick<CatalogueEntry, 'ui_types'>, uiType: UiType): boolean {
  return e.ui_types === null || e.ui_types.includes(uiType);
}

/** Components that hold other entries rather than a screen. */
export const CONTAINER_COMPONENTS = ['Layout', 'RouterView'];

export const ALL_PERMS = '*';

/** Chinese labels of the usual permission values, for the function-permission screen. */
export const PERM_VALUE_LABELS: Readonly<Record<string, string>> = {
  view: '查看',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  import: '导入',
  export: '导出',
  approve: '审批',
  pay: '付款',
};

/**
 * A value that is a whole permission string (`menu:value`) borrows another entry's permission: the entry
 * is seen with it, but it is granted (and listed on the function-permission screen) at its owner only.
 */
export function isBorrowedPerm(value: string): boolean {
  return value.includes(':');
}

export function permString(name: string, value: string): string {
  if (isBorrowedPerm(value)) return value;
  return `${name}:${value}`;
}

/** Every permission string the catalogue can grant. */
export function permCatalogue(entries: CatalogueEntry[]): Set<string> {
  const set = new Set<string>();
  for (const e of entries)
    for (const v of e.perm_values) if (!isBorrowedPerm(v)) set.add(permString(e.name, v));
  return set;
}

const byOrder = (a: { meta: MenuMeta; sort: number; name: string }, b: typeof a) =>
  a.meta.order - b.meta.order || a.sort - b.sort || a.name.localeCompare(b.name);

/**
 * Catalogue + the tenant's overrides → the tenant's full tree for its interface type, siblings sorted by
 * order. An entry of another interface type is left out with everything below it; the interface's own
 * title is the entry's default title (a tenant's override still wins).
 */
export function buildAdminTree(
  entries: CatalogueEntry[],
  overrides: Map<string, MenuOverride>,
  uiType: UiType = DEFAULT_UI_TYPE,
): AdminMenuNode[] {
  type Work = AdminMenuNode & { sort: number; parent: string | null };
  const nodes = new Map<string, Work>();
  for (const e of entries) {
    if (!shownForUi(e, uiType)) continue;
    const o = overrides.get(e.name) ?? { title: null, order: null, hidden: null };
    const title = e.ui_titles?.[uiType] ?? e.meta.title;
    const defaults = { title, order: e.sort_order, hidden: e.meta.hidden === true };
    const meta: MenuMeta = { ...e.meta, title: o.title ?? title, order: o.order ?? defaults.order };
    if (o.hidden !== null) meta.hidden = o.hidden;
    if (e.perm_values.length > 0) meta.perms = e.perm_values.map((v) => permString(e.name, v));
    nodes.set(e.name, {
      path: e.path,
      name: e.name,
      redirect: e.redirect,
      component: e.component,
      meta,
      perm_values: [...e.perm_values],
      defaults,
      overrides: { ...o },
      children: [],
      sort: e.sort_order,
      parent: e.parent_name,
    });
  }
  const roots: Work[] = [];
  for (const n of nodes.values()) {
    if (n.parent === null) roots.push(n);
    else nodes.get(n.parent)?.children.push(n); // an entry whose parent is gone is not shown
  }
  const finish = (list: Work[]): AdminMenuNode[] =>
    list
      .sort(byOrder)
      .map(({ sort: _s, parent: _p, ...n }) => ({ ...n, children: finish(n.children as Work[]) }));
  return finish(roots);
}

/** The admin tree without the editing fields: what the client builds routes from. */
export function toMenuNodes(tree: AdminMenuNode[]): MenuNode[] {
  return tree.map(({ perm_values: _v, defaults: _d, overrides: _o, children, ...n }) => ({
    ...n,
    children: toMenuNodes(children),
  }));
}

export function holds(perms: readonly string[], wanted: string): boolean {
  return perms.includes(ALL_PERMS) || perms.includes(wanted);
}

/**
 * What a caller sees (spec §6): an entry with perms when any of them is held (or `*`); an entry
 * without perms when its parent is seen; a container whose children are all unseen (or that has none yet,
 * like 消费管控 before its areas are installed) is dropped.
 * Hidden entries stay: hidden is a display flag for the client.
 */
export function visibleMenus(tree: MenuNode[], perms: readonly string[]): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of tree) {
    const own = node.meta.perms ?? [];
    if (own.length > 0 && !own.some((p) => holds(perms, p))) continue;
    const children = visibleMenus(node.children, perms);
    if (CONTAINER_COMPONENTS.includes(node.component) && children.length === 0) continue;
    out.push({ ...node, children });
  }
  return out;
}

/** The function-permission tree of a group: entries that carry permission values, with what the group holds. */
export function functionPermTree(tree: AdminMenuNode[], groupPerms: readonly string[]): FunctionPermNode[] {
  const out: FunctionPermNode[] = [];
  for (const node of tree) {
    const children = functionPermTree(node.children, groupPerms);
    const own = node.perm_values.filter((v) => !isBorrowedPerm(v));
    if (own.length === 0 && children.length === 0) continue;
    out.push({
      name: node.name,
      title: node.meta.title,
      path: node.path,
      values: own.map((value) => {
        const perm = permString(node.name, value);
        return { value, label: PERM_VALUE_LABELS[value] ?? value, perm, granted: holds(groupPerms, perm) };
      }),
      children,
    });
  }
  return out;
}

/** Dedupes and orders a permission list; `*` swallows everything else. */
export function normalisePerms(perms: readonly string[]): string[] {
  if (perms.includes(ALL_PERMS)) return [ALL_PERMS];
  return [...new Set(perms)].sort();
}
