import { z } from 'zod';
import { pagedOf } from '../reply.js';

/** Reply data of the privileges routes: menus (spec §2.1), permission groups and members (spec §6, §7.3). */

/** Meta of a menu entry as the client reads it (spec §2.1). */
export const MenuMeta = z.object({
  title: z.string(),
  order: z.number(),
  hidden: z.boolean().optional(),
  hide_sidebar: z.boolean().optional(),
  keepAlive: z.boolean().optional(),
  keep_alive: z.boolean().optional(),
  isRouterView: z.boolean().optional(),
  /** Permission strings `name:value` of the entry; absent when the entry needs none. */
  perms: z.array(z.string()).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  icon: z.string().optional(),
  icon_selected: z.string().optional(),
  image: z.string().optional(),
  type: z.string().optional(),
  description: z.string().optional(),
});
export type MenuMeta = z.infer<typeof MenuMeta>;

const menuFields = {
  path: z.string(),
  name: z.string(),
  redirect: z.string().nullable(),
  component: z.string(),
  meta: MenuMeta,
};

export interface MenuNode {
  path: string;
  name: string;
  redirect: string | null;
  component: string;
  meta: MenuMeta;
  children: MenuNode[];
}
export const MenuNode: z.ZodType<MenuNode> = z.object({
  ...menuFields,
  get children() {
    return z.array(MenuNode);
  },
});

/** GET privileges/user/menus: the caller's menu tree and every permission string they hold. */
export const UserMenusReply = z.object({
  menus: z.array(MenuNode),
  rules: z.object({ perms: z.array(z.string()) }),
});
export type UserMenusReply = z.infer<typeof UserMenusReply>;

export const MenuOverride = z.object({
  title: z.string().nullable(),
  order: z.number().nullable(),
  hidden: z.boolean().nullable(),
});
export type MenuOverride = z.infer<typeof MenuOverride>;

/** The tenant tree as the menu-setting screen edits it: defaults, overrides and permission values. */
export interface AdminMenuNode extends Omit<MenuNode, 'children'> {
  perm_values: string[];
  defaults: { title: string; order: number; hidden: boolean };
  overrides: MenuOverride;
  children: AdminMenuNode[];
}
export const AdminMenuNode: z.ZodType<AdminMenuNode> = z.object({
  ...menuFields,
  perm_values: z.array(z.string()),
  defaults: z.object({ title: z.string(), order: z.number(), hidden: z.boolean() }),
  overrides: MenuOverride,
  get children() {
    return z.array(AdminMenuNode);
  },
});
export const AdminMenusReply = z.object({ items: z.array(AdminMenuNode) });
export type AdminMenusReply = z.infer<typeof AdminMenusReply>;

export const PermissionGroup = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  perms: z.array(z.string()),
  is_builtin: z.boolean(),
  /** New staff join the default group (one per tenant). */
  is_default: z.boolean(),
  member_count: z.number(),
  created_at: z.number(),
});
export type PermissionGroup = z.infer<typeof PermissionGroup>;
export const PermissionGroupPage = pagedOf(PermissionGroup);

export const GroupOption = z.object({ id: z.number(), name: z.string(), is_builtin: z.boolean() });
export type GroupOption = z.infer<typeof GroupOption>;
export const GroupOptionsReply = z.object({ items: z.array(GroupOption) });

export const GroupIdReply = z.object({ id: z.number() });
export const GroupDeleteCheck = z.object({ can_delete: z.boolean(), reason: z.string().nullable() });
export type GroupDeleteCheck = z.infer<typeof GroupDeleteCheck>;

export const PermValue = z.object({
  value: z.string(),
  label: z.string(),
  perm: z.string(),
  granted: z.boolean(),
});
export type PermValue = z.infer<typeof PermValue>;

export interface FunctionPermNode {
  name: string;
  title: string;
  path: string;
  values: PermValue[];
  children: FunctionPermNode[];
}
export const FunctionPermNode: z.ZodType<FunctionPermNode> = z.object({
  name: z.string(),
  title: z.string(),
  path: z.string(),
  values: z.array(PermValue),
  get children() {
    return z.array(FunctionPermNode);
  },
});

export const FunctionPermReply = z.object({
  group: z.object({ id: z.number(), name: z.string(), is_builtin: z.boolean(), perms: z.array(z.string()) }),
  /** The group holds `*`. */
  all: z.boolean(),
  items: z.array(FunctionPermNode),
});
export type FunctionPermReply = z.infer<typeof FunctionPermReply>;

export const GroupMember = z.object({
  staff_id: z.number(),
  user_id: z.number(),
  name: z.string(),
  phone: z.string(),
  org_name: z.string(),
  dept_names: z.array(z.string()),
});
export type GroupMember = z.infer<typeof GroupMember>;
export const GroupMemberPage = pagedOf(GroupMember);

export const MembersAddedReply = z.object({ added: z.number(), member_count: z.number() });
export const MembersRemovedReply = z.object({ removed: z.number(), member_count: z.number() });

/** privileges/user/grade:check: may the caller do each of these? */
export const GradeCheckReply = z.object({ allowed: z.record(z.string(), z.boolean()) });
export type GradeCheckReply = z.infer<typeof GradeCheckReply>;
