/**
 * Bench (issue 19): hostile files against the BUILT server (`node scripts/build.mjs server` first).
 * Starts apps/server/dist/main.js on its own data directory (demo seed) at BENCH_PORT (default 8107)
 * with the SMTP receiver at BENCH_MAIL_PORT (2607), stores each hostile file as the demo staff member's
 * upload, sends the request that opens it (merge, ocrCheck, or a mail to their 专属邮箱), and reports:
 * the reply (HTTP code, envelope status and msg), how long it took, the server's peak RSS while it
 * ran (VmRSS of the server process, sampled every 25 ms) and the slowest answer of an unrelated
 * request (GET person/info, sent every 100 ms) meanwhile. A case that has not answered in
 * BENCH_CASE_S (default 60) seconds is cut off. Each case starts a fresh server.
 *
 *   npx tsx bench/hostile-files.ts [dist directory]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { createFileStorage } from '../apps/server/src/platform/services.js';
import { createSession } from '../apps/server/src/platform/sessions.js';
import { DEMO } from '../apps/server/src/seed/demo.js';
import { blankPng, flateBombPdf, hugeImagePdf, manyPagesPdf } from '../apps/server/test/hostileFiles.kit.js';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/server/dist'));
const PORT = Number(process.env.BENCH_PORT ?? 8107);
const MAIL_PORT = Number(process.env.BENCH_MAIL_PORT ?? 2607);
const CASE_MS = Number(process.env.BENCH_CASE_S ?? 60) * 1000;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-hostile-'));
const env = {
  ...process.env,
  PORT: String(PORT),
  MAIL_PORT: String(MAIL_PORT),
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  SEED_DEMO: '1',
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
};

let server: ChildProcess | null = null;

async function startServer() {
  server = spawn(process.execPath, [path.join(dist, 'main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/`)).status > 0) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function stopServer() {
  if (!server) return;
  const s = server;
  server = null;
  s.kill('SIGKILL');
  await new Promise((r) => s.once('exit', r));
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface Row {
  file: string;
  route: string;
  reply: string;
  seconds: number;
  peakRssMb: number;
  idleRssMb: number;
  maxPingMs: number;
}

async function measure(file: string, route: string, token: string, run: () => Promise<string>): Promise<Row> {
  // a fresh server per case: its idle RSS, not what the case before left behind
  await stopServer();
  await startServer();
  await fetch(`${base}/auth-center/api/v1/users/person/info`, { headers: { 'x-session-token': token } });
  const pid = server!.pid!;
  const idle = rssMb(pid);
  let peak = idle;
  let maxPing = 0;
  let done = false;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      /* gone */
    }
  }, 25);
  const pinger = (async () => {
    while (!done) {
      const started = performance.now();
      try {
        await fetch(`${base}/auth-center/api/v1/users/person/info`, {
          headers: { 'x-session-token': token },
          signal: AbortSignal.timeout(CASE_MS),
        });
      } catch {
        /* counted by its time */
      }
      maxPing = Math.max(maxPing, performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  let reply: string;
  try {
    reply = await Promise.race([
      run(),
      new Promise<string>((r) =>
        setTimeout(() => r(`no answer in ${CASE_MS / 1000} s (server killed)`), CASE_MS),
      ),
    ]);
  } catch (err) {
    reply = `error: ${String(err)}`;
  }
  const seconds = (performance.now() - started) / 1000;
  done = true;
  clearInterval(sampler);
  if (reply.startsWith('no answer')) await stopServer();
  await pinger;
  const row = {
    file,
    route,
    reply,
    seconds: Math.round(seconds * 10) / 10,
    peakRssMb: Math.round(peak),
    idleRssMb: Math.round(idle),
    maxPingMs: Math.round(maxPing),
  };
  console.log(JSON.stringify(row));
  return row;
}

async function main() {
  await startServer();
  const config = loadConfig(env);
  const handle = openDatabase({ databaseUrl: '', dataDir });
  const staff = await handle.db
    .selectFrom('users')
    .innerJoin('staff', 'staff.user_id', 'users.id')
    .select(['users.id as userId', 'staff.id as staffId', 'staff.tenant_id as tenantId'])
    .where('users.phone', '=', DEMO.staff)
    .executeTakeFirstOrThrow();
  const tenantId = Number(staff.tenantId);
  const { token } = await createSession(handle.db, staff, 3600_000);
  const storage = createFileStorage(config);
  const put = async (name: string, bytes: Buffer) => {
    const key = `invoice/t${tenantId}/bench/${Date.now()}_${name}`;
    await storage.put(key, bytes, { contentType: 'application/octet-stream' });
    return key;
  };
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'x-session-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    try {
      const j = JSON.parse(text) as { status: number; msg: string };
      return `${res.status} ${j.status} ${j.msg}`;
    } catch {
      return `${res.status} ${text.slice(0, 100)}`;
    }
  };
  const merge = (key: string, fileType: string) =>
    post('/finopublic/api/web/file/merge', { items: [{ filePath: key, fileType }] });
  const ocrCheck = (key: string, name: string) =>
    post('/invoice/api/web/invoice/ocrCheck', { file_key: key, file_name: name });

  const files = {
    pages: manyPagesPdf(Number(process.env.BENCH_PAGES ?? 20_000)),
    hugeImage: hugeImagePdf(30_000, 30_000),
    bomb: flateBombPdf(1 << 30),
    pngUnder: blankPng(6000, 6600),
    pngOver: blankPng(6400, 6400),
    png100m: blankPng(10_000, 9_980),
  };
  const kb = (b: Buffer) => `${Math.round(b.length / 1024)} KB`;
  const rows: Row[] = [];
  const pagesKey = await put('pages.pdf', files.pages);
  rows.push(
    await measure(`${process.env.BENCH_PAGES ?? 20_000} pages (${kb(files.pages)})`, 'merge', token, () =>
      merge(pagesKey, 'pdf'),
    ),
  );
  const hugeKey = await put('huge.pdf', files.hugeImage);
  rows.push(
    await measure(`30000×30000 image PDF (${kb(files.hugeImage)})`, 'ocrCheck', token, () =>
      ocrCheck(hugeKey, 'huge.pdf'),
    ),
  );
  const bombKey = await put('bomb.pdf', files.bomb);
  rows.push(
    await measure(`1 GB flate bomb PDF (${kb(files.bomb)})`, 'ocrCheck', token, () =>
      ocrCheck(bombKey, 'bomb.pdf'),
    ),
  );
  const underKey = await put('under.png', files.pngUnder);
  rows.push(
    await measure(`PNG 6000×6600 = 39.6 M px (${kb(files.pngUnder)})`, 'merge', token, () =>
      merge(underKey, 'png'),
    ),
  );
  const overKey = await put('over.png', files.pngOver);
  rows.push(
    await measure(`PNG 6400×6400 = 41 M px (${kb(files.pngOver)})`, 'merge', token, () =>
      merge(overKey, 'png'),
    ),
  );
  const bigKey = await put('big.png', files.png100m);
  rows.push(
    await measure(`PNG 10000×9980 = 99.8 M px (${kb(files.png100m)})`, 'ocrCheck', token, () =>
      ocrCheck(bigKey, 'big.png'),
    ),
  );

  // By mail: the PDFs to the staff member's 专属邮箱; the reply is the attachment's reason.
  if (!server) await startServer();
  const address = (
    (await (
      await fetch(`${base}/invoice/api/web/email/address`, { headers: { 'x-session-token': token } })
    ).json()) as { data: { address: string } }
  ).data.address;
  const mailCase = async (label: string, name: string, content: Buffer) =>
    measure(label, 'mail', token, async () => {
      const before = await attachmentCount(base, token);
      await nodemailer
        .createTransport({ host: '127.0.0.1', port: MAIL_PORT, secure: false, ignoreTLS: true })
        .sendMail({
          from: 'x@example.com',
          to: address,
          subject: 'hostile',
          text: '.',
          attachments: [{ filename: name, content }],
        });
      for (;;) {
        const a = await lastAttachment(base, token, before);
        if (a && a.status_name !== '待识别') return `${a.status_name} ${a.reason ?? ''}`;
        await new Promise((r) => setTimeout(r, 200));
      }
    });
  rows.push(
    await mailCase(`mail: 30000×30000 image PDF (${kb(files.hugeImage)})`, 'huge.pdf', files.hugeImage),
  );
  // (the receiver keeps PDF, OFD and XML attachments only: a mailed picture never reaches recognition)
  rows.push(await mailCase(`mail: 1 GB flate bomb PDF (${kb(files.bomb)})`, 'bomb.pdf', files.bomb));

  await stopServer();
  await handle.destroy();
  console.log('\n| file | route | reply | s | peak RSS MB (idle) | slowest unrelated request ms |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.file} | ${r.route} | ${r.reply} | ${r.seconds} | ${r.peakRssMb} (${r.idleRssMb}) | ${r.maxPingMs} |`,
    );
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function attachmentCount(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/invoice/api/web/email/pageList`, {
    method: 'POST',
    headers: { 'x-session-token': token, 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await res.json()) as { data: { page: { total: number } } }).data.page.total;
}

async function lastAttachment(baseUrl: string, token: string, before: number) {
  const h = { 'x-session-token': token, 'content-type': 'application/json' };
  const list = (await (
    await fetch(`${baseUrl}/invoice/api/web/email/pageList`, { method: 'POST', headers: h, body: '{}' })
  ).json()) as {
    data: { page: { total: number }; items: { id: number }[] };
  };
  if (list.data.page.total <= before) return undefined;
  const detail = (await (
    await fetch(`${baseUrl}/invoice/api/web/email/detail?id=${list.data.items[0]!.id}`, { headers: h })
  ).json()) as {
    data: { attachments: { status_name: string; reason: string | null }[] };
  };
  return detail.data.attachments[0];
}

main().catch(async (err) => {
  console.error(err);
  await stopServer();
  process.exit(1);
});
