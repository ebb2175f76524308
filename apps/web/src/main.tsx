import 'nprogress/nprogress.css';
import './app/global.css';
import './app/shell.css';
import { startApp } from './app/startApp';

// Standalone mode: browser history at the root. Embedded in a micro-frontend container, the container
// loads src/microApp.tsx instead and calls its bootstrap / mount / unmount.
startApp({ container: document.getElementById('root')!, router: { kind: 'browser' } });
