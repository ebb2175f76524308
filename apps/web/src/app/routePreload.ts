import { getSession } from '../stores/session';

/**
 * Asks for the first screen's code at once, beside the app's own, instead of after the app has
 * started and the router has matched (which was a waterfall of two rounds of chunks). Signed out,
 * every page but the identity screens ends on /login; signed in, the shell and, on the workbench,
 * its page. Only a head start: the router still loads each route itself (the same chunks).
 */
export function preloadFirstScreen(pathname: string): void {
  const signedIn = !!getSession().token;
  if (!signedIn || pathname === '/login') {
    if (!/^\/(forgetPassword|bindphone|auth|agreement)\b/.test(pathname)) {
      void import('../features/login/pages/LoginPage');
    }
    return;
  }
  void import('./layout/AppLayout');
  if (pathname === '/' || pathname === '/home/index') void import('../features/home/pages/HomePage');
}
