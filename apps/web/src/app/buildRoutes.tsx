import { Navigate, Outlet, type RouteObject } from 'react-router';
import { isContainer, LAYOUT_COMPONENT, type MenuNode } from '@/platform/menuTypes';
import type { RouteHandle } from '@/platform/routeMeta';
import {
  descendants,
  hasMenuPath,
  homeTarget,
  normaliseMenus,
  resolveRedirect,
  topMenuTarget,
} from '@/platform/routeRules';
import type { ScreenRegistry } from './screenRegistry';

/**
 * Route construction from the server menu tree (spec §2.1).
 *
 * - `Layout` entries at the top become pathless routes under the ONE shell route (the header, sidebar
 *   and breadcrumb stay mounted when the user moves between top menus). Their children keep their
 *   absolute paths, which react-router allows under pathless parents.
 * - `RouterView` entries (and `Layout` below the top) are pathless pass-throughs.
 * - A container with a path gets a redirect route at that path (resolveRedirect: the named redirect if
 *   it exists below, else the first non-hidden child).
 * - Any other component name is looked up in the screen registry (lazy). A missing screen is logged
 *   with console.warn and rendered as a pass-through.
 * - Without an entry named `sysInterest`, the purchase route set is appended — only when its screens
 *   are registered (they come with the rights issue) and the menus do not already hold its entries.
 */

/** Spec §2.3: 系统权益 with productVersion (权益购买) and cashier (收银台), both hidden from the sidebar. */
export const PURCHASE_ROUTE_SET: MenuNode = {
  name: 'rightRecharge',
  path: '/setcenter/rightRecharge',
  redirect: '/setcenter/rightRecharge/productVersion',
  component: LAYOUT_COMPONENT,
  meta: { title: '系统权益', hidden: true },
  children: [
    {
      name: 'productVersion',
      path: '/setcenter/rightRecharge/productVersion',
      component: 'rights/ProductVersion',
      meta: { title: '权益购买', hidden: true, hide_sidebar: true },
    },
    {
      name: 'cashier',
      path: '/setcenter/rightRecharge/cashier',
      component: 'rights/Cashier',
      meta: { title: '收银台', hidden: true, hide_sidebar: true },
    },
  ],
};
export const SYS_INTEREST_NAME = 'sysInterest';

export interface BuiltRoutes {
  /** Children of the shell route (the page layout). */
  shell: RouteObject[];
  /** Routes outside the shell: `/` and top-level entries that are screens themselves. */
  outside: RouteObject[];
  /** The normalised menus the routes were built from (absolute paths, purchase set appended). */
  menus: MenuNode[];
}

export interface BuildOptions {
  registry: ScreenRegistry;
  warn?: (message: string) => void;
}

function hasName(menus: MenuNode[], name: string): boolean {
  return menus.some((m) => m.name === name || hasName(m.children ?? [], name));
}

function screenNames(node: MenuNode): string[] {
  const own = isContainer(node) ? [] : [node.component];
  return [...own, ...(node.children ?? []).flatMap(screenNames)];
}

function handleFor(node: MenuNode, extra: Partial<RouteHandle> = {}): RouteHandle {
  return { name: node.name, title: node.meta.title, meta: node.meta, path: node.path, ...extra };
}

export function buildMenuRoutes(raw: MenuNode[], options: BuildOptions): BuiltRoutes {
  const warn = options.warn ?? ((m: string) => console.warn(m));
  let menus = normaliseMenus(raw);
  if (!hasName(menus, SYS_INTEREST_NAME)) {
    const missing = screenNames(PURCHASE_ROUTE_SET).filter((c) => !options.registry[c]);
    // Entries the menus already have (e.g. the tenant's own 系统权益 under its settings) are not doubled.
    const clash = [PURCHASE_ROUTE_SET, ...descendants(PURCHASE_ROUTE_SET)].some(
      (e) => hasName(menus, e.name) || hasMenuPath(menus, e.path),
    );
    if (missing.length === 0 && !clash) menus = [...menus, PURCHASE_ROUTE_SET];
  }

  const screenRoute = (node: MenuNode, handle: RouteHandle): RouteObject => {
    const load = options.registry[node.component];
    if (!load) {
      warn(`[路由] 未找到页面组件 "${node.component}"（菜单 ${node.name}，${node.path}），使用空白容器`);
      return { id: `menu:${node.name}`, path: node.path, handle, element: <Outlet /> };
    }
    return {
      id: `menu:${node.name}`,
      path: node.path,
      handle,
      lazy: async () => ({ Component: (await load()).default }),
    };
  };

  const containerRoute = (node: MenuNode, top: boolean): RouteObject => {
    const target = resolveRedirect(node);
    const children: RouteObject[] = [];
    if (target && target !== node.path) {
      children.push({
        id: `menu:${node.name}:redirect`,
        path: node.path,
        handle: { name: node.name },
        element: <Navigate to={target} replace />,
      });
    }
    children.push(...(node.children ?? []).map((c) => toRoute(c)));
    return {
      id: `menu:${node.name}`,
      handle: handleFor(node, { top, target: top ? topMenuTarget(node) : (target ?? node.path) }),
      children,
    };
  };

  const toRoute = (node: MenuNode): RouteObject => {
    if (isContainer(node)) return containerRoute(node, false);
    if (!node.children?.length) return screenRoute(node, handleFor(node));
    // A screen with entries below it: a pathless group (for their breadcrumb) holding the screen and them.
    return {
      id: `menu:${node.name}:group`,
      handle: handleFor(node, { target: node.path }),
      children: [screenRoute(node, handleFor(node)), ...node.children.map((c) => toRoute(c))],
    };
  };

  const shell: RouteObject[] = [];
  const outside: RouteObject[] = [];
  for (const node of menus) {
    if (node.component === LAYOUT_COMPONENT) shell.push(containerRoute(node, true));
    else outside.push(toRoute(node));
  }
  const home = homeTarget(menus);
  if (home && home !== '/') {
    outside.unshift({
      id: 'menu:/',
      path: '/',
      handle: { name: 'root' },
      element: <Navigate to={home} replace />,
    });
  }
  return { shell, outside, menus };
}

/** True when the built routes lead anywhere (spec §2.2: no routes → /login). */
export function hasRoutes(built: BuiltRoutes): boolean {
  return built.shell.length + built.outside.length > 0;
}
