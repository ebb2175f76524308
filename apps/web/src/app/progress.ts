import NProgress from 'nprogress';
import type { AppDataRouter } from './routerHost';

// Spec §9: progress bar minimum 0.3, speed 1000, trickle speed 200. Its CSS is loaded by the entry
// (main.tsx links it; the micro-frontend entry injects it and takes it away on unmount).
NProgress.configure({ minimum: 0.3, speed: 1000, trickleSpeed: 200, showSpinner: false });

/**
 * Starts the bar while the router waits for something (a lazy screen chunk, a loader) and ends it
 * when the navigation settles. Instant navigations never flash the bar.
 */
export function trackNavigationProgress(router: AppDataRouter): () => void {
  if (!router.state.initialized) NProgress.start();
  const stop = router.subscribe((state) => {
    if (state.initialized && state.navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  });
  return () => {
    stop();
    NProgress.done();
  };
}

/** Removes the bar's element at once (micro-frontend unmount). */
export function removeProgressBar(): void {
  NProgress.remove();
}
