import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { scenesApi, type SceneQuery } from '@/api/scenes';

export const SCENE_PERM = {
  view: 'scenesRule:view',
  add: 'scenesRule:add',
  edit: 'scenesRule:edit',
  remove: 'scenesRule:delete',
} as const;

export const sceneKeys = {
  all: ['scenes'] as const,
  list: (q: SceneQuery) => ['scenes', 'list', q] as const,
  detail: (id: number) => ['scenes', 'detail', id] as const,
  ruleTypes: (category: number) => ['scenes', 'ruleTypes', category] as const,
};

export const sceneListQuery = (q: SceneQuery) =>
  queryOptions({ queryKey: sceneKeys.list(q), queryFn: ({ signal }) => scenesApi.list(q, signal) });
export const sceneDetailQuery = (id: number) =>
  queryOptions({ queryKey: sceneKeys.detail(id), queryFn: ({ signal }) => scenesApi.detail(id, signal) });
export const ruleTypesQuery = (category: number) =>
  queryOptions({
    queryKey: sceneKeys.ruleTypes(category),
    queryFn: ({ signal }) => scenesApi.ruleTypes(category, signal),
    staleTime: Infinity,
  });

/** Every scene mutation refetches what the scene screens show. */
export function useSceneMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: sceneKeys.all });
    },
  });
}
