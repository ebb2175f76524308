import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db/database.js';
import type { Caller } from './context.js';

/**
 * Sessions live in the database so any server process can check any token.
 * Only the sha256 of a token is stored.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface NewSession {
  userId: number;
  tenantId: number | null;
  staffId: number | null;
  ip?: string | null;
  userAgent?: string | null;
}

export async function createSession(db: Db, s: NewSession, ttlMs: number, now = Date.now()) {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: s.userId,
      tenant_id: s.tenantId,
      staff_id: s.staffId,
      created_at: now,
      expires_at: now + ttlMs,
      revoked_at: null,
      revoke_reason: null,
      ip: s.ip ?? null,
      user_agent: s.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  return { token, expiresAt: now + ttlMs };
}

export type SessionLookup = { state: 'ok'; caller: Caller } | { state: 'missing' } | { state: 'expired' };

/** Permission strings of a staff member: the union of their groups' perms. */
export async function loadPerms(db: Db, tenantId: number, staffId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('privilege_group_members as m')
    .innerJoin('privilege_groups as g', 'g.id', 'm.group_id')
    .select('g.perms')
    .where('m.tenant_id', '=', tenantId)
    .where('g.tenant_id', '=', tenantId)
    .where('m.staff_id', '=', staffId)
    .execute();
  const perms = new Set<string>();
  for (const r of rows) for (const p of JSON.parse(r.perms) as string[]) perms.add(p);
  return [...perms];
}

export async function resolveToken(db: Db, token: string, now = Date.now()): Promise<SessionLookup> {
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'tenant_id', 'staff_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { state: 'missing' };
  if (row.revoked_at !== null || row.expires_at <= now) return { state: 'expired' };
  return { state: 'ok', caller: await callerFor(db, row.id, row.user_id, row.tenant_id, row.staff_id) };
}

export async function callerFor(
  db: Db,
  sessionId: number,
  userId: number,
  tenantId: number | null,
  staffId: number | null,
): Promise<Caller> {
  if (tenantId !== null && staffId !== null) {
    // A resigned staff member keeps the session row but loses access.
    const staff = await db
      .selectFrom('staff')
      .select('status')
      .where('id', '=', staffId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!staff || staff.status !== 1) return { sessionId, userId, tenantId: null, staffId: null, perms: [] };
  }
  const perms = tenantId !== null && staffId !== null ? await loadPerms(db, tenantId, staffId) : [];
  return { sessionId, userId, tenantId, staffId, perms };
}

export async function revokeSession(db: Db, sessionId: number, reason: string, now = Date.now()) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
