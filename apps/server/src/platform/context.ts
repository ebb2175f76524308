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

export type PermissionString = `${string}:${string}`;

/**
 * A list means any one of them: for data two screens need, such as the staff list that both
 * the organisation screens and the member picker of 成员管理 read.
 */
export type RoutePermission =
  | typeof PUBLIC
  | typeof SIGNED_IN
  | typeof STAFF
  | PermissionString
  | readonly [PermissionString, ...PermissionString[]];

export function hasPermission(perms: readonly string[], wanted: string | readonly string[]): boolean {
  if (perms.includes('*')) return true;
  return typeof wanted === 'string' ? perms.includes(wanted) : wanted.some((w) => perms.includes(w));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route names one: PUBLIC, SIGNED_IN, STAFF, `menuName:perm` or a list of those perms. */
    permission?: RoutePermission;
    /**
     * The route answers no JSON envelope (a file download, an event stream), so it declares no
     * reply schema; every other route must declare `schema.response[200]` or the server refuses to start.
     */
    rawReply?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}
