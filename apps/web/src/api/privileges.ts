import type {
  AdminMenusReply,
  FunctionPermReply,
  GradeCheckReply,
  GroupCreateBody,
  GroupDeleteCheck,
  GroupMember,
  GroupOption,
  MenuOverrideInput,
  Paged,
  PermissionGroup,
  UserMenusReply,
} from '@feikong/contracts';
import { http } from './http/request';

// Typed calls of privileges and menus (/auth-center/api/v1/privileges…, spec §7.3). Reply shapes are the
// contracts' (packages/contracts/src/privileges), the schemas the server serializes with.

const BASE = '/auth-center/api/v1/privileges';

export type { PageInfo, Paged } from '@feikong/contracts';

export type {
  AdminMenuNode,
  FunctionPermNode,
  FunctionPermReply,
  GroupMember,
  GroupOption,
  MenuOverride,
  PermissionGroup,
  PermValue,
} from '@feikong/contracts';

export type { MenuOverrideInput } from '@feikong/contracts';
export type GroupInput = GroupCreateBody;

export interface ListQuery {
  keyword?: string;
  page_num?: number;
  page_size?: number;
}

export const privilegesApi = {
  userMenus: () => http.get<UserMenusReply>(`${BASE}/user/menus`),
  adminMenus: () => http.get<AdminMenusReply>(`${BASE}/menus`),
  updateMenus: (items: MenuOverrideInput[]) => http.put<AdminMenusReply>(`${BASE}/menus`, { items }),

  listGroups: (q: ListQuery) => http.get<Paged<PermissionGroup>>(BASE, { ...q }),
  groupOptions: () => http.get<{ items: GroupOption[] }>(`${BASE}/options`),
  createGroup: (body: GroupInput) => http.post<PermissionGroup>(BASE, body, { handleFieldErrors: true }),
  updateGroup: (body: Partial<GroupInput> & { id: number; is_default?: boolean }) =>
    http.put<PermissionGroup>(BASE, body, { handleFieldErrors: true }),
  deleteGroup: (id: number) => http.delete<{ id: number }>(BASE, { id }),
  checkDelete: (id: number) => http.get<GroupDeleteCheck>(`${BASE}/delete:check`, { id }),

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
    http.get<GradeCheckReply>(`${BASE}/user/grade:check`, { perms: perms.join(',') }),
};
