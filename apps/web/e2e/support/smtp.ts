import { randomUUID } from 'node:crypto';
import net from 'node:net';

// A plain SMTP client (RFC 5321 dialogue over node:net, no AUTH/TLS: the receiver offers neither) so a
// journey mails the server's 专属邮箱 receiver the way a seller's mail system would.

export const MAIL_HOST = process.env.E2E_MAIL_HOST ?? '127.0.0.1';
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 2525);

export interface OutgoingMail {
  /** Envelope sender and From header (same domain: the receiver refuses a mismatch as forged). */
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/** RFC 2047 encoded word for a header holding Chinese. */
const word = (s: string) => `=?UTF-8?B?${Buffer.from(s, 'utf8').toString('base64')}?=`;
/** Base64 body lines of at most 76 characters. */
const base64Lines = (b: Buffer) => b.toString('base64').replace(/.{1,76}/g, '$&\r\n');

export function mimeMessage(m: OutgoingMail): string {
  const boundary = `----=_fk_${randomUUID()}`;
  const domain = m.from.address.split('@')[1];
  const parts = [
    `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(Buffer.from(m.text, 'utf8'))}`,
    ...m.attachments.map(
      (a) =>
        `--${boundary}\r\nContent-Type: ${a.contentType}; name="${word(a.filename)}"\r\n` +
        `Content-Disposition: attachment; filename="${word(a.filename)}"\r\n` +
        `Content-Transfer-Encoding: base64\r\n\r\n${base64Lines(a.content)}`,
    ),
  ];
  return [
    `From: ${word(m.from.name)} <${m.from.address}>`,
    `To: <${m.to}>`,
    `Subject: ${word(m.subject)}`,
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `${parts.join('')}--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Sends one mail; resolves with the server's final reply, rejects on any refusal. */
export function sendMail(m: OutgoingMail, host = MAIL_HOST, port = MAIL_PORT): Promise<string> {
  const data = mimeMessage(m).replace(/^\./gm, '..');
  const steps: [send: string | null, expect: number][] = [
    [null, 220],
    ['EHLO e2e.example.com', 250],
    [`MAIL FROM:<${m.from.address}>`, 250],
    [`RCPT TO:<${m.to}>`, 250],
    ['DATA', 354],
    [`${data}\r\n.`, 250],
    ['QUIT', 221],
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    socket.setTimeout(30_000, () => socket.destroy(new Error('SMTP timeout')));
    let buffer = '';
    let step = 0;
    let accepted = '';
    const next = () => {
      const [send] = steps[step]!;
      if (send !== null) socket.write(`${send}\r\n`);
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      // A reply is complete at a line "NNN text" (multi-line replies use "NNN-text" before it).
      const lines = buffer.split('\r\n');
      const last = lines.findIndex((l) => /^\d{3} /.test(l));
      if (last < 0) return;
      const reply = lines.slice(0, last + 1).join('\n');
      buffer = lines.slice(last + 1).join('\r\n');
      const code = Number(lines[last]!.slice(0, 3));
      const [, expected] = steps[step]!;
      if (code !== expected) {
        socket.destroy();
        reject(new Error(`SMTP step ${step} (${steps[step]![0]?.slice(0, 30)}): ${reply}`));
        return;
      }
      if (step === 5) accepted = reply;
      step += 1;
      if (step === steps.length) {
        socket.end();
        resolve(accepted);
        return;
      }
      next();
    });
    socket.on('error', reject);
  });
}
