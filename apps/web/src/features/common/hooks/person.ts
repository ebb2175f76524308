import { queryOptions } from '@tanstack/react-query';
import { authApi } from '@/api/auth';

/** The signed-in person's own data (GET users/person/info). */
export const personInfoQuery = queryOptions({
  queryKey: ['auth', 'person'] as const,
  queryFn: ({ signal }) => authApi.personInfo(signal),
});

/** The person's bank cards (GET users/bank/info). */
export const bankListQuery = queryOptions({
  queryKey: ['auth', 'bank'] as const,
  queryFn: ({ signal }) => authApi.bankList(signal),
});
