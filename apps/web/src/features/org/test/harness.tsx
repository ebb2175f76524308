import '@/test/layoutDom';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Paged, UnitNode } from '@/api/org';
import { AppProviders } from '@/platform/providers';
import { createQueryClient } from '@/platform/queryClient';
import { jsonReply, ok } from '@/test/fetch';

/** Test harness of the org screens: the app's providers, a memory router and a routed fetch stub. */

export type Reply = Response | ((body: unknown, url: URL) => Response);

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** 'GET users' → reply; the key is the method and the path after the family prefix. */
export function stubApi(api: Record<string, Reply>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    const path = u.pathname.replace(/^\/(org-arch-center|task-center)\/api\/v1\//, '');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ method, path, query: u.searchParams, body });
    const reply = api[`${method} ${path}`];
    if (!reply) return jsonReply({ status: 10000404, msg: `no stub for ${method} ${path}`, data: null }, 404);
    return typeof reply === 'function' ? reply(body, u) : reply.clone();
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls, called: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export { ok };

/** A paged org reply (page 1 of `items`); its rows are typed by the caller from the contracts. */
export function okPage<T>(items: T[], pageSize = 20) {
  return ok({ items, page: { page_num: 1, page_size: pageSize, total: items.length } } satisfies Paged<T>);
}

export function renderPage(element: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  return {
    router,
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}

/** Texts of antd toasts on screen. */
export const toasts = () =>
  [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');

const node = (
  type: UnitNode['org_type'],
  id: number,
  name: string,
  extra: Partial<UnitNode> = {},
  children: UnitNode[] = [],
): UnitNode => ({
  key: `${type === 'dept' ? 'dept' : 'org'}-${id}`,
  id,
  pid: 0,
  name,
  full_name: name,
  order: 0,
  has_priv: true,
  source: 0,
  org_type: type,
  org_id: id,
  tax_id: null,
  children,
  ...extra,
});

/**
 * 演示集团 (1) ─ 综合管理部 (d1)
 *            ├ 演示科技 (2) ─ 财务部 (d2), 研发部 (d3) ─ 前端组 (d5)
 *            └ 演示贸易 (3) ─ 销售部 (d4)
 */
export function demoTree(): UnitNode[] {
  const dept = (id: number, name: string, orgId: number, pid = 0, children: UnitNode[] = []) =>
    node('dept', id, name, { org_id: orgId, pid }, children);
  return [
    node('group', 1, '演示集团', {}, [
      dept(1, '综合管理部', 1),
      node('company', 2, '演示科技', { pid: 1 }, [
        dept(2, '财务部', 2),
        dept(3, '研发部', 2, 0, [dept(5, '前端组', 2, 3)]),
      ]),
      node('company', 3, '演示贸易', { pid: 1 }, [dept(4, '销售部', 3)]),
    ]),
  ];
}
