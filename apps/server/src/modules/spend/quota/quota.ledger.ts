import { sql } from 'kysely';
import type { LedgerMove, QuotaLedger } from '../decision.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { dialectOf } from '../../../platform/db/dialect.js';
import { quotaErrors } from './quota.errors.js';

/**
 * The staff quota ledger (decision 0042). Every balance change goes through `move` below, inside one
 * transaction that:
 *  1. makes sure the account row exists and locks it (PostgreSQL: SELECT … FOR UPDATE; SQLite: the
 *     connection's one writer), so concurrent moves on one account run one after the other;
 *  2. takes back what has expired on the account (expiry and clear-up rows), so a debit never spends an
 *     expired grant;
 *  3. answers the earlier result when the source key was already used (idempotency);
 *  4. writes the grant(s), the account balance and the ledger row.
 * The unique (tenant_id, source_key) index is the last line of defence.
 */

export type LedgerKind = 'release' | 'reset' | 'debit' | 'credit' | 'expire' | 'clear';

export interface AccountRef {
  tenantId: number;
  userId: number;
  sceneId: number;
}

interface AccountRow {
  id: number;
  tenant_id: number;
  user_id: number;
  scene_id: number;
  balance: number;
}

export interface GrantSpec {
  /** null = never expires. */
  expiresAt: number | null;
  expireKind: 'expire' | 'clear';
}

/** How a release line adds to what is there (plan release_mode). */
export type ReleaseModeRule =
  | { mode: 1 } // accumulate
  | { mode: 2 } // reset: take back what is left, then grant
  | { mode: 3; cap: number } // accumulate up to a cap
  | { mode: 4 }; // top up to `amount`

async function lockAccount(tx: Db, ref: AccountRef, now: number): Promise<AccountRow> {
  const select = () => {
    let q = tx
      .selectFrom('quota_accounts')
      .select(['id', 'tenant_id', 'user_id', 'scene_id', 'balance'])
      .where('tenant_id', '=', ref.tenantId)
      .where('user_id', '=', ref.userId)
      .where('scene_id', '=', ref.sceneId);
    if (dialectOf(tx) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  };
  const found = await select();
  if (found) return found;
  await tx
    .insertInto('quota_accounts')
    .values({
      tenant_id: ref.tenantId,
      user_id: ref.userId,
      scene_id: ref.sceneId,
      balance: 0,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'scene_id']).doNothing())
    .execute();
  return (await select())!;
}

async function previous(tx: Db, tenantId: number, key: string) {
  return tx
    .selectFrom('quota_ledger')
    .select(['account_id', 'kind', 'delta', 'balance_after'])
    .where('tenant_id', '=', tenantId)
    .where('source_key', '=', key)
    .executeTakeFirst();
}

interface LedgerLine {
  kind: LedgerKind;
  delta: number;
  key: string;
  memo: string;
  grantId?: number | null;
  releaseId?: number | null;
  createdBy?: number;
}

/** Sets the balance and writes its ledger row: the only place a balance is written. */
async function post(tx: Db, acct: AccountRow, line: LedgerLine, now: number): Promise<number> {
  const balance = acct.balance + line.delta;
  await tx
    .updateTable('quota_accounts')
    .set({ balance, updated_at: now })
    .where('id', '=', acct.id)
    .execute();
  await tx
    .insertInto('quota_ledger')
    .values({
      tenant_id: acct.tenant_id,
      account_id: acct.id,
      user_id: acct.user_id,
      scene_id: acct.scene_id,
      delta: line.delta,
      balance_after: balance,
      kind: line.kind,
      source_key: line.key,
      grant_id: line.grantId ?? null,
      release_id: line.releaseId ?? null,
      memo: line.memo.slice(0, 100),
      created_by: line.createdBy ?? 0,
      created_at: now,
    })
    .execute();
  acct.balance = balance;
  return balance;
}

interface LiveGrant {
  id: number;
  remaining: number;
  expires_at: number | null;
  expire_kind: string;
  release_id: number | null;
}

/** The account's grants with something left (one read serves the sweep and the debit). */
async function liveGrants(tx: Db, accountId: number): Promise<LiveGrant[]> {
  return tx
    .selectFrom('quota_grants')
    .select(['id', 'remaining', 'expires_at', 'expire_kind', 'release_id'])
    .where('account_id', '=', accountId)
    .where('remaining', '>', 0)
    .orderBy('id')
    .execute();
}

/** Takes back what is left of every grant of the account that has expired by `now`. */
async function sweepAccount(tx: Db, acct: AccountRow, now: number, live?: LiveGrant[]): Promise<void> {
  const due = (live ?? (await liveGrants(tx, acct.id))).filter(
    (g) => g.expires_at !== null && g.expires_at <= now,
  );
  for (const g of due) {
    await tx.updateTable('quota_grants').set({ remaining: 0 }).where('id', '=', g.id).execute();
    const kind = g.expire_kind === 'clear' ? 'clear' : 'expire';
    await post(
      tx,
      acct,
      {
        kind,
        delta: -g.remaining,
        key: `${kind}:${g.id}`,
        memo: kind === 'clear' ? '额度清零' : '额度过期',
        grantId: g.id,
        releaseId: g.release_id,
      },
      now,
    );
  }
}

async function addGrant(
  tx: Db,
  acct: AccountRow,
  amount: number,
  spec: GrantSpec,
  key: string,
  releaseId: number | null,
  now: number,
): Promise<number> {
  const row = await tx
    .insertInto('quota_grants')
    .values({
      tenant_id: acct.tenant_id,
      account_id: acct.id,
      release_id: releaseId,
      amount,
      remaining: amount,
      expires_at: spec.expiresAt,
      expire_kind: spec.expireKind,
      source_key: key,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Takes `amount` from the grants that expire first (unlimited ones last). */
async function takeFromGrants(
  tx: Db,
  acct: AccountRow,
  amount: number,
  live?: LiveGrant[],
): Promise<number | null> {
  const grants = [...(live ?? (await liveGrants(tx, acct.id)))];
  grants.sort(
    (a, b) =>
      (a.expires_at ?? Number.MAX_SAFE_INTEGER) - (b.expires_at ?? Number.MAX_SAFE_INTEGER) || a.id - b.id,
  );
  let left = amount;
  let first: number | null = null;
  for (const g of grants) {
    if (left <= 0) break;
    const take = Math.min(left, g.remaining);
    await tx
      .updateTable('quota_grants')
      .set({ remaining: g.remaining - take })
      .where('id', '=', g.id)
      .execute();
    first ??= g.id;
    left -= take;
  }
  if (left > 0) throw new Error(`quota account ${acct.id}: grants hold less than the balance`);
  return first;
}

/** The expiry a refund's grant gets: the latest of the account's live grants (none live, or one unlimited: none). */
async function refundExpiry(tx: Db, acct: AccountRow, now: number): Promise<GrantSpec> {
  const live = await tx
    .selectFrom('quota_grants')
    .select(['expires_at', 'expire_kind'])
    .where('account_id', '=', acct.id)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  if (live.length === 0 || live.some((g) => g.expires_at === null))
    return { expiresAt: null, expireKind: 'expire' };
  const last = live.reduce((a, b) => ((b.expires_at ?? 0) > (a.expires_at ?? 0) ? b : a));
  return { expiresAt: last.expires_at, expireKind: last.expire_kind === 'clear' ? 'clear' : 'expire' };
}

async function sceneName(tx: Db, tenantId: number, sceneId: number): Promise<string> {
  const row = await tx
    .selectFrom('scenes')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sceneId)
    .executeTakeFirst();
  return row?.name ?? '该场景';
}

function checkAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw quotaErrors.amountInvalid();
}

type Move = LedgerMove & { userId: number; sceneId: number; createdBy?: number };

/** The idempotent answer to a key used before: the same balance, if the key named the same kind of move. */
async function replay(tx: Db, acct: AccountRow, key: string, kinds: LedgerKind[]) {
  const prev = await previous(tx, acct.tenant_id, key);
  if (!prev) return null;
  if (prev.account_id !== acct.id || !kinds.includes(prev.kind as LedgerKind))
    throw quotaErrors.keyReused(key);
  return { balance: prev.balance_after };
}

export async function debitAt(db: Db, move: Move, now: number): Promise<{ balance: number }> {
  checkAmount(move.amount);
  return inTransaction(db, async (tx) => {
    const acct = await lockAccount(tx, move, now);
    const again = await replay(tx, acct, move.key, ['debit']);
    if (again) return again;
    const live = await liveGrants(tx, acct.id);
    await sweepAccount(tx, acct, now, live);
    if (acct.balance < move.amount) {
      throw quotaErrors.insufficient(
        await sceneName(tx, move.tenantId, move.sceneId),
        acct.balance,
        move.amount,
      );
    }
    const spendable = live.filter((g) => g.expires_at === null || g.expires_at > now);
    const grantId = await takeFromGrants(tx, acct, move.amount, spendable);
    const balance = await post(
      tx,
      acct,
      {
        kind: 'debit',
        delta: -move.amount,
        key: move.key,
        memo: move.memo,
        grantId,
        createdBy: move.createdBy,
      },
      now,
    );
    return { balance };
  });
}

export async function creditAt(db: Db, move: Move, now: number): Promise<{ balance: number }> {
  checkAmount(move.amount);
  return inTransaction(db, async (tx) => {
    const acct = await lockAccount(tx, move, now);
    const again = await replay(tx, acct, move.key, ['credit']);
    if (again) return again;
    await sweepAccount(tx, acct, now);
    const spec = await refundExpiry(tx, acct, now);
    const grantId = await addGrant(tx, acct, move.amount, spec, move.key, null, now);
    const balance = await post(
      tx,
      acct,
      {
        kind: 'credit',
        delta: move.amount,
        key: move.key,
        memo: move.memo,
        grantId,
        createdBy: move.createdBy,
      },
      now,
    );
    return { balance };
  });
}

export interface ReleaseGrant extends AccountRef {
  amount: number;
  key: string;
  memo: string;
  releaseId: number | null;
  rule: ReleaseModeRule;
  grant: GrantSpec;
  createdBy: number;
}

/** What a release line moves given the balance (before any reset): the release mode decides. */
export function releaseGive(rule: ReleaseModeRule, amount: number, balance: number): number {
  if (rule.mode === 3) return Math.max(0, Math.min(amount, rule.cap - balance));
  if (rule.mode === 4) return Math.max(0, amount - balance);
  return amount;
}

/** Pays one release line in the caller's transaction (the batch below with one line). */
export async function releaseGrantAt(tx: Db, r: ReleaseGrant, now: number) {
  const out = await releaseBatch(
    tx,
    { ...r, keyOf: () => r.key },
    [{ userId: r.userId, amount: r.amount }],
    now,
  );
  return out.get(r.userId)!;
}

export interface BatchRelease {
  tenantId: number;
  sceneId: number;
  releaseId: number | null;
  keyOf: (userId: number) => string;
  memo: string;
  rule: ReleaseModeRule;
  grant: GrantSpec;
  createdBy: number;
}

const CHUNK = 500;
function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Pays release lines (one person each, distinct users) in the caller's transaction, in set statements:
 * the accounts are created and locked together (PostgreSQL: FOR UPDATE in id order), keys already in the
 * ledger answer their first result, what expired is taken back first, then the mode decides each amount
 * (accumulate, reset, up to a cap, top up to a level) and grants, ledger rows and balances are written.
 * Answers per user what was granted (0 when the cap or level is reached) and the balance after.
 */
export async function releaseBatch(
  tx: Db,
  r: BatchRelease,
  lines: { userId: number; amount: number }[],
  now: number,
): Promise<Map<number, { granted: number; balance: number }>> {
  const out = new Map<number, { granted: number; balance: number }>();
  if (lines.length === 0) return out;
  const userIds = lines.map((l) => l.userId);
  for (const part of chunks(userIds)) {
    await tx
      .insertInto('quota_accounts')
      .values(
        part.map((u) => ({
          tenant_id: r.tenantId,
          user_id: u,
          scene_id: r.sceneId,
          balance: 0,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'scene_id']).doNothing())
      .execute();
  }
  const accounts = new Map<number, AccountRow>();
  for (const part of chunks(userIds)) {
    let q = tx
      .selectFrom('quota_accounts')
      .select(['id', 'tenant_id', 'user_id', 'scene_id', 'balance'])
      .where('tenant_id', '=', r.tenantId)
      .where('scene_id', '=', r.sceneId)
      .where('user_id', 'in', part)
      .orderBy('id');
    if (dialectOf(tx) === 'postgres') q = q.forUpdate();
    for (const a of await q.execute()) accounts.set(a.user_id, a);
  }
  const keys = new Map(lines.map((l) => [r.keyOf(l.userId), l.userId]));
  const done = new Map<string, { account_id: number; kind: string; delta: number; balance_after: number }>();
  for (const part of chunks([...keys.keys()])) {
    const rows = await tx
      .selectFrom('quota_ledger')
      .select(['source_key', 'account_id', 'kind', 'delta', 'balance_after'])
      .where('tenant_id', '=', r.tenantId)
      .where('source_key', 'in', part)
      .execute();
    for (const row of rows) done.set(row.source_key, row);
  }
  const accountIds = [...accounts.values()].map((a) => a.id);
  const due = new Set<number>();
  for (const part of chunks(accountIds)) {
    const rows = await tx
      .selectFrom('quota_grants')
      .select('account_id')
      .distinct()
      .where('account_id', 'in', part)
      .where('remaining', '>', 0)
      .where('expires_at', '<=', now)
      .execute();
    rows.forEach((g) => due.add(g.account_id));
  }
  for (const a of accounts.values()) if (due.has(a.id)) await sweepAccount(tx, a, now);

  const resets: AccountRow[] = [];
  const pay: { acct: AccountRow; key: string; give: number; before: number }[] = [];
  for (const l of lines) {
    const acct = accounts.get(l.userId)!;
    const key = r.keyOf(l.userId);
    const prev = done.get(key);
    if (prev) {
      if (prev.account_id !== acct.id || prev.kind !== 'release') throw quotaErrors.keyReused(key);
      out.set(l.userId, { granted: prev.delta, balance: prev.balance_after });
      continue;
    }
    const before = acct.balance;
    if (r.rule.mode === 2 && acct.balance > 0) resets.push(acct);
    const give = r.rule.mode === 2 ? l.amount : releaseGive(r.rule, l.amount, acct.balance);
    if (give <= 0) {
      out.set(l.userId, { granted: 0, balance: acct.balance });
      continue;
    }
    pay.push({ acct, key, give, before });
  }

  const row = (
    acct: AccountRow,
    delta: number,
    balanceAfter: number,
    kind: LedgerKind,
    key: string,
    memo: string,
    grantId: number | null,
  ) => ({
    tenant_id: r.tenantId,
    account_id: acct.id,
    user_id: acct.user_id,
    scene_id: acct.scene_id,
    delta,
    balance_after: balanceAfter,
    kind,
    source_key: key,
    grant_id: grantId,
    release_id: r.releaseId,
    memo: memo.slice(0, 100),
    created_by: r.createdBy,
    created_at: now,
  });
  const resetRows = [];
  for (const part of chunks(resets.map((a) => a.id))) {
    await tx
      .updateTable('quota_grants')
      .set({ remaining: 0 })
      .where('account_id', 'in', part)
      .where('remaining', '>', 0)
      .execute();
  }
  for (const a of resets) {
    resetRows.push(row(a, -a.balance, 0, 'reset', `${r.keyOf(a.user_id)}:reset`, '清零重置', null));
    a.balance = 0;
  }
  const grantIds = new Map<string, number>();
  for (const part of chunks(pay)) {
    const ids = await tx
      .insertInto('quota_grants')
      .values(
        part.map((p) => ({
          tenant_id: r.tenantId,
          account_id: p.acct.id,
          release_id: r.releaseId,
          amount: p.give,
          remaining: p.give,
          expires_at: r.grant.expiresAt,
          expire_kind: r.grant.expireKind,
          source_key: p.key,
          created_at: now,
        })),
      )
      .returning(['id', 'source_key'])
      .execute();
    for (const g of ids) grantIds.set(g.source_key, g.id);
  }
  const releaseRows = pay.map((p) => {
    p.acct.balance += p.give;
    out.set(p.acct.user_id, { granted: p.give, balance: p.acct.balance });
    return row(p.acct, p.give, p.acct.balance, 'release', p.key, r.memo, grantIds.get(p.key) ?? null);
  });
  for (const part of chunks([...resetRows, ...releaseRows], 1000)) {
    await tx.insertInto('quota_ledger').values(part).execute();
  }
  const changed = new Map<number, AccountRow>();
  for (const a of resets) changed.set(a.id, a);
  for (const p of pay) changed.set(p.acct.id, p.acct);
  for (const part of chunks([...changed.values()], 1000)) {
    const values = sql.join(part.map((a) => sql`(cast(${a.id} as bigint), cast(${a.balance} as bigint))`));
    await sql`with v(id, b) as (values ${values})
      update quota_accounts set balance = (select v.b from v where v.id = quota_accounts.id), updated_at = ${now}
      where id in (select v.id from v)`.execute(tx);
  }
  return out;
}

/**
 * Expiry and clear-up: takes back what is left of every grant due by `now`, one account per transaction.
 * Answers how many accounts it touched (the job runs it until 0).
 */
export async function expireDue(db: Db, now: number, batch = 500): Promise<number> {
  const accounts = await db
    .selectFrom('quota_grants')
    .innerJoin('quota_accounts as a', 'a.id', 'quota_grants.account_id')
    .select(['a.tenant_id', 'a.user_id', 'a.scene_id'])
    .where('quota_grants.remaining', '>', 0)
    .where('quota_grants.expires_at', '<=', now)
    .distinct()
    .limit(batch)
    .execute();
  for (const a of accounts) {
    await db.transaction().execute(async (tx) => {
      const acct = await lockAccount(
        tx,
        { tenantId: a.tenant_id, userId: a.user_id, sceneId: a.scene_id },
        now,
      );
      await sweepAccount(tx, acct, now);
    });
  }
  return accounts.length;
}

/** The balance as it stands (expired grants not yet swept are not counted). */
export async function balanceAt(db: Db, tenantId: number, userId: number, sceneId: number, now: number) {
  const acct = await db
    .selectFrom('quota_accounts')
    .select(['id', 'balance'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('scene_id', '=', sceneId)
    .executeTakeFirst();
  if (!acct) return 0;
  const expired = await db
    .selectFrom('quota_grants')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('remaining'), eb.lit(0)).as('n'))
    .where('account_id', '=', acct.id)
    .where('remaining', '>', 0)
    .where('expires_at', '<=', now)
    .executeTakeFirstOrThrow();
  return acct.balance - Number(expired.n);
}

/** The QuotaLedger door of modules/spend/decision.ts. */
export function createQuotaLedger(clock: () => number = Date.now): QuotaLedger {
  return {
    balance: (db, tenantId, userId, sceneId) => balanceAt(db, tenantId, userId, sceneId, clock()),
    debit: (tx, move) => debitAt(tx, move, clock()),
    credit: (tx, move) => creditAt(tx, move, clock()),
  };
}

export const quotaLedger: QuotaLedger = createQuotaLedger();
