import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi, type PlatformConfigQuery } from '@/api/integration';

export const INTEGRATION_PLATFORM_PERM = {
  view: 'integrationPlatform:view',
  edit: 'integrationPlatform:edit',
} as const;

export const platformKeys = {
  all: ['integration', 'platform'] as const,
  catalogue: ['integration', 'platform', 'catalogue'] as const,
  list: ['integration', 'platform', 'list'] as const,
  configs: (q: PlatformConfigQuery) => ['integration', 'platform', 'configs', q] as const,
};

export const platformCatalogueQuery = () =>
  queryOptions({ queryKey: platformKeys.catalogue, queryFn: ({ signal }) => platformApi.all(signal) });
export const platformListQuery = () =>
  queryOptions({ queryKey: platformKeys.list, queryFn: ({ signal }) => platformApi.list(signal) });
export const platformConfigsQuery = (q: PlatformConfigQuery) =>
  queryOptions({
    queryKey: platformKeys.configs(q),
    queryFn: ({ signal }) => platformApi.configs(q, signal),
  });

/** Every 第三方平台 mutation refetches what the screen shows. */
export function usePlatformMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: platformKeys.all });
    },
  });
}
