import type { MenuMeta as ServerMenuMeta, MenuNode as ServerMenuNode } from '@feikong/contracts';

/**
 * Menu entries (spec §2.1). The reply of GET /auth-center/api/v1/privileges/user/menus is the contracts'
 * UserMenusReply (packages/contracts/src/privileges); the client also builds entries of its own (fixed
 * routes, tests), so here order, redirect and children may be left out. Derived from the contract, so
 * a renamed or removed field breaks the build on both sides.
 */
export type MenuMeta = Omit<ServerMenuMeta, 'order'> & { order?: number };

export interface MenuNode extends Omit<ServerMenuNode, 'meta' | 'redirect' | 'children'> {
  meta: MenuMeta;
  redirect?: string | null;
  children?: MenuNode[];
}

export type { UserMenusReply } from '@feikong/contracts';

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
