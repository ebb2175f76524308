import { CardStatus, CardStatusLabel, type CardAdjustBody } from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../platform/context.js';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { NotifyAction, notifyEach } from '../notify/index.js';
import { cardErrors } from './card.errors.js';
import { cardWithHolder } from './card.repo.js';
import { lockCard } from './card.service.js';

const yuan = (fen: number) => `¥${(Math.abs(fen) / 100).toFixed(2)}`;

/**
 * 额度调整 (decision 0057): an administrator adds money to a card or takes some back, with a reason. One ledger row
 * (kind adjust, key `adjust:<request_id>`, unique in the tenant): the same request again answers the first
 * adjustment and moves nothing; the card is locked, so adjustments at once never take it below 0 — a decrease
 * beyond the balance is refused naming what is on the card. A cancelled card is not adjusted; a frozen one is
 * (money can come back from a frozen card). The holder is told.
 */
export async function adjustCard(
  db: Db,
  caller: TenantCaller,
  body: z.output<typeof CardAdjustBody>,
  now = Date.now(),
) {
  const tenantId = caller.tenantId;
  const key = `adjust:${body.request_id}`;
  return inTransaction(db, async (tx) => {
    const card = await lockCard(tx, tenantId, body.card_id);
    const done = await tx
      .selectFrom('card_ledger')
      .select(['card_id', 'delta'])
      .where('tenant_id', '=', tenantId)
      .where('source_key', '=', key)
      .executeTakeFirst();
    if (done) {
      if (Number(done.card_id) !== body.card_id || Number(done.delta) !== body.delta)
        throw cardErrors.adjustKeyReused();
      return reply(body.card_id, Number(card.status), Number(card.balance));
    }
    if (card.status === CardStatus.cancelled) throw cardErrors.badStatus('卡片已注销，不能调整额度');
    const balance = Number(card.balance) + body.delta;
    if (balance < 0) throw cardErrors.adjustOverBalance(Number(card.balance));
    await tx
      .insertInto('card_ledger')
      .values({
        tenant_id: tenantId,
        card_id: body.card_id,
        kind: 'adjust',
        delta: body.delta,
        balance_after: balance,
        source_key: key,
        memo: `额度${body.delta > 0 ? '调增' : '调减'}：${body.reason}`,
        created_by: caller.staffId,
        created_at: now,
      })
      .execute();
    await tx.updateTable('cards').set({ balance, updated_at: now }).where('id', '=', body.card_id).execute();
    await tx
      .insertInto('card_operations')
      .values({
        tenant_id: tenantId,
        card_id: body.card_id,
        op: 'adjust',
        reason: `${body.delta > 0 ? '调增' : '调减'}${yuan(body.delta)}：${body.reason}`,
        created_by: caller.staffId,
        created_at: now,
      })
      .execute();
    const held = await cardWithHolder(tx, tenantId, body.card_id);
    if (held)
      await notifyEach(
        tx,
        tenantId,
        [
          {
            userId: held.holder.userId,
            message: {
              msg_name: '企业卡变动',
              title: `您的企业卡额度已${body.delta > 0 ? '调增' : '调减'}`,
              content: `卡号${held.card_no}额度${body.delta > 0 ? '调增' : '调减'}${yuan(body.delta)}，当前余额${yuan(balance)}；原因：${body.reason}`,
              action_code: NotifyAction.system,
              ext_params: { id: body.card_id },
            },
          },
        ],
        now,
      );
    return reply(body.card_id, Number(card.status), balance);
  });
}

const reply = (cardId: number, status: number, balance: number) => ({
  card_id: cardId,
  status,
  statusText: CardStatusLabel[status as CardStatus] ?? '',
  balance,
});
