/** Who is calling: resolved once per request by the auth hook from X-Session-Token. */
export interface Caller {
  sessionId: number;
  userId: number;
  /** Top organisation id; null for a personal account without an organisation. */
  tenantId: number | null;
  staffId: number | null;
  perms: readonly string[];
}

/** A caller that belongs to a tenant: what tenant-scoped services require. */
export type TenantCaller = Caller & { tenantId: number; staffId: number };

/** Route permission markers. Anything else is a permission string `menuName:perm`. */
export const PUBLIC = 'public' as const;
/** Any signed-in person, including a personal account without an organisation. */
export const SIGNED_IN = 'signed-in' as const;
/** Any signed-in staff member of the current tenant. */
export const STAFF = 'staff' as const;

export type RoutePermission = typeof PUBLIC | typeof SIGNED_IN | typeof STAFF | `${string}:${string}`;

export function hasPermission(perms: readonly string[], wanted: string): boolean {
  return perms.includes('*') || perms.includes(wanted);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route names one: PUBLIC, SIGNED_IN, STAFF or `menuName:perm`. */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}
