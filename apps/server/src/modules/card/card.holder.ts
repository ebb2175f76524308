import { CardStatus } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import { dialectOf } from '../../platform/db/dialect.js';

/** The reason written on a card frozen because its holder left. */
export const HOLDER_LEFT_REASON = '持卡人离职，卡片冻结，余额退回';
/** The reason written on a card frozen because its holder moved to another department. */
export const HOLDER_MOVED_REASON = '持卡人调岗，卡片冻结，余额退回';
/** The settlements a 转移 gives back with the card: the holder left, or moved (their source-key prefixes). */
export const FOLLOW_KEYS = ['holder-left', 'holder-moved'] as const;
/** Reasons of a freeze that a 转移 lifts (the new holder is active where the card now belongs). */
export const FOLLOW_REASONS: readonly string[] = [HOLDER_LEFT_REASON, HOLDER_MOVED_REASON];

/**
 * Cards follow their holder (decision 0057): org's 离职 listener, in the resignation's transaction. Each card
 * of the resigned staff members that is not cancelled is frozen at once (a 冻结 operation row by whoever
 * resigned them) and what is left on it is settled back on the card ledger (kind settle, key
 * `holder-left:<cardId>:<time>`), so the card can no longer pay and no money stays with someone who left. The
 * card detail lists the merchants that charged it in the last 90 days, so recurring payments can move.
 */
export async function cardsFollowHolder(
  trx: Db,
  e: { tenantId: number; staffIds: number[]; by: number; now: number },
) {
  await freezeAndSettle(trx, e, HOLDER_LEFT_REASON, 'holder-left');
}

/**
 * 调岗 (org's moved listener, in the change's transaction): the card belonged to the old department's spend, so
 * it is frozen and settled back the same way (key `holder-moved:<cardId>:<time>`); the administrator then 解冻s
 * and 额度调整s it for the new department, or 转移s it (which gives the settled money back with the card).
 */
export async function cardsFollowMover(
  trx: Db,
  e: { tenantId: number; staffIds: number[]; by: number; now: number },
) {
  await freezeAndSettle(trx, e, HOLDER_MOVED_REASON, 'holder-moved');
}

async function freezeAndSettle(
  trx: Db,
  e: { tenantId: number; staffIds: number[]; by: number; now: number },
  reason: string,
  keyPrefix: (typeof FOLLOW_KEYS)[number],
) {
  let q = trx
    .selectFrom('cards')
    .select(['id', 'status', 'balance'])
    .where('tenant_id', '=', e.tenantId)
    .where('holder_staff_id', 'in', e.staffIds)
    .where('status', '!=', CardStatus.cancelled);
  if (dialectOf(trx) === 'postgres') q = q.forUpdate();
  const cards = await q.execute();
  for (const c of cards) {
    if (c.balance !== 0)
      await trx
        .insertInto('card_ledger')
        .values({
          tenant_id: e.tenantId,
          card_id: c.id,
          kind: 'settle',
          delta: -c.balance,
          balance_after: 0,
          source_key: `${keyPrefix}:${c.id}:${e.now}`,
          memo: reason,
          created_by: e.by,
          created_at: e.now,
        })
        .execute();
    await trx
      .updateTable('cards')
      .set({ status: CardStatus.frozen, balance: 0, status_reason: reason, updated_at: e.now })
      .where('id', '=', c.id)
      .execute();
    await trx
      .insertInto('card_operations')
      .values({
        tenant_id: e.tenantId,
        card_id: c.id,
        op: 'freeze',
        reason,
        created_by: e.by,
        created_at: e.now,
      })
      .execute();
  }
}
