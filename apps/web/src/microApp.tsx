import './app/zodJitless';
import nprogressCss from 'nprogress/nprogress.css?inline';
import shellCss from './app/shell.css?inline';
import globalCss from './app/global.css?inline';
import {
  connectContainer,
  disconnectContainer,
  isEmbedded,
  snapshotDocument,
  type ContainerProps,
} from './app/embed';
import { startApp, type RunningApp } from './app/startApp';
import { setSession, type SessionState } from './stores/session';

/**
 * Micro-frontend entry (spec §1, §2.3, §4.1): qiankun-style lifecycle functions. The container loads
 * this module (built to /micro/index.js) and calls bootstrap → mount(props) → unmount, possibly many
 * times. Nothing stays behind after unmount: no React root, router listeners, timers, styles, or
 * popup containers. Loaded without a container, it runs standalone in #root.
 */
export interface MicroAppProps extends ContainerProps {
  /** The element to render into (qiankun passes the app's container). */
  container: HTMLElement;
  /** Session hand-over: the container's token (and optionally other session fields, spec §3). */
  token?: string;
  session?: Partial<SessionState>;
  /** Where the app's routes start in the container's address space (default '/'). */
  basename?: string;
  /** 'memory' keeps the app's routes out of the address bar (default 'browser'). */
  routerMode?: 'browser' | 'memory';
  /** First path in memory mode. */
  initialPath?: string;
}

// Embedded, the shell fills the container's element instead of the window.
const EMBED_CSS = `${nprogressCss}\n${shellCss}\n.fk-micro-root,.fk-micro-root>.ant-app,.fk-micro-root .fk-shell{height:100%;}`;

let running: { app: RunningApp; root: HTMLElement; restore: () => void } | null = null;

export async function bootstrap(): Promise<void> {
  // Nothing to prepare: every resource is created in mount and released in unmount.
}

export async function mount(props: MicroAppProps): Promise<void> {
  if (running) await unmount();
  const restore = snapshotDocument();
  const style = document.createElement('style');
  style.dataset.feikong = 'micro';
  style.textContent = EMBED_CSS;
  document.head.appendChild(style);

  if (props.token) setSession({ ...props.session, token: props.token });
  connectContainer(props);

  const root = document.createElement('div');
  root.className = 'fk-micro-root';
  props.container.appendChild(root);
  const app = startApp({
    container: root,
    standaloneLogout: false,
    router:
      props.routerMode === 'memory'
        ? { kind: 'memory', initialEntries: [props.initialPath ?? '/'] }
        : { kind: 'browser', basename: props.basename },
  });
  running = { app, root, restore };
}

export async function unmount(): Promise<void> {
  if (!running) return;
  const { app, root, restore } = running;
  running = null;
  app.stop();
  root.remove();
  disconnectContainer();
  // antd removes its popups on unmount; leftovers (toast holders, styles, preload links) go here.
  restore();
}

// Standalone mode: opened directly rather than through a container.
if (!isEmbedded()) {
  const el = document.getElementById('root');
  if (el) {
    const style = document.createElement('style');
    style.textContent = `${globalCss}\n${EMBED_CSS}`;
    document.head.appendChild(style);
    startApp({ container: el, router: { kind: 'browser' } });
  }
}
