import { hash, randomBytes } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { changeStampOf, type Db } from './db/database.js';
import { dialectOf } from './db/dialect.js';
import type { Caller } from './context.js';

/**
 * Sessions live in the database so any server process can check any token.
 * Only the sha256 of a token is stored.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
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

/**
 * Every authenticated request passes here, so the session, the staff status and the permission
 * groups are read in one statement: the perms of all the staff member's groups come back as one
 * newline-joined column (a JSON array per group; JSON text never holds a raw newline).
 *
 * On SQLite the answer is kept per token while the database's change stamp holds: any row changed
 * through this connection, or any commit by another process, drops it (platform/db/dialect.ts), so a
 * revoked session, a resigned staff member or a changed group takes effect at the next request.
 * Expiry is checked against the clock on every call.
 */
export async function resolveToken(db: Db, token: string, now = Date.now()): Promise<SessionLookup> {
  const tokenHash = hashToken(token);
  const stamp = changeStampOf(db);
  // Read before the lookup: a change made meanwhile leaves this entry stale for the next request.
  const seen = stamp?.() ?? '';
  const known = stamp ? lookupCached(db, tokenHash, seen, now) : undefined;
  if (known) return known;
  const lookup = sessionLookupQuery(db);
  const params = lookup.parameters.map((p) => (p === TOKEN_HASH_SLOT ? tokenHash : p));
  const row = (await db.executeQuery(CompiledQuery.raw(lookup.sql, params))).rows[0] as
    SessionRow | undefined;
  // Unknown tokens are not kept: anyone can send as many of those as they like.
  if (!row) return { state: 'missing' };
  const entry: CachedCaller = { stamp: seen, row, caller: callerOf(row) };
  if (stamp) {
    const cache = callerCache(db);
    if (cache.size >= CALLER_CACHE_SIZE) cache.clear();
    cache.set(tokenHash, entry);
  }
  return stateOf(entry, now);
}

/**
 * resolveToken's answer without waiting, when the cache (SQLite) holds the token under the current
 * change stamp; undefined when the database must be asked.
 */
export function resolveCachedToken(db: Db, token: string, now = Date.now()): SessionLookup | undefined {
  const stamp = changeStampOf(db);
  if (!stamp) return undefined;
  const cache = callerCaches.get(db);
  if (!cache || cache.size === 0) return undefined;
  return lookupCached(db, hashToken(token), stamp(), now);
}

function lookupCached(db: Db, tokenHash: string, seen: string, now: number): SessionLookup | undefined {
  const entry = callerCaches.get(db)?.get(tokenHash);
  return entry && entry.stamp === seen ? stateOf(entry, now) : undefined;
}

function stateOf({ row, caller }: CachedCaller, now: number): SessionLookup {
  if (row.revoked_at !== null || row.expires_at <= now) return { state: 'expired' };
  return { state: 'ok', caller };
}

function callerOf(row: SessionRow): Caller {
  const caller: Caller = { sessionId: row.id, userId: row.user_id, tenantId: null, staffId: null, perms: [] };
  // A resigned staff member keeps the session row but loses access to the organisation.
  if (row.tenant_id === null || row.staff_id === null || row.staff_status !== 1) return caller;
  return { ...caller, tenantId: row.tenant_id, staffId: row.staff_id, perms: unionPerms(row.perms) };
}

interface CachedCaller {
  stamp: string;
  row: SessionRow;
  caller: Caller;
}
const CALLER_CACHE_SIZE = 10_000;
const callerCaches = new WeakMap<Db, Map<string, CachedCaller>>();

function callerCache(db: Db): Map<string, CachedCaller> {
  let cache = callerCaches.get(db);
  if (!cache) callerCaches.set(db, (cache = new Map()));
  return cache;
}

interface SessionRow {
  id: number;
  user_id: number;
  tenant_id: number | null;
  staff_id: number | null;
  expires_at: number;
  revoked_at: number | null;
  staff_status: number | null;
  perms: string | null;
}

const TOKEN_HASH_SLOT = '\u0000token-hash';
const lookupQueries = new WeakMap<Db, CompiledQuery>();

/** Built and compiled once per database handle: building it per request cost more than running it. */
function sessionLookupQuery(db: Db): CompiledQuery {
  let compiled = lookupQueries.get(db);
  if (compiled) return compiled;
  const joinPerms =
    dialectOf(db) === 'postgres' ? sql`string_agg(g.perms, ${'\n'})` : sql`group_concat(g.perms, ${'\n'})`;
  compiled = db
    .selectFrom('sessions as s')
    .leftJoin('staff as st', (j) =>
      j.onRef('st.id', '=', 's.staff_id').onRef('st.tenant_id', '=', 's.tenant_id'),
    )
    .select([
      's.id',
      's.user_id',
      's.tenant_id',
      's.staff_id',
      's.expires_at',
      's.revoked_at',
      'st.status as staff_status',
      sql<string | null>`(select ${joinPerms}
        from privilege_group_members m inner join privilege_groups g on g.id = m.group_id
        where m.tenant_id = s.tenant_id and g.tenant_id = s.tenant_id and m.staff_id = s.staff_id)`.as(
        'perms',
      ),
    ])
    .where('s.token_hash', '=', TOKEN_HASH_SLOT)
    .compile();
  lookupQueries.set(db, compiled);
  return compiled;
}

function unionPerms(joined: string | null): string[] {
  const perms = new Set<string>();
  if (joined)
    for (const group of joined.split('\n')) for (const p of JSON.parse(group) as string[]) perms.add(p);
  return [...perms];
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
