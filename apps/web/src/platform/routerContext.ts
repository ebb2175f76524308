import { createContext } from 'react';
import type { MenuNode } from './menuTypes';

/** The menus the current router was built from (null: static routes only), for the guard and shell. */
export interface RouterMenus {
  /** The raw menus as loaded (identity compared with the menu store's). */
  menus: MenuNode[] | null;
  /** Normalised menus (absolute paths, purchase set appended): what the shell draws. */
  tree: MenuNode[];
  hasRoutes: boolean;
}

export const RouterMenusContext = createContext<RouterMenus>({ menus: null, tree: [], hasRoutes: false });
