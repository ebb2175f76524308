import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { findActiveStaff } from '../org/index.js';
import type { InvoiceMailDeps } from './invoiceMail.deps.js';
import { deliverMail, type MailboxOwner } from './invoiceMail.intake.js';
import { domainOf, inspectMessage, type Refusal } from './invoiceMail.message.js';
import { findMailboxByLocalPart } from './invoiceMail.repo.js';

/**
 * The 专属邮箱 SMTP receiver (smtp-server): plain SMTP on MAIL_HOST:MAIL_PORT (127.0.0.1:2525 by
 * default), no AUTH and no STARTTLS (a relay or a local MTA in front is where TLS belongs). Each
 * refusal is an SMTP reply code and nothing is stored:
 *   - MAIL FROM without an address (null sender)                      550 5.7.1
 *   - RCPT TO another domain, an unknown mailbox, a resigned owner     550 5.1.1
 *   - a message over MAIL_MAX_MESSAGE_MB (SIZE and the stream's count) 552 5.3.4
 *   - a From header missing or of another domain than MAIL FROM, or an
 *     Authentication-Results header with spf/dkim/dmarc=fail          550 5.7.1
 *   - more than MAIL_MAX_ATTACHMENTS attachments, one over MAIL_MAX_ATTACHMENT_MB or all together over
 *     MAIL_MAX_TOTAL_ATTACHMENTS_MB (attachment bomb)                  552 5.3.4
 *   - more than MAIL_MAX_MIME_PARTS parts, multiparts nested deeper than MAIL_MAX_MIME_DEPTH, or a
 *     structure the parser cannot read (a malformed mail: retrying cannot help) 554 5.6.0
 * and the connection limits answer with temporary codes, so a real sender retries later:
 *   - over MAIL_MAX_CLIENTS connections in all                         421 (smtp-server)
 *   - over MAIL_MAX_CONNECTIONS_PER_IP from one client address         421 4.7.0
 *   - over MAIL_MAX_MAILS_PER_MINUTE mails (MAIL FROM) from one address 450 4.7.1
 *   - silent for MAIL_GREETING_TIMEOUT_S before HELO/EHLO, or MAIL_IDLE_TIMEOUT_S between commands
 *                                                                        421 4.4.2 and closed
 * A mail without any PDF/OFD/XML attachment is accepted and listed with status 5
 * (邮件中没有可识别的发票附件), so the owner sees that it arrived. A Message-ID the mailbox already
 * holds is accepted (250) and not stored again. Recognition runs later in the job queue.
 */

export interface MailReceiver {
  /** The port it listens on (useful with port 0). */
  port: number;
  close(): Promise<void>;
}

/** Recipients accepted at RCPT TO, per SMTP session, by lower-cased address. */
const RECIPIENTS = new WeakMap<SMTPServerSession, Map<string, MailboxOwner>>();
const MAX_RECIPIENTS = 20;
const MINUTE = 60_000;

function smtpError(r: Refusal): Error {
  return Object.assign(new Error(r.message), { responseCode: r.responseCode });
}

export async function startMailReceiver(
  d: InvoiceMailDeps,
  listen: { host: string; port: number },
): Promise<MailReceiver> {
  const limits = d.mail;
  // Per client address: open connections (sessions counted at onConnect), mail start times of the last minute.
  const connections = new Map<string, number>();
  const counted = new Set<string>();
  const greetTimers = new Map<string, NodeJS.Timeout>();
  const mailTimes = new Map<string, number[]>();
  const server: SMTPServer = new SMTPServer({
    name: limits.domain,
    banner: 'Feikong invoice mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    size: limits.maxMessageBytes,
    maxClients: limits.maxClients,
    socketTimeout: limits.idleTimeoutMs,
    closeTimeout: 5_000,
    logger: false,

    onConnect(session, callback) {
      const ip = session.remoteAddress;
      const open = connections.get(ip) ?? 0;
      if (open >= limits.maxConnectionsPerIp) {
        return callback(
          smtpError({
            responseCode: 421,
            message: '4.7.0 Too many connections from your address, try later',
          }),
        );
      }
      connections.set(ip, open + 1);
      counted.add(session.id);
      // A client that says nothing (not even HELO/EHLO) holds its slot only briefly.
      const timer = setTimeout(() => {
        greetTimers.delete(session.id);
        if (session.hostNameAppearsAs) return;
        for (const c of server.connections)
          if (c.session === session) c.send(421, '4.4.2 No command received, closing connection');
      }, limits.greetingTimeoutMs);
      timer.unref();
      greetTimers.set(session.id, timer);
      callback();
    },

    onClose(session) {
      clearTimeout(greetTimers.get(session.id));
      greetTimers.delete(session.id);
      if (!counted.delete(session.id)) return;
      const ip = session.remoteAddress;
      const left = (connections.get(ip) ?? 1) - 1;
      if (left > 0) connections.set(ip, left);
      else connections.delete(ip);
      const recent = mailTimes.get(ip);
      if (recent && recent.every((t) => t <= d.clock() - MINUTE)) mailTimes.delete(ip);
    },

    onMailFrom(address: SMTPServerAddress, session, callback) {
      if (!address.address || !address.address.includes('@')) {
        return callback(smtpError({ responseCode: 550, message: '5.7.1 Sender address required' }));
      }
      // Mails per client address and minute (each MAIL FROM counts, accepted or not).
      const now = d.clock();
      const ip = session.remoteAddress;
      const recent = (mailTimes.get(ip) ?? []).filter((t) => t > now - MINUTE);
      if (recent.length >= limits.maxMailsPerMinute) {
        mailTimes.set(ip, recent);
        return callback(
          smtpError({
            responseCode: 450,
            message: '4.7.1 Too many mails from your address, try again later',
          }),
        );
      }
      recent.push(now);
      mailTimes.set(ip, recent);
      callback();
    },

    onRcptTo(address: SMTPServerAddress, session, callback) {
      resolveRecipient(d, address.address, session).then(
        (refusal) => callback(refusal ? smtpError(refusal) : undefined),
        (err: unknown) => {
          d.log.error({ err }, 'mail receiver: recipient lookup failed');
          callback(smtpError({ responseCode: 451, message: '4.3.0 Temporary failure, try again later' }));
        },
      );
    },

    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= limits.maxMessageBytes) chunks.push(c);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          return callback(
            smtpError({ responseCode: 552, message: '5.3.4 Message exceeds the maximum size' }),
          );
        }
        receive(d, session, Buffer.concat(chunks)).then(
          (refusal) => callback(refusal ? smtpError(refusal) : null),
          (err: unknown) => {
            d.log.error({ err }, 'mail receiver: delivery failed');
            callback(smtpError({ responseCode: 451, message: '4.3.0 Temporary failure, try again later' }));
          },
        );
      });
    },
  });
  server.on('error', (err) => d.log.warn({ err }, 'mail receiver error'));

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.server.once('error', onError);
    server.listen(listen.port, listen.host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  d.log.info(`专属邮箱 SMTP receiver on ${listen.host}:${port} (@${limits.domain})`);
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RCPT TO: a mailbox of this domain whose owner is still active staff of its tenant. */
async function resolveRecipient(
  d: InvoiceMailDeps,
  address: string,
  session: SMTPServerSession,
): Promise<Refusal | null> {
  const unknown: Refusal = {
    responseCode: 550,
    message: '5.1.1 Recipient address rejected: no such mailbox',
  };
  const at = address.lastIndexOf('@');
  if (at <= 0 || domainOf(address) !== d.mail.domain) return unknown;
  const local = address.slice(0, at).toLowerCase();
  if (!/^[a-z2-7]{16}$/.test(local)) return unknown;
  const box = await findMailboxByLocalPart(d.db, local);
  if (!box) return unknown;
  const tenantId = Number(box.tenant_id);
  const userId = Number(box.user_id);
  const staff = await findActiveStaff(d.db, tenantId, userId);
  if (!staff) return unknown;
  if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
    return { responseCode: 452, message: '4.5.3 Too many recipients' };
  }
  let rcpts = RECIPIENTS.get(session);
  if (!rcpts) RECIPIENTS.set(session, (rcpts = new Map()));
  rcpts.set(address.toLowerCase(), {
    mailboxId: Number(box.id),
    tenantId,
    userId,
    staffId: Number(staff.id),
  });
  return null;
}

/** DATA: checks the message once, then stores it for every accepted recipient. */
async function receive(d: InvoiceMailDeps, session: SMTPServerSession, raw: Buffer): Promise<Refusal | null> {
  // Only the recipients of this transaction's envelope (RSET and a new MAIL FROM clear it).
  const known = RECIPIENTS.get(session);
  const owners = new Map<number, MailboxOwner>();
  for (const r of session.envelope.rcptTo) {
    const owner = known?.get(r.address.toLowerCase());
    if (owner) owners.set(owner.mailboxId, owner);
  }
  const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  if (owners.size === 0 || !mailFrom) return { responseCode: 503, message: '5.5.1 No valid recipients' };
  const inspection = await inspectMessage(raw, mailFrom, d.mail);
  if (!inspection.ok) return inspection.refusal;
  for (const owner of owners.values()) {
    await deliverMail(d, owner, { mailFrom, size: raw.length }, inspection.mail);
  }
  return null;
}
