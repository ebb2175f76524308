import type { RouteObject } from 'react-router';
import { loginRoutes } from '@/features/login';
import { buildMenuRoutes, hasRoutes } from './buildRoutes';
import { RequireAuth } from './guard';
import type { MenuNode } from '@/platform/menuTypes';
import { PageLoading } from './PageLoading';
import type { RouteHandle } from '@/platform/routeMeta';
import type { RouterMenus } from '@/platform/routerContext';
import { RouteError } from './RouteError';
import { screenRegistry, type ScreenRegistry } from './screenRegistry';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Static pages inside the shell for signed-in users, not in menus (spec §2.3). */
export const staticShellRoutes: RouteObject[] = [
  {
    path: '/test',
    handle: { name: 'test', title: '测试页', hideSidebar: true } satisfies RouteHandle,
    lazy: page(() => import('../features/demo/pages/TestPage')),
  },
  {
    path: '/compDemo',
    handle: { name: 'compDemo', title: '组件示例', hideSidebar: true, keepAlive: true } satisfies RouteHandle,
    lazy: page(() => import('../features/demo/pages/CompDemoPage')),
  },
  {
    // Catch-all: the 403 page (spec §2.3), shown without a sidebar.
    path: '*',
    handle: { name: 'forbidden', title: '403', hideSidebar: true } satisfies RouteHandle,
    lazy: page(() => import('../features/common/pages/ForbiddenPage')),
  },
];

export interface AppRoutes {
  routes: RouteObject[];
  info: RouterMenus;
}

/**
 * The whole route table: the guard at the root; identity's pages outside the layout (the guard knows
 * which of them are public by name: LOGIN_PUBLIC_ROUTE_NAMES); the shell
 * (page layout) holding the menu routes, the demo pages and the 403 catch-all.
 */
export function createRoutes(menus: MenuNode[] | null, registry: ScreenRegistry = screenRegistry): AppRoutes {
  const built = menus ? buildMenuRoutes(menus, { registry }) : null;
  const routes: RouteObject[] = [
    {
      id: 'root',
      element: <RequireAuth />,
      errorElement: <RouteError />,
      HydrateFallback: PageLoading,
      children: [
        ...loginRoutes,
        ...(built?.outside ?? []),
        {
          // The spec's /subForm/… pages live in the /web-form/ sub-app (route name subForm).
          path: '/subForm/*',
          handle: { name: 'subForm', title: '表单', hideSidebar: true } satisfies RouteHandle,
          lazy: page(() => import('./SubFormRedirect')),
        },
        {
          id: 'shell',
          lazy: page(() => import('./layout/AppLayout')),
          children: [...(built?.shell ?? []), ...staticShellRoutes],
        },
      ],
    },
  ];
  return {
    routes,
    info: { menus, tree: built?.menus ?? [], hasRoutes: built ? hasRoutes(built) : false },
  };
}
