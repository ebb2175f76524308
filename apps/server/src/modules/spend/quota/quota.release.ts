import { sql } from 'kysely';
import { QuotaReleaseOperateStatus, ReleaseSource, type QuotaScope } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { staffInScope, type ScopedStaff } from '../../org/index.js';
import { releaseBatch, releaseGive, type GrantSpec, type ReleaseModeRule } from './quota.ledger.js';
import { quotaErrors } from './quota.errors.js';

/**
 * Release runs (decision 0042): a run is a quota_releases row (operate status pre → executing → success
 * or fail) and one line per person; each line pays through the ledger with key
 * `release:<releaseId>:<userId>`, so a run interrupted by a crash is simply run again and pays nobody twice.
 */

export const LINE_BATCH = 1000;

export function lineKey(releaseId: number) {
  return (userId: number) => `release:${releaseId}:${userId}`;
}

export function modeRule(mode: number, limit: number | null): ReleaseModeRule {
  if (mode === 2) return { mode: 2 };
  if (mode === 3) return { mode: 3, cap: limit ?? 0 };
  if (mode === 4) return { mode: 4 };
  return { mode: 1 };
}

export function checkMode(mode: number, limit: number | null | undefined, amount: number) {
  if (mode === 3 && (limit === null || limit === undefined || limit < amount)) {
    throw quotaErrors.limitInvalid('累计至上限：上限须不小于每次发放金额');
  }
}

/** The scene of the tenant (not deleted), or 404: ids of another tenant name nothing. */
export async function sceneOf(db: Db, tenantId: number, sceneId: number) {
  const scene = await db
    .selectFrom('scenes')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sceneId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!scene) throw quotaErrors.sceneNotFound();
  return scene;
}

export function scopeOf(s: QuotaScope) {
  return { all: s.all, deptIds: s.dept_ids, groupIds: s.group_ids, userIds: s.user_ids };
}

export async function peopleOf(db: Db, tenantId: number, scope: QuotaScope): Promise<ScopedStaff[]> {
  return staffInScope(db, tenantId, scopeOf(scope));
}

export interface NewRelease {
  tenantId: number;
  sceneId: number;
  planId: number | null;
  fireKey: string | null;
  releaseType: number;
  source: number;
  mode: number;
  modeLimit: number | null;
  grant: GrantSpec;
  memo: string;
  createdBy: number;
  lines: { userId: number; amount: number }[];
}

/**
 * Writes a run and its lines (status pre) in the caller's transaction. With a fire key already used
 * (the same plan and fire time from another process) it writes nothing and answers that run's id.
 */
export async function createRelease(
  tx: Db,
  r: NewRelease,
  now: number,
): Promise<{ id: number; created: boolean }> {
  const total = r.lines.reduce((s, l) => s + l.amount, 0);
  const inserted = await tx
    .insertInto('quota_releases')
    .values({
      tenant_id: r.tenantId,
      scene_id: r.sceneId,
      plan_id: r.planId,
      fire_key: r.fireKey,
      release_type: r.releaseType,
      release_source: r.source,
      operate_status: QuotaReleaseOperateStatus.pre,
      release_mode: r.mode,
      mode_limit: r.modeLimit,
      expires_at: r.grant.expiresAt,
      expire_kind: r.grant.expireKind,
      people: r.lines.length,
      total,
      memo: r.memo.slice(0, 100),
      fail_reason: null,
      created_by: r.createdBy,
      created_at: now,
      finished_at: null,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'fire_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const row = await tx
      .selectFrom('quota_releases')
      .select('id')
      .where('tenant_id', '=', r.tenantId)
      .where('fire_key', '=', r.fireKey)
      .executeTakeFirstOrThrow();
    return { id: row.id, created: false };
  }
  for (let i = 0; i < r.lines.length; i += LINE_BATCH) {
    await tx
      .insertInto('quota_release_lines')
      .values(
        r.lines.slice(i, i + LINE_BATCH).map((l) => ({
          tenant_id: r.tenantId,
          release_id: inserted.id,
          user_id: l.userId,
          amount: l.amount,
          granted: null,
          done_at: null,
        })),
      )
      .execute();
  }
  return { id: inserted.id, created: true };
}

/**
 * Runs (or resumes) a release: pays the lines not yet done, LINE_BATCH per transaction, then marks the
 * run success. A failure marks it fail with the reason and is thrown again (the job retries; a retry
 * resumes from the first unpaid line).
 */
export async function runRelease(
  db: Db,
  tenantId: number,
  releaseId: number,
  now: () => number,
): Promise<void> {
  const rel = await db
    .selectFrom('quota_releases')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', releaseId)
    .executeTakeFirst();
  if (!rel) throw quotaErrors.releaseNotFound();
  if (rel.operate_status === QuotaReleaseOperateStatus.success) return;
  await db
    .updateTable('quota_releases')
    .set({ operate_status: QuotaReleaseOperateStatus.executing, fail_reason: null })
    .where('id', '=', releaseId)
    .where('operate_status', '!=', QuotaReleaseOperateStatus.success)
    .execute();
  const batch = {
    tenantId,
    sceneId: rel.scene_id,
    releaseId,
    keyOf: lineKey(releaseId),
    memo: rel.memo || (rel.release_source === ReleaseSource.rule ? '规则发放' : '额度发放'),
    rule: modeRule(rel.release_mode, rel.mode_limit),
    grant: {
      expiresAt: rel.expires_at,
      expireKind: rel.expire_kind === 'clear' ? 'clear' : 'expire',
    } as GrantSpec,
    createdBy: rel.created_by,
  };
  try {
    let afterId = 0;
    for (;;) {
      const lines = await db
        .selectFrom('quota_release_lines')
        .select(['id', 'user_id', 'amount'])
        .where('release_id', '=', releaseId)
        .where('done_at', 'is', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(LINE_BATCH)
        .execute();
      if (lines.length === 0) break;
      afterId = lines[lines.length - 1]!.id;
      await db.transaction().execute(async (tx) => {
        const at = now();
        const paid = await releaseBatch(
          tx,
          batch,
          lines.map((l) => ({ userId: l.user_id, amount: l.amount })),
          at,
        );
        const values = sql.join(
          lines.map(
            (l) => sql`(cast(${l.id} as bigint), cast(${paid.get(l.user_id)?.granted ?? 0} as bigint))`,
          ),
        );
        await sql`with v(id, g) as (values ${values})
          update quota_release_lines set granted = (select v.g from v where v.id = quota_release_lines.id), done_at = ${at}
          where id in (select v.id from v) and done_at is null`.execute(tx);
      });
    }
    await db
      .updateTable('quota_releases')
      .set({ operate_status: QuotaReleaseOperateStatus.success, finished_at: now() })
      .where('id', '=', releaseId)
      .execute();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('quota_releases')
      .set({
        operate_status: QuotaReleaseOperateStatus.fail,
        fail_reason: reason.slice(0, 200),
        finished_at: now(),
      })
      .where('id', '=', releaseId)
      .execute();
    throw error;
  }
}

/** Who would get how much: balances now and the mode's amount for each person. */
export async function previewLines(
  db: Db,
  tenantId: number,
  sceneId: number,
  people: ScopedStaff[],
  amount: number,
  rule: ReleaseModeRule,
) {
  const balances = new Map<number, number>();
  const ids = people.map((p) => p.userId);
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('quota_accounts')
      .select(['user_id', 'balance'])
      .where('tenant_id', '=', tenantId)
      .where('scene_id', '=', sceneId)
      .where('user_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) balances.set(r.user_id, r.balance);
  }
  return people.map((p) => {
    const balance = balances.get(p.userId) ?? 0;
    const give = releaseGive(rule, amount, balance);
    const after = rule.mode === 2 ? give : balance + give;
    return { user_id: p.userId, name: p.name, phone: p.phone, balance, amount: give, balance_after: after };
  });
}
