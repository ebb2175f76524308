import type { QueryClient } from '@tanstack/react-query';
import { noticesQuery } from '../features/rights/hooks/rights';
import { getSession, isPersonalAccount } from '../stores/session';
import { preloadFirstScreen } from './routePreload';

/**
 * Signed in, menus about to load (at start, or just after the login click): the shell's and the
 * workbench's chunks and the version notices are asked for beside the menus, not one after the other
 * once the menus are in. Kept out of routePreload.ts, which the small entry imports.
 */
export function preloadAfterSignIn(queryClient: QueryClient, pathname: string): void {
  preloadFirstScreen(pathname);
  const session = getSession();
  if (session.token && !isPersonalAccount(session))
    void queryClient.prefetchQuery(noticesQuery(session.token));
}
