import { useContext, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PUBLIC_ROUTE_NAMES } from '@feikong/contracts';
import { clearForLogout, useSession } from '../stores/session';
import { useTokenLinkLogin, LOGIN_PUBLIC_ROUTE_NAMES } from '@/features/login';
import { loadMenus, useMenuState, type MenuStatus } from '@/platform/menuStore';
import { PageLoading } from './PageLoading';
import { preloadAfterSignIn } from './signInPreload';
import { handleOf } from '@/platform/routeMeta';
import { RouterMenusContext } from '@/platform/routerContext';

export { PUBLIC_ROUTE_NAMES };

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'login' }
  /** ?token=&orgId= in the address: log in with them and replace the location with / (spec §2.2). */
  | { kind: 'linkLogin'; token: string; orgId: string }
  | { kind: 'loadMenus' }
  /** Menus are loading, or loaded but the router is still being rebuilt with them. */
  | { kind: 'wait' }
  /**
   * The menus failed to load (spec §2.2, §8): the store has shown 菜单加载错误 and holds no menus, so
   * the router has no menu routes; the session ends and the user goes to /login, as with no routes.
   */
  | { kind: 'menuError' };

export interface GuardInput {
  /** The matched route is public (login, auth, bindPhone and identity's other public pages). */
  isPublic: boolean;
  token: string;
  query: URLSearchParams;
  menuStatus: MenuStatus;
  /** The menus this router was built from are the loaded ones. */
  routesCurrent: boolean;
  /** The loaded menus gave at least one route. */
  hasRoutes: boolean;
}

/** The route guard of spec §2.2 as a pure decision. */
export function decideGuard(i: GuardInput): GuardDecision {
  const linkToken = i.query.get('token');
  const linkOrg = i.query.get('orgId');
  if (linkToken && linkOrg) return { kind: 'linkLogin', token: linkToken, orgId: linkOrg };
  if (i.isPublic) return { kind: 'allow' };
  if (!i.token) return { kind: 'login' };
  switch (i.menuStatus) {
    case 'idle':
      return { kind: 'loadMenus' };
    case 'loading':
      return { kind: 'wait' };
    case 'error':
      return { kind: 'menuError' };
    case 'ready':
      if (!i.routesCurrent) return { kind: 'wait' };
      return i.hasRoutes ? { kind: 'allow' } : { kind: 'login' };
  }
}

/** Public names: the spec's three (login, auth, bindPhone) and identity's other signed-out pages. */
export const ALL_PUBLIC_ROUTE_NAMES: readonly string[] = [
  ...new Set([...PUBLIC_ROUTE_NAMES, ...LOGIN_PUBLIC_ROUTE_NAMES]),
];

/** A route is public when it says so or its name is one of the public names. */
export function isPublicMatch(handles: ({ name?: string; public?: boolean } | undefined)[]): boolean {
  return handles.some((h) => h?.public === true || ALL_PUBLIC_ROUTE_NAMES.includes(h?.name ?? ''));
}

/** Root element of every route: applies the guard decision. */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  const location = useLocation();
  const matches = useMatches();
  const menus = useMenuState();
  // ?token=&orgId= links are signed in by identity's hook, which then replaces the location with /.
  const linking = useTokenLinkLogin();
  const built = useContext(RouterMenusContext);

  const decision = decideGuard({
    isPublic: isPublicMatch(matches.map((m) => handleOf(m))),
    token,
    query: new URLSearchParams(location.search),
    menuStatus: menus.status,
    routesCurrent: built.menus === menus.menus,
    hasRoutes: built.hasRoutes,
  });

  const queryClient = useQueryClient();
  const loadingMenus = decision.kind === 'loadMenus';
  useEffect(() => {
    if (loadingMenus) preloadAfterSignIn(queryClient, location.pathname);
  }, [loadingMenus, queryClient, location.pathname]);

  const key = JSON.stringify(decision);
  useEffect(() => {
    const d = JSON.parse(key) as GuardDecision;
    if (d.kind === 'loadMenus') void loadMenus();
    // No route for this user at all, or no menus to build them from: the session is useless, so it
    // ends (else /login, seeing a token, bounces back to / and the menus fail again).
    if ((d.kind === 'login' || d.kind === 'menuError') && token) clearForLogout();
  }, [key, token]);

  // <Navigate> navigates again whenever its `state` is a new object, so a render that happens
  // before the location changes would navigate twice (and can loop): keep one object per location.
  const from = location.pathname + location.search;
  const loginState = useMemo(() => ({ from }), [from]);

  if (linking) return <PageLoading />;
  switch (decision.kind) {
    case 'allow':
      return <Outlet />;
    case 'login':
    case 'menuError':
      return <Navigate to="/login" replace state={loginState} />;
    default:
      return <PageLoading />;
  }
}
