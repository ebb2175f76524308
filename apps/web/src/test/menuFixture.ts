import type { MenuNode } from '../platform/menuTypes';

/** The seeded menu tree (apps/server/src/db/migrations/20261122T0003_privileges.ts) as the admin sees it. */
export function seededMenus(): MenuNode[] {
  return [
    {
      name: 'home',
      path: '/home',
      redirect: '/home/index',
      component: 'Layout',
      meta: { title: '工作台', icon: 'workbench', order: 1 },
      children: [
        {
          name: 'homeIndex',
          path: '/home/index',
          component: 'home/Home',
          meta: { title: '工作台', icon: 'workbench', hide_sidebar: true, keepAlive: true, order: 1 },
          children: [],
        },
      ],
    },
    {
      name: 'setcenter',
      path: '/setcenter',
      redirect: '/setcenter/permission/function',
      component: 'Layout',
      meta: { title: '设置中心', icon: 'settings', order: 80 },
      children: [
        {
          name: 'permission',
          path: '/setcenter/permission',
          component: 'RouterView',
          meta: { title: '权限管理', icon: 'permission', isRouterView: true, order: 1 },
          children: [
            {
              name: 'functionPermission',
              path: '/setcenter/permission/function',
              component: 'settings/FunctionPermission',
              meta: {
                title: '功能权限',
                order: 1,
                perms: ['functionPermission:view', 'functionPermission:edit'],
              },
            },
            {
              name: 'memberManagement',
              path: '/setcenter/permission/member',
              component: 'settings/MemberManagement',
              meta: {
                title: '成员管理',
                order: 2,
                perms: ['memberManagement:view', 'memberManagement:edit'],
              },
            },
            {
              name: 'permissionGroup',
              path: '/setcenter/permission/group',
              component: 'settings/PermissionGroup',
              meta: { title: '权限组', order: 3, perms: ['permissionGroup:view'] },
            },
          ],
        },
        {
          name: 'menuSetting',
          path: '/setcenter/menus',
          component: 'settings/MenuSetting',
          meta: {
            title: '菜单管理',
            icon: 'menu',
            order: 2,
            perms: ['menuSetting:view', 'menuSetting:edit'],
          },
        },
      ],
    },
    {
      name: 'personal',
      path: '/personal',
      component: 'Layout',
      meta: { title: '个人中心', hidden: true, order: 90 },
      children: [
        {
          name: 'userInfo',
          path: '/userInfo',
          component: 'common/UserInfo',
          meta: { title: '用户信息', hide_sidebar: true },
        },
        {
          name: 'orgInfo',
          path: '/orgInfo',
          component: 'common/OrgInfo',
          meta: { title: '企业信息', hide_sidebar: true },
        },
      ],
    },
  ];
}

/** The project and budget areas with their optional-id detail pages (spec §2.3, §2.4). */
export function projectBudgetMenus(): MenuNode[] {
  return [
    {
      name: 'project',
      path: '/project',
      component: 'Layout',
      redirect: '/project/projectList',
      meta: { title: '项目管理' },
      children: [
        {
          name: 'projectList',
          path: '/project/projectList',
          component: 'project/ProjectList',
          meta: { title: '项目列表' },
        },
        {
          name: 'projectDetail',
          path: '/project/projectDetail/:id?',
          component: 'project/ProjectDetail',
          meta: { title: '项目详情', hidden: true },
        },
      ],
    },
    {
      name: 'budget',
      path: '/budget',
      component: 'Layout',
      meta: { title: '预算管理' },
      children: [
        {
          name: 'budgetDetail',
          path: '/budget/budgetDetail/:id?',
          component: 'budget/BudgetDetail',
          meta: { title: '预算详情', hidden: true },
        },
        {
          name: 'budgetList',
          path: '/budget/budgetList',
          component: 'budget/BudgetList',
          meta: { title: '预算列表' },
        },
      ],
    },
  ];
}
