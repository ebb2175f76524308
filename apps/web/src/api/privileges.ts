import type { MenuMeta, MenuNode, UserMenusReply } from '../app/menuTypes';
import type { Paged } from '@feikong/contracts';
import { http } from './request';

// Typed calls of privileges and menus (/auth-center/api/v1/privileges…, spec §7.3). Shapes follow
// apps/server/src/modules/privileges (routes, schemas, service replies).

const BASE = '/auth-center/api/v1/privileges';

export type { PageInfo, Paged } from '@feikong/contracts';

export interface PermissionGroup {
  id: number;
  name: string;
  description: string | null;
  perms: string[];
  is_builtin: boolean;
  member_count: number;
  created_at: number;
}

export interface GroupOption {
  id: number;
  name: string;
  is_builtin: boolean;
}

export interface PermValue {
  value: string;
  label: string;
  perm: string;
  granted: boolean;
}

export interface FunctionPermNode {
  name: string;
  title: string;
  path: string;
  values: PermValue[];
  children: FunctionPermNode[];
}

export interface FunctionPermReply {
  group: { id: number; name: string; is_builtin: boolean; perms: string[] };
  /** The group holds `*`. */
  all: boolean;
  items: FunctionPermNode[];
}

export interface GroupMember {
  staff_id: number;
  user_id: number;
  name: string;
  phone: string;
  org_name: string;
  dept_names: string[];
}

export interface MenuOverride {
  title: string | null;
  order: number | null;
  hidden: boolean | null;
}

/** The tenant's menu tree as the menu-setting screen edits it. */
export interface AdminMenuNode extends Omit<MenuNode, 'children'> {
  meta: MenuMeta & { order: number };
  perm_values: string[];
  defaults: { title: string; order: number; hidden: boolean };
  overrides: MenuOverride;
  children: AdminMenuNode[];
}

export interface MenuOverrideInput {
  name: string;
  /** null goes back to the catalogue value. */
  title?: string | null;
  order?: number | null;
  hidden?: boolean | null;
}

export interface GroupInput {
  name: string;
  description?: string | null;
  perms?: string[];
}

export interface ListQuery {
  keyword?: string;
  page_num?: number;
  page_size?: number;
}

/** A staff member as the org family's users list returns it (the member picker reads these). */
export const privilegesApi = {
  userMenus: () => http.get<UserMenusReply>(`${BASE}/user/menus`),
  adminMenus: () => http.get<{ items: AdminMenuNode[] }>(`${BASE}/menus`),
  updateMenus: (items: MenuOverrideInput[]) =>
    http.put<{ items: AdminMenuNode[] }>(`${BASE}/menus`, { items }),

  listGroups: (q: ListQuery) => http.get<Paged<PermissionGroup>>(BASE, { ...q }),
  groupOptions: () => http.get<{ items: GroupOption[] }>(`${BASE}/options`),
  createGroup: (body: GroupInput) => http.post<PermissionGroup>(BASE, body, { handleFieldErrors: true }),
  updateGroup: (body: Partial<GroupInput> & { id: number }) =>
    http.put<PermissionGroup>(BASE, body, { handleFieldErrors: true }),
  deleteGroup: (id: number) => http.delete<{ id: number }>(BASE, { id }),
  checkDelete: (id: number) =>
    http.get<{ can_delete: boolean; reason: string | null }>(`${BASE}/delete:check`, { id }),

  functionPerms: (groupId: number) => http.get<FunctionPermReply>(`${BASE}/value`, { group_id: groupId }),
  savePerms: (groupId: number, perms: string[]) =>
    http.put<PermissionGroup>(`${BASE}:value:batch_update`, { group_id: groupId, perms }),

  members: (q: ListQuery & { group_id: number }) => http.get<Paged<GroupMember>>(`${BASE}/members`, { ...q }),
  addMembers: (groupId: number, staffIds: number[]) =>
    http.post<{ added: number; member_count: number }>(`${BASE}/members:add`, {
      group_id: groupId,
      staff_ids: staffIds,
    }),
  removeMembers: (groupId: number, staffIds: number[]) =>
    http.post<{ removed: number; member_count: number }>(`${BASE}/members:remove`, {
      group_id: groupId,
      staff_ids: staffIds,
    }),

  /** May the caller do each of these? */
  gradeCheck: (perms: string[]) =>
    http.get<{ allowed: Record<string, boolean> }>(`${BASE}/user/grade:check`, { perms: perms.join(',') }),
};
