import { queryOptions } from '@tanstack/react-query';
import { orgApi, type UnitNode, type UserGroupNode } from '@/api/org';
import { scenesApi } from '@/api/scenes';

/** The scenes a release may name (the first 100 of the tenant, as the scene select offers them). */
export const quotaScenesQuery = queryOptions({
  queryKey: ['quota', 'scenes'],
  queryFn: ({ signal }) => scenesApi.list({ page_num: 1, page_size: 100 }, signal),
  select: (d) => d.list.map((s) => ({ value: s.id, label: s.name })),
});

export interface TreeOption {
  value: string | number;
  title: string;
  disableCheckbox?: boolean;
  children?: TreeOption[];
}

/** Departments are chosen; organisations only group them (a release scope names departments). */
function unitTree(nodes: UnitNode[]): TreeOption[] {
  return nodes.map((n) => ({
    value: n.key,
    title: n.name,
    disableCheckbox: n.org_type !== 'dept',
    children: n.children?.length ? unitTree(n.children as UnitNode[]) : undefined,
  }));
}
function groupTree(nodes: UserGroupNode[]): TreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.name,
    children: n.children?.length ? groupTree(n.children as UserGroupNode[]) : undefined,
  }));
}

export const quotaUnitsQuery = queryOptions({
  queryKey: ['quota', 'units'],
  queryFn: ({ signal }) => orgApi.deptTree(undefined, signal),
  select: unitTree,
});
export const quotaGroupsQuery = queryOptions({
  queryKey: ['quota', 'groups'],
  queryFn: () => orgApi.userGroups(),
  select: groupTree,
});
