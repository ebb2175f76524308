import type { FastifyBaseLogger } from 'fastify';
import { CardStatus, CardType } from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import { inTransaction, type Db } from '../../platform/db/database.js';
import type { MailSender } from '../../platform/mail.js';
import type { JobQueue } from '../../platform/jobs/types.js';
import { getOrg } from '../org/index.js';
import { cardErrors } from './card.errors.js';
import { cardWithHolder, cardsAwaitingMail } from './card.repo.js';

/**
 * 卡片发放 · 邮件发送 (spec 5: only for a release with e-cards; decision 0057): after the release commits, a job
 * mails each holder their e-card — number, amount, batch — through the deployment's sender (SMTP when SMTP_URL is
 * set, else the outbox table). Each card moves 待发送 → 已发送, 无邮箱 (the holder has no e-mail) or 发送失败 (with
 * the reason), so a retried job sends only what is still 待发送 and nobody gets a card twice.
 */
export const CARD_MAIL_JOB = 'card.mail';
export interface CardMailJob {
  tenantId: number;
  batchId: number;
}
export const CardMailStatus = { none: 0, pending: 1, sent: 2, noAddress: 3, failed: 4 } as const;
export const CARD_MAIL_STATUS_LABEL: Record<number, string> = {
  0: '不发送',
  1: '待发送',
  2: '已发送',
  3: '无邮箱',
  4: '发送失败',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function sendCardMails(db: Db, mail: MailSender, job: CardMailJob, signal?: AbortSignal) {
  const batch = await db
    .selectFrom('card_batches')
    .select(['batch_no', 'amount'])
    .where('tenant_id', '=', job.tenantId)
    .where('id', '=', job.batchId)
    .executeTakeFirst();
  if (!batch) return;
  const org = await getOrg(db, job.tenantId, job.tenantId);
  const cards = await cardsAwaitingMail(db, job.tenantId, job.batchId, CardMailStatus.pending);
  const mark = (id: number, status: number, error = '') =>
    db
      .updateTable('cards')
      .set({ mail_status: status, mail_error: error.slice(0, 200) })
      .where('id', '=', id)
      .execute();
  for (const c of cards) {
    if (signal?.aborted) return; // the job runs again and picks up what is still 待发送
    const to = (c.holder.email ?? '').trim();
    if (!EMAIL.test(to)) {
      await mark(c.id, CardMailStatus.noAddress);
      continue;
    }
    try {
      await mail.send({
        to,
        purpose: 'card_release',
        subject: `【${org?.name ?? '费控'}】您的电子卡已发放`,
        text: [
          `${c.holder.name}，您好：`,
          `企业为您发放了一张电子卡。`,
          `卡号：${c.card_no}`,
          `额度：¥${(Number(batch.amount) / 100).toFixed(2)}`,
          `发放批次：${batch.batch_no}`,
          '请妥善保管卡号，仅用于企业允许的消费场景。',
        ].join('\n'),
      });
      await mark(c.id, CardMailStatus.sent);
    } catch (err) {
      await mark(c.id, CardMailStatus.failed, err instanceof Error ? err.message : String(err));
    }
  }
}

/** The mail job's worker (registered by the card routes). */
export function registerCardMailJob(
  jobs: JobQueue,
  db: Db,
  mail: MailSender,
  log?: Pick<FastifyBaseLogger, 'warn'>,
) {
  jobs.work<CardMailJob>(CARD_MAIL_JOB, (payload, job) => sendCardMails(db, mail, payload, job.signal), {
    onGiveUp: async (payload, info) => log?.warn({ payload, error: info.error }, 'card mail job gave up'),
  });
}

/**
 * 重新发送 (POST card/resendMail): an e-card whose mail failed (发送失败) or found no address (无邮箱) — the
 * holder's e-mail since filled in — goes back to 待发送 and the batch's mail job runs again (one job per batch
 * while one waits: its singleton key). The move is one conditional UPDATE from 发送失败 / 无邮箱, so of 20 requests
 * at once one sends; a card 待发送 or 已发送 is refused and nobody gets it twice.
 */
export async function resendCardMail(db: Db, jobs: JobQueue, caller: TenantCaller, cardId: number) {
  const tenantId = caller.tenantId;
  return inTransaction(db, async (tx) => {
    const card = await tx
      .selectFrom('cards')
      .select(['id', 'batch_id', 'card_type', 'status', 'mail_status'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', cardId)
      .executeTakeFirst();
    if (!card) throw cardErrors.cardNotFound();
    if (card.card_type !== CardType.eCard) throw cardErrors.badStatus('实体卡无需发送邮件');
    if (card.status === CardStatus.cancelled) throw cardErrors.badStatus('卡片已注销，不能发送邮件');
    const holder = (await cardWithHolder(tx, tenantId, cardId))?.holder;
    if (!holder) throw cardErrors.badStatus('卡片未分配持卡人，无法发送邮件');
    if (!EMAIL.test((holder.email ?? '').trim()))
      throw cardErrors.badField('card_id', `持卡人${holder.name}没有有效邮箱，请先在员工信息中填写`);
    const moved = await tx
      .updateTable('cards')
      .set({ mail_status: CardMailStatus.pending, mail_error: '' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', cardId)
      .where('mail_status', 'in', [CardMailStatus.noAddress, CardMailStatus.failed])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      throw cardErrors.badStatus(
        card.mail_status === CardMailStatus.sent ? '邮件已发送，无需重新发送' : '邮件正在发送，请稍后查看',
      );
    await jobs.enqueue<CardMailJob>(
      CARD_MAIL_JOB,
      { tenantId, batchId: Number(card.batch_id) },
      { db: tx, singletonKey: `card-mail:${tenantId}:${card.batch_id}` },
    );
    return {
      card_id: cardId,
      mail_status: CardMailStatus.pending,
      mailStatusText: CARD_MAIL_STATUS_LABEL[1]!,
    };
  });
}
