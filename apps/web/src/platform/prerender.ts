import { useLayoutEffect } from 'react';

/** Id that apps/web/prerender.mjs gives the build-time copy of the login screen in login.html. */
export const PRERENDER_COVER_ID = 'fk-prerender';

/**
 * Takes away the build-time copy of the screen (an inert cover above #root). Called from a layout effect,
 * so it happens in the same commit that drew the real screen underneath: the browser never paints a frame
 * without one of them, and never both. The copy's <style> stays: antd reads its cache marker and does not
 * compute those styles a second time.
 */
export function removePrerenderedScreen(): void {
  document.getElementById(PRERENDER_COVER_ID)?.remove();
}

/** For the screens that may appear first on a pre-rendered page: the login page and the error page. */
export function usePrerenderHandoff(): void {
  useLayoutEffect(removePrerenderedScreen, []);
}
