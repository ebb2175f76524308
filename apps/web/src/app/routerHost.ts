import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import type { Location } from 'react-router';
import { getMenuState, subscribeMenus } from '@/platform/menuStore';
import type { MenuNode } from '@/platform/menuTypes';
import type { RouterMenus } from '@/platform/routerContext';
import { createRoutes } from './routes';
import { screenRegistry, type ScreenRegistry } from './screenRegistry';

export type AppDataRouter = ReturnType<typeof createBrowserRouter>;

/** Browser history at the root (spec §2.1), or under a container's base; memory for tests. */
export type RouterMode =
  { kind: 'browser'; basename?: string } | { kind: 'memory'; initialEntries?: string[] };

export interface HostedRouter {
  router: AppDataRouter;
  info: RouterMenus;
  /** Changes with every rebuild: RouterProvider keeps its first router's state, so it is re-keyed. */
  key: number;
}

const href = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) => `${l.pathname}${l.search}${l.hash}`;

/**
 * Owns the app's data router and rebuilds it when the loaded menus change (spec §2.2: "loads the user's
 * menus, builds routes, and re-enters the requested route"). The new router starts at the old router's
 * location, so the user lands where they asked to go. React reads it through useSyncExternalStore.
 */
export class RouterHost {
  private current: HostedRouter;
  private readonly listeners = new Set<() => void>();
  private readonly routerHooks = new Set<(r: AppDataRouter) => () => void>();
  private hookCleanups: (() => void)[] = [];
  private readonly stopMenus: () => void;

  constructor(
    private readonly mode: RouterMode,
    private readonly registry: ScreenRegistry = screenRegistry,
    private readonly make: (routes: RouteObject[], at?: string) => AppDataRouter = (routes, at) =>
      mode.kind === 'browser'
        ? createBrowserRouter(routes, { basename: mode.basename })
        : createMemoryRouter(routes, { initialEntries: at ? [at] : (mode.initialEntries ?? ['/']) }),
  ) {
    const s = getMenuState();
    this.current = this.build(s.status === 'ready' ? s.menus : null);
    this.stopMenus = subscribeMenus(() => this.sync());
  }

  private builds = 0;

  private build(menus: MenuNode[] | null, at?: string): HostedRouter {
    const { routes, info } = createRoutes(menus, this.registry);
    this.builds += 1;
    return { router: this.make(routes, at), info, key: this.builds };
  }

  /** Rebuilds when the menu store's menus differ from the ones the router was built with. */
  private sync() {
    const s = getMenuState();
    const menus = s.status === 'ready' ? s.menus : null;
    if (menus === this.current.info.menus) return;
    const old = this.current.router;
    this.current = this.build(menus, href(old.state.location));
    this.rehook();
    for (const l of [...this.listeners]) l();
    // Let React switch to the new router before the old one stops listening.
    setTimeout(() => old.dispose(), 0);
  }

  private rehook() {
    for (const c of this.hookCleanups) c();
    this.hookCleanups = [...this.routerHooks].map((h) => h(this.current.router));
  }

  get = (): HostedRouter => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Runs `hook` on the current router and on every rebuilt one (e.g. the progress bar). */
  onRouter(hook: (r: AppDataRouter) => () => void): () => void {
    this.routerHooks.add(hook);
    this.hookCleanups.push(hook(this.current.router));
    return () => {
      this.routerHooks.delete(hook);
    };
  }

  navigate(to: string) {
    return this.current.router.navigate(to, { replace: true });
  }

  dispose() {
    this.stopMenus();
    for (const c of this.hookCleanups) c();
    this.hookCleanups = [];
    this.routerHooks.clear();
    this.listeners.clear();
    this.current.router.dispose();
  }
}
