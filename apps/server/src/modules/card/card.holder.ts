import { CardStatus } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import { dialectOf } from '../../platform/db/dialect.js';

/** The reason written on a card frozen because its holder left. */
export const HOLDER_LEFT_REASON = '持卡人离职，卡片冻结，余额退回';

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
          source_key: `holder-left:${c.id}:${e.now}`,
          memo: HOLDER_LEFT_REASON,
          created_by: e.by,
          created_at: e.now,
        })
        .execute();
    await trx
      .updateTable('cards')
      .set({ status: CardStatus.frozen, balance: 0, status_reason: HOLDER_LEFT_REASON, updated_at: e.now })
      .where('id', '=', c.id)
      .execute();
    await trx
      .insertInto('card_operations')
      .values({
        tenant_id: e.tenantId,
        card_id: c.id,
        op: 'freeze',
        reason: HOLDER_LEFT_REASON,
        created_by: e.by,
        created_at: e.now,
      })
      .execute();
  }
}
