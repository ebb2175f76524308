import { describe, expect, it, vi } from 'vitest';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { projectBudgetMenus, seededMenus } from '../test/menuFixture';
import { buildMenuRoutes, hasRoutes, PURCHASE_ROUTE_SET } from './buildRoutes';
import type { MenuNode } from '@/platform/menuTypes';
import type { RouteHandle } from '@/platform/routeMeta';
import { screenRegistry, type ScreenRegistry } from './screenRegistry';

const Screen = () => null;
const load = async () => ({ default: Screen });
/** A registry with every seeded screen. */
const registry: ScreenRegistry = {
  'home/Home': load,
  'common/UserInfo': load,
  'common/OrgInfo': load,
  'settings/FunctionPermission': load,
  'settings/MemberManagement': load,
  'settings/PermissionGroup': load,
  'settings/MenuSetting': load,
};

function find(routes: RouteObject[], id: string): RouteObject | undefined {
  for (const r of routes) {
    if (r.id === id) return r;
    const below = find(r.children ?? [], id);
    if (below) return below;
  }
}
const navigateTo = (r: RouteObject | undefined) =>
  isValidElement(r?.element) ? (r.element.props as { to?: string }).to : undefined;

describe('route construction from menus (spec §2.1)', () => {
  it('maps every seeded component name through the one registry', () => {
    for (const name of Object.keys(registry)) expect(screenRegistry[name], name).toBeTypeOf('function');
  });

  it('top Layout entries go under the shell as pathless routes; children keep absolute paths', () => {
    const built = buildMenuRoutes(seededMenus(), { registry, warn: vi.fn() });
    expect(built.shell.map((r) => r.id)).toEqual(['menu:home', 'menu:setcenter', 'menu:personal']);
    const home = find(built.shell, 'menu:home')!;
    expect(home.path).toBeUndefined();
    expect((home.handle as RouteHandle).top).toBe(true);
    const homeIndex = find(built.shell, 'menu:homeIndex')!;
    expect(homeIndex.path).toBe('/home/index');
    expect(homeIndex.lazy).toBeTypeOf('function');
    expect((homeIndex.handle as RouteHandle).meta?.keepAlive).toBe(true);
    expect(find(built.shell, 'menu:userInfo')?.path).toBe('/userInfo');
  });

  it('a screen route loads its component lazily from the registry', async () => {
    const built = buildMenuRoutes(seededMenus(), { registry, warn: vi.fn() });
    const route = find(built.shell, 'menu:functionPermission')!;
    const lazy = route.lazy as () => Promise<{ Component: unknown }>;
    expect((await lazy()).Component).toBe(Screen);
  });

  it('RouterView is a pass-through (pathless, no element) with its own redirect route', () => {
    const built = buildMenuRoutes(seededMenus(), { registry, warn: vi.fn() });
    const permission = find(built.shell, 'menu:permission')!;
    expect(permission.path).toBeUndefined();
    expect(permission.element).toBeUndefined();
    expect(permission.children?.map((c) => c.path)).toEqual([
      '/setcenter/permission',
      '/setcenter/permission/function',
      '/setcenter/permission/member',
      '/setcenter/permission/group',
    ]);
    expect(navigateTo(find(built.shell, 'menu:permission:redirect'))).toBe('/setcenter/permission/function');
  });

  it('a Layout path redirects to its redirect when it exists below it', () => {
    const built = buildMenuRoutes(seededMenus(), { registry, warn: vi.fn() });
    expect(navigateTo(find(built.shell, 'menu:setcenter:redirect'))).toBe('/setcenter/permission/function');
    expect(navigateTo(find(built.shell, 'menu:home:redirect'))).toBe('/home/index');
  });

  it('a redirect naming a child the user cannot see falls back to the first non-hidden child', () => {
    const menus = seededMenus();
    const permission = menus[1].children![0];
    permission.children = permission.children!.filter((c) => c.name !== 'functionPermission');
    const built = buildMenuRoutes(menus, { registry, warn: vi.fn() });
    expect(navigateTo(find(built.shell, 'menu:setcenter:redirect'))).toBe('/setcenter/permission');
    expect(navigateTo(find(built.shell, 'menu:permission:redirect'))).toBe('/setcenter/permission/member');
  });

  it('/ goes to the first top menu', () => {
    const built = buildMenuRoutes(seededMenus(), { registry, warn: vi.fn() });
    expect(built.outside[0].path).toBe('/');
    expect(navigateTo(built.outside[0])).toBe('/home/index');
  });

  it('a missing screen logs a warning and renders the pass-through', () => {
    const warn = vi.fn();
    const built = buildMenuRoutes(projectBudgetMenus(), { registry, warn });
    const detail = find(built.shell, 'menu:projectDetail')!;
    expect(detail.path).toBe('/project/projectDetail/:id?');
    expect(detail.lazy).toBeUndefined();
    expect(isValidElement(detail.element)).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('project/ProjectDetail'));
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('console.warn is the default warning channel', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    buildMenuRoutes([{ name: 'x', path: '/x', component: 'no/Such', meta: { title: 'X' } }], { registry });
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('no/Such'));
    spy.mockRestore();
  });

  it('a top entry that is a screen is mounted outside the shell', () => {
    const built = buildMenuRoutes(
      [{ name: 'solo', path: '/solo', component: 'home/Home', meta: { title: '独立' } }],
      {
        registry,
      },
    );
    expect(built.shell).toEqual([]);
    expect(built.outside.map((r) => r.path)).toEqual(['/', '/solo']);
  });

  it('a screen with entries below it: a group holding the screen and its children', () => {
    const menus: MenuNode[] = [
      {
        name: 'setcenter',
        path: '/setcenter',
        component: 'Layout',
        meta: { title: '设置中心' },
        children: [
          {
            name: 'orgStaff',
            path: '/setcenter/org/staff',
            component: 'home/Home',
            meta: { title: '组织与员工' },
            children: [
              {
                name: 'staffImportFile',
                path: '/setcenter/org/staffImportFile',
                component: 'home/Home',
                meta: { title: '成员导入', hidden: true },
              },
            ],
          },
        ],
      },
    ];
    const built = buildMenuRoutes(menus, { registry, warn: vi.fn() });
    const group = find(built.shell, 'menu:orgStaff:group')!;
    expect(group.path).toBeUndefined();
    expect((group.handle as RouteHandle).title).toBe('组织与员工');
    expect(group.children?.map((c) => c.path)).toEqual([
      '/setcenter/org/staff',
      '/setcenter/org/staffImportFile',
    ]);
  });

  it('no menus, no routes', () => {
    expect(hasRoutes(buildMenuRoutes([], { registry }))).toBe(false);
    expect(hasRoutes(buildMenuRoutes(seededMenus(), { registry }))).toBe(true);
  });
});

describe('purchase route set (spec §2.1, §2.3)', () => {
  const withRights: ScreenRegistry = { ...registry, 'rights/ProductVersion': load, 'rights/Cashier': load };

  it('is appended when no entry is named sysInterest and its screens exist', () => {
    const built = buildMenuRoutes(seededMenus(), { registry: withRights, warn: vi.fn() });
    expect(find(built.shell, 'menu:rightRecharge')).toBeDefined();
    expect(find(built.shell, 'menu:productVersion')?.path).toBe('/setcenter/rightRecharge/productVersion');
    expect(find(built.shell, 'menu:cashier')?.path).toBe('/setcenter/rightRecharge/cashier');
    expect(navigateTo(find(built.shell, 'menu:rightRecharge:redirect'))).toBe(
      '/setcenter/rightRecharge/productVersion',
    );
    expect(built.menus.at(-1)).toEqual(PURCHASE_ROUTE_SET);
  });

  it('is not appended when an entry is named sysInterest', () => {
    const menus: MenuNode[] = [
      ...seededMenus(),
      {
        name: 'sysInterest',
        path: '/setcenter/sysInterest',
        component: 'home/Home',
        meta: { title: '系统权益' },
      },
    ];
    const built = buildMenuRoutes(menus, { registry: withRights, warn: vi.fn() });
    expect(find(built.shell, 'menu:productVersion')).toBeUndefined();
  });

  it('is skipped while its screens do not exist (they come with the rights issue)', () => {
    const built = buildMenuRoutes(seededMenus(), { registry, warn: vi.fn() });
    expect(find(built.shell, 'menu:productVersion')).toBeUndefined();
  });

  it('is not doubled when the menus already hold its entries', () => {
    const menus: MenuNode[] = [
      ...seededMenus(),
      { ...PURCHASE_ROUTE_SET, name: 'tenantRights', meta: { title: '系统权益' } },
    ];
    const built = buildMenuRoutes(menus, { registry: withRights, warn: vi.fn() });
    expect(find(built.shell, 'menu:rightRecharge')).toBeUndefined();
    expect(find(built.shell, 'menu:tenantRights')).toBeDefined();
  });
});
