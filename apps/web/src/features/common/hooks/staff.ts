import { queryOptions } from '@tanstack/react-query';
import { authApi, type StaffInfo } from '@/api/auth';

/** The logged-in staff member (GET /auth-center/api/v1/users/staff). */
export const staffQuery = queryOptions({
  queryKey: ['auth', 'staff'] as const,
  queryFn: ({ signal }) => authApi.staff(signal),
});

export function staffDisplayName(s: StaffInfo | undefined): string {
  return s?.real_name || s?.user_name || s?.username || s?.phone || '';
}

export function staffOrgName(s: StaffInfo | undefined): string {
  return s?.org_name || s?.top_org_name || '';
}
