import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useMatches } from 'react-router';
import { EXPIRY_EXEMPT_ROUTE_NAMES, isVersionExpired } from '@feikong/contracts';
import { http, RequestError } from '../api/request';
import { useExpiryPrompt } from '../features/rights/components/ExpiryPrompt';
import { useSession } from '../stores/session';
import { routeName } from './routeMeta';

/**
 * Product version detail (spec §3, §4.4), fetched after each guarded route entry (spec §2.2, §7.13).
 * The rights issue owns the endpoint and the blocking expiry prompt; this is the hook point.
 */
export interface ProductVersionDetail {
  product_version_name?: string;
  activated_date?: number;
  expired_date?: number;
  is_test_version?: boolean | number;
  /** 1 = expired. */
  status?: number;
  charging_mode?: number;
  orgcode_payer_type?: number;
}

export const PRODUCT_VERSION_PATH = '/right-recharge/api/v1/tenant/product-version:query';

// The endpoint may not exist yet: a 404 is remembered so we stop asking (quietly) until reload.
let unavailable = false;

/** Forget that the endpoint answered 404 (tests; a new deployment may serve it). */
export function resetProductVersionAvailability(): void {
  unavailable = false;
}

export async function fetchProductVersion(signal?: AbortSignal): Promise<ProductVersionDetail | null> {
  if (unavailable) return null;
  try {
    return await http.get<ProductVersionDetail>(PRODUCT_VERSION_PATH, undefined, { silent: true, signal });
  } catch (e) {
    if (e instanceof RequestError && e.kind === 'http' && e.status === 404) {
      unavailable = true;
      return null;
    }
    throw e;
  }
}

/** Replaces the blocking 去续费 / 退出登录 prompt of features/rights (spec §4.4), e.g. in tests. */
export type ExpiryPrompt = (detail: ProductVersionDetail) => void;
let expiryPrompt: ExpiryPrompt | null = null;

export function setExpiryPrompt(fn: ExpiryPrompt | null): void {
  expiryPrompt = fn;
}

export const productVersionKey = (token: string) => ['rights', 'productVersion', token] as const;

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
