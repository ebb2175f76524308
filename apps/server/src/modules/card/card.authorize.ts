import {
  CardAuthDecisionLabel,
  CardStatus,
  VerdictLabel,
  type CardAuthDecision,
  type CardAuthorizeBody,
  type CardAuthorizeReply,
  type Category,
  type Decision,
} from '@feikong/contracts';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { dialectOf } from '../../platform/db/dialect.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { sceneDecider, usagePeriods } from '../spend/index.js';
import { cardErrors } from './card.errors.js';

/**
 * 卡片授权 (decision 0057): the card network asks whether a payment may go through. One transaction, the card
 * row locked (PostgreSQL: FOR UPDATE; SQLite: the one writer), so 20 at once on one card never overspend:
 *  1. an authorisation id already answered answers the same again and moves nothing;
 *  2. the card's own checks: 冻结, 注销, no holder, holder 离职, balance;
 *  3. when the card's batch names a scene, the spend module's one decision engine (sceneDecider) for the
 *     holder, with what the holder's cards of that scene captured in each period as usage;
 *  4. allowed: a capture row on the card ledger (key `auth:<auth_id>`) for the company's share; the rest
 *     (超额自付) is the holder's. Every answer is stored with its reasons.
 */
type Body = z.output<typeof CardAuthorizeBody>;
type Reason = { code: string; message: string };

export async function authorizeCard(
  db: Db,
  tenantId: number,
  body: Body,
  now: number,
): Promise<CardAuthorizeReply> {
  try {
    return await inTransaction(db, (tx) => authorizeIn(tx, tenantId, body, now));
  } catch (err) {
    // Two first calls of one unknown card's authorisation id: the loser answers the winner's reply.
    if (!isUniqueViolation(err)) throw err;
    const card = await db
      .selectFrom('cards')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('card_no', '=', body.card_no)
      .executeTakeFirst();
    const seen = await storedReply(db, tenantId, body, card?.id ?? 0);
    if (seen) return seen;
    throw err;
  }
}

/** The answer already given under this authorisation id; the id reused for another payment is refused. */
async function storedReply(db: Db, tenantId: number, body: Body, cardId: number) {
  const row = await db
    .selectFrom('card_authorizations')
    .select(['reply', 'amount', 'card_id'])
    .where('tenant_id', '=', tenantId)
    .where('auth_id', '=', body.auth_id)
    .executeTakeFirst();
  if (!row) return null;
  if (row.amount !== body.amount || row.card_id !== cardId) throw cardErrors.authIdReused(body.auth_id);
  return JSON.parse(row.reply) as CardAuthorizeReply;
}

async function lockCardByNo(tx: Db, tenantId: number, cardNo: string) {
  let q = tx
    .selectFrom('cards as c')
    .innerJoin('card_batches as b', 'b.id', 'c.batch_id')
    .leftJoin('staff as s', (j) => j.onRef('s.id', '=', 'c.holder_staff_id').on('s.tenant_id', '=', tenantId))
    .select(['c.id', 'c.status', 'c.balance', 'c.holder_staff_id', 'b.scene_id', 's.status as holder_status'])
    .where('c.tenant_id', '=', tenantId)
    .where('c.card_no', '=', cardNo);
  if (dialectOf(tx) === 'postgres') q = q.forUpdate('c');
  return q.executeTakeFirst();
}

/** What the holder's cards of this scene captured (net of reversals and refunds) in each period. */
async function cardUsage(tx: Db, tenantId: number, holderId: number, sceneId: number, at: number) {
  const p = usagePeriods(at);
  const sum = async (from: number, to: number) => {
    const r = await tx
      .selectFrom('card_ledger as l')
      .innerJoin('cards as c', 'c.id', 'l.card_id')
      .innerJoin('card_batches as b', 'b.id', 'c.batch_id')
      .select((eb) => [eb.fn.sum<number>('l.delta').as('s'), eb.fn.countAll<number>().as('n')])
      .where('l.tenant_id', '=', tenantId)
      .where('c.holder_staff_id', '=', holderId)
      .where('b.scene_id', '=', sceneId)
      .where('l.kind', 'in', ['capture', 'reverse', 'refund'])
      .where('l.created_at', '>=', from)
      .where('l.created_at', '<', to)
      .executeTakeFirstOrThrow();
    return { amount: -Number(r.s ?? 0), count: Number(r.n) };
  };
  const [day, week, month, year, all] = await Promise.all([
    sum(p.day[0], p.day[1]),
    sum(p.week[0], p.week[1]),
    sum(p.month[0], p.month[1]),
    sum(p.year[0], p.year[1]),
    sum(0, Number.MAX_SAFE_INTEGER),
  ]);
  const usage: Parameters<typeof sceneDecider.decide>[2] = {
    dayAmount: day.amount,
    weekAmount: week.amount,
    monthAmount: month.amount,
    yearAmount: year.amount,
    sceneAmount: all.amount,
    dayCount: day.count,
    monthCount: month.count,
    quotaBalance: null,
  };
  return usage;
}

function reply(
  body: Body,
  decision: CardAuthDecision,
  company: number,
  employee: number,
  balance: number,
  reasons: Reason[],
): CardAuthorizeReply {
  return {
    auth_id: body.auth_id,
    decision,
    decisionText: CardAuthDecisionLabel[decision],
    company_pays: company,
    employee_pays: employee,
    balance,
    reasons,
  };
}

async function authorizeIn(tx: Db, tenantId: number, body: Body, now: number): Promise<CardAuthorizeReply> {
  const card = await lockCardByNo(tx, tenantId, body.card_no);
  const seen = await storedReply(tx, tenantId, body, card?.id ?? 0);
  if (seen) return seen;
  const at = body.at ?? now;
  const reasons: Reason[] = [];
  let company = body.amount;
  let employee = 0;
  let verdict: Decision['verdict'] | null = null;
  if (!card) reasons.push({ code: 'CARD_NOT_FOUND', message: '卡片不存在' });
  else {
    if (card.status === CardStatus.frozen) reasons.push({ code: 'CARD_FROZEN', message: '卡片已冻结' });
    if (card.status === CardStatus.cancelled) reasons.push({ code: 'CARD_CANCELLED', message: '卡片已注销' });
    const active = card.holder_status === 1;
    if (!card.holder_staff_id) reasons.push({ code: 'NO_HOLDER', message: '卡片未分配持卡人' });
    else if (!active) reasons.push({ code: 'HOLDER_LEFT', message: '持卡人已离职' });
    if (card.scene_id && card.holder_staff_id && active) {
      const usage = await cardUsage(tx, tenantId, card.holder_staff_id, card.scene_id, at);
      const d = await sceneDecider.decide(
        tx,
        {
          tenantId,
          userId: card.holder_staff_id,
          sceneId: card.scene_id,
          channel: 'card',
          category: body.category as Category,
          amount: body.amount,
          at,
          merchant: { id: body.merchant.id, name: body.merchant.name, type: body.merchant.type },
        },
        usage,
      );
      verdict = d.verdict;
      for (const v of d.voices) if (v.effect !== 'pass') reasons.push({ code: v.code, message: v.message });
      if (d.verdict === 'approval')
        reasons.push({
          code: 'APPROVAL_NOT_SUPPORTED',
          message: `${VerdictLabel.approval}的消费不能刷卡支付`,
        });
      if (d.verdict === 'excess') {
        company = d.companyPays;
        employee = d.employeePays;
      }
    }
    if (company > card.balance)
      reasons.push({
        code: 'BALANCE_SHORT',
        message: `卡片余额不足（余额¥${(card.balance / 100).toFixed(2)}）`,
      });
  }
  const refused =
    !card || verdict === 'refuse' || verdict === 'approval' || reasons.some((r) => CARD_CODES.has(r.code));
  const decision: CardAuthDecision = refused ? 'refuse' : verdict === 'excess' ? 'excess' : 'allow';
  let balance = card?.balance ?? 0;
  if (!refused && card) {
    balance -= company;
    if (company > 0) {
      await tx
        .insertInto('card_ledger')
        .values({
          tenant_id: tenantId,
          card_id: card.id,
          kind: 'capture',
          delta: -company,
          balance_after: balance,
          source_key: `auth:${body.auth_id}`,
          auth_id: body.auth_id,
          merchant: body.merchant.name,
          memo: employee > 0 ? `超额自付¥${(employee / 100).toFixed(2)}` : '',
          created_at: now,
        })
        .execute();
      await tx.updateTable('cards').set({ balance, updated_at: now }).where('id', '=', card.id).execute();
    }
  }
  const answer = refused
    ? reply(body, 'refuse', 0, 0, balance, reasons)
    : reply(body, decision, company, employee, balance, reasons);
  await tx
    .insertInto('card_authorizations')
    .values({
      tenant_id: tenantId,
      card_id: card?.id ?? 0,
      auth_id: body.auth_id,
      amount: body.amount,
      decision: answer.decision,
      merchant: body.merchant.name,
      reply: JSON.stringify(answer),
      created_at: now,
    })
    .execute();
  return answer;
}

/** The card's own refusals (any one refuses, even when the scene would let the holder pay the excess). */
const CARD_CODES = new Set([
  'CARD_NOT_FOUND',
  'CARD_FROZEN',
  'CARD_CANCELLED',
  'NO_HOLDER',
  'HOLDER_LEFT',
  'BALANCE_SHORT',
]);

/**
 * 撤销 (the whole capture back, key `reverse:<auth_id>`) and 退款 (part of it, key `refund:<refund_id>`; all
 * refunds of an authorisation together at most its capture). A replayed key moves nothing.
 */
export async function moneyBack(
  db: Db,
  tenantId: number,
  authId: string,
  kind: 'reverse' | 'refund',
  key: string,
  amount: number | null,
  now: number,
) {
  return inTransaction(db, async (tx) => {
    const auth = await tx
      .selectFrom('card_authorizations')
      .select(['card_id', 'decision'])
      .where('tenant_id', '=', tenantId)
      .where('auth_id', '=', authId)
      .executeTakeFirst();
    if (!auth || auth.decision === 'refuse' || auth.card_id === 0) throw cardErrors.authNotFound();
    let q = tx
      .selectFrom('cards')
      .select(['id', 'balance', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', auth.card_id);
    if (dialectOf(tx) === 'postgres') q = q.forUpdate();
    const card = (await q.executeTakeFirst())!;
    const sourceKey = `${kind}:${key}`;
    const done = await tx
      .selectFrom('card_ledger')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('source_key', '=', sourceKey)
      .executeTakeFirst();
    if (done) return { auth_id: authId, amount: 0, balance: card.balance };
    const moves = await tx
      .selectFrom('card_ledger')
      .select(['delta'])
      .where('tenant_id', '=', tenantId)
      .where('card_id', '=', card.id)
      .where('auth_id', '=', authId)
      .execute();
    // The capture (negative) and what went back (positive): what is still open to go back.
    const open = -moves.reduce((s, m) => s + m.delta, 0);
    const give = kind === 'reverse' ? open : (amount ?? 0);
    if (give <= 0 || give > open) throw cardErrors.refundTooMuch(open);
    const balance = card.balance + give;
    await tx
      .insertInto('card_ledger')
      .values({
        tenant_id: tenantId,
        card_id: card.id,
        kind,
        delta: give,
        balance_after: balance,
        source_key: sourceKey,
        auth_id: authId,
        memo: `${kind === 'reverse' ? '撤销' : '退款'} 授权${authId}`,
        created_at: now,
      })
      .execute();
    await tx.updateTable('cards').set({ balance, updated_at: now }).where('id', '=', card.id).execute();
    return { auth_id: authId, amount: give, balance };
  });
}
