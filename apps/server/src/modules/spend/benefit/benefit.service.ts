import type { TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { findActiveStaffById, getOrg, tenantModeOf } from '../../org/index.js';
import { quotaLedger } from '../quota/index.js';
import { releaseGrantAt } from '../quota/quota.ledger.js';
import { benefitErrors } from './benefit.errors.js';
import * as repo from './benefit.repo.js';

/**
 * Benefit modes (issue 21, decision 0046): the 福利首页 of a staff member and the 节日福利 they claim. A claim
 * is a release through the quota ledger (key `festival:<festivalId>:<userId>`, accumulate, the festival's
 * expiry) in the same transaction as the claim row, so a person claims once however many requests race;
 * spending it is the orders area's debit on the same ledger.
 */

const RECENT = 10;
/** Festivals whose claim window ended within this long still show (as 已结束 / 已领取). */
const SHOW_ENDED_MS = 7 * 86_400_000;

export const festivalKey = (festivalId: number, userId: number) => `festival:${festivalId}:${userId}`;

type FestivalRow = NonNullable<Awaited<ReturnType<typeof repo.getFestival>>>;

function festivalOut(f: FestivalRow) {
  return {
    id: Number(f.id),
    title: f.title,
    scene_id: Number(f.scene_id),
    scene_name: f.scene_name,
    amount: Number(f.amount),
    claim_from: Number(f.claim_from),
    claim_until: Number(f.claim_until),
    expires_at: f.expires_at === null ? null : Number(f.expires_at),
  };
}

/** GET home/benefit: balances per benefit scene, festivals to claim, recent benefit moves. */
export async function benefitHome(db: Db, caller: TenantCaller, now: number) {
  const { tenantId, userId } = caller;
  const [mode, org, staff, accounts, festivals, moves] = await Promise.all([
    tenantModeOf(db, tenantId),
    getOrg(db, tenantId, tenantId),
    findActiveStaffById(db, tenantId, caller.staffId),
    repo.accountsOf(db, tenantId, userId),
    repo.listFestivals(db, tenantId, now - SHOW_ENDED_MS),
    repo.recentMoves(db, tenantId, userId, RECENT),
  ]);
  const balances = await Promise.all(
    accounts.map(async (a) => ({
      scene_id: Number(a.scene_id),
      scene_name: a.scene_name,
      category: Number(a.category),
      balance: await quotaLedger.balance(db, tenantId, userId, Number(a.scene_id)),
    })),
  );
  const claimed = await repo.claimsOf(
    db,
    tenantId,
    userId,
    festivals.map((f) => Number(f.id)),
  );
  return {
    user_name: staff?.name ?? '',
    top_org_name: org?.name ?? '',
    ui_type: mode.ui_type,
    orgcode_payer_type: mode.orgcode_payer_type,
    total_balance: balances.reduce((s, b) => s + b.balance, 0),
    balances,
    festivals: festivals
      // An ended festival shows only to those who claimed it.
      .filter((f) => Number(f.claim_until) >= now || claimed.has(Number(f.id)))
      .map((f) => ({
        ...festivalOut(f),
        claimed: claimed.has(Number(f.id)),
        claimed_at: claimed.get(Number(f.id)) ?? null,
      })),
    recent: moves.map((m) => ({
      id: Number(m.id),
      scene_name: m.scene_name ?? '',
      kind: m.kind,
      delta: Number(m.delta),
      balance_after: Number(m.balance_after),
      memo: m.memo,
      created_at: Number(m.created_at),
    })),
  };
}

/**
 * POST home/benefit/festival:claim. One transaction: the claim row (unique per person) and the ledger
 * release. A second claim (or the losers of a race) answers the first claim's result, unchanged.
 */
export async function claimFestival(db: Db, caller: TenantCaller, id: number, now: number) {
  const { tenantId, userId } = caller;
  return inTransaction(db, async (tx) => {
    const f = await repo.getFestival(tx, tenantId, id);
    if (!f) throw benefitErrors.festivalNotFound();
    const before = await repo.findClaim(tx, tenantId, id, userId);
    if (!before) {
      if (now < Number(f.claim_from)) throw benefitErrors.notOpen();
      if (now > Number(f.claim_until)) throw benefitErrors.ended();
    }
    const inserted = before
      ? false
      : await repo.insertClaim(
          tx,
          tenantId,
          { festival_id: id, user_id: userId, amount: Number(f.amount) },
          now,
        );
    const paid = await releaseGrantAt(
      tx,
      {
        tenantId,
        userId,
        sceneId: Number(f.scene_id),
        amount: Number(f.amount),
        key: festivalKey(id, userId),
        memo: `节日福利领取：${f.title}`,
        releaseId: null,
        rule: { mode: 1 },
        grant: { expiresAt: f.expires_at === null ? null : Number(f.expires_at), expireKind: 'expire' },
        createdBy: caller.staffId,
      },
      now,
    );
    const claim = inserted ? { claimed_at: now } : await repo.findClaim(tx, tenantId, id, userId);
    return {
      id,
      scene_id: Number(f.scene_id),
      granted: paid.granted,
      balance: paid.balance,
      claimed_at: Number(claim?.claimed_at ?? now),
    };
  });
}

export interface FestivalInput {
  scene_id: number;
  title: string;
  amount: number;
  claim_from: number;
  claim_until: number;
  expires_at?: number | null;
}

/** POST benefit/festival:create (administrator): a 节日福利 on one of the tenant's scenes. */
export async function createFestival(db: Db, caller: TenantCaller, input: FestivalInput, now: number) {
  const expiresAt = input.expires_at ?? null;
  if (input.claim_until <= input.claim_from || (expiresAt !== null && expiresAt <= input.claim_until))
    throw benefitErrors.windowInvalid();
  return inTransaction(db, async (tx) => {
    if (!(await repo.findScene(tx, caller.tenantId, input.scene_id))) throw benefitErrors.sceneNotFound();
    const id = await repo.insertFestival(
      tx,
      caller.tenantId,
      {
        scene_id: input.scene_id,
        title: input.title,
        amount: input.amount,
        claim_from: input.claim_from,
        claim_until: input.claim_until,
        expires_at: expiresAt,
      },
      caller.staffId,
      now,
    );
    return { id };
  });
}

/** GET benefit/festival:list (administrator): the tenant's festivals with how many claimed and how much. */
export async function listFestivals(db: Db, caller: TenantCaller, now: number) {
  const rows = await repo.listFestivals(db, caller.tenantId, now - 365 * 86_400_000);
  const counts = await repo.claimCounts(
    db,
    caller.tenantId,
    rows.map((r) => Number(r.id)),
  );
  return {
    items: rows.map((f) => ({
      ...festivalOut(f),
      claimed_people: counts.get(Number(f.id))?.people ?? 0,
      claimed_total: counts.get(Number(f.id))?.total ?? 0,
    })),
  };
}
