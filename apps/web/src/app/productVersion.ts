import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useMatches } from 'react-router';
import { EXPIRY_EXEMPT_ROUTE_NAMES, isVersionExpired } from '@feikong/contracts';
import { fetchProductVersion, productVersionKey, type ProductVersionDetail } from '@/api/productVersion';
import { useExpiryPrompt } from '@/features/rights';
import { useSession } from '../stores/session';
import { routeName } from '@/platform/routeMeta';

/** Replaces the blocking 去续费 / 退出登录 prompt of features/rights (spec §4.4), e.g. in tests. */
export type ExpiryPrompt = (detail: ProductVersionDetail) => void;
let expiryPrompt: ExpiryPrompt | null = null;

export function setExpiryPrompt(fn: ExpiryPrompt | null): void {
  expiryPrompt = fn;
}

/** The version detail for the header (name) and the expiry check; refetched on each route entry. */
export function useProductVersion() {
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  const { pathname } = useLocation();
  const matches = useMatches();
  const exempt = matches.some((m) => EXPIRY_EXEMPT_ROUTE_NAMES.includes(routeName(m) ?? ''));
  const query = useQuery({
    queryKey: productVersionKey(token),
    queryFn: ({ signal }) => fetchProductVersion(signal),
    enabled: !!token,
    staleTime: 0,
    meta: { silent: true },
  });

  // Each later route entry asks again (the first one is the query's own fetch).
  const entered = useRef(pathname);
  useEffect(() => {
    if (entered.current === pathname) return;
    entered.current = pathname;
    if (token) void client.invalidateQueries({ queryKey: productVersionKey(token) });
  }, [pathname, token, client]);

  // The rights issue's blocking prompt (features/rights); a prompt set with setExpiryPrompt (tests) wins.
  const builtinPrompt = useExpiryPrompt();
  const data = query.data;
  useEffect(() => {
    if (!exempt && data && isVersionExpired(data.status)) (expiryPrompt ?? builtinPrompt.show)(data);
    else builtinPrompt.hide();
  }, [data, exempt, pathname, builtinPrompt]);

  return data ?? null;
}
