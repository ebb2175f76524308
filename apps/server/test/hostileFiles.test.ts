import fs from 'node:fs';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileCode } from '../src/modules/files/files.errors.js';
import { createFilesTestApp, grantedDir, makePdf } from '../src/modules/files/files.testkit.js';
import { RecogniseCode } from '../src/modules/invoice/recognise/recognise.errors.js';
import { makeInvoiceTenant } from '../src/modules/invoice/invoice.testkit.js';
import { startInvoiceMailReceiver, type MailReceiver } from '../src/modules/invoiceMail/index.js';
import { testConfig } from '../src/config.js';
import type { ZodApp } from '../src/platform/types.js';
import { blankPng, flateBombPdf, hugeImagePdf, manyPagesPdf } from './hostileFiles.kit.js';
import { waitFor } from './poll.js';

// Hostile files (issue 19, decision 0032), made here, sent where users and mail senders can send them:
// the merge, ocrCheck and the 专属邮箱. Each is refused naming the cap it passes (or handled, when just
// under one), while the process — server, its worker threads and native memory, all one process —
// stays under RSS_BOUND_MB at its peak, and an unrelated request sent every 50 ms meanwhile is answered
// within PING_BOUND_MS. 200 ms is the aim; the bound is 500 ms because this machine is 2 cores shared
// with other test runs (measured: see docs/decisions/0032).

const RSS_BOUND_MB = 1024;
const PING_BOUND_MS = 500;
const MERGE = '/finopublic/api/web/file/merge';
const OCR_CHECK = '/invoice/api/web/invoice/ocrCheck';
const PING = '/auth-center/api/v1/users/person/info';

let env: Awaited<ReturnType<typeof createFilesTestApp>>;
let x: Awaited<ReturnType<typeof makeInvoiceTenant>>;
let base: string;
let receiver: MailReceiver;

const MB = 1024 * 1024;

beforeAll(async () => {
  // the product's mail limits (the test default is 0.5 MB an attachment)
  const mail = {
    ...testConfig().mail,
    maxMessageBytes: 25 * MB,
    maxAttachmentBytes: 10 * MB,
    maxTotalAttachmentBytes: 20 * MB,
  };
  env = await createFilesTestApp({ mail });
  x = await makeInvoiceTenant(env.t);
  await env.t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(env.t.app.server.address() as { port: number }).port}`;
  receiver = (await startInvoiceMailReceiver(env.t.app as unknown as ZodApp, { port: 0 }))!;
  // Both threads started and loaded before anything is timed: a cold start is not an attack.
  expect((await merge('warm.pdf', await makePdf(1), 'pdf')).code).toBe(200);
  expect((await ocrCheck('warm.pdf', await makePdf(1))).code).toBe(400);
});
afterAll(async () => {
  await receiver?.close();
  await env?.t.close();
});

const peakRssMb = () =>
  Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

/**
 * Runs `act` while pinging an unrelated route; answers what `act` answered, the process's peak RSS
 * during it (VmHWM, reset first) and the slowest ping.
 */
async function underAttack<T>(act: () => Promise<T>) {
  fs.writeFileSync('/proc/self/clear_refs', '5'); // VmHWM := current RSS
  let done = false;
  let slowest = 0;
  const pinger = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${base}${PING}`, { headers: { 'x-session-token': x.owner.token } });
      expect(res.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  try {
    const result = await act();
    return { result, ms: Math.round(performance.now() - started), peakMb: Math.round(peakRssMb()) };
  } finally {
    done = true;
    await pinger;
    // read by the table in docs/decisions/0032
    console.log(
      `[hostile] ${expect.getState().currentTestName}: peak RSS ${Math.round(peakRssMb())} MB, slowest ping ${Math.round(slowest)} ms`,
    );
    expect(slowest).toBeLessThan(PING_BOUND_MS);
    expect(peakRssMb()).toBeLessThan(RSS_BOUND_MB);
  }
}

/** Stored as the owner's own upload (a granted directory), as file:sign would. */
async function put(name: string, bytes: Buffer) {
  const key = `${await grantedDir(env.t.db, x.tenantId, x.owner.staffId)}${Date.now()}_${name}`;
  await env.storage.put(key, bytes, { contentType: 'application/octet-stream' });
  return key;
}

async function post(url: string, body: unknown) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'x-session-token': x.owner.token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { code: res.status, body: (await res.json()) as { status: number; msg: string; data: unknown } };
}

const merge = async (name: string, bytes: Buffer, fileType: string) =>
  post(MERGE, { items: [{ filePath: await put(name, bytes), fileType, fileName: name }] });
const ocrCheck = async (name: string, bytes: Buffer) =>
  post(OCR_CHECK, { file_key: await put(name, bytes), file_name: name });

describe('hostile files through the merge and ocrCheck', () => {
  it('a PDF of 20,000 pages sharing one content stream: refused before pdf-lib opens it', async () => {
    const { result } = await underAttack(() => merge('many.pdf', manyPagesPdf(20_000), 'pdf'));
    expect(result).toMatchObject({
      code: 400,
      body: { status: FileCode.overLimit, msg: '文件“many.pdf”页数超过500页，无法合并' },
    });
  });

  it('PDFs of 250 pages each (pages inside pdf-lib’s object streams): one merges, nine pass the merge total', async () => {
    const pdf = await makePdf(250);
    const one = await underAttack(() => merge('250.pdf', pdf, 'pdf'));
    expect(one.result).toMatchObject({ code: 200, body: { data: { merged: 1 } } });
    const keys = await Promise.all(Array.from({ length: 9 }, (_, i) => put(`p${i}.pdf`, pdf)));
    const nine = await underAttack(() =>
      post(MERGE, { items: keys.map((k) => ({ filePath: k, fileType: 'pdf' })) }),
    );
    expect(nine.result).toMatchObject({
      code: 400,
      body: { status: FileCode.overLimit, msg: '文件合计页数超过2000页，无法合并' },
    });
  });

  it('a 870 KB PDF holding one 30,000 × 30,000 image: refused by its inflated size', async () => {
    const { result } = await underAttack(() => ocrCheck('huge.pdf', hugeImagePdf(30_000, 30_000)));
    expect(result).toMatchObject({
      code: 400,
      body: { status: RecogniseCode.unreadable, msg: '文件“huge.pdf”解压后超过200 MB，无法识别' },
    });
  });

  it('a PDF whose one image is just over the pixel cap: pdf.js skips it undecoded', async () => {
    // 6,400 × 6,400 gray = 41 M pixels, 41 MB inflated (under the inflated cap)
    const { result } = await underAttack(() => ocrCheck('scan.pdf', hugeImagePdf(6400, 6400)));
    expect(result).toMatchObject({
      code: 400,
      body: {
        status: RecogniseCode.unreadable,
        msg: '文件“scan.pdf”：PDF 既没有文字层也没有扫描的页面图像，无法识别',
      },
    });
  });

  it('a 1 MB PDF whose content stream inflates to 1 GB: refused', async () => {
    const { result } = await underAttack(() => ocrCheck('bomb.pdf', flateBombPdf(1 << 30)));
    expect(result).toMatchObject({
      code: 400,
      body: { status: RecogniseCode.unreadable, msg: '文件“bomb.pdf”解压后超过200 MB，无法识别' },
    });
  });

  it('a PNG just under the 40 M pixel cap merges; one just over is refused, so is one of 99.8 M pixels', async () => {
    const under = await underAttack(() => merge('under.png', blankPng(6000, 6600), 'png'));
    expect(under.result).toMatchObject({ code: 200, body: { data: { merged: 1 } } });
    const over = await underAttack(() => merge('over.png', blankPng(6400, 6400), 'png'));
    expect(over.result).toMatchObject({
      code: 400,
      body: { status: FileCode.overLimit, msg: '图片“over.png”超过4000万像素，无法合并' },
    });
    const big = await underAttack(() => ocrCheck('big.png', blankPng(10_000, 9_980)));
    expect(big.result).toMatchObject({
      code: 400,
      body: { status: RecogniseCode.unreadable, msg: '图片“big.png”超过4000万像素，无法识别' },
    });
  });
});

describe('hostile files by mail (the SMTP receiver, unauthenticated)', () => {
  // The receiver keeps PDF, OFD and XML attachments only (a picture is not kept), so the PDFs are mailed.
  it('the huge-image PDF and the flate bomb mailed to a 专属邮箱: each attachment fails naming the cap', async () => {
    const address = (
      (await (
        await fetch(`${base}/invoice/api/web/email/address`, {
          headers: { 'x-session-token': x.owner.token },
        })
      ).json()) as {
        data: { address: string };
      }
    ).data.address;
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: receiver.port,
      secure: false,
      ignoreTLS: true,
    });
    const { result } = await underAttack(async () => {
      await transport.sendMail({
        from: 'anyone@example.com',
        to: address,
        subject: '发票',
        text: '请查收',
        attachments: [
          { filename: 'huge.pdf', content: hugeImagePdf(30_000, 30_000) },
          { filename: 'bomb.pdf', content: flateBombPdf(1 << 30) },
        ],
      });
      return waitFor(
        async () => {
          const list = await post('/invoice/api/web/email/pageList', {});
          const mail = (list.body.data as { items: { id: number }[] }).items[0];
          if (!mail) return undefined;
          const detail = (await (
            await fetch(`${base}/invoice/api/web/email/detail?id=${mail.id}`, {
              headers: { 'x-session-token': x.owner.token },
            })
          ).json()) as {
            data: { attachments: { file_name: string; status_name: string; reason: string | null }[] };
          };
          const atts = detail.data.attachments;
          return atts.length === 2 && atts.every((a) => a.status_name === '识别失败') ? atts : undefined;
        },
        { timeoutMs: 30_000, what: 'both attachments recognised' },
      );
    });
    const reasons = Object.fromEntries(result.map((a) => [a.file_name, a.reason]));
    expect(reasons).toEqual({
      'huge.pdf': '文件“huge.pdf”解压后超过200 MB，无法识别',
      'bomb.pdf': '文件“bomb.pdf”解压后超过200 MB，无法识别',
    });
  });
});
