import { http, RequestError } from './http/request';

/**
 * Product version detail (spec §3, §4.4), fetched after each guarded route entry (spec §2.2, §7.13).
 * The shell's hook (app/productVersion.ts) and the rights feature both read it; it lives in api/ so that
 * neither imports the other for it.
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

export const productVersionKey = (token: string) => ['rights', 'productVersion', token] as const;
