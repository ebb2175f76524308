import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { MailSender } from '../../platform/mail.js';
import type { JobQueue } from '../../platform/jobs/types.js';
import { getOrg } from '../org/index.js';
import { cardsAwaitingMail } from './card.repo.js';

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
