import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { benefitApi } from '@/api/benefit';

export const benefitKeys = {
  home: (token: string) => ['benefit', token, 'home'] as const,
};

export const benefitHomeQuery = (token: string) =>
  queryOptions({ queryKey: benefitKeys.home(token), queryFn: ({ signal }) => benefitApi.home(signal) });

/** Claims a 节日福利; the balances and moves are fetched again. */
export function useClaimFestival(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => benefitApi.claimFestival(id),
    onSuccess: () => client.invalidateQueries({ queryKey: benefitKeys.home(token) }),
  });
}
