import { clearForLogout } from '../stores/session';
import { bus } from '@/platform/bus';

/** Standalone logout: clear the session (keeping the kept fields) and go to /login (spec §4.1). */
export function installLogoutHandler(goToLogin: () => void): () => void {
  return bus.on('logout', () => {
    clearForLogout();
    goToLogin();
  });
}
