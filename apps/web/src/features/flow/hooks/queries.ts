import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FEE_TYPES, FORM_BOUND_KINDS } from '@feikong/contracts';
import { flowApi, type AgentListQuery, type FlowListQuery, type InterveneListQuery } from '@/api/flow';
import { formApi, type FormListQuery } from '@/api/form';
import { orgApi, type UnitNode } from '@/api/org';
import { privilegesApi } from '@/api/privileges';
import { feeTypeOptionsQuery } from '@/features/settings';
import type { DesignerOptions } from '../components/NodePanel';

/** Permissions of the flow screens (menus flowList, flowGroup, flowMatrix, flowAgent, flowIntervene). */
export const FLOW_PERM = {
  listView: 'flowList:view',
  add: 'flowList:add',
  edit: 'flowList:edit',
  remove: 'flowList:delete',
  groupEdit: 'flowGroup:edit',
  matrixEdit: 'flowMatrix:edit',
  agentView: 'flowAgent:view',
  agentEdit: 'flowAgent:edit',
  interveneView: 'flowIntervene:view',
  interveneEdit: 'flowIntervene:edit',
} as const;

export const flowKeys = {
  all: ['flow'] as const,
  groups: ['flow', 'groups'] as const,
  list: (q: FlowListQuery) => ['flow', 'list', q] as const,
  detail: (id: number) => ['flow', 'detail', id] as const,
  matrices: ['flow', 'matrices'] as const,
  matrix: (id: number) => ['flow', 'matrix', id] as const,
  agents: (q: AgentListQuery) => ['flow', 'agents', q] as const,
  intervene: (q: InterveneListQuery) => ['flow', 'intervene', q] as const,
  bill: (id: number) => ['flow', 'bill', id] as const,
  forms: (q: FormListQuery) => ['flow', 'forms', q] as const,
  form: (id: number) => ['flow', 'form', id] as const,
};

export const groupsQuery = queryOptions({
  queryKey: flowKeys.groups,
  queryFn: ({ signal }) => flowApi.groups(signal),
});
export const flowListQuery = (q: FlowListQuery) =>
  queryOptions({ queryKey: flowKeys.list(q), queryFn: ({ signal }) => flowApi.pageList(q, signal) });
export const flowDetailQuery = (id: number) =>
  queryOptions({ queryKey: flowKeys.detail(id), queryFn: ({ signal }) => flowApi.detail(id, signal) });
export const matricesQuery = queryOptions({
  queryKey: flowKeys.matrices,
  queryFn: ({ signal }) => flowApi.matrices({}, signal),
});
export const matrixQuery = (id: number) =>
  queryOptions({ queryKey: flowKeys.matrix(id), queryFn: ({ signal }) => flowApi.matrix(id, signal) });
export const agentsQuery = (q: AgentListQuery) =>
  queryOptions({ queryKey: flowKeys.agents(q), queryFn: ({ signal }) => flowApi.agents(q, signal) });
export const interveneQuery = (q: InterveneListQuery) =>
  queryOptions({
    queryKey: flowKeys.intervene(q),
    queryFn: ({ signal }) => flowApi.interveneList(q, signal),
  });
export const billDetailQuery = (id: number) =>
  queryOptions({ queryKey: flowKeys.bill(id), queryFn: ({ signal }) => flowApi.billDetail(id, signal) });

/** 表单管理 and 表单设计 (the form admin routes are guarded by the flow design permissions). */
export const formListQuery = (q: FormListQuery) =>
  queryOptions({ queryKey: flowKeys.forms(q), queryFn: ({ signal }) => formApi.pageList(q, signal) });
export const formDetailQuery = (id: number) =>
  queryOptions({ queryKey: flowKeys.form(id), queryFn: ({ signal }) => formApi.detail(id, signal) });

/** Every mutation of the flow screens refetches what they show. */
export function useFlowMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: flowKeys.all });
    },
  });
}

function flatten(nodes: UnitNode[], out: UnitNode[] = []): UnitNode[] {
  for (const n of nodes) {
    out.push(n);
    flatten(n.children ?? [], out);
  }
  return out;
}

/** Companies and departments of the tenant as options (ids as the engine's decimal strings). */
export function useOrgOptions() {
  const orgs = useQuery({
    queryKey: ['flow', 'orgTree'],
    queryFn: ({ signal }) => orgApi.orgTree(signal),
    staleTime: 60_000,
  });
  const depts = useQuery({
    queryKey: ['flow', 'deptTree'],
    queryFn: ({ signal }) => orgApi.deptTree(undefined, signal),
    staleTime: 60_000,
  });
  return useMemo(
    () => ({
      companies: flatten(orgs.data ?? [])
        .filter((n) => n.org_type !== 'dept')
        .map((n) => ({ value: String(n.id), label: n.name })),
      departments: flatten(depts.data ?? [])
        .filter((n) => n.org_type === 'dept')
        .map((n) => ({ value: String(n.id), label: n.full_name || n.name })),
    }),
    [orgs.data, depts.data],
  );
}

/**
 * What the designer's side panel offers: permission groups, matrices, departments, companies, fee types, and
 * the fields of the bill type's published custom form (conditions on custom fields).
 */
export function useDesignerOptions(billType: string): DesignerOptions {
  const org = useOrgOptions();
  const groups = useQuery({
    queryKey: ['flow', 'permGroups'],
    queryFn: () => privilegesApi.groupOptions(),
    staleTime: 60_000,
  });
  const matrices = useQuery(matricesQuery);
  // the tenant's enabled fee types for this bill type (a condition on a parent is met by its children too)
  const feeTypes = useQuery(feeTypeOptionsQuery(billType));
  const form = useQuery({
    queryKey: ['flow', 'formForBillType', billType],
    queryFn: ({ signal }) => formApi.forBillType(billType, signal),
    staleTime: 60_000,
  });
  return useMemo(
    () => ({
      ...org,
      groups: (groups.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name })),
      matrices: (matrices.data ?? []).map((m) => ({
        value: String(m.id),
        label: `${m.name}（${m.dimensionText}）`,
      })),
      feeTypes: feeTypes.data
        ? feeTypes.data.map((f) => ({ value: f.code, label: f.name }))
        : FEE_TYPES.map((f) => ({ value: f.code, label: f.name })),
      projects: [],
      customFields: (form.data?.fields ?? [])
        .filter((f) => !FORM_BOUND_KINDS.includes(f.kind) && f.kind !== 'attachments')
        .map((f) => ({ value: f.key, label: `${f.label}（${f.key}）` })),
      formName: form.data?.name,
    }),
    [org, groups.data, matrices.data, feeTypes.data, form.data],
  );
}
