import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';

/**
 * The menu catalogue (global: one tree for every tenant) and per-tenant menu overrides.
 * Menus are data (spec §2.1): the client builds its routes from them, and permission strings
 * `menuName:perm` are formed from each entry's permission values.
 *
 * Other migrations add their screens' entries with `addMenuEntries` and take them away in
 * their `down` with `removeMenuEntries`.
 */

/** One catalogue entry as a migration declares it (the fields of spec §2.1). */
export interface MenuEntrySeed {
  name: string;
  path: string;
  component: string;
  redirect?: string;
  /** Name of the parent entry when the entry is added under an existing one. */
  parent?: string;
  /** Permission values (e.g. ['view', 'edit']); each forms `name:value`. None: visible with its parent. */
  perms?: string[];
  meta: {
    title: string;
    order?: number;
    hidden?: boolean;
    hide_sidebar?: boolean;
    keepAlive?: boolean;
    keep_alive?: boolean;
    isRouterView?: boolean;
    params?: Record<string, unknown>;
    icon?: string;
    icon_selected?: string;
    image?: string;
    type?: string;
    description?: string;
  };
  children?: MenuEntrySeed[];
}

/** Inserts entries (and their children) into the catalogue; order defaults to the position among siblings. */
export async function addMenuEntries(db: Kysely<any>, entries: MenuEntrySeed[], now = Date.now()) {
  const rows: Record<string, unknown>[] = [];
  const walk = (list: MenuEntrySeed[], parent: string | null) => {
    list.forEach((e, i) => {
      const { order, ...meta } = e.meta;
      rows.push({
        name: e.name,
        parent_name: e.parent ?? parent,
        path: e.path,
        redirect: e.redirect ?? null,
        component: e.component,
        sort_order: order ?? i + 1,
        meta: JSON.stringify(meta),
        perm_values: JSON.stringify(e.perms ?? []),
        created_at: now,
      });
      walk(e.children ?? [], e.name);
    });
  };
  walk(entries, null);
  if (rows.length > 0) await db.insertInto('menus').values(rows).execute();
}

/** Removes catalogue entries by name, with their tenant overrides. */
export async function removeMenuEntries(db: Kysely<any>, names: string[]) {
  if (names.length === 0) return;
  await db.deleteFrom('menu_overrides').where('menu_name', 'in', names).execute();
  await db.deleteFrom('menus').where('name', 'in', names).execute();
}

/** The shell's own entries: workbench, personal centre, settings → permissions and menus. */
export const BASE_MENUS: MenuEntrySeed[] = [
  {
    name: 'home',
    path: '/home',
    component: 'Layout',
    redirect: '/home/index',
    meta: { title: '工作台', icon: 'workbench', order: 1 },
    children: [
      {
        name: 'homeIndex',
        path: '/home/index',
        component: 'home/Home',
        meta: { title: '工作台', icon: 'workbench', hide_sidebar: true, keepAlive: true },
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
  {
    name: 'setcenter',
    path: '/setcenter',
    component: 'Layout',
    redirect: '/setcenter/permission/function',
    meta: { title: '设置中心', icon: 'settings', order: 80 },
    children: [
      {
        name: 'permission',
        path: '/setcenter/permission',
        component: 'RouterView',
        meta: { title: '权限管理', icon: 'permission', isRouterView: true },
        children: [
          {
            name: 'functionPermission',
            path: '/setcenter/permission/function',
            component: 'settings/FunctionPermission',
            meta: { title: '功能权限' },
            perms: ['view', 'edit'],
          },
          {
            name: 'memberManagement',
            path: '/setcenter/permission/member',
            component: 'settings/MemberManagement',
            meta: { title: '成员管理' },
            perms: ['view', 'edit'],
          },
          {
            name: 'permissionGroup',
            path: '/setcenter/permission/group',
            component: 'settings/PermissionGroup',
            meta: { title: '权限组' },
            perms: ['view', 'add', 'edit', 'delete'],
          },
        ],
      },
      {
        name: 'menuSetting',
        path: '/setcenter/menus',
        component: 'settings/MenuSetting',
        meta: { title: '菜单管理', icon: 'menu' },
        perms: ['view', 'edit'],
      },
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('menus'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('parent_name', 'varchar(80)')
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('redirect', 'varchar(200)')
    .addColumn('component', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meta', jsonText, (c) => c.notNull().defaultTo('{}'))
    .addColumn('perm_values', jsonText, (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('menu_overrides')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('menu_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('title', 'varchar(50)')
    .addColumn('sort_order', 'integer')
    .addColumn('hidden', 'integer')
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('menu_overrides_pk', ['tenant_id', 'menu_name'])
    .execute();

  await addMenuEntries(db, BASE_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('menu_overrides').execute();
  await db.schema.dropTable('menus').execute();
}
