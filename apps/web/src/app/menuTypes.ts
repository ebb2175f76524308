/**
 * A server menu entry (spec §2.1, GET /auth-center/api/v1/privileges/user/menus). The server's own type
 * lives in apps/server/src/modules/privileges/menuTree.ts; this is the client's reading of it.
 */
export interface MenuMeta {
  title: string;
  order?: number;
  hidden?: boolean;
  hide_sidebar?: boolean;
  keepAlive?: boolean;
  keep_alive?: boolean;
  isRouterView?: boolean;
  /** Permission strings `menuName:value` of the entry. */
  perms?: string[];
  params?: Record<string, unknown>;
  icon?: string;
  icon_selected?: string;
  image?: string;
  type?: string;
  description?: string;
}

export interface MenuNode {
  path: string;
  name: string;
  redirect?: string | null;
  component: string;
  meta: MenuMeta;
  children?: MenuNode[];
}

/** The reply of privileges/user/menus. */
export interface UserMenusReply {
  menus: MenuNode[];
  rules: { perms: string[] };
}

/** Component names that are containers, not screens. */
export const LAYOUT_COMPONENT = 'Layout';
export const ROUTER_VIEW_COMPONENT = 'RouterView';

export function isContainer(node: Pick<MenuNode, 'component'>): boolean {
  return node.component === LAYOUT_COMPONENT || node.component === ROUTER_VIEW_COMPONENT;
}

/** keepAlive and keep_alive both mark a cached view (spec §2.1). */
export function isKeepAlive(meta: MenuMeta | undefined): boolean {
  return meta?.keepAlive === true || meta?.keep_alive === true;
}
