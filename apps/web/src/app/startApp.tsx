import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorReporter } from '../api/http/errorReport';
import { AppRouter } from './AppRouter';
import { installLogoutHandler } from './logout';
import { loadMenus, resetMenus } from '@/platform/menuStore';
import { getSession } from '../stores/session';
import { removeProgressBar, trackNavigationProgress } from './progress';
import { bus } from '@/platform/bus';
import { AppProviders } from '@/platform/providers';
import { createQueryClient } from '@/platform/queryClient';
import { RouterHost, type RouterMode } from './routerHost';
import { preloadAfterSignIn } from './signInPreload';

export interface StartOptions {
  /** Element the app renders into. */
  container: HTMLElement;
  router?: RouterMode;
  /** Install the standalone logout handler (clear the session, go to /login). Off when embedded. */
  standaloneLogout?: boolean;
}

export interface RunningApp {
  host: RouterHost;
  /** Unmounts and takes back every listener, timer and router the app installed. */
  stop(): void;
}

/** Mounts the whole client into `container`: used by main.tsx (standalone) and microApp.tsx (embedded). */
export function startApp(options: StartOptions): RunningApp {
  const queryClient = createQueryClient();
  const host = new RouterHost(options.router ?? { kind: 'browser' });
  const cleanups: (() => void)[] = [installErrorReporter()];
  // The login page signs in below the shell and says so; the shell knows which chunks come next.
  cleanups.push(bus.on('signedIn', ({ path }) => preloadAfterSignIn(queryClient, path)));
  cleanups.push(host.onRouter(trackNavigationProgress));
  if (options.standaloneLogout !== false) {
    cleanups.push(
      installLogoutHandler(() => {
        queryClient.clear(); // the next user must not see the previous user's cached data
        void host.navigate('/login');
      }),
    );
  }
  // Signed in already: ask for the menus, the shell's chunks and the notices while React starts up.
  if (getSession().token) {
    void loadMenus().catch(() => undefined);
    preloadAfterSignIn(queryClient, window.location.pathname);
  }
  const root = createRoot(options.container);
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter host={host} />
      </AppProviders>
    </StrictMode>,
  );
  return {
    host,
    stop() {
      root.unmount();
      for (const c of cleanups.reverse()) c();
      host.dispose();
      queryClient.clear();
      resetMenus();
      removeProgressBar();
    },
  };
}
