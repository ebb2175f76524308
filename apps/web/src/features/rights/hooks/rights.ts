import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { rightsApi, type OrderListQuery, type TenantVersion } from '@/api/rights';
import { fetchProductVersion, productVersionKey } from '@/api/productVersion';
import { useSession } from '@/stores/session';

/** Query keys and options of the rights screens. Everything lives under ['rights', …]. */
export const rightsKeys = {
  all: ['rights'] as const,
  plans: ['rights', 'plans'] as const,
  products: ['rights', 'products'] as const,
  tenantProducts: ['rights', 'tenantProducts'] as const,
  notices: (token: string) => ['rights', 'notices', token] as const,
  orders: (q: OrderListQuery) => ['rights', 'orders', q] as const,
  order: (id: number) => ['rights', 'order', id] as const,
  banners: ['rights', 'banners'] as const,
};

export const plansQuery = queryOptions({
  queryKey: rightsKeys.plans,
  queryFn: ({ signal }) => rightsApi.versionPlans(signal),
  staleTime: 5 * 60_000,
});
export const productsQuery = queryOptions({
  queryKey: rightsKeys.products,
  queryFn: ({ signal }) => rightsApi.products(signal),
  staleTime: 5 * 60_000,
});
/** The tenant's version: the same query (key and call) the shell runs after each route entry. */
export function useTenantVersion() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: productVersionKey(token),
    queryFn: ({ signal }) => fetchProductVersion(signal) as Promise<TenantVersion | null>,
    enabled: !!token,
    meta: { silent: true },
  });
}
export const tenantProductsQuery = queryOptions({
  queryKey: rightsKeys.tenantProducts,
  queryFn: ({ signal }) => rightsApi.tenantProducts(signal),
});
export const noticesQuery = (token: string) =>
  queryOptions({
    queryKey: rightsKeys.notices(token),
    queryFn: ({ signal }) => rightsApi.notices(signal),
    staleTime: 60_000,
    meta: { silent: true },
  });
export const ordersQuery = (q: OrderListQuery) =>
  queryOptions({ queryKey: rightsKeys.orders(q), queryFn: ({ signal }) => rightsApi.orders(q, signal) });
export const orderQuery = (id: number) =>
  queryOptions({ queryKey: rightsKeys.order(id), queryFn: ({ signal }) => rightsApi.order(id, signal) });
export const bannersQuery = queryOptions({
  queryKey: rightsKeys.banners,
  queryFn: ({ signal }) => rightsApi.homeBanners(signal),
  staleTime: 5 * 60_000,
});

/** After an order changed: orders, the version (the header's too: same prefix), add-ons and notices. */
export function refreshRights(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: rightsKeys.all });
}
