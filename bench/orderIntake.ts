/**
 * Order intake end to end (issue 21): signed POST /consume-quota-center/api/v1/channel/orders through the real
 * app — signature, nonce, decision (sceneDecider), order row, organisation account debit — at a fixed rate
 * (BENCH_RATE, default 500/s) for BENCH_SECONDS (default 60), over HTTP on local ports. The channel is a child
 * process (bench/orderIntake-client.ts) and so is each server (bench/orderIntake-server.ts), as a channel and
 * our servers would be: the client's own work no longer shares the server's event loop.
 * On SQLite: one server process. With BENCH_DATABASE_URL (PostgreSQL): BENCH_PROCESSES (default 2) server
 * processes on one database, the client alternating between them.
 * Baseline: bare Fastify writing the same spend_orders row per request (no signature, no decision, no ledger),
 * in as many processes, at the same rate. Budget: p99 ≤ 50 ms at 500/s. Figures printed side by side, and the
 * orders counted afterwards: every 200 is one row, paid once.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { orgAccountLedger } from '../apps/server/src/modules/spend/index.js';
import type { ClientPlan } from './orderIntake-client.js';
import type { ServerPlan } from './orderIntake-server.js';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const STAFF = 200;
const PATH = '/consume-quota-center/api/v1/channel/orders';
const PG_URL = process.env.BENCH_DATABASE_URL;
const PROCESSES = PG_URL ? Number(process.env.BENCH_PROCESSES ?? 2) : 1;
const run = promisify(execFile);

interface Figures {
  p50: number;
  p99: number;
  max: number;
  errors: number;
  rate: number;
}

/** Starts one server child and resolves with its address once it listens. */
function startServer(plan: ServerPlan): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn(
    process.execPath,
    [
      // BENCH_SERVER_NODE_ARGS: e.g. "--cpu-prof --cpu-prof-dir=…" to profile the servers.
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'orderIntake-server.ts'),
      JSON.stringify(plan),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      resolve({ child, address: (JSON.parse(line) as { address: string }).address });
    });
  });
}

async function measure(plan: Omit<ClientPlan, 'addresses' | 'path'>, server: ServerPlan): Promise<Figures> {
  const servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServer(server)));
  try {
    const client: ClientPlan = { ...plan, path: server.path, addresses: servers.map((x) => x.address) };
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'orderIntake-client.ts'), JSON.stringify(client)],
      { maxBuffer: 1 << 20 },
    );
    process.stderr.write(stderr.replace(/^npm warn.*\n/gm, ''));
    return JSON.parse(stdout.trim().split('\n').pop()!) as Figures;
  } finally {
    for (const x of servers) {
      x.child.removeAllListeners('exit');
      x.child.kill('SIGTERM');
    }
    await Promise.all(
      servers.map((x) => new Promise((r) => (x.child.exitCode !== null ? r(0) : x.child.once('exit', r)))),
    );
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  const sqliteFile = path.join(dir, 'b.db');
  const pgSchema = `bench_orders_${Date.now()}`;
  if (PG_URL) {
    const admin = openDatabase({ databaseUrl: PG_URL });
    await admin.db.schema.createSchema(pgSchema).execute();
    await admin.destroy();
  }
  const where = PG_URL ? { databaseUrl: PG_URL, pgSchema } : { sqliteFile };
  const h = openDatabase(where);
  await migrateToLatest(h.db, { schema: h.schema });
  const { tenantId } = await makeTenant(h.db);
  const admin = await makeStaff(h.db, tenantId, ['*']);
  const staff: Awaited<ReturnType<typeof makeStaff>>[] = [];
  for (let i = 0; i < STAFF; i++) staff.push(await makeStaff(h.db, tenantId));
  const app = await buildApp({
    config: testConfig({ logLevel: 'silent', jobWorker: false }),
    db: h.db,
    dialect: h.dialect,
  });
  await app.ready();
  const call = async (url: string, payload: object) => {
    const r = await app.inject({ method: 'POST', url, headers: { 'x-session-token': admin.token }, payload });
    if (r.statusCode !== 200) throw new Error(r.body);
    return r.json().data;
  };
  const S = '/consume-quota-center/api/v1/scenes';
  const scene = await call(`${S}/add`, {
    name: '工作餐',
    category: 2,
    content: { info: {}, rules: { day_amount: { amount: 1_000_000 } }, scope: { all: true } },
  });
  await call(`${S}/publish`, { id: scene.id });
  await call(`${S}/status`, { id: scene.id, status: 2 });
  const channel = await call('/consume-quota-center/api/v1/channels/add', {
    code: 'bench',
    name: '压测渠道',
  });
  const FUND = 10_000_000_00;
  await h.db
    .transaction()
    .execute((tx) =>
      orgAccountLedger.credit(tx, { tenantId, amount: FUND, key: 'bench:fund', memo: '压测充值' }),
    );
  await app.close();

  const userIds = staff.map((x) => x.userId);
  const common = { channel, userIds, sceneId: scene.id, rate: RATE, seconds: SECONDS };
  const server = { ...where, tenantId, channelId: channel.id, sceneId: scene.id };
  const ours = await measure(
    { ...common, mode: 'ours', prefix: 'B' },
    { ...server, mode: 'ours', path: PATH },
  );
  const orders = h.db.selectFrom('spend_orders').where('tenant_id', '=', tenantId);
  const measured = await orders
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('channel_order_id', 'like', 'B%')
    .executeTakeFirstOrThrow();
  const paid = await orders
    .select((eb) => eb.fn.sum<number>('org_paid').as('paid'))
    .executeTakeFirstOrThrow();
  const balance = await orgAccountLedger.balance(h.db, tenantId);
  const base = await measure(
    { ...common, mode: 'bare', prefix: 'X' },
    { ...server, mode: 'bare', path: '/orders' },
  );
  await h.destroy();
  if (PG_URL) {
    const drop = openDatabase({ databaseUrl: PG_URL });
    await drop.db.schema.dropSchema(pgSchema).cascade().execute();
    await drop.destroy();
  }
  fs.rmSync(dir, { recursive: true, force: true });

  const f = (n: number) => n.toFixed(1);
  const db = PG_URL ? `PostgreSQL, ${PROCESSES} server processes` : 'SQLite, one server process';
  console.log(`order intake, ${db}, ${RATE}/s for ${SECONDS}s from a client process (budget p99 ≤ 50 ms)`);
  console.log('                 sent/s   p50 ms   p99 ms   max ms   errors');
  for (const [name, r] of [
    ['ours (signed)', ours],
    ['bare Fastify', base],
  ] as const)
    console.log(
      `${name.padEnd(16)} ${String(r.rate).padStart(6)} ${f(r.p50).padStart(8)} ${f(r.p99).padStart(8)} ${f(r.max).padStart(8)} ${String(r.errors).padStart(8)}`,
    );
  const sent = RATE * SECONDS;
  console.log(
    `orders recorded: ${measured.n} of ${sent - ours.errors} answered 200; organisation account ${FUND - Number(paid.paid ?? 0)} 分 expected, ${balance} 分 on the ledger`,
  );
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
