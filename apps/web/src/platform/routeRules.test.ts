import { describe, expect, it } from 'vitest';
import { projectBudgetMenus, seededMenus } from '../test/menuFixture';
import type { MenuNode } from './menuTypes';
import {
  breadcrumb,
  crumbTitle,
  hasMenuPath,
  homeTarget,
  joinPath,
  normaliseMenus,
  resolveRedirect,
  sidebarEntries,
  topMenuClick,
  topMenuItems,
  topMenuTarget,
} from './routeRules';

const node = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  name: path.replaceAll('/', '_'),
  path,
  component: 'x/Y',
  meta: { title: path },
  ...extra,
});

describe('redirect rule (spec §2.1)', () => {
  it('applies a redirect naming an existing child or grandchild', () => {
    const [, setcenter] = seededMenus();
    expect(resolveRedirect(setcenter)).toBe('/setcenter/permission/function');
  });

  it('falls back to the first non-hidden child when the named child does not exist', () => {
    const parent = node('/a', {
      component: 'Layout',
      redirect: '/a/gone',
      children: [node('/a/hidden', { meta: { title: 'h', hidden: true } }), node('/a/one'), node('/a/two')],
    });
    expect(resolveRedirect(parent)).toBe('/a/one');
  });

  it('without children there is nowhere to go', () => {
    expect(resolveRedirect(node('/a', { redirect: '/a/b' }))).toBeUndefined();
  });

  it('relative child paths hang off the parent path', () => {
    expect(joinPath('/subForm', 'runStart')).toBe('/subForm/runStart');
    const [m] = normaliseMenus([node('/subForm', { children: [node('runStart')] })]);
    expect(m.children?.[0].path).toBe('/subForm/runStart');
  });
});

describe('top menu (spec §2.4)', () => {
  it('lists non-hidden items', () => {
    expect(topMenuItems(seededMenus(), false).map((m) => m.name)).toEqual(['home', 'setcenter']);
  });

  it('a personal account sees only items with visible children', () => {
    const menus = [...seededMenus(), node('/empty', { component: 'Layout', children: [] })];
    expect(topMenuItems(menus, false).map((m) => m.name)).toContain('_empty');
    expect(topMenuItems(menus, true).map((m) => m.name)).toEqual(['home', 'setcenter']);
  });

  it('goes to the redirect when it names one of its children', () => {
    expect(topMenuTarget(seededMenus()[1])).toBe('/setcenter/permission/function');
    expect(topMenuTarget(seededMenus()[0])).toBe('/home/index');
  });

  it('else to the first visible child, or that child’s first visible child', () => {
    const [, setcenter] = seededMenus();
    setcenter.redirect = '/setcenter/nowhere';
    // the first visible child is 权限管理 (a RouterView): its first visible child is the target
    expect(topMenuTarget(setcenter)).toBe('/setcenter/permission/function');
    const flat = node('/b', {
      children: [node('/b/hidden', { meta: { title: 'h', hidden: true } }), node('/b/list')],
    });
    expect(topMenuTarget(flat)).toBe('/b/list');
  });

  it('else to the item path', () => {
    expect(topMenuTarget(node('/alone'))).toBe('/alone');
    expect(
      topMenuTarget(node('/c', { children: [node('/c/x', { meta: { title: 'x', hidden: true } })] })),
    ).toBe('/c');
  });

  it('a personal account without an organisation is warned and does not navigate', () => {
    const [home] = seededMenus();
    expect(topMenuClick(home, true)).toEqual({ action: 'warn' });
    expect(topMenuClick(home, false)).toEqual({ action: 'navigate', to: '/home/index' });
  });

  it('/ goes to the first visible top menu’s target', () => {
    expect(homeTarget(seededMenus())).toBe('/home/index');
    expect(homeTarget([])).toBeUndefined();
  });
});

describe('sidebar and header helpers', () => {
  it('the sidebar shows the visible children of the top menu', () => {
    const [, setcenter] = seededMenus();
    const entries = sidebarEntries(setcenter);
    expect(entries.map((e) => e.meta.title)).toEqual(['权限管理', '菜单管理']);
    expect(entries[0].children?.map((e) => e.meta.title)).toEqual(['功能权限', '成员管理', '权限组']);
    expect(sidebarEntries(undefined)).toEqual([]);
  });

  it('finds whether a route exists (download centre, e-mail)', () => {
    expect(hasMenuPath(seededMenus(), '/userInfo')).toBe(true);
    expect(hasMenuPath(seededMenus(), '/downloadcenter')).toBe(false);
  });
});

describe('breadcrumb (spec §2.4)', () => {
  const [project, budget] = normaliseMenus(projectBudgetMenus());
  const detail = project.children![1];
  const budgetDetail = budget.children![0];

  it('项目新增 on /project/projectDetail/:id? without an id; the menu title with one', () => {
    expect(crumbTitle(detail.path, {}, detail.meta.title)).toBe('项目新增');
    expect(crumbTitle(detail.path, { id: '12' }, detail.meta.title)).toBe('项目详情');
  });

  it('预算数据新增 on /budget/budgetDetail/:id? without an id', () => {
    expect(crumbTitle(budgetDetail.path, {}, budgetDetail.meta.title)).toBe('预算数据新增');
    expect(crumbTitle(budgetDetail.path, { id: '3' }, budgetDetail.meta.title)).toBe('预算详情');
    expect(crumbTitle('/project/projectList', {}, '项目列表')).toBe('项目列表');
  });

  it('joins matched titles; earlier crumbs link, the last does not; repeated titles show once', () => {
    const crumbs = breadcrumb(
      [
        { title: undefined },
        { title: '项目管理', target: '/project/projectList' },
        { title: '项目详情', routePath: detail.path, target: detail.path },
      ],
      {},
      '/project/projectDetail',
    );
    expect(crumbs).toEqual([{ title: '项目管理', to: '/project/projectList' }, { title: '项目新增' }]);
    expect(
      breadcrumb(
        [
          { title: '工作台', target: '/home/index' },
          { title: '工作台', routePath: '/home/index', target: '/home/index' },
        ],
        {},
        '/home/index',
      ),
    ).toEqual([{ title: '工作台' }]);
  });
});
