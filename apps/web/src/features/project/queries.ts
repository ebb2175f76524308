import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { projectApi, type ProjectQuery } from '@/api/project';

export const PROJECT_PERM = {
  view: 'projectList:view',
  edit: 'projectList:edit',
} as const;

export const projectKeys = {
  all: ['project'] as const,
  list: (q: ProjectQuery) => ['project', 'list', q] as const,
  info: (id: number) => ['project', 'info', id] as const,
  options: () => ['project', 'options'] as const,
};

export const projectListQuery = (q: ProjectQuery) =>
  queryOptions({ queryKey: projectKeys.list(q), queryFn: ({ signal }) => projectApi.list(q, signal) });
export const projectInfoQuery = (id: number) =>
  queryOptions({ queryKey: projectKeys.info(id), queryFn: ({ signal }) => projectApi.info(id, signal) });
/** 进行中 projects for a document's 项目 field (every staff member may ask). */
export const projectOptionsQuery = () =>
  queryOptions({
    queryKey: projectKeys.options(),
    queryFn: ({ signal }) => projectApi.options(undefined, signal),
    staleTime: 60_000,
  });

/** Every project mutation refetches what the project screens and pickers show. */
export function useProjectMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
