import type { UIMatch } from 'react-router';
import type { MenuMeta } from './menuTypes';

/**
 * What we keep in a route's `handle` (react-router has no named routes or route meta): the spec's
 * route name, the menu title and meta, and what the shell needs to draw itself.
 */
export interface RouteHandle {
  name: string;
  title?: string;
  meta?: MenuMeta;
  /** The menu path pattern (e.g. /project/projectDetail/:id?), for the breadcrumb rules. */
  path?: string;
  /** Where a click on this route's crumb goes (containers: their redirect target). */
  target?: string;
  /** A top-level Layout entry: the header's top menu item. */
  top?: boolean;
  /** Skips the login check (spec §2.2: login, auth, bindPhone and the identity pages). */
  public?: boolean;
  /** Shown without the sidebar (static pages, the 403 page; menus say it with meta.hide_sidebar). */
  hideSidebar?: boolean;
  /** Static pages only: keep this view alive (menus say it with meta.keepAlive / keep_alive). */
  keepAlive?: boolean;
}

export function handleOf(match: Pick<UIMatch, 'handle'>): RouteHandle | undefined {
  return match.handle as RouteHandle | undefined;
}

export function routeName(match: Pick<UIMatch, 'handle'>): string | undefined {
  return handleOf(match)?.name;
}
