import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database.js';

export interface SmsMessage {
  phone: string;
  /** What the message is for (e.g. login, retrieve, update_phone): lets a gateway pick its template. */
  purpose: string;
  /** The full text, as the person will read it. */
  content: string;
}

/** Sends a text message. A real gateway (Aliyun, Tencent Cloud…) implements this and is passed in AppDeps. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The embedded default: no SMS leaves the machine. Each message is written to the `sms_outbox`
 * table and logged, so a developer or an operator of a closed installation can read the code there.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Db,
    private readonly log?: Pick<FastifyBaseLogger, 'info'>,
    private readonly clock: () => number = Date.now,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({
        phone: message.phone,
        purpose: message.purpose,
        content: message.content,
        created_at: this.clock(),
      })
      .execute();
    this.log?.info(
      { sms: { phone: message.phone, purpose: message.purpose, content: message.content } },
      'sms written to outbox',
    );
  }
}

/** The sender a module should use: the one in deps, else the outbox. */
export function smsSenderOf(
  deps: { sms?: SmsSender; db: Db; clock?: () => number },
  log?: Pick<FastifyBaseLogger, 'info'>,
): SmsSender {
  return deps.sms ?? new OutboxSmsSender(deps.db, log, deps.clock);
}
