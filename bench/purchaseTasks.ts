/**
 * Bench: 采购任务列表 (POST /lcb-purchase-center/api/v1/web/purchaseTask/list) over 200,000 tasks of one tenant
 * (issue 23: "p99 ≤ 30 ms and ≤ 1.5× bare Fastify running the same statements"), on SQLite and — when
 * BENCH_DATABASE_URL is set — PostgreSQL.
 *
 * "ours" is the real app (buildApp: auth hook, session, permission, zod, the service, the reply schema) on
 * loopback; "bare" is a Fastify with no hooks and no schemas whose route runs the very same statements (the
 * module's repo function taskPage: the page and the count) and answers the same envelope. Both are driven the
 * same way from this process, one request at a time until the body is read, BENCH_ITER (default 300) requests
 * each in BENCH_ROUNDS (default 6) alternating rounds after 20 warm-up, and must answer the same body. Cases: the first page, a status filter, a `_purchase_date`
 * range, a deep page (page 100), a task number.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { listTasks } from '../apps/server/src/modules/purchasing/task.service.js';
import { openDatabase, type DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { ok } from '../apps/server/src/platform/envelope.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { printTable, summarize, type FigureRow } from './org-seed.js';

const ITER = Number(process.env.BENCH_ITER ?? 300);
const WARMUP = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const TASKS = Number(process.env.BENCH_TASKS ?? 200_000);
const ROUTE = '/lcb-purchase-center/api/v1/web/purchaseTask/list';
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);

async function seed(handle: DbHandle, tenantId: number, staffId: number) {
  const now = Date.now();
  const BATCH = 1000;
  for (let from = 0; from < TASKS; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, TASKS - from) }, (_, k) => {
      const i = from + k;
      return {
        tenant_id: tenantId,
        bill_id: i + 1,
        bill_number: `CG${String(i + 1).padStart(12, '0')}`,
        task_number: `RW${String(i + 1).padStart(12, '0')}`,
        title: `办公设备采购${i % 97}`,
        applicant_id: staffId,
        applicant_name: '基准员工',
        purchase_user_id: staffId,
        purchase_user: '基准员工',
        purchase_date: START + (i % 365) * DAY,
        // about 1 in 10 stopped, 3 in 10 done
        status: i % 10 === 0 ? 3 : i % 10 < 4 ? 2 : 1,
        line_count: 1 + (i % 5),
        amount: 10_000 * (1 + (i % 50)),
        real_amount: 5_000 * (i % 50),
        stopped_at: null,
        stopped_by: null,
        created_at: now,
        updated_at: now,
      };
    });
    await handle.db.insertInto('purchase_tasks').values(rows).execute();
  }
  // The per-status totals the module keeps with every status move (purchase_task_counts).
  const counts = await handle.db
    .selectFrom('purchase_tasks')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy('status')
    .execute();
  await handle.db
    .insertInto('purchase_task_counts')
    .values(counts.map((c) => ({ tenant_id: tenantId, status: Number(c.status), n: Number(c.n) })))
    .execute();
}

async function setUp(kind: 'sqlite' | 'postgres') {
  let handle: DbHandle;
  let cleanup: () => Promise<void>;
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-bench-purchase-'));
    handle = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
    await migrateToLatest(handle.db);
    cleanup = async () => {
      await handle.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const url = process.env.BENCH_DATABASE_URL!;
    const schema = `bench_purchase_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    handle = openDatabase({ databaseUrl: url, pgSchema: schema });
    await migrateToLatest(handle.db, { schema });
    cleanup = async () => {
      await handle.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    };
  }
  // A second tenant with tasks of its own: the list must walk only the caller's.
  const other = await makeTenant(handle.db, '其他集团');
  const tenant = await makeTenant(handle.db, '采购任务基准集团');
  const staff = await makeStaff(handle.db, tenant.tenantId, ['purchaseTask:view']);
  const t0 = performance.now();
  await seed(handle, other.tenantId, staff.staffId);
  await seed(handle, tenant.tenantId, staff.staffId);
  if (kind === 'sqlite') await sql`analyze`.execute(handle.db);
  else await sql`vacuum analyze purchase_tasks`.execute(handle.db);
  return { handle, tenant, staff, cleanup, seeded: (performance.now() - t0) / 1000 };
}

function poster(url: string, token: string | null, body: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['x-session-token'] = token;
  return async () => {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return { ms, text };
  };
}

/**
 * Both servers, ROUNDS alternating rounds of ITER / ROUNDS requests each (so both meet much the same load from
 * the machine's other work), after WARMUP requests each; the samples of each side pooled.
 */
async function timePair(bareUrl: string, oursUrl: string, token: string, body: unknown) {
  const bare = poster(bareUrl, null, body);
  const ours = poster(oursUrl, token, body);
  for (let i = 0; i < WARMUP; i++) {
    await bare();
    await ours();
  }
  const per = Math.max(1, Math.round(ITER / ROUNDS));
  const b: number[] = [];
  const o: number[] = [];
  const texts = ['', ''];
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < per; i++) {
      const x = await bare();
      b.push(x.ms);
      texts[0] = x.text;
    }
    for (let i = 0; i < per; i++) {
      const x = await ours();
      o.push(x.ms);
      texts[1] = x.text;
    }
  }
  return { bare: summarize(b), ours: summarize(o), same: texts[0] === texts[1], text: texts[1]! };
}

const figures = (p: { p50: number; p99: number }) => `p50 ${p.p50.toFixed(1)} / p99 ${p.p99.toFixed(1)} ms`;

async function benchOne(kind: 'sqlite' | 'postgres'): Promise<FigureRow[]> {
  const b = await setUp(kind);
  console.log(
    `\n[purchase-tasks] ${kind}: seeded ${(2 * TASKS).toLocaleString('en')} tasks (two tenants) in ${b.seeded.toFixed(1)} s`,
  );
  const app = await buildApp({
    config: testConfig({ jobWorker: false }),
    db: b.handle.db,
    dialect: b.handle.dialect,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const bare = Fastify({ logger: false });
  const caller = {
    sessionId: 0,
    userId: b.staff.userId,
    tenantId: b.tenant.tenantId,
    staffId: b.staff.staffId,
    orgId: b.tenant.tenantId,
    perms: ['purchaseTask:view'],
  };
  bare.post(ROUTE, async (req) => {
    const q = req.body as Record<string, unknown>;
    return ok(
      await listTasks(
        b.handle.db,
        caller as never,
        {
          ...q,
          page_num: Number(q.page_num ?? 1),
          page_size: Number(q.page_size ?? 20),
        } as never,
      ),
    );
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
  const oursUrl = `http://127.0.0.1:${port(app)}${ROUTE}`;
  const bareUrl = `http://127.0.0.1:${port(bare)}${ROUTE}`;
  const sec = (ms: number) => Math.floor(ms / 1000);
  const cases: { name: string; body: Record<string, unknown> }[] = [
    { name: 'first page (20)', body: { page_num: 1, page_size: 20 } },
    { name: 'status 采购中', body: { status: 1, page_num: 1, page_size: 20 } },
    {
      name: '_purchase_date: one month',
      body: { min_purchase_date: sec(START + 59 * DAY), max_purchase_date: sec(START + 89 * DAY) - 1 },
    },
    { name: 'page 100', body: { page_num: 100, page_size: 20 } },
    { name: 'task number', body: { task_number: `RW${String(123_456).padStart(12, '0')}` } },
  ];
  const rows: FigureRow[] = [];
  try {
    for (const c of cases) {
      const { bare: bareT, ours, same, text } = await timePair(bareUrl, oursUrl, b.staff.token, c.body);
      if (!same) throw new Error(`${c.name}: bodies differ`);
      const total = JSON.parse(text).data.page.total as number;
      console.log(
        `  ${c.name}: total ${total.toLocaleString('en')}; ours ${figures(ours)}; bare ${figures(bareT)}`,
      );
      rows.push({
        operation: `purchaseTask/list ${kind}: ${c.name}`,
        ours: figures(ours),
        baseline: figures(bareT),
        ratio: `${(ours.p50 / bareT.p50).toFixed(2)}× / ${(ours.p99 / bareT.p99).toFixed(2)}×`,
        budget: 'p99 ≤ 30 ms, ≤ 1.5×',
        verdict: ours.p99 <= 30 && ours.p99 <= 1.5 * bareT.p99 ? 'OK' : 'OVER',
      });
    }
  } finally {
    await app.close();
    await bare.close();
    await b.cleanup();
  }
  return rows;
}

export async function benchPurchaseTasks() {
  const only = process.env.BENCH_ONLY;
  const rows: FigureRow[] = only === 'postgres' ? [] : await benchOne('sqlite');
  if (only === 'sqlite') console.log('  (BENCH_ONLY=sqlite: PostgreSQL skipped)');
  else if (process.env.BENCH_DATABASE_URL) rows.push(...(await benchOne('postgres')));
  else console.log('  (BENCH_DATABASE_URL not set: PostgreSQL skipped)');
  printTable(
    `[purchase-tasks] ${ITER} sequential requests each in ${ROUNDS} alternating rounds (after ${WARMUP} warm-up), ${TASKS.toLocaleString('en')} tasks; baseline = bare Fastify, same statements; ratio = ours / bare at p50 / p99`,
    rows,
  );
  console.log(
    `  load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.cpus().length} CPUs)`,
  );
}
