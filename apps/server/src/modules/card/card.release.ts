import { sql } from 'kysely';
import type { CardReleaseBody, CardReleaseReply } from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../platform/context.js';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { JobQueue } from '../../platform/jobs/types.js';
import { NotifyAction, notifyEach } from '../notify/index.js';
import { activeStaffOf } from '../org/index.js';
import { sceneExists } from '../spend/index.js';
import { batchCardsOfHolders } from './card.repo.js';
import { cardErrors } from './card.errors.js';
import { CARD_MAIL_JOB, type CardMailJob } from './card.mail.js';

/**
 * 卡片发放 (quota release type 5; decision 0057). One transaction writes the batch, its cards and one
 * ledger row per card with money (key `issue:<cardId>`). The batch number is unique in the tenant: a second
 * release of the same batch (a retry, or 20 at once) finds the first one and issues nothing. Card numbers
 * are unique in the tenant; a range that overlaps any issued batch is refused naming that batch — checked
 * first against the batches' ranges, and, for two overlapping releases racing, by the cards' unique index.
 */
type Body = z.output<typeof CardReleaseBody>;

/** Rows per multi-row insert: 8 columns × 500 stays under every dialect's parameter limit. */
export const CARD_CHUNK = 500;

/** The numbers of a physical range, or why the fields do not describe one. */
export function rangeNumbers(begin: string, end: string, count: number): string[] {
  if (begin.length !== end.length) throw cardErrors.badField('end_no', '起始卡号与结束卡号须位数相同');
  const b = BigInt(begin);
  const e = BigInt(end);
  if (e < b) throw cardErrors.badField('end_no', '结束卡号须不小于起始卡号');
  const n = e - b + 1n;
  if (n !== BigInt(count)) throw cardErrors.badField('card_count', `卡片数量须等于卡号段的张数（${n}张）`);
  const out: string[] = [];
  for (let i = 0n; i < n; i++) out.push((b + i).toString().padStart(begin.length, '0'));
  return out;
}

/** E-card numbers of a batch: 8 + batch id (9 digits) + sequence (5 digits): 15 digits, unique per batch. */
export function eCardNumbers(batchId: number, count: number): string[] {
  const head = `8${String(batchId).padStart(9, '0')}`;
  return Array.from({ length: count }, (_, i) => `${head}${String(i + 1).padStart(5, '0')}`);
}

/** The holder of each card position: user[j] holds card operate_sequence + j (the rest: 未分配). */
export function holdersOf(body: Body): (number | null)[] {
  const out: (number | null)[] = Array.from({ length: body.card_count }, () => null);
  body.user.forEach((u, j) => (out[body.operate_sequence + j] = u));
  return out;
}

async function overlapping(db: Db, tenantId: number, begin: string, end: string, exceptId = 0) {
  return db
    .selectFrom('card_batches')
    .select(['batch_no', 'begin_no', 'end_no'])
    .where('tenant_id', '=', tenantId)
    .where('id', '!=', exceptId)
    .where(sql<number>`length(begin_no)`, '=', begin.length)
    .where('begin_no', '<=', end)
    .where('end_no', '>=', begin)
    .orderBy('id')
    .executeTakeFirst();
}

function check(body: Body) {
  if (body.send_mail && body.card_type !== 2)
    throw cardErrors.badField('send_mail', '仅发放电子卡时可选择邮件发送');
  if (new Set(body.user).size !== body.user.length) throw cardErrors.badField('user', '持卡人不能重复');
  if (body.operate_sequence + body.user.length > body.card_count)
    throw cardErrors.badField('user', '持卡人数量超出可分配的卡片数量');
  return body.card_type === 1 ? rangeNumbers(body.begin_no, body.end_no, body.card_count) : null;
}

export async function releaseCards(
  db: Db,
  caller: TenantCaller,
  body: Body,
  now = Date.now(),
  jobs?: JobQueue,
): Promise<CardReleaseReply> {
  const physical = check(body);
  try {
    return await inTransaction(db, (tx) => write(tx, caller, body, physical, now, jobs));
  } catch (err) {
    if (!isUniqueViolation(err) || !physical) throw err;
    // Lost a race to an overlapping release that committed first: name its batch.
    const hit = await overlapping(db, caller.tenantId, body.begin_no, body.end_no);
    if (hit) throw cardErrors.rangeOverlap(hit.batch_no, hit.begin_no, hit.end_no);
    throw cardErrors.cardTaken(body.begin_no);
  }
}

async function write(
  tx: Db,
  caller: TenantCaller,
  body: Body,
  physical: string[] | null,
  now: number,
  jobs?: JobQueue,
): Promise<CardReleaseReply> {
  const tenantId = caller.tenantId;
  const inserted = await tx
    .insertInto('card_batches')
    .values({
      tenant_id: tenantId,
      batch_no: body.card_batch_no,
      card_type: body.card_type,
      begin_no: physical ? body.begin_no : '',
      end_no: physical ? body.end_no : '',
      card_count: body.card_count,
      amount: body.amount,
      scene_id: body.scene_id ?? null,
      operate_sequence: body.operate_sequence,
      send_mail: body.send_mail ? 1 : 0,
      memo: body.memo,
      created_by: caller.staffId,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'batch_no']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return earlier(tx, tenantId, body);
  const batchId = inserted.id;

  if (body.scene_id) {
    if (!(await sceneExists(tx, tenantId, body.scene_id))) throw cardErrors.sceneNotFound();
  }
  for (let i = 0; i < body.user.length; i += 1000) {
    const part = body.user.slice(i, i + 1000);
    const active = await activeStaffOf(tx, tenantId, part);
    if (active.length !== new Set(part).size) throw cardErrors.holderNotFound();
  }

  const numbers = physical ?? eCardNumbers(batchId, body.card_count);
  const begin = numbers[0]!;
  const end = numbers[numbers.length - 1]!;
  if (!physical)
    await tx
      .updateTable('card_batches')
      .set({ begin_no: begin, end_no: end })
      .where('id', '=', batchId)
      .execute();
  const hit = await overlapping(tx, tenantId, begin, end, batchId);
  if (hit) throw cardErrors.rangeOverlap(hit.batch_no, hit.begin_no, hit.end_no);

  const holders = holdersOf(body);
  for (let i = 0; i < numbers.length; i += CARD_CHUNK) {
    const rows = numbers.slice(i, i + CARD_CHUNK).map((no, k) => ({
      tenant_id: tenantId,
      batch_id: batchId,
      card_no: no,
      card_type: body.card_type,
      holder_staff_id: holders[i + k] ?? null,
      balance: body.amount,
      // 邮件发送 (e-cards only): each held card waits for the mail job.
      mail_status: body.send_mail && holders[i + k] != null ? 1 : 0,
      created_at: now,
      updated_at: now,
    }));
    const cards = await tx.insertInto('cards').values(rows).returning('id').execute();
    if (body.amount > 0)
      await tx
        .insertInto('card_ledger')
        .values(
          cards.map((c) => ({
            tenant_id: tenantId,
            card_id: c.id,
            kind: 'issue',
            delta: body.amount,
            balance_after: body.amount,
            source_key: `issue:${c.id}`,
            memo: `批次${body.card_batch_no}发放`,
            created_by: caller.staffId,
            created_at: now,
          })),
        )
        .execute();
  }
  await tellHolders(tx, tenantId, batchId, body, now);
  // The mails go after the commit, off the request: a job enqueued in this transaction exists only if it commits.
  if (body.send_mail && body.user.length > 0) {
    if (!jobs) throw new Error('卡片发放的邮件发送需要任务队列');
    await jobs.enqueue<CardMailJob>(
      CARD_MAIL_JOB,
      { tenantId, batchId },
      { db: tx, singletonKey: `card-mail:${tenantId}:${batchId}` },
    );
  }
  return { batch_id: batchId, card_batch_no: body.card_batch_no, card_count: body.card_count, created: true };
}

/** Every holder learns of their card in the notification centre, in the release's transaction. */
async function tellHolders(tx: Db, tenantId: number, batchId: number, body: Body, now: number) {
  if (body.user.length === 0) return;
  const kind = body.card_type === 2 ? '电子卡' : '实体卡';
  const amount = `¥${(body.amount / 100).toFixed(2)}`;
  for (let i = 0; i < body.user.length; i += 1000) {
    const rows = await batchCardsOfHolders(tx, tenantId, batchId, body.user.slice(i, i + 1000));
    await notifyEach(
      tx,
      tenantId,
      rows.map((r) => ({
        userId: r.holder.userId,
        message: {
          msg_name: '企业卡发放',
          title: `您有一张新的${kind}`,
          content: `批次${body.card_batch_no}为您发放${kind}，卡号${r.card_no}，额度${amount}${
            body.send_mail ? '；卡片信息将发送到您的邮箱' : ''
          }`,
          action_code: NotifyAction.system,
          ext_params: { id: r.id },
        },
      })),
      now,
    );
  }
}

/** The batch released before under this number: the same release answers it; another one is refused. */
async function earlier(tx: Db, tenantId: number, body: Body): Promise<CardReleaseReply> {
  const b = await tx
    .selectFrom('card_batches')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('batch_no', '=', body.card_batch_no)
    .executeTakeFirstOrThrow();
  const same =
    b.card_type === body.card_type &&
    b.card_count === body.card_count &&
    b.amount === body.amount &&
    (body.card_type === 2 || (b.begin_no === body.begin_no && b.end_no === body.end_no));
  if (!same) throw cardErrors.batchTaken(body.card_batch_no);
  return { batch_id: b.id, card_batch_no: b.batch_no, card_count: b.card_count, created: false };
}
