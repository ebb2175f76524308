import '@/test/dom';
import './resizeObserver';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { LoginReply, OrgTreeEntry, StaffInfo } from '@feikong/contracts';
import { AppProviders } from '@/platform/providers';
import { createQueryClient } from '@/platform/queryClient';
import { jsonReply, ok } from '@/test/fetch';

/** Test harness of the identity screens: the app's providers, a memory router, a routed fetch stub. */

export type Reply = Response | ((body: unknown, url: string) => Response);
/** 'POST users:login' → reply; the key is the method and the path after /auth-center/api/v1/. */
export type Api = Record<string, Reply>;

export interface Call {
  method: string;
  path: string;
  body: unknown;
  token: string | null;
}

/** Stubs fetch: each call is answered from `api` (unknown calls fail loudly) and recorded. */
export function stubApi(api: Api) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    const path = u.pathname.replace('/auth-center/api/v1/', '');
    const method = init.method ?? 'GET';
    const text = typeof init.body === 'string' ? init.body : '';
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    calls.push({ method, path, body, token: new Headers(init.headers).get('X-Session-Token') });
    const reply = api[`${method} ${path}`];
    if (!reply) return jsonReply({ status: 10000404, msg: `no stub for ${method} ${path}`, data: null }, 404);
    return typeof reply === 'function' ? reply(body, url) : reply.clone();
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls, called: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export const fail = (status: number, msg: string, http = 400) => jsonReply({ status, msg, data: null }, http);
export { ok };

export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

/** Texts of antd toasts on screen. */
export const toasts = () =>
  [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');

/** A staff reply like the server's users/staff (typed from the contract: a changed field breaks the build). */
export const staffReply = (over: Partial<StaffInfo> = {}) =>
  ok({
    user_id: 1,
    staff_id: 1,
    phone: '13800000001',
    real_name: '演示管理员',
    user_name: '演示管理员',
    username: '演示管理员',
    email: null,
    gender: 0,
    avatar: null,
    job_no: null,
    dept_ids: [],
    dept_names: [],
    dept_name: '',
    product_version_name: '企业版',
    expired: false,
    org_id: 1,
    org_name: '演示集团',
    top_org_id: 1,
    top_org_name: '演示集团',
    ui_type: 'fee_control',
    orgcode_payer_type: 1,
    show_guide: 1,
    show_guide_group: 1,
    userStatus: 2,
    last_logged_org: 1,
    has_password: true,
    ...over,
  } satisfies StaffInfo);

export const loginReply = (over: Partial<LoginReply> = {}) =>
  ok({
    token: 'tok-new',
    expires_at: Date.now() + 3600_000,
    user_id: 1,
    staff_id: 1,
    phone: '13800000001',
    username: '演示管理员',
    userStatus: 2,
    last_logged_org: 1,
    top_org_id: 1,
    top_org_name: '演示集团',
    ui_type: 'fee_control',
    orgcode_payer_type: 1,
    show_guide: 1,
    show_guide_group: 1,
    ...over,
  } satisfies LoginReply);

export const ORGS = [
  {
    org_id: 1,
    org_name: '演示集团',
    tax_id: '91310000MA1FL0001X',
    expired: false,
    is_current: true,
    product_version_name: '企业版',
    children: [
      { org_id: 2, org_name: '演示科技有限公司', tax_id: '91310115MA1K4QXX1B' },
      { org_id: 3, org_name: '演示贸易有限公司', tax_id: '91310104MA1FR3XX2C' },
    ],
  },
  {
    org_id: 4,
    org_name: '过期示例公司',
    tax_id: '91440300MA5EXP0001',
    expired: true,
    is_current: false,
    product_version_name: '标准版',
    children: [],
  },
] satisfies OrgTreeEntry[];
