/**
 * Bench: GET /invoice/api/web/invoice/pageList with 1,000,000 invoices in one tenant (issue 12):
 * the organisation list, 20 rows, two filters (company userOrgId and a one-month billingDate range)
 * and a sort (amountTax desc), on SQLite and — when BENCH_DATABASE_URL is set — PostgreSQL.
 *
 * "ours" is the real app (buildApp, auth hook, permission check, zod, service, envelope, JSON) on
 * loopback, one request at a time until the body is read. The baseline replays the very statements
 * one such request ran (heard through the handle's query log: on PostgreSQL that includes the
 * session lookup, which SQLite's caller cache skips) on a direct connection (better-sqlite3 prepared
 * statements, or one pg client), timed per call. The in-process figure (app.inject, no socket) is
 * printed too: it tells the app's share from loopback HTTP's. A second row times the route's service
 * alone (Kysely building the statements, running them, mapping the rows) against its own statements run
 * directly: the data-access layer's share, without the fixed cost every request pays.
 *
 * Budget: p99 ≤ 25 ms and ≤ 1.5× the baseline's p99. BENCH_ITER (default 300) requests after 30
 * warm-up requests; BENCH_INVOICES (default 1,000,000) rows; BENCH_ONLY=sqlite or postgres runs one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { LogEvent } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import type { TenantCaller } from '../apps/server/src/platform/context.js';
import { openDatabase, type DbHandle } from '../apps/server/src/platform/db/database.js';
import { pageList } from '../apps/server/src/modules/invoice/core/invoice.query.service.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { createCompany } from '../apps/server/src/seed/demo.js';
import { printTable, summarize, type FigureRow } from './org-seed.js';

const N = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const ITER = Number(process.env.BENCH_ITER ?? 300);
const WARMUP = 30;
const DAY = 86_400_000;
const START = Date.parse('2023-01-01T00:00:00+08:00');
const KINDS = ['vat_special', 'vat_normal', 'vat_electronic', 'digital_special', 'digital_normal'];
const SOURCES = ['ocr', 'qrcode', 'hand', 'email', 'upload'];

interface Statement {
  sql: string;
  params: unknown[];
}

/** A row of invoice i: 10 companies, 1000 owners, 2000 sellers, billing dates over 3 years. */
function row(i: number, tenantId: number, orgs: number[], owners: number[], now: number) {
  const kind = KINDS[i % KINDS.length]!;
  const digital = kind.startsWith('digital');
  const number = digital ? String(24_000_000_000_000_000_000n + BigInt(i)) : String(10_000_000 + i).slice(-8);
  const code = digital ? '' : String(3_300_000_000 + Math.floor(i / 90_000_000)).padStart(12, '0');
  const amount = 1000 + ((i * 7919) % 5_000_000);
  const tax = Math.round(amount * 0.06);
  const status = i % 10 < 7 ? 1 : i % 10 < 9 ? 2 : 3;
  const total = amount + tax;
  const org = orgs[i % orgs.length]!;
  return [
    tenantId,
    org,
    owners[i % owners.length]!,
    `员工${i % owners.length}`,
    `公司${i % orgs.length}`,
    kind,
    code,
    number,
    START + ((i * 37) % 1095) * DAY,
    amount,
    tax,
    total,
    '',
    '公司' + (i % orgs.length),
    '',
    `销售方${i % 2000}有限公司`,
    '',
    SOURCES[i % SOURCES.length]!,
    2,
    status,
    status === 2 ? total : 0,
    status === 3 ? total : 0,
    '{}',
    '',
    digital ? `digital|${number}` : `${kind}|${code}|${number}`,
    owners[i % owners.length]!,
    now - (N - i) * 1000,
    now - (N - i) * 1000,
  ];
}
const COLS = [
  'tenant_id',
  'org_id',
  'owner_staff_id',
  'owner_name',
  'org_name',
  'kind',
  'code',
  'number',
  'billing_date',
  'amount',
  'tax',
  'total',
  'check_code',
  'buyer_name',
  'buyer_tax_id',
  'seller_name',
  'seller_tax_id',
  'source',
  'deal_status',
  'recent_status',
  'finishing_amount',
  'finish_amount',
  'extra',
  'remark',
  'dedupe_key',
  'created_by',
  'created_at',
  'updated_at',
];

async function setUp(kind: 'sqlite' | 'postgres') {
  let handle: DbHandle;
  let cleanup: () => Promise<void>;
  const capture = { on: false, statements: [] as Statement[] };
  const log = (e: LogEvent) => {
    if (capture.on && e.level === 'query')
      capture.statements.push({ sql: e.query.sql, params: [...e.query.parameters] });
  };
  let rawSqlite: SqliteDatabase.Database | undefined;
  let rawPg: pg.Client | undefined;
  let sqliteFile: string | undefined;
  const url = process.env.BENCH_DATABASE_URL;
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-bench-invoice-'));
    const file = path.join(dir, 'bench.db');
    sqliteFile = file;
    handle = openDatabase({ sqliteFile: file, log });
    await migrateToLatest(handle.db);
    rawSqlite = new SqliteDatabase(file);
    cleanup = async () => {
      rawSqlite!.close();
      await handle.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const schema = `bench_invoice_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    handle = openDatabase({ databaseUrl: url, pgSchema: schema, log });
    await migrateToLatest(handle.db, { schema });
    rawPg = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await rawPg.connect();
    cleanup = async () => {
      await rawPg!.end();
      await handle.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    };
  }
  const tenant = await makeTenant(handle.db, '发票基准集团');
  const orgs = [tenant.companyId];
  for (let i = 1; i < 10; i++)
    orgs.push(await createCompany(handle.db, tenant.tenantId, `基准公司${i}`, `91310000BENCH${i}00X`, i + 1));
  const staff = await makeStaff(handle.db, tenant.tenantId, ['orgInvoice:view', 'org:bill']);
  const owners = Array.from({ length: 1000 }, (_, i) => staff.staffId + i);
  const now = Date.now();
  const t0 = performance.now();
  if (rawSqlite) {
    const insert = rawSqlite.prepare(
      `insert into invoices (${COLS.join(',')}) values (${COLS.map(() => '?').join(',')})`,
    );
    const chunk = rawSqlite.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) insert.run(...row(i, tenant.tenantId, orgs, owners, now));
    });
    for (let i = 0; i < N; i += 50_000) chunk(i, Math.min(N, i + 50_000));
    rawSqlite.exec('analyze');
    // A server started on this database: connections opened after ANALYZE plan with its statistics
    // (SQLite's other connections do not reload them by themselves).
    await handle.destroy();
    handle = openDatabase({ sqliteFile: sqliteFile!, log });
  } else {
    for (let i = 0; i < N; i += 2_000) {
      const rows = [];
      for (let j = i; j < Math.min(N, i + 2_000); j++) rows.push(row(j, tenant.tenantId, orgs, owners, now));
      const params = rows.flat();
      const values = rows
        .map((r, k) => `(${r.map((_, c) => `$${k * COLS.length + c + 1}`).join(',')})`)
        .join(',');
      await rawPg!.query(`insert into invoices (${COLS.join(',')}) values ${values}`, params);
    }
    // After a bulk load, as autovacuum would: statistics and the visibility map (index-only scans).
    await rawPg!.query('vacuum analyze invoices');
  }
  const seeded = (performance.now() - t0) / 1000;
  return {
    handle,
    db: handle.db,
    capture,
    rawSqlite,
    rawPg,
    cleanup,
    tenant,
    orgs,
    staff,
    seeded,
  };
}

async function timeHttp(url: string, token: string) {
  const get = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { 'x-session-token': token } });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${body.slice(0, 300)}`);
    return { ms, body };
  };
  for (let i = 0; i < WARMUP; i++) await get();
  const samples: number[] = [];
  let last = '';
  for (let i = 0; i < ITER; i++) {
    const r = await get();
    samples.push(r.ms);
    last = r.body;
  }
  return { ...summarize(samples), data: JSON.parse(last).data };
}

async function timeInject(app: Awaited<ReturnType<typeof buildApp>>, url: string, token: string) {
  const get = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { 'x-session-token': token } });
    if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < WARMUP; i++) await get();
  const samples: number[] = [];
  for (let i = 0; i < ITER; i++) samples.push(await get());
  return summarize(samples);
}

async function timeRaw(b: Awaited<ReturnType<typeof setUp>>, stmts: Statement[]) {
  const once = async () => {
    let rows = 0;
    if (b.rawSqlite) {
      for (const p of prepared!) rows += p.stmt.all(...(p.params as never[])).length;
    } else {
      for (const s of stmts) rows += (await b.rawPg!.query(s.sql, s.params)).rowCount ?? 0;
    }
    return rows;
  };
  const prepared = b.rawSqlite?.prepare
    ? stmts.map((s) => ({ stmt: b.rawSqlite!.prepare(s.sql), params: s.params }))
    : undefined;
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < ITER; i++) {
    const t0 = performance.now();
    rows = await once();
    samples.push(performance.now() - t0);
  }
  return { ...summarize(samples), rows };
}

/** The route's service alone (no HTTP, no session, no JSON), timed per call like the raw baseline. */
async function timeService(run: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < ITER; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

const figures = (p: { p50: number; p99: number }) => `p50 ${p.p50.toFixed(2)} / p99 ${p.p99.toFixed(2)} ms`;
const ratios = (a: { p50: number; p99: number }, b: { p50: number; p99: number }) =>
  `${(a.p50 / b.p50).toFixed(2)}× / ${(a.p99 / b.p99).toFixed(2)}×`;

async function benchOne(kind: 'sqlite' | 'postgres'): Promise<FigureRow[]> {
  const b = await setUp(kind);
  console.log(
    `\n[invoice-pagelist] ${kind}: seeded ${N.toLocaleString('en')} invoices in ${b.seeded.toFixed(1)} s`,
  );
  // The job worker polls its queue on the same pool: it would share the request's statements and time
  // (a deployment can run it apart, JOB_WORKER=0).
  const app = await buildApp({
    config: testConfig({ jobWorker: false }),
    db: b.db,
    dialect: b.handle.dialect,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const org = b.orgs[3]!;
    const min = Date.parse('2024-03-01T00:00:00+08:00');
    const max = Date.parse('2024-03-31T23:59:59.999+08:00');
    const q = {
      scope: 'org' as const,
      userOrgId: org,
      billingDateMin: min,
      billingDateMax: max,
      sortField: 'amountTax' as const,
      sortOrder: 'desc' as const,
      pageNum: 1,
      pageSize: 20,
      tab: 'all' as const,
    };
    const qs = new URLSearchParams(
      Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const url = `${origin}/invoice/api/web/invoice/pageList?${qs}`;
    const ours = await timeHttp(url, b.staff.token);
    // What one request runs, once the caller is known (as in every request timed above).
    b.capture.on = true;
    await fetch(url, { headers: { 'x-session-token': b.staff.token } });
    b.capture.on = false;
    const stmts = b.capture.statements;
    const base = await timeRaw(b, stmts);
    // The same request without the socket (app.inject): tells the app's share from loopback HTTP's.
    const injected = await timeInject(app, `/invoice/api/web/invoice/pageList?${qs}`, b.staff.token);
    console.log(
      `  in-process (app.inject, no socket): p50 ${injected.p50.toFixed(2)} / p99 ${injected.p99.toFixed(2)} ms`,
    );
    const amounts = ours.data.items.map((i: { amountTax: number }) => i.amountTax);
    if (ours.data.items.length !== 20 || amounts.some((a: number, i: number) => i > 0 && a > amounts[i - 1]))
      throw new Error('pageList did not answer 20 rows sorted by amountTax desc');
    console.log(
      `  answer: ${ours.data.items.length} rows of ${ours.data.page.total} matching; baseline ${stmts.length} statements, ${base.rows} rows`,
    );
    for (const s of stmts) console.log(`    ${s.sql.slice(0, 110)}…`);
    // The data-access layer on its own: the route's service (query building, the statements, row mapping)
    // against the same statements run directly. Over HTTP the request also pays its fixed cost (socket,
    // session, validation, JSON), which the raw statements never do.
    const caller: TenantCaller = {
      sessionId: 0,
      userId: b.staff.userId,
      tenantId: b.tenant.tenantId,
      staffId: b.staff.staffId,
      perms: ['orgInvoice:view', 'org:bill'],
    };
    const query = q as Parameters<typeof pageList>[2];
    b.capture.statements = [];
    b.capture.on = true;
    await pageList(b.db, caller, query);
    b.capture.on = false;
    const serviceStmts = b.capture.statements;
    const service = await timeService(() => pageList(b.db, caller, query));
    const serviceBase = await timeRaw(b, serviceStmts);
    return [
      {
        operation: `pageList ${kind} over HTTP (org + month, amountTax desc)`,
        ours: figures(ours),
        baseline: figures(base),
        ratio: ratios(ours, base),
        budget: 'p99 ≤ 25 ms, ≤ 1.5×',
        verdict: ours.p99 <= 25 && ours.p99 <= 1.5 * base.p99 ? 'OK' : 'OVER',
      },
      {
        operation: `pageList ${kind} service alone (${serviceStmts.length} statements)`,
        ours: figures(service),
        baseline: figures(serviceBase),
        ratio: ratios(service, serviceBase),
        budget: '≤ 1.5×',
        verdict: service.p99 <= 1.5 * serviceBase.p99 ? 'OK' : 'OVER',
      },
    ];
  } finally {
    await app.close();
    await b.cleanup();
  }
}

export async function benchInvoicePageList() {
  const only = process.env.BENCH_ONLY;
  const rows: FigureRow[] = only === 'postgres' ? [] : await benchOne('sqlite');
  if (only === 'sqlite') console.log('  (BENCH_ONLY=sqlite: PostgreSQL skipped)');
  else if (process.env.BENCH_DATABASE_URL) rows.push(...(await benchOne('postgres')));
  else console.log('  (BENCH_DATABASE_URL not set: PostgreSQL skipped)');
  printTable(
    `[invoice-pagelist] ${ITER} sequential requests (after ${WARMUP} warm-up); ratio = ours / baseline at p50 / p99`,
    rows,
  );
  console.log(
    `  load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.cpus().length} CPUs)`,
  );
}
