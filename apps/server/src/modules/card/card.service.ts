import {
  CardLedgerKindLabel,
  CardOperationLabel,
  CardStatus,
  CardStatusLabel,
  CardTypeLabel,
  type CardAuthorizeReply,
  type CardBatchQuery,
  type CardBatchRow,
  type CardInfo,
  type CardLedgerKind,
  type CardListQuery,
  type CardOp,
  type CardOperateBody,
  type CardRow,
  type CardTxQuery,
  type CardTxRow,
  type CardType,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../platform/context.js';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { dialectOf } from '../../platform/db/dialect.js';
import { cardErrors } from './card.errors.js';
import { CARD_MAIL_STATUS_LABEL } from './card.mail.js';
import { cardWithHolder } from './card.repo.js';
import { NotifyAction, notifyEach } from '../notify/index.js';

/** 卡片列表, 卡片详情, 交易明细, 发放批次 and 冻结 / 解冻 / 注销 (decision 0057). */

type Out<T extends z.ZodType> = z.output<T>;
const page = (num: number, size: number, total: number) => ({ page_num: num, page_size: size, total });
const statusText = (s: number) => CardStatusLabel[s as CardStatus] ?? '';
const typeText = (t: number) => CardTypeLabel[t as CardType] ?? '';

function cardRows(db: Db, tenantId: number) {
  return db
    .selectFrom('cards as c')
    .innerJoin('card_batches as b', 'b.id', 'c.batch_id')
    .leftJoin('staff as s', 's.id', 'c.holder_staff_id')
    .where('c.tenant_id', '=', tenantId);
}
export const cardColumns = [
  'c.id',
  'c.card_no',
  'c.card_type',
  'c.holder_staff_id',
  's.name as holder_name',
  'c.status',
  'c.balance',
  'c.status_reason',
  'c.mail_status',
  'c.mail_error',
  'b.batch_no',
  'b.amount',
  'c.created_at',
] as const;

type CardSel = {
  id: number;
  card_no: string;
  card_type: number;
  holder_staff_id: number | null;
  holder_name: string | null;
  status: number;
  balance: number;
  batch_no: string;
  created_at: number;
};
export function toRow(r: CardSel): CardRow {
  return {
    id: r.id,
    card_no: r.card_no,
    card_type: r.card_type,
    cardTypeText: typeText(r.card_type),
    holder_id: r.holder_staff_id,
    holder_name: r.holder_name ?? '未分配',
    status: r.status,
    statusText: statusText(r.status),
    balance: r.balance,
    card_batch_no: r.batch_no,
    created_at: r.created_at,
  };
}

/** The tenant's cards under the list's filters (the list and its export). */
export function filteredCards(
  db: Db,
  tenantId: number,
  q: Omit<Out<typeof CardListQuery>, 'page_num' | 'page_size'>,
) {
  let base = cardRows(db, tenantId);
  if (q.card_no) base = base.where('c.card_no', 'like', `%${q.card_no}%`);
  if (q.holder) base = base.where('s.name', 'like', `%${q.holder}%`);
  if (q.status) base = base.where('c.status', '=', q.status);
  if (q.card_type) base = base.where('c.card_type', '=', q.card_type);
  if (q.card_batch_no) base = base.where('b.batch_no', '=', q.card_batch_no);
  return base;
}

export async function listCards(db: Db, caller: TenantCaller, q: Out<typeof CardListQuery>) {
  const base = filteredCards(db, caller.tenantId, q);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(cardColumns)
      .orderBy('c.id', 'desc')
      .limit(q.page_size)
      .offset((q.page_num - 1) * q.page_size)
      .execute(),
  ]);
  return { items: rows.map(toRow), page: page(q.page_num, q.page_size, Number(n)) };
}

async function cardOf(db: Db, tenantId: number, cardId: number) {
  const r = await cardRows(db, tenantId).select(cardColumns).where('c.id', '=', cardId).executeTakeFirst();
  if (!r) throw cardErrors.cardNotFound();
  return r;
}

export async function cardInfo(db: Db, caller: TenantCaller, cardId: number): Promise<CardInfo> {
  const r = await cardOf(db, caller.tenantId, cardId);
  const since = Date.now() - 90 * 86_400_000;
  const [sum, ops, auths, merchants] = await Promise.all([
    db
      .selectFrom('card_ledger')
      .select((eb) => eb.fn.sum<number>('delta').as('s'))
      .where('tenant_id', '=', caller.tenantId)
      .where('card_id', '=', cardId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('card_operations as o')
      .leftJoin('staff as s', 's.id', 'o.created_by')
      .select(['o.id', 'o.op', 'o.reason', 's.name', 'o.created_at'])
      .where('o.tenant_id', '=', caller.tenantId)
      .where('o.card_id', '=', cardId)
      .orderBy('o.id', 'desc')
      .execute(),
    db
      .selectFrom('card_authorizations')
      .select(['auth_id', 'amount', 'merchant', 'reply', 'created_at'])
      .where('tenant_id', '=', caller.tenantId)
      .where('card_id', '=', cardId)
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('card_ledger')
      .select((eb) => [
        'merchant',
        eb.fn.countAll<number>().as('times'),
        eb.fn.sum<number>('delta').as('amount'),
        eb.fn.max('created_at').as('last_at'),
      ])
      .where('tenant_id', '=', caller.tenantId)
      .where('card_id', '=', cardId)
      .where('kind', '=', 'capture')
      .where('created_at', '>=', since)
      .groupBy('merchant')
      .orderBy('last_at', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    ...toRow(r),
    amount: r.amount,
    status_reason: r.status_reason,
    mail_status: r.mail_status,
    mailStatusText: CARD_MAIL_STATUS_LABEL[r.mail_status] ?? '',
    mail_error: r.mail_error,
    ledger_balance: Number(sum.s ?? 0),
    operations: ops.map((o) => ({
      id: o.id,
      op: o.op,
      opText: CardOperationLabel[o.op] ?? o.op,
      reason: o.reason,
      operator_name: o.name ?? '',
      created_at: o.created_at,
    })),
    recent_merchants: merchants.map((m) => ({
      merchant: m.merchant,
      times: Number(m.times),
      amount: -Number(m.amount ?? 0),
      last_at: Number(m.last_at),
    })),
    authorizations: auths.map((a) => {
      const r = JSON.parse(a.reply) as CardAuthorizeReply;
      return {
        auth_id: a.auth_id,
        amount: a.amount,
        merchant: a.merchant,
        decision: r.decision,
        decisionText: r.decisionText,
        company_pays: r.company_pays,
        employee_pays: r.employee_pays,
        reasons: r.reasons.map((x) => x.message),
        created_at: a.created_at,
      };
    }),
  };
}

export async function cardTransactions(db: Db, caller: TenantCaller, q: Out<typeof CardTxQuery>) {
  await cardOf(db, caller.tenantId, q.card_id);
  const base = db
    .selectFrom('card_ledger')
    .where('tenant_id', '=', caller.tenantId)
    .where('card_id', '=', q.card_id);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'kind', 'delta', 'balance_after', 'merchant', 'memo', 'created_at'])
      .orderBy('id', 'desc')
      .limit(q.page_size)
      .offset((q.page_num - 1) * q.page_size)
      .execute(),
  ]);
  const items: CardTxRow[] = rows.map((r) => ({
    ...r,
    kindText: CardLedgerKindLabel[r.kind as CardLedgerKind] ?? r.kind,
  }));
  return { items, page: page(q.page_num, q.page_size, Number(n)) };
}

export async function listBatches(db: Db, caller: TenantCaller, q: Out<typeof CardBatchQuery>) {
  let base = db
    .selectFrom('card_batches as b')
    .leftJoin('staff as s', 's.id', 'b.created_by')
    .where('b.tenant_id', '=', caller.tenantId);
  if (q.card_batch_no) base = base.where('b.batch_no', 'like', `%${q.card_batch_no}%`);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('b')
      .select('s.name')
      .orderBy('b.id', 'desc')
      .limit(q.page_size)
      .offset((q.page_num - 1) * q.page_size)
      .execute(),
  ]);
  const items: CardBatchRow[] = rows.map((b) => ({
    id: b.id,
    card_batch_no: b.batch_no,
    card_type: b.card_type,
    cardTypeText: typeText(b.card_type),
    begin_no: b.begin_no,
    end_no: b.end_no,
    card_count: b.card_count,
    amount: b.amount,
    total: b.amount * b.card_count,
    operate_sequence: b.operate_sequence,
    send_mail: b.send_mail === 1,
    memo: b.memo,
    created_by_name: b.name ?? '',
    created_at: b.created_at,
  }));
  return { items, page: page(q.page_num, q.page_size, Number(n)) };
}

/** The card row, locked for the transaction (PostgreSQL: FOR UPDATE; SQLite: the one writer). */
export async function lockCard(tx: Db, tenantId: number, cardId: number) {
  let q = tx
    .selectFrom('cards')
    .select(['id', 'status', 'balance', 'holder_staff_id', 'status_reason'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', cardId);
  if (dialectOf(tx) === 'postgres') q = q.forUpdate();
  const card = await q.executeTakeFirst();
  if (!card) throw cardErrors.cardNotFound();
  return card;
}

/**
 * Sets a card's status with its reason and operation row; 注销 also settles what is left back (a ledger row
 * `settle`, key `cancel:<cardId>`), so the card's balance is 0 and the ledger says where the money went.
 */
export async function changeStatus(
  tx: Db,
  tenantId: number,
  staffId: number,
  cardId: number,
  op: CardOp,
  reason: string,
  now: number,
) {
  const card = await lockCard(tx, tenantId, cardId);
  if (card.status === CardStatus.cancelled) throw cardErrors.badStatus('卡片已注销，不能再操作');
  if (op === 'freeze' && card.status === CardStatus.frozen) throw cardErrors.badStatus('卡片已冻结');
  if (op === 'unfreeze' && card.status !== CardStatus.frozen)
    throw cardErrors.badStatus('卡片未冻结，无需解冻');
  const status =
    op === 'freeze' ? CardStatus.frozen : op === 'unfreeze' ? CardStatus.normal : CardStatus.cancelled;
  let balance = card.balance;
  if (op === 'cancel' && balance !== 0) {
    await tx
      .insertInto('card_ledger')
      .values({
        tenant_id: tenantId,
        card_id: cardId,
        kind: 'settle',
        delta: -balance,
        balance_after: 0,
        source_key: `cancel:${cardId}`,
        memo: `注销退回：${reason}`,
        created_by: staffId,
        created_at: now,
      })
      .execute();
    balance = 0;
  }
  await tx
    .updateTable('cards')
    .set({ status, balance, status_reason: reason, updated_at: now })
    .where('id', '=', cardId)
    .execute();
  await tx
    .insertInto('card_operations')
    .values({ tenant_id: tenantId, card_id: cardId, op, reason, created_by: staffId, created_at: now })
    .execute();
  return { card_id: cardId, status, statusText: statusText(status), balance };
}

export async function operateCard(
  db: Db,
  caller: TenantCaller,
  op: CardOp,
  body: Out<typeof CardOperateBody>,
  now = Date.now(),
) {
  return inTransaction(db, async (tx) => {
    const done = await changeStatus(tx, caller.tenantId, caller.staffId, body.card_id, op, body.reason, now);
    await tellHolder(tx, caller.tenantId, body.card_id, op, body.reason, now);
    return done;
  });
}

const OP_TOLD: Record<CardOp, string> = {
  freeze: '已被冻结',
  unfreeze: '已解冻，可以继续使用',
  cancel: '已被注销',
};

/** The holder learns of an administrator's 冻结 / 解冻 / 注销 with its reason, in the same transaction. */
async function tellHolder(tx: Db, tenantId: number, cardId: number, op: CardOp, reason: string, now: number) {
  const row = await cardWithHolder(tx, tenantId, cardId);
  if (!row) return; // 未分配: nobody to tell
  await notifyEach(
    tx,
    tenantId,
    [
      {
        userId: row.holder.userId,
        message: {
          msg_name: '企业卡变动',
          title: `您的企业卡${OP_TOLD[op]}`,
          content: `卡号${row.card_no}${OP_TOLD[op]}；原因：${reason}${op === 'cancel' ? '；卡内余额已退回' : ''}`,
          action_code: NotifyAction.system,
          ext_params: { id: cardId },
        },
      },
    ],
    now,
  );
}
