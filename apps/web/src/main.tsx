import './app/zodJitless';
import 'nprogress/nprogress.css';
import './app/global.css';
import './app/shell.css';
import { preloadFirstScreen } from './app/routePreload';

// The entry stays small: the current screen's chunks and the app's are requested together.
preloadFirstScreen(window.location.pathname);

// Standalone mode: browser history at the root. Embedded in a micro-frontend container, the container
// loads src/microApp.tsx instead and calls its bootstrap / mount / unmount.
void import('./app/startApp').then(({ startApp }) =>
  startApp({ container: document.getElementById('root')!, router: { kind: 'browser' } }),
);
