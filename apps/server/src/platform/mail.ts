import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from './db/database.js';

/** A mail the product sends (an e-card to its holder, …): plain text, one recipient. */
export interface OutgoingMail {
  to: string;
  /** What the mail is for (e.g. card_release): lets an operator find it in the outbox. */
  purpose: string;
  subject: string;
  text: string;
}

/** Sends a mail. SMTP when SMTP_URL is set; the embedded default writes the outbox table. */
export interface MailSender {
  readonly kind: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * The embedded default, like the SMS outbox (platform/sms.ts): no mail leaves the machine. Each mail is a row
 * of `mail_outbox` (and a log line), so the operator of a closed installation can hand it on.
 */
export class OutboxMailSender implements MailSender {
  readonly kind = 'outbox' as const;
  constructor(
    private readonly db: Db,
    private readonly log?: Pick<FastifyBaseLogger, 'info'>,
    private readonly clock: () => number = Date.now,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        to_address: mail.to,
        purpose: mail.purpose,
        subject: mail.subject.slice(0, 200),
        content: mail.text,
        created_at: this.clock(),
      })
      .execute();
    this.log?.info({ mail: { to: mail.to, purpose: mail.purpose } }, 'mail written to outbox');
  }
}

/** Real SMTP (nodemailer), each step bounded in time so a dead relay cannot hold a job for long. */
export class SmtpMailSender implements MailSender {
  readonly kind = 'smtp' as const;
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    const u = new URL(url);
    const secure = u.protocol === 'smtps:';
    this.transport = nodemailer.createTransport({
      host: u.hostname,
      port: u.port ? Number(u.port) : secure ? 465 : 587,
      secure,
      auth: u.username
        ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
        : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}

/** The sender a module should use: the one in deps, else SMTP when configured, else the outbox. */
export function mailSenderOf(
  deps: { mail?: MailSender; db: Db; config: Pick<Config, 'outboundMail'>; clock?: () => number },
  log?: Pick<FastifyBaseLogger, 'info'>,
): MailSender {
  if (deps.mail) return deps.mail;
  const { smtpUrl, from } = deps.config.outboundMail;
  return smtpUrl ? new SmtpMailSender(smtpUrl, from) : new OutboxMailSender(deps.db, log, deps.clock);
}
