import { queryOptions } from '@tanstack/react-query';
import { authApi } from '@/api/auth';

/** The caller's organisations with their companies (GET users:view/organizations). */
export const organizationsQuery = queryOptions({
  queryKey: ['auth', 'organizations'] as const,
  queryFn: ({ signal }) => authApi.organizations(signal),
  staleTime: 0,
});
