import '@/test/layoutDom';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { MenuNode } from '@/platform/menuTypes';
import { AppProviders } from '@/platform/providers';
import { createQueryClient } from '@/platform/queryClient';
import { RouterMenusContext } from '@/platform/routerContext';
import { jsonReply, ok } from '@/test/fetch';
import type { Notification } from '@feikong/contracts';

/** Test harness of the rights / notify / home screens: providers, a memory router, a routed fetch stub. */

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export type Handler = (call: Call) => Response | unknown;

/**
 * Stubs fetch: `routes` maps 'METHOD /path' to a handler (its return value, if not a Response, is
 * wrapped in the success envelope). Unknown calls answer 404. Every call is recorded.
 */
export function stubServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const u = new URL(url, 'http://localhost');
    const text = typeof init.body === 'string' ? init.body : '';
    const call: Call = {
      method: init.method ?? 'GET',
      path: u.pathname,
      query: u.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler)
      return jsonReply({ status: 10000404, msg: `no stub for ${call.method} ${call.path}`, data: null }, 404);
    const out = handler(call);
    return out instanceof Response ? out : ok(out);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls, to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

/** A menu tree holding these paths (what hasMenuPath looks at). */
export function treeWith(paths: string[]): MenuNode[] {
  return paths.map((path, i) => ({ name: `m${i}`, path, component: 'x', meta: { title: path } }));
}

/** Renders `element` at `path` inside the app's providers and a menu tree. */
export function renderAt(element: ReactNode, path = '/', tree: MenuNode[] = []) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element },
      { path: '*', element: <LocationText /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterMenusContext.Provider value={{ menus: null, tree, hasRoutes: true }}>
        <RouterProvider router={router} />
      </RouterMenusContext.Provider>
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

/** Any other path: a marker (read the path from `router.state.location`). */
function LocationText() {
  return <div data-testid="elsewhere" />;
}

export const toasts = () =>
  [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');

/** A notification like the server's. */
export function notice(id: number, over: Partial<Notification> = {}): Notification {
  return {
    id,
    msg_name: '系统通知',
    time: 1_795_000_000_000 + id * 1000,
    title: `通知${id}`,
    content: `内容${id}`,
    action_code: 101,
    ext_params: '{}',
    status: 0,
    read_at: null,
    ...over,
  } satisfies Notification;
}
