import { useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { RouterMenusContext } from '@/platform/routerContext';
import type { RouterHost } from './routerHost';

/** Renders the host's current router; a rebuilt router (new menus) replaces the old one. */
export function AppRouter({ host }: { host: RouterHost }) {
  const { router, info, key } = useSyncExternalStore(host.subscribe, host.get, host.get);
  return (
    <RouterMenusContext.Provider value={info}>
      <RouterProvider key={key} router={router} />
    </RouterMenusContext.Provider>
  );
}
