import type { QueryClient } from '@tanstack/react-query';
import { getSession, isPersonalAccount } from '../stores/session';
import { preloadFirstScreen } from './routePreload';

/**
 * Signed in, menus about to load (at start, or just after the login click): the shell's and the
 * workbench's chunks, the version notices and the workbench's data are asked for beside the menus, not
 * one after the other once the menus and the layout are in. Kept out of routePreload.ts (the small entry
 * imports it); the query definitions are imported lazily so the login path does not carry them.
 */
export function preloadAfterSignIn(queryClient: QueryClient, pathname: string): void {
  preloadFirstScreen(pathname);
  const { token, ...session } = getSession();
  if (!token) return;
  if (!isPersonalAccount({ token, ...session })) {
    void import('../features/rights/hooks/rights').then(({ noticesQuery }) =>
      queryClient.prefetchQuery(noticesQuery(token)),
    );
    // The session's enumerations and dictionaries (spec §3 enumListObj, dictData, dictDataObj).
    void import('../platform/dictStore').then(({ loadDictionaries }) => loadDictionaries());
  }
  if (pathname === '/' || pathname === '/home/index') {
    void import('../features/home/hooks/home').then(({ workbenchQuery }) =>
      queryClient.prefetchQuery(workbenchQuery(token)),
    );
  }
}
