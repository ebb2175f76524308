import type { Kysely } from 'kysely';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * Menu entries of the organisation screens (设置中心 › 组织架构) and the download centre.
 *
 * - Permission values form `name:value` strings that equal the org module's (OrgPerm in
 *   modules/org/org.perms.ts): orgStaff:view / orgStaff:edit, jobGrade:*, title:*, …
 * - The two import pages (orgImportFile, staffImportFile) are hidden children of orgStaff with no
 *   permission values of their own: an entry without perms is seen exactly when its parent is, so
 *   they carry orgStaff's permissions without minting new strings; their breadcrumb reads
 *   设置中心 / 组织架构 / 组织与员工 / 成员导入.
 * - 组织架构 sits after 权限管理 and 菜单管理 (order 3) and before 系统权益 (30); 设置中心's redirect
 *   (功能权限) is unchanged.
 * - downloadcenter hangs under the hidden personal entry without perms: every staff member sees
 *   their own tasks (the header's download icon shows once the route exists).
 */
export const ORG_MENUS: MenuEntrySeed[] = [
  {
    name: 'orgStructure',
    parent: 'setcenter',
    path: '/setcenter/org',
    component: 'RouterView',
    redirect: '/setcenter/org/staff',
    meta: { title: '组织架构', icon: 'org', isRouterView: true, order: 3 },
    children: [
      {
        name: 'orgStaff',
        path: '/setcenter/org/staff',
        component: 'org/OrgStaff',
        perms: ['view', 'edit'],
        meta: { title: '组织与员工' },
        children: [
          {
            name: 'orgImportFile',
            path: '/setcenter/org/orgImportFile',
            component: 'org/OrgImportFile',
            meta: { title: '组织导入', hidden: true },
          },
          {
            name: 'staffImportFile',
            path: '/setcenter/org/staffImportFile',
            component: 'org/StaffImportFile',
            meta: { title: '成员导入', hidden: true },
          },
        ],
      },
      {
        name: 'companyInfo',
        path: '/setcenter/org/company',
        component: 'org/CompanyInfo',
        perms: ['view', 'edit'],
        meta: { title: '公司信息' },
      },
      {
        name: 'jobGrade',
        path: '/setcenter/org/grade',
        component: 'org/JobGrade',
        perms: ['view', 'edit'],
        meta: { title: '职级职位' },
      },
      {
        name: 'title',
        path: '/setcenter/org/title',
        component: 'org/Title',
        perms: ['view', 'edit'],
        meta: { title: '职称' },
      },
      {
        name: 'cityGroup',
        path: '/setcenter/org/city',
        component: 'org/CityGroup',
        perms: ['view', 'edit'],
        meta: { title: '城市维护' },
      },
      {
        name: 'userGroup',
        path: '/setcenter/org/userGroup',
        component: 'org/UserGroup',
        perms: ['view'],
        meta: { title: '用户组' },
      },
      {
        name: 'account',
        path: '/setcenter/org/account',
        component: 'org/Account',
        perms: ['view', 'edit'],
        meta: { title: '账户管理' },
      },
      {
        name: 'operationLog',
        path: '/setcenter/org/log',
        component: 'org/OperationLog',
        perms: ['view'],
        meta: { title: '操作日志' },
      },
    ],
  },
  {
    name: 'downloadcenter',
    parent: 'personal',
    path: '/downloadcenter',
    component: 'common/DownloadCenter',
    meta: { title: '下载中心', hide_sidebar: true, order: 3 },
  },
];

const MENU_NAMES = [
  'orgStructure',
  'orgStaff',
  'orgImportFile',
  'staffImportFile',
  'companyInfo',
  'jobGrade',
  'title',
  'cityGroup',
  'userGroup',
  'account',
  'operationLog',
  'downloadcenter',
];

export async function up(db: Kysely<any>): Promise<void> {
  await addMenuEntries(db, ORG_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, MENU_NAMES);
}
