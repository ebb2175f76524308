import { queryOptions } from '@tanstack/react-query';
import { privilegesApi, type ListQuery } from '@/api/privileges';

/** Query options and keys of the permission screens (settings › 权限管理, 菜单管理). */
export const privilegeKeys = {
  all: ['privileges'] as const,
  groups: (q: ListQuery) => ['privileges', 'groups', q] as const,
  options: ['privileges', 'groupOptions'] as const,
  functionPerms: (groupId: number) => ['privileges', 'functionPerms', groupId] as const,
  members: (q: ListQuery & { group_id: number }) => ['privileges', 'members', q] as const,
  adminMenus: ['privileges', 'adminMenus'] as const,
};

export const groupsQuery = (q: ListQuery) =>
  queryOptions({ queryKey: privilegeKeys.groups(q), queryFn: () => privilegesApi.listGroups(q) });

export const groupOptionsQuery = queryOptions({
  queryKey: privilegeKeys.options,
  queryFn: () => privilegesApi.groupOptions(),
});

export const functionPermsQuery = (groupId: number) =>
  queryOptions({
    queryKey: privilegeKeys.functionPerms(groupId),
    queryFn: () => privilegesApi.functionPerms(groupId),
    staleTime: 0,
  });

export const membersQuery = (q: ListQuery & { group_id: number }) =>
  queryOptions({ queryKey: privilegeKeys.members(q), queryFn: () => privilegesApi.members(q) });

export const adminMenusQuery = queryOptions({
  queryKey: privilegeKeys.adminMenus,
  queryFn: () => privilegesApi.adminMenus(),
  staleTime: 0,
});

/** Permission strings the screens check (menuName:value, spec §3). */
export const PERM = {
  functionEdit: 'functionPermission:edit',
  memberEdit: 'memberManagement:edit',
  groupAdd: 'permissionGroup:add',
  groupEdit: 'permissionGroup:edit',
  groupDelete: 'permissionGroup:delete',
  menuEdit: 'menuSetting:edit',
} as const;
