import {
  CardStatus,
  CardStatusLabel,
  type CardTransferBody,
  type CardTransferReply,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../platform/context.js';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { NotifyAction, notifyEach } from '../notify/index.js';
import { activeStaffOf, staffContacts } from '../org/index.js';
import { cardErrors } from './card.errors.js';
import { FOLLOW_KEYS, FOLLOW_REASONS } from './card.holder.js';
import { lockCard } from './card.service.js';

/**
 * 转移 (decision 0057): a card moves to another active staff member with what its left holder had on it —
 * the recurring payments of the card's merchants keep working, and the quota is not lost. In one transaction:
 * the card is locked and must still be held by from_staff_id (the holder the administrator saw: of 20 transfers
 * at once, one wins); every settlement of the card made because its holder left or moved, not yet given back, is
 * given back (ledger kind restore, key `restore:<settle row id>`, unique, so twice restores once); a card frozen
 * because its holder left or moved is unfrozen, one frozen for another reason stays frozen; a 转移 operation row; both people are told.
 */
export async function transferCard(
  db: Db,
  caller: TenantCaller,
  body: z.output<typeof CardTransferBody>,
  now = Date.now(),
): Promise<CardTransferReply> {
  const tenantId = caller.tenantId;
  return inTransaction(db, async (tx) => {
    const card = await lockCard(tx, tenantId, body.card_id);
    if (card.status === CardStatus.cancelled) throw cardErrors.badStatus('卡片已注销，不能转移');
    const holder = card.holder_staff_id === null ? null : Number(card.holder_staff_id);
    if (holder !== body.from_staff_id) throw cardErrors.holderChanged('卡片持卡人已变更，请刷新后重试');
    if (holder === body.staff_id) throw cardErrors.holderChanged('卡片已属于该员工，无需转移');
    const [target] = await activeStaffOf(tx, tenantId, [body.staff_id]);
    if (!target) throw cardErrors.holderNotFound('staff_id');

    const settles = await tx
      .selectFrom('card_ledger')
      .select(['id', 'delta'])
      .where('tenant_id', '=', tenantId)
      .where('card_id', '=', body.card_id)
      .where('kind', '=', 'settle')
      .where((eb) => eb.or(FOLLOW_KEYS.map((k) => eb('source_key', 'like', `${k}:${body.card_id}:%`))))
      .orderBy('id')
      .execute();
    const given = new Set(
      (
        await tx
          .selectFrom('card_ledger')
          .select('source_key')
          .where('tenant_id', '=', tenantId)
          .where('card_id', '=', body.card_id)
          .where('kind', '=', 'restore')
          .execute()
      ).map((r) => r.source_key),
    );
    const settled = settles.filter((s) => !given.has(`restore:${s.id}`));
    let balance = Number(card.balance);
    for (const s of settled) {
      balance += -Number(s.delta);
      await tx
        .insertInto('card_ledger')
        .values({
          tenant_id: tenantId,
          card_id: body.card_id,
          kind: 'restore',
          delta: -Number(s.delta),
          balance_after: balance,
          source_key: `restore:${s.id}`,
          memo: `转移恢复：${body.reason}`,
          created_by: caller.staffId,
          created_at: now,
        })
        .execute();
    }
    const restored = balance - Number(card.balance);
    const status =
      card.status === CardStatus.frozen && FOLLOW_REASONS.includes(card.status_reason)
        ? CardStatus.normal
        : Number(card.status);
    await tx
      .updateTable('cards')
      .set({
        holder_staff_id: body.staff_id,
        balance,
        status,
        status_reason: status === card.status ? card.status_reason : body.reason,
        updated_at: now,
      })
      .where('id', '=', body.card_id)
      .execute();
    await tx
      .insertInto('card_operations')
      .values({
        tenant_id: tenantId,
        card_id: body.card_id,
        op: 'transfer',
        reason: `转移给${target.name}：${body.reason}`,
        created_by: caller.staffId,
        created_at: now,
      })
      .execute();
    await tellBoth(tx, tenantId, { cardId: body.card_id, from: holder, to: body.staff_id, balance, now });
    return {
      card_id: body.card_id,
      status,
      statusText: CardStatusLabel[status as CardStatus] ?? '',
      balance,
      holder_id: body.staff_id,
      holder_name: target.name,
      restored,
    };
  });
}

async function tellBoth(
  tx: Db,
  tenantId: number,
  t: { cardId: number; from: number | null; to: number; balance: number; now: number },
) {
  const people = await staffContacts(tx, tenantId, t.from === null ? [t.to] : [t.from, t.to]);
  const card = await tx
    .selectFrom('cards')
    .select('card_no')
    .where('id', '=', t.cardId)
    .executeTakeFirstOrThrow();
  const to = people.get(t.to);
  const from = t.from === null ? undefined : people.get(t.from);
  const message = (title: string, content: string) => ({
    msg_name: '企业卡变动',
    title,
    content,
    action_code: NotifyAction.system,
    ext_params: { id: t.cardId },
  });
  const notes = [];
  if (to)
    notes.push({
      userId: to.userId,
      message: message(
        '您获得一张企业卡',
        `卡号${card.card_no}已转移给您，余额¥${(t.balance / 100).toFixed(2)}${from ? `（原持卡人${from.name}）` : ''}`,
      ),
    });
  if (from && from.userId !== to?.userId)
    notes.push({
      userId: from.userId,
      message: message('您的企业卡已转移', `卡号${card.card_no}已转移给${to?.name ?? '其他员工'}`),
    });
  await notifyEach(tx, tenantId, notes, t.now);
}
