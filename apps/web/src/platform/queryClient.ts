import { QueryClient } from '@tanstack/react-query';

/**
 * Server state cache. retry: false because the main client never retries by itself (spec §7.1);
 * a call that wants retries wraps its function in withRetry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
