import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailAttachmentStatus, MailStatus, PlatformCode } from '@feikong/contracts';
import { createMigratedTestDatabase } from '../../../test/harness.js';
import { makePersonal, makeStaff, makeTenant } from '../../../test/factories.js';
import { waitFor } from '../../../test/poll.js';
import { buildApp } from '../../app.js';
import { loadConfig, testConfig } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import { createJobQueue, type JobQueue } from '../../platform/jobs/index.js';
import { DownloadSigner, LocalFileStorage } from '../../platform/storage/index.js';
import type { ZodApp } from '../../platform/types.js';
import { InvoiceMailCode } from './invoiceMail.errors.js';
import { startInvoiceMailReceiver, type MailAttachmentIngest, type MailReceiver } from './index.js';
import { MAIL_ATTACHMENT_JOB } from './invoiceMail.service.js';

// 专属邮箱 end to end: real SMTP (nodemailer) to the receiver on an ephemeral port, the mails and
// attachments it stores, the job queue running a real ingest function, and the routes.

const E = '/invoice/api/web/email';
const OFD = fs.readFileSync(
  new URL(
    '../../../../../test-data/invoiceMail/ofdrw_fapiaoshili_050001700111_99999951.ofd',
    import.meta.url,
  ),
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = () => Buffer.from(`%PDF-1.4\n% ${randomBytes(8).toString('hex')}\ntrailer<<>>\n%%EOF\n`);
const xml = () =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<EInvoice><No>${randomBytes(4).toString('hex')}</No></EInvoice>`,
  );

let db: Db;
let app: Awaited<ReturnType<typeof buildApp>>;
let cleanup: () => Promise<void>;
let filesDir: string;
let receiver: MailReceiver;
const config = testConfig();
const domain = config.mail.domain;

/** Attachment jobs whose handler returned (the queue is real; this only watches it). */
const finishedJobs: number[] = [];
/** What the ingest saw, and which file names it fails. */
const ingestCalls: Parameters<MailAttachmentIngest>[0][] = [];
const failNames = new Set<string>();
let nextInvoiceId = 5000;
const ingest: MailAttachmentIngest = async (input) => {
  ingestCalls.push(input);
  if (failNames.has(input.fileName)) return { ok: false, reason: '发票代码无法识别' };
  return { ok: true, invoiceIds: [++nextInvoiceId] };
};

beforeAll(async () => {
  const h = await createMigratedTestDatabase();
  db = h.db;
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-mail-'));
  const storage = new LocalFileStorage(filesDir, new DownloadSigner(config.signingSecret));
  const inner = createJobQueue(h.db, h.dialect);
  const jobs: JobQueue = {
    kind: inner.kind,
    enqueue: (name, payload, opts) => inner.enqueue(name, payload, opts),
    work: (name, handler, opts) =>
      inner.work(
        name,
        async (payload, job) => {
          await handler(payload, job);
          if (name === MAIL_ATTACHMENT_JOB)
            finishedJobs.push((payload as { attachmentId: number }).attachmentId);
        },
        opts,
      ),
    start: () => inner.start(),
    stop: () => inner.stop(),
  };
  app = await buildApp({ config, db: h.db, dialect: h.dialect, storage, jobs });
  await app.ready();
  cleanup = async () => {
    await app.close();
    await h.cleanup();
  };
});
afterAll(async () => {
  await receiver?.close();
  await cleanup?.();
  if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
});

interface Sent {
  from?: string;
  envelopeFrom?: string;
  to: string | string[];
  subject?: string;
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer }[];
}
/** Sends over SMTP; answers null on 250, else the refusal's reply code and text. */
async function send(m: Sent): Promise<{ code: number; text: string } | null> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: receiver.port,
    secure: false,
    ignoreTLS: true,
    name: 'sender.example.com',
  });
  const from = m.from ?? 'billing@seller.example.com';
  try {
    await transport.sendMail({
      from,
      to: m.to,
      subject: m.subject ?? '您的电子发票',
      text: '请查收发票',
      messageId: m.messageId,
      headers: m.headers,
      attachments: m.attachments,
      envelope: { from: m.envelopeFrom ?? from.replace(/^.*</, '').replace(/>$/, ''), to: m.to },
    });
    return null;
  } catch (err) {
    const e = err as {
      responseCode?: number;
      response?: string;
      rejectedErrors?: { responseCode?: number }[];
    };
    return {
      code: e.responseCode ?? e.rejectedErrors?.[0]?.responseCode ?? 0,
      text: e.response ?? String(err),
    };
  } finally {
    transport.close();
  }
}

/** A connection to a receiver that collects reply lines; `next()` waits for the next final reply line. */
function smtpClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const replies: string[] = [];
  let buffered = '';
  let waiting: ((line: string) => void) | null = null;
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  socket.on('error', () => {});
  socket.on('data', (c) => {
    buffered += c.toString('latin1');
    let nl: number;
    while ((nl = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 2);
      replies.push(line);
      if (/^\d{3} /.test(line)) {
        const w = waiting;
        waiting = null;
        w?.(line);
      }
    }
  });
  const next = () => new Promise<string>((r) => (waiting = r));
  return {
    replies,
    closed,
    next,
    /** Sends a line (or data) and answers the server's next final reply. */
    say: (c: string | Buffer) => {
      const done = next();
      socket.write(c);
      return done;
    },
    end: () => socket.end(),
  };
}

/**
 * A raw SMTP dialogue (no SIZE parameter, unlike nodemailer), so the receiver has to notice an
 * oversize message while reading DATA. Answers every reply line the server sent.
 */
async function rawSmtp(commands: (string | Buffer)[]): Promise<string[]> {
  const socket = net.connect(receiver.port, '127.0.0.1');
  const replies: string[] = [];
  let buffered = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (c) => {
    buffered += c.toString('latin1');
    let nl: number;
    while ((nl = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 2);
      replies.push(line);
      if (/^\d{3} /.test(line)) waiting?.();
    }
  });
  const reply = () => new Promise<void>((r) => (waiting = r));
  await reply(); // greeting
  for (const c of commands) {
    const done = reply();
    socket.write(c);
    await done;
  }
  socket.end('QUIT\r\n');
  return replies;
}

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({
    method,
    url,
    headers: { 'x-session-token': token },
    ...(payload ? { payload } : {}),
  });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}
const addressOf = async (token: string) =>
  (await call(token, 'GET', `${E}/address`)).body.data.address as string;
const mailCount = async () =>
  Number(
    (
      await db
        .selectFrom('mail_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Every file under the storage's invoice/ folder (the .meta side files are not counted). */
function storedFiles(): string[] {
  const dir = path.join(filesDir, 'invoice');
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(dir, f)).isFile(),
  );
}
async function latestMail(token: string) {
  const list = await call(token, 'POST', `${E}/pageList`, { page_num: 1, page_size: 1 });
  return (await call(token, 'GET', `${E}/detail?id=${list.body.data.items[0].id}`)).body.data;
}
async function waitMail(token: string, mailId: number, status: number) {
  return waitFor(
    async () => {
      const d = (await call(token, 'GET', `${E}/detail?id=${mailId}`)).body.data;
      return d.status === status ? d : false;
    },
    { what: `mail ${mailId} status ${status}` },
  );
}

let tenantA: Awaited<ReturnType<typeof makeTenant>>;
let alice: Awaited<ReturnType<typeof makeStaff>>;
let bob: Awaited<ReturnType<typeof makeStaff>>;
let tenantB: Awaited<ReturnType<typeof makeTenant>>;
let carol: Awaited<ReturnType<typeof makeStaff>>;

describe('configuration', () => {
  const base = { DATA_DIR: os.tmpdir(), SIGNING_SECRET: 'x'.repeat(32) };
  it('turns the receiver on at 127.0.0.1:2525 by default, with limits in bytes', () => {
    expect(loadConfig(base).mail).toEqual({
      port: 2525,
      host: '127.0.0.1',
      domain: 'fp.feikong.local',
      maxMessageBytes: 25 * 1024 * 1024,
      maxAttachments: 10,
      maxAttachmentBytes: 10 * 1024 * 1024,
      maxTotalAttachmentBytes: 20 * 1024 * 1024,
      maxClients: 100,
      maxConnectionsPerIp: 5,
      maxMailsPerMinute: 20,
      greetingTimeoutMs: 10_000,
      idleTimeoutMs: 60_000,
      maxMimeParts: 200,
      maxMimeDepth: 10,
    });
    expect(loadConfig({ ...base, MAIL_PORT: '0', MAIL_DOMAIN: 'fp.example.com' }).mail).toMatchObject({
      port: 0,
      domain: 'fp.example.com',
    });
  });
  it('refuses an uppercase or malformed domain and a port out of range, naming the variable', () => {
    expect(() => loadConfig({ ...base, MAIL_DOMAIN: 'FP.Example.com' })).toThrow(/MAIL_DOMAIN/);
    expect(() => loadConfig({ ...base, MAIL_DOMAIN: 'localhost' })).toThrow(/MAIL_DOMAIN/);
    expect(() => loadConfig({ ...base, MAIL_PORT: '70000' })).toThrow(/MAIL_PORT/);
    expect(() => loadConfig({ ...base, MAIL_MAX_ATTACHMENTS: '0' })).toThrow(/MAIL_MAX_ATTACHMENTS/);
    expect(() => loadConfig({ ...base, MAIL_MAX_CONNECTIONS_PER_IP: '0' })).toThrow(
      /MAIL_MAX_CONNECTIONS_PER_IP/,
    );
    expect(() => loadConfig({ ...base, MAIL_GREETING_TIMEOUT_S: 'x' })).toThrow(/MAIL_GREETING_TIMEOUT_S/);
  });
});

describe('addresses', () => {
  it('gives each person one stable, random, lowercase address per tenant, created on first request', async () => {
    tenantA = await makeTenant(db);
    tenantB = await makeTenant(db);
    alice = await makeStaff(db, tenantA.tenantId);
    bob = await makeStaff(db, tenantA.tenantId);
    carol = await makeStaff(db, tenantB.tenantId);
    expect(
      await db.selectFrom('mail_boxes').selectAll().where('user_id', '=', alice.userId).execute(),
    ).toEqual([]);
    const first = await call(alice.token, 'GET', `${E}/address`);
    expect(first.code).toBe(200);
    expect(first.body.data.address).toMatch(new RegExp(`^[a-z2-7]{16}@${domain.replace(/\./g, '\\.')}$`));
    expect(await addressOf(alice.token)).toBe(first.body.data.address);
    // The page's instructions come from the receiver's own limits.
    expect(first.body.data.limits).toEqual({
      max_message_bytes: config.mail.maxMessageBytes,
      max_attachments: config.mail.maxAttachments,
      max_attachment_bytes: config.mail.maxAttachmentBytes,
      max_total_attachment_bytes: config.mail.maxTotalAttachmentBytes,
      file_types: ['pdf', 'ofd', 'xml'],
    });
    expect(await addressOf(bob.token)).not.toBe(first.body.data.address);
    expect(await addressOf(carol.token)).not.toBe(first.body.data.address);
  });

  it('refuses a personal account (no organisation) and a caller without a session', async () => {
    const personal = await makePersonal(db);
    const res = await call(personal.token, 'GET', `${E}/address`);
    expect(res.code).toBe(403);
    expect(res.body.status).toBe(PlatformCode.forbidden);
    const anon = await app.inject({ method: 'GET', url: `${E}/address` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('receiving without a wired ingest', () => {
  it('keeps attachments 待识别 after the job ran (no fake success)', async () => {
    // buildApp wires the invoice module's ingest; this block looks at the module with none.
    receiver = (await startInvoiceMailReceiver(app as unknown as ZodApp, { port: 0, ingest: null }))!;
    const to = await addressOf(alice.token);
    expect(await send({ to, attachments: [{ filename: '发票.pdf', content: pdf() }] })).toBeNull();
    const mail = await latestMail(alice.token);
    expect(mail.status).toBe(MailStatus.pending);
    await waitFor(() => finishedJobs.includes(mail.attachments[0].id), { what: 'attachment job' });
    const again = (await call(alice.token, 'GET', `${E}/detail?id=${mail.id}`)).body.data;
    expect(again.status_name).toBe('待识别');
    expect(again.attachments[0]).toMatchObject({
      status: MailAttachmentStatus.pending,
      status_name: '待识别',
    });
    expect(ingestCalls).toEqual([]);
    await receiver.close();
  });
});

describe('receiving with ingest', () => {
  beforeAll(async () => {
    receiver = (await startInvoiceMailReceiver(app as unknown as ZodApp, { port: 0, ingest }))!;
  });

  it('stores the mail and its PDF/OFD/XML attachments (not the image), then ingests each one', async () => {
    const to = await addressOf(alice.token);
    const files = { pdf: pdf(), xml: xml() };
    const before = storedFiles().length;
    const refused = await send({
      to,
      from: '"上海某某科技有限公司" <fapiao@seller.example.com>',
      subject: '电子发票 No.12235358',
      messageId: `<${randomBytes(6).toString('hex')}@seller.example.com>`,
      attachments: [
        { filename: '电子发票.pdf', content: files.pdf },
        { filename: '发票示例.ofd', content: OFD },
        { filename: 'invoice.xml', content: files.xml },
        { filename: 'logo.png', content: PNG },
      ],
    });
    expect(refused).toBeNull();
    expect(storedFiles().length).toBe(before + 3);
    const mail = await latestMail(alice.token);
    expect(mail).toMatchObject({
      mail_from: 'fapiao@seller.example.com',
      from_name: '上海某某科技有限公司',
      subject: '电子发票 No.12235358',
      attachment_count: 3,
    });
    const done = await waitMail(alice.token, mail.id, MailStatus.recognized);
    expect(done.recognized_count).toBe(3);
    expect(done.attachments.map((a: any) => [a.file_name, a.file_type, a.status_name])).toEqual([
      ['电子发票.pdf', 'pdf', '已识别'],
      ['发票示例.ofd', 'ofd', '已识别'],
      ['invoice.xml', 'xml', '已识别'],
    ]);
    for (const a of done.attachments) expect(a.invoice_ids).toHaveLength(1);
    // The ingest got the owner and the exact bytes; keys follow invoice/t<tenant>/mail/yyyy/mm/dd/.
    const calls = ingestCalls.filter((c) => c.userId === alice.userId);
    expect(
      calls.map((c) => c.bytes.equals(files.pdf) || c.bytes.equals(OFD) || c.bytes.equals(files.xml)),
    ).toEqual([true, true, true]);
    for (const c of calls) {
      expect(c).toMatchObject({ tenantId: tenantA.tenantId, staffId: alice.staffId });
      expect(c.fileKey).toMatch(
        new RegExp(`^invoice/t${tenantA.tenantId}/mail/\\d{4}/\\d{2}/\\d{2}/[0-9a-f-]+\\.(pdf|ofd|xml)$`),
      );
    }
    // The signed link downloads the stored file.
    const ofd = done.attachments[1];
    const dl = await app.inject({ method: 'GET', url: ofd.url });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(OFD)).toBe(true);
  });

  it('records a failed recognition with its reason; retry runs it again', async () => {
    const to = await addressOf(alice.token);
    failNames.add('坏发票.pdf');
    expect(
      await send({
        to,
        attachments: [
          { filename: '坏发票.pdf', content: pdf() },
          { filename: '好发票.xml', content: xml() },
        ],
      }),
    ).toBeNull();
    const mail = await latestMail(alice.token);
    const partial = await waitMail(alice.token, mail.id, MailStatus.partial);
    expect(partial.status_name).toBe('部分识别失败');
    expect(partial.attachments[0]).toMatchObject({
      status_name: '识别失败',
      reason: '发票代码无法识别',
      invoice_ids: [],
    });
    // A recognised attachment is not recognised twice.
    const twice = await call(alice.token, 'POST', `${E}/attachment/retry`, {
      attachment_id: partial.attachments[1].id,
    });
    expect(twice.code).toBe(409);
    expect(twice.body.status).toBe(InvoiceMailCode.attachmentRecognized);
    // The failed one, once its cause is fixed, is recognised on retry.
    failNames.delete('坏发票.pdf');
    const retry = await call(alice.token, 'POST', `${E}/attachment/retry`, {
      attachment_id: partial.attachments[0].id,
    });
    expect(retry.code).toBe(200);
    expect(retry.body.data).toMatchObject({ status_name: '待识别', reason: null });
    const done = await waitMail(alice.token, mail.id, MailStatus.recognized);
    expect(done.attachments[0].invoice_ids).toHaveLength(1);
  });

  it('recognises the attachment left 待识别 while no ingest was wired, on retry', async () => {
    const pending = await call(alice.token, 'POST', `${E}/pageList`, { status: MailStatus.pending });
    expect(pending.body.data.items).toHaveLength(1);
    const mail = (await call(alice.token, 'GET', `${E}/detail?id=${pending.body.data.items[0].id}`)).body
      .data;
    await call(alice.token, 'POST', `${E}/attachment/retry`, { attachment_id: mail.attachments[0].id });
    await waitMail(alice.token, mail.id, MailStatus.recognized);
  });

  it('accepts a mail without invoice attachments and lists it as such, with nothing to recognise', async () => {
    const to = await addressOf(bob.token);
    expect(
      await send({ to, subject: '只有图片', attachments: [{ filename: 'a.png', content: PNG }] }),
    ).toBeNull();
    const mail = await latestMail(bob.token);
    expect(mail).toMatchObject({
      subject: '只有图片',
      status: MailStatus.noInvoice,
      status_name: '邮件中没有可识别的发票附件',
      attachment_count: 0,
      attachments: [],
    });
  });

  it('stores a duplicate Message-ID once per mailbox', async () => {
    const messageId = `<dup-${randomBytes(6).toString('hex')}@seller.example.com>`;
    const to = await addressOf(bob.token);
    const before = await mailCount();
    const files = storedFiles().length;
    for (let i = 0; i < 2; i++) {
      expect(await send({ to, messageId, attachments: [{ filename: 'x.pdf', content: pdf() }] })).toBeNull();
    }
    expect(await mailCount()).toBe(before + 1);
    expect(storedFiles().length).toBe(files + 1);
    // The same mail to two people is each one's.
    expect(await send({ to: [to, await addressOf(carol.token)], messageId })).toBeNull();
    expect(await mailCount()).toBe(before + 2);
  });

  describe('refusals store nothing', () => {
    let before: { mails: number; files: number };
    const snapshot = async () => ({ mails: await mailCount(), files: storedFiles().length });
    beforeAll(async () => {
      before = await snapshot();
    });
    afterAll(async () => {
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an unknown recipient, another domain and a resigned person at RCPT TO (550)', async () => {
      expect((await send({ to: `abcdefghijklmnop@${domain}` }))?.code).toBe(550);
      const local = (await addressOf(alice.token)).split('@')[0];
      expect((await send({ to: `${local}@other.example.com` }))?.code).toBe(550);
      const dave = await makeStaff(db, tenantA.tenantId);
      const daveAddress = await addressOf(dave.token);
      await db
        .updateTable('staff')
        .set({ status: 2, resigned_at: Date.now() })
        .where('id', '=', dave.staffId)
        .execute();
      const refused = await send({ to: daveAddress, attachments: [{ filename: 'a.pdf', content: pdf() }] });
      expect(refused?.code).toBe(550);
      expect(refused?.text).toMatch(/no such mailbox/);
    });

    it('refuses a forged sender (550)', async () => {
      const to = await addressOf(alice.token);
      const attachments = [{ filename: 'a.pdf', content: pdf() }];
      // From header of another domain than the envelope sender.
      const other = await send({
        to,
        from: 'boss@bank.example.com',
        envelopeFrom: 'x@attacker.example.net',
        attachments,
      });
      expect(other?.code).toBe(550);
      expect(other?.text).toMatch(/From header domain/);
      // No envelope sender at all.
      const nullSender = await send({ to, envelopeFrom: '', attachments });
      expect(nullSender?.code).toBe(550);
      expect(nullSender?.text).toMatch(/Sender address required/);
      // A relay's Authentication-Results says the check failed.
      for (const verdict of [
        'spf=fail smtp.mailfrom=seller.example.com',
        'dkim=fail header.d=seller.example.com',
        'dmarc=fail',
      ]) {
        const r = await send({
          to,
          headers: { 'Authentication-Results': `mx.example.com; ${verdict}` },
          attachments,
        });
        expect(r?.code, verdict).toBe(550);
      }
      // The same mail with a passing verdict is accepted (then removed so the snapshot holds).
      const passing = await send({
        to,
        headers: { 'Authentication-Results': 'mx.example.com; spf=pass; dkim=pass' },
      });
      expect(passing).toBeNull();
      await db
        .deleteFrom('mail_messages')
        .where('subject', '=', '您的电子发票')
        .where('attachment_count', '=', 0)
        .where('user_id', '=', alice.userId)
        .execute();
    });

    it('refuses an oversize message and attachment bombs (552)', async () => {
      const to = await addressOf(alice.token);
      const big = (n: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(n)]);
      // Over the message size (2 MB in tests), whatever the attachments.
      const oversize = await send({ to, attachments: [{ filename: 'huge.pdf', content: big(1_700_000) }] });
      expect(oversize?.code).toBe(552);
      // The same without a SIZE declaration: counted while reading DATA (stream.sizeExceeded).
      const body = Buffer.concat([
        Buffer.from(`From: a@seller.example.com\r\nTo: ${to}\r\nSubject: big\r\n\r\n`),
        Buffer.from(`${'x'.repeat(998)}\r\n`.repeat(2200)),
        Buffer.from('.\r\n'),
      ]);
      const replies = await rawSmtp([
        'EHLO sender.example.com\r\n',
        'MAIL FROM:<a@seller.example.com>\r\n',
        `RCPT TO:<${to}>\r\n`,
        'DATA\r\n',
        body,
      ]);
      expect(replies.at(-1)).toMatch(/^552 .*maximum size/);
      // More than 5 attachments.
      const many = await send({
        to,
        attachments: Array.from({ length: 6 }, (_, i) => ({ filename: `${i}.pdf`, content: pdf() })),
      });
      expect(many?.code).toBe(552);
      expect(many?.text).toMatch(/more than 5 attachments/);
      // One attachment over 512 KB.
      const one = await send({ to, attachments: [{ filename: 'a.pdf', content: big(600 * 1024) }] });
      expect(one?.code).toBe(552);
      // Three of 400 KB: each allowed, 1.2 MB together is not.
      const total = await send({
        to,
        attachments: [1, 2, 3].map((i) => ({ filename: `${i}.pdf`, content: big(400 * 1024) })),
      });
      expect(total?.code).toBe(552);
      expect(total?.text).toMatch(/in total/);
    });
  });
});

describe('routes', () => {
  it('lists my mails with paging and filters', async () => {
    const all = await call(alice.token, 'POST', `${E}/pageList`, {});
    expect(all.code).toBe(200);
    const n = all.body.data.page.total;
    expect(n).toBeGreaterThanOrEqual(3);
    expect(all.body.data.items.every((m: any) => m.received_at > 0)).toBe(true);
    const paged = await call(alice.token, 'POST', `${E}/pageList`, { page_num: 2, page_size: 1 });
    expect(paged.body.data).toMatchObject({ page: { page_num: 2, page_size: 1, total: n } });
    expect(paged.body.data.items[0].id).toBe(all.body.data.items[1].id);
    const bySender = await call(alice.token, 'POST', `${E}/pageList`, { sender: '某某科技' });
    expect(bySender.body.data.items.map((m: any) => m.from_name)).toEqual(['上海某某科技有限公司']);
    const byAddress = await call(alice.token, 'POST', `${E}/pageList`, { sender: 'FAPIAO@seller' });
    expect(byAddress.body.data.page.total).toBe(1);
    const wildcard = await call(alice.token, 'POST', `${E}/pageList`, { sender: '%' });
    expect(wildcard.body.data.page.total).toBe(0);
    const future = await call(alice.token, 'POST', `${E}/pageList`, {
      received_start: Date.now() + 3600_000,
    });
    expect(future.body.data.page.total).toBe(0);
    const window = await call(alice.token, 'POST', `${E}/pageList`, {
      received_start: Date.now() - 3600_000,
      received_end: Date.now(),
    });
    expect(window.body.data.page.total).toBe(n);
    const failed = await call(alice.token, 'POST', `${E}/pageList`, { status: MailStatus.failed });
    expect(failed.body.data.page.total).toBe(0);
  });

  it('refuses bad input with a Chinese message naming the field', async () => {
    const size = await call(alice.token, 'POST', `${E}/pageList`, { page_size: 0 });
    expect(size.code).toBe(400);
    expect(size.body.msg).toContain('每页条数');
    const range = await call(alice.token, 'POST', `${E}/pageList`, {
      received_start: 2000,
      received_end: 1000,
    });
    expect(range.code).toBe(400);
    expect(range.body.msg).toContain('不能早于接收开始时间');
    const status = await call(alice.token, 'POST', `${E}/pageList`, { status: 9 });
    expect(status.code).toBe(400);
    expect(status.body.msg).toContain('状态');
    const id = await call(alice.token, 'GET', `${E}/detail?id=abc`);
    expect(id.code).toBe(400);
    expect(id.body.msg).toContain('邮件ID');
    const att = await call(alice.token, 'POST', `${E}/attachment/retry`, {});
    expect(att.code).toBe(400);
    expect(att.body.msg).toContain('附件ID');
  });

  it("answers not found for another person's and another tenant's mails and attachments", async () => {
    const mine = await latestMail(alice.token);
    const carols = await latestMail(carol.token);
    for (const [token, mail] of [
      [bob.token, mine],
      [carol.token, mine],
      [alice.token, carols],
    ] as const) {
      const detail = await call(token, 'GET', `${E}/detail?id=${mail.id}`);
      expect(detail.code).toBe(404);
      expect(detail.body.status).toBe(InvoiceMailCode.mailNotFound);
    }
    const failed = await db
      .updateTable('mail_attachments')
      .set({ status: MailAttachmentStatus.failed })
      .where('id', '=', mine.attachments[0].id)
      .execute();
    expect(failed).toHaveLength(1);
    for (const token of [bob.token, carol.token]) {
      const retry = await call(token, 'POST', `${E}/attachment/retry`, {
        attachment_id: mine.attachments[0].id,
      });
      expect(retry.code).toBe(404);
      expect(retry.body.status).toBe(InvoiceMailCode.attachmentNotFound);
    }
    // Nothing changed for the owner.
    const still = (await call(alice.token, 'GET', `${E}/detail?id=${mine.id}`)).body.data;
    expect(still.attachments[0].status).toBe(MailAttachmentStatus.failed);
    // Carol's list holds only her own mail.
    const carolList = await call(carol.token, 'POST', `${E}/pageList`, {});
    expect(carolList.body.data.items.map((m: any) => m.id)).toEqual([carols.id]);
  });

  it('refuses every route to a personal account', async () => {
    const personal = await makePersonal(db);
    for (const [method, url, body] of [
      ['POST', `${E}/pageList`, {}],
      ['GET', `${E}/detail?id=1`, undefined],
      ['POST', `${E}/attachment/retry`, { attachment_id: 1 }],
    ] as const) {
      const res = await call(personal.token, method, url, body);
      expect(res.code, url).toBe(403);
      expect(res.body.status).toBe(PlatformCode.forbidden);
    }
  });
});

// After the route tests, which read the latest mails of alice.
describe('receiver limits', () => {
  const start = (limits: Partial<typeof config.mail>) =>
    startInvoiceMailReceiver(app as unknown as ZodApp, { port: 0, ingest: null, limits }).then((r) => r!);

  it('holds at most MAIL_MAX_CONNECTIONS_PER_IP connections per client address (421 beyond), freed on close', async () => {
    const r = await start({ maxConnectionsPerIp: 2 });
    try {
      const a = smtpClient(r.port);
      const b = smtpClient(r.port);
      expect(await a.next()).toMatch(/^220 /);
      expect(await b.next()).toMatch(/^220 /);
      const c = smtpClient(r.port);
      expect(await c.next()).toMatch(/^421 4\.7\.0 Too many connections from your address/);
      await c.closed;
      a.end();
      await a.closed;
      // The slot is free again; the held connection still works.
      await new Promise((ok) => setTimeout(ok, 50));
      const d = smtpClient(r.port);
      expect(await d.next()).toMatch(/^220 /);
      expect(await b.say('NOOP\r\n')).toMatch(/^250 /);
      b.end();
      d.end();
    } finally {
      await r.close();
    }
  });

  it('closes a connection that sends no command within MAIL_GREETING_TIMEOUT_S; one that said EHLO stays', async () => {
    const r = await start({ greetingTimeoutMs: 300 });
    try {
      const silent = smtpClient(r.port);
      const talker = smtpClient(r.port);
      expect(await silent.next()).toMatch(/^220 /);
      expect(await talker.next()).toMatch(/^220 /);
      expect(await talker.say('EHLO sender.example.com\r\n')).toMatch(/^250 /);
      const t0 = Date.now();
      expect(await silent.next()).toMatch(/^421 4\.4\.2 No command received/);
      await silent.closed;
      expect(Date.now() - t0).toBeLessThan(2_000);
      await new Promise((ok) => setTimeout(ok, 400));
      expect(await talker.say('NOOP\r\n')).toMatch(/^250 /);
      talker.end();
    } finally {
      await r.close();
    }
  });

  it('takes at most MAIL_MAX_MAILS_PER_MINUTE mails per client address (450 beyond: the sender retries later)', async () => {
    const r = await start({ maxMailsPerMinute: 3 });
    try {
      const to = await addressOf(alice.token);
      const before = await mailCount();
      const c = smtpClient(r.port);
      expect(await c.next()).toMatch(/^220 /);
      expect(await c.say('EHLO sender.example.com\r\n')).toMatch(/^250 /);
      const codes: string[] = [];
      for (let i = 0; i < 5; i++) {
        const from = await c.say('MAIL FROM:<billing@seller.example.com>\r\n');
        codes.push(from.slice(0, 3));
        if (!from.startsWith('250')) continue;
        expect(await c.say(`RCPT TO:<${to}>\r\n`)).toMatch(/^250 /);
        expect(await c.say('DATA\r\n')).toMatch(/^354 /);
        const msg = `From: billing@seller.example.com\r\nTo: ${to}\r\nSubject: n${i}\r\nMessage-ID: <rate${i}.${Date.now()}@seller.example.com>\r\n\r\nhi\r\n.\r\n`;
        expect(await c.say(msg)).toMatch(/^250 /);
      }
      expect(codes).toEqual(['250', '250', '250', '450', '450']);
      expect(c.replies.at(-1)).toMatch(/^450 4\.7\.1 Too many mails from your address/);
      expect((await mailCount()) - before).toBe(3);
      c.end();
    } finally {
      await r.close();
    }
  });

  it('refuses for good (554) a mail of too many MIME parts, too deep nesting, or a structure the parser rejects', async () => {
    const r = await start({});
    const to = await addressOf(alice.token);
    const head = `From: billing@seller.example.com\r\nTo: ${to}\r\nSubject: mime\r\nMIME-Version: 1.0\r\n`;
    const many = (n: number) =>
      `${head}Content-Type: multipart/mixed; boundary="B"\r\n\r\n` +
      Array.from({ length: n }, (_, i) => `--B\r\nContent-Type: text/plain\r\n\r\np${i}\r\n`).join('') +
      '--B--\r\n';
    const deep = (n: number) => {
      let body = head;
      for (let i = 0; i < n; i++)
        body += `Content-Type: multipart/mixed;\r\n boundary="b${i}"\r\n\r\n--b${i}\r\n`;
      body += 'Content-Type: text/plain\r\n\r\nhi\r\n';
      for (let i = n - 1; i >= 0; i--) body += `--b${i}--\r\n`;
      return body;
    };
    const deliver = async (port: number, raw: string) => {
      const c = smtpClient(port);
      await c.next();
      await c.say('EHLO sender.example.com\r\n');
      await c.say('MAIL FROM:<billing@seller.example.com>\r\n');
      await c.say(`RCPT TO:<${to}>\r\n`);
      await c.say('DATA\r\n');
      const reply = await c.say(`${raw}.\r\n`);
      c.end();
      return reply;
    };
    const before = await mailCount();
    try {
      expect(await deliver(r.port, many(20_000))).toMatch(/^554 5\.6\.0 .*more than 200 MIME parts/);
      expect(await deliver(r.port, deep(3_000))).toMatch(/^554 5\.6\.0 .*nested deeper than 10 levels/);
      // Within the limits: delivered.
      expect(await deliver(r.port, many(20))).toMatch(/^250 /);
      expect(await deliver(r.port, deep(5))).toMatch(/^250 /);
    } finally {
      await r.close();
    }
    // Caps raised past what the parser takes: its refusal is permanent too, not 451.
    const lax = await start({ maxMimeParts: 100_000, maxMimeDepth: 100 });
    try {
      expect(await deliver(lax.port, many(20_000))).toMatch(/^554 5\.6\.0 .*malformed MIME structure/);
    } finally {
      await lax.close();
    }
    expect((await mailCount()) - before).toBe(2);
  }, 60_000);
});
