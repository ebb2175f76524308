import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PAGE_SIZE } from '@feikong/contracts';
import {
  orgApi,
  type NamedKind,
  type OperationLogQuery,
  type StaffQuery,
  type SyncConflictQuery,
  type UserGroupMemberQuery,
} from '@/api/org';
import { tasksApi, type TaskListQuery } from '@/api/tasks';
import { flattenOrgs } from '../rules/tree';

/** Query keys and options of the organisation screens (设置中心 › 组织架构) and the task lists. */
export const orgKeys = {
  all: ['org'] as const,
  units: ['org', 'units'] as const,
  staff: (q: StaffQuery) => ['org', 'staff', q] as const,
  named: (kind: NamedKind) => ['org', 'named', kind] as const,
  titles: (orgId?: number) => ['org', 'titles', orgId ?? 0] as const,
  titlesByOrg: (orgId: number) => ['org', 'titlesByOrg', orgId] as const,
  info: (orgId: number) => ['org', 'info', orgId] as const,
  accounts: (q: object) => ['org', 'accounts', q] as const,
  cityGroups: ['org', 'cityGroups'] as const,
  cityData: ['org', 'cityData'] as const,
  userGroups: ['org', 'userGroups'] as const,
  userGroupMembers: (q: UserGroupMemberQuery) => ['org', 'userGroups', 'members', q] as const,
  logs: (q: OperationLogQuery) => ['org', 'logs', q] as const,
  statistics: ['org', 'statistics'] as const,
  syncConflicts: (q: SyncConflictQuery) => ['org', 'syncConflicts', q] as const,
  syncPending: ['org', 'syncPending'] as const,
};

export const taskKeys = {
  all: ['tasks'] as const,
  list: (q: TaskListQuery) => ['tasks', 'list', q] as const,
};

/** The whole architecture: organisations with their departments nested (departments:list, no org_id). */
export const unitsQuery = queryOptions({
  queryKey: orgKeys.units,
  queryFn: ({ signal }) => orgApi.deptTree(undefined, signal),
  staleTime: 30_000,
});

/** The organisations in tree order as Select options (value: id, label: name). */
export function useOrgOptions() {
  const units = useQuery(unitsQuery);
  return useMemo(
    () => flattenOrgs(units.data ?? []).map(({ node }) => ({ value: node.id, label: node.name })),
    [units.data],
  );
}

export const staffQuery = (q: StaffQuery) =>
  queryOptions({ queryKey: orgKeys.staff(q), queryFn: ({ signal }) => orgApi.staff(q, signal) });

/** Grades and jobs: all of them at once (spec §9: page size 999). */
export const namedQuery = (kind: NamedKind) =>
  queryOptions({
    queryKey: orgKeys.named(kind),
    queryFn: () =>
      orgApi.named(kind, { page_num: 1, page_size: kind === 'grades' ? PAGE_SIZE.grades : PAGE_SIZE.jobs }),
    staleTime: 30_000,
  });

export const titlesQuery = (orgId?: number) =>
  queryOptions({
    queryKey: orgKeys.titles(orgId),
    queryFn: () => orgApi.titles({ org_id: orgId, page_num: 1, page_size: 999 }),
  });

/** Titles a staff member of `orgId` can hold (the company's own and those of every company). */
export const titlesByOrgQuery = (orgId: number) =>
  queryOptions({
    queryKey: orgKeys.titlesByOrg(orgId),
    queryFn: () => orgApi.titlesByOrg(orgId),
    staleTime: 30_000,
  });

export const orgInfoQuery = (orgId: number) =>
  queryOptions({ queryKey: orgKeys.info(orgId), queryFn: () => orgApi.orgInfo(orgId) });

export const cityGroupsQuery = queryOptions({
  queryKey: orgKeys.cityGroups,
  queryFn: () => orgApi.cityGroups(),
});

export const cityDataQuery = queryOptions({
  queryKey: orgKeys.cityData,
  queryFn: () => orgApi.cityDataSet(),
  staleTime: Infinity,
});

export const userGroupsQuery = queryOptions({
  queryKey: orgKeys.userGroups,
  queryFn: () => orgApi.userGroups(),
});

/** One page of a user group's members (user-group/members). */
export const userGroupMembersQuery = (q: UserGroupMemberQuery) =>
  queryOptions({
    queryKey: orgKeys.userGroupMembers(q),
    queryFn: ({ signal }) => orgApi.userGroupMembers(q, signal),
  });

export const logsQuery = (q: OperationLogQuery) =>
  queryOptions({ queryKey: orgKeys.logs(q), queryFn: () => orgApi.operationLogs(q) });

export const statisticsQuery = queryOptions({
  queryKey: orgKeys.statistics,
  queryFn: () => orgApi.statistics(),
});

/** 同步冲突处理: one page of conflicts with the staff suggested for each pending one. */
export const syncConflictsQuery = (q: SyncConflictQuery) =>
  queryOptions({
    queryKey: orgKeys.syncConflicts(q),
    queryFn: ({ signal }) => orgApi.syncConflicts(q, signal),
  });

/** How many conflicts wait (the staff screen's banner). */
export const syncPendingQuery = queryOptions({
  queryKey: orgKeys.syncPending,
  queryFn: () => orgApi.hasSyncHandle(),
  staleTime: 30_000,
});

export const tasksQuery = (q: TaskListQuery) =>
  queryOptions({ queryKey: taskKeys.list(q), queryFn: ({ signal }) => tasksApi.list(q, signal) });

/** Permission strings the screens check (menuName:value, equal to the server's OrgPerm). */
export const ORG_PERM = {
  staffView: 'orgStaff:view',
  staffEdit: 'orgStaff:edit',
  gradeView: 'jobGrade:view',
  gradeEdit: 'jobGrade:edit',
  titleView: 'title:view',
  titleEdit: 'title:edit',
  cityGroupEdit: 'cityGroup:edit',
  companyEdit: 'companyInfo:edit',
  accountEdit: 'account:edit',
  syncConflictView: 'syncConflict:view',
  syncConflictEdit: 'syncConflict:edit',
} as const;

/** The route of 同步冲突处理 (menu entry syncConflict, server migration 0011). */
export const SYNC_CONFLICT_PATH = '/setcenter/org/syncConflict';
