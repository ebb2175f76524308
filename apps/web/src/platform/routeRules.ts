import type { MenuNode } from './menuTypes';

/**
 * Pure navigation rules of spec §2.1 and §2.4, on the server's menu tree. No React, no router:
 * the route builder, the header, the sidebar and the breadcrumb all call these.
 */

const visible = (n: MenuNode) => n.meta?.hidden !== true;

/** A menu path made absolute: relative child paths hang off their parent's path. */
export function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${path}`;
}

/** The tree with every path absolute, so later rules can compare paths directly. */
export function normaliseMenus(menus: MenuNode[], parent = '/'): MenuNode[] {
  return menus.map((m) => {
    const path = joinPath(parent, m.path || '');
    return {
      ...m,
      path,
      meta: m.meta ?? { title: m.name },
      children: normaliseMenus(m.children ?? [], path),
    };
  });
}

/** Every descendant of a node (children, grandchildren, …) in tree order. */
export function descendants(node: MenuNode): MenuNode[] {
  return (node.children ?? []).flatMap((c) => [c, ...descendants(c)]);
}

/**
 * Route redirect rule (spec §2.1): the entry's redirect applies only if an entry at that path exists
 * below it; otherwise the first non-hidden child. undefined when there is nowhere to go.
 */
export function resolveRedirect(node: MenuNode): string | undefined {
  if (node.redirect && descendants(node).some((d) => d.path === node.redirect)) return node.redirect;
  return (node.children ?? []).find(visible)?.path;
}

/** Top menu items (spec §2.4): not hidden; a personal account sees only items with visible children. */
export function topMenuItems(menus: MenuNode[], personal: boolean): MenuNode[] {
  return menus.filter((m) => visible(m) && (!personal || (m.children ?? []).some(visible)));
}

/**
 * Where a top-menu click goes (spec §2.4): the redirect if it names one of its (grand)children, else
 * the first visible child — or that child's first visible child when it has one — else the item path.
 */
export function topMenuTarget(item: MenuNode): string {
  if (item.redirect && descendants(item).some((d) => d.path === item.redirect)) return item.redirect;
  const child = (item.children ?? []).find(visible);
  if (!child) return item.path;
  const grandchild = (child.children ?? []).find(visible);
  return grandchild ? grandchild.path : child.path;
}

export type TopMenuClick =
  | { action: 'navigate'; to: string }
  /** A personal account without an organisation: warn, do not navigate. */
  | { action: 'warn' };

export function topMenuClick(item: MenuNode, personal: boolean): TopMenuClick {
  if (personal) return { action: 'warn' };
  return { action: 'navigate', to: topMenuTarget(item) };
}

/** Where `/` goes: the first visible top menu's target. */
export function homeTarget(menus: MenuNode[]): string | undefined {
  const first = menus.find(visible);
  return first ? topMenuTarget(first) : undefined;
}

/** The chain of entries from a root down to the entry at `path` (empty when none). */
export function menuTrail(menus: MenuNode[], path: string): MenuNode[] {
  for (const m of menus) {
    if (m.path === path) return [m];
    const below = menuTrail(m.children ?? [], path);
    if (below.length) return [m, ...below];
  }
  return [];
}

/** True when some entry of the tree has exactly this path (e.g. /downloadcenter, /emailInvoice). */
export function hasMenuPath(menus: MenuNode[], path: string): boolean {
  return menus.some((m) => m.path === path || hasMenuPath(m.children ?? [], path));
}

/**
 * The menu entry a page was opened from (`?from=/todo/list` on a shared page such as /bill/detail): its
 * path when the user has that entry and it is shown in a sidebar, so the shell keeps it selected.
 */
export function fromMenu(menus: MenuNode[], from: string | null): { top: MenuNode; path: string } | null {
  if (!from || !from.startsWith('/')) return null;
  const trail = menuTrail(menus, from);
  if (trail.length < 2 || !trail.every(visible)) return null;
  return { top: trail[0], path: from };
}

/** Sidebar entries of a top menu: its visible children, recursively visible. */
export function sidebarEntries(top: MenuNode | undefined): MenuNode[] {
  const prune = (list: MenuNode[]): MenuNode[] =>
    list.filter(visible).map((n) => ({ ...n, children: prune(n.children ?? []) }));
  return top ? prune(top.children ?? []) : [];
}

/** Paths whose breadcrumb title depends on a missing optional id (spec §2.4). */
export const ADD_TITLES: Readonly<Record<string, string>> = {
  '/project/projectDetail/:id?': '项目新增',
  '/budget/budgetDetail/:id?': '预算数据新增',
};

/** A crumb's title: the add-mode title on the detail routes when no id is given, else the menu title. */
export function crumbTitle(
  routePath: string,
  params: Record<string, string | undefined>,
  title: string,
): string {
  const addTitle = ADD_TITLES[routePath];
  return addTitle && !params.id ? addTitle : title;
}

export interface Crumb {
  title: string;
  /** Where clicking the crumb goes; undefined for the last crumb. */
  to?: string;
}

/** Minimal view of a matched route for the breadcrumb. */
export interface CrumbSource {
  title?: string;
  /** The menu path pattern of the route (e.g. /project/projectDetail/:id?). */
  routePath?: string;
  /** Where a click on this crumb goes (containers: their redirect target). */
  target?: string;
}

/**
 * Breadcrumb (spec §2.4): titles of the matched routes in order; the same title twice in a row shows
 * once (a top menu and its only screen often share a name); the last crumb is not a link.
 */
export function breadcrumb(
  matches: CrumbSource[],
  params: Record<string, string | undefined>,
  currentPath: string,
): Crumb[] {
  const out: Crumb[] = [];
  for (const m of matches) {
    if (!m.title) continue;
    const title = m.routePath ? crumbTitle(m.routePath, params, m.title) : m.title;
    if (out.length && out[out.length - 1].title === title) {
      out[out.length - 1].to = m.target;
      continue;
    }
    out.push({ title, to: m.target });
  }
  return out.map((c, i) =>
    i === out.length - 1 || c.to === currentPath ? { title: c.title } : { title: c.title, to: c.to },
  );
}
