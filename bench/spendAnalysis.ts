/**
 * Bench: 费用分析 (GET /finobill/api/web/billAnalysis/spend) of a whole year for 1,000 departments × 200 fee
 * types (issue 22: "Analysis of a year for 1,000 departments × 200 fee types: ≤ 300 ms and ≤ 1.5× the raw
 * aggregate query"), on SQLite and — when BENCH_DATABASE_URL is set — PostgreSQL.
 *
 * The data: BENCH_SPEND_LINES (default 400,000) fee lines on documents of one tenant, every (department, fee
 * type) pair twice, fee dates spread over 2026, nine in ten documents approved (half of those paid), one in ten
 * approving, plus rejected and draft documents the analysis must skip.
 *
 * "ours" is the real app (buildApp, auth hook, permission, zod, the service, the envelope, JSON) on loopback,
 * one request at a time until the body is read, by department (1,000 groups) and by fee type (200 groups).
 * The baseline replays the very statements one such request ran (heard through the handle's query log) on a
 * direct connection (better-sqlite3 prepared statements, or one pg client), timed per call.
 * BENCH_ITER (default 30) requests after 3 warm-up requests; BENCH_ONLY=sqlite or postgres runs one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { LogEvent } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase, type DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { printTable, summarize, type FigureRow } from './org-seed.js';

const LINES = Number(process.env.BENCH_SPEND_LINES ?? 400_000);
const ITER = Number(process.env.BENCH_ITER ?? 30);
const WARMUP = 3;
const DEPTS = 1000;
const FEE_TYPES = 200;
const LINES_PER_BILL = 4;
const DAY = 86_400_000;
const YEAR_START = Date.parse('2026-01-01T00:00:00+08:00');

interface Statement {
  sql: string;
  params: unknown[];
}

const BILL_COLS = [
  'tenant_id',
  'bill_type',
  'bill_number',
  'title',
  'submitter_id',
  'submitter_name',
  'department_id',
  'dept_name',
  'company_id',
  'org_name',
  'amount',
  'status',
  'pay_status',
  'create_type',
  'remark',
  'form_values',
  'flow_name',
  'current_node_name',
  'current_approvers',
  'created_at',
  'updated_at',
];
const FEE_COLS = ['tenant_id', 'bill_id', 'fee_type', 'amount', 'fee_date', 'remark', 'sort_order'];

/** Document b: its department, status and four lines of four fee types on one day of 2026. */
function bill(b: number, tenantId: number, staffId: number, companyId: number) {
  const dept = b % DEPTS;
  // by round, so every department keeps documents of every state
  const round = Math.floor(b / DEPTS) + dept;
  const status =
    round % 50 === 0 ? 'rejected' : round % 51 === 0 ? 'draft' : round % 10 === 3 ? 'approving' : 'approved';
  const day = YEAR_START + ((b * 7) % 365) * DAY;
  const lines = Array.from({ length: LINES_PER_BILL }, (_, k) => ({
    feeType: `fee${(Math.floor(b / DEPTS) * LINES_PER_BILL + k) % FEE_TYPES}`,
    amount: 1000 + ((b * 131 + k * 17) % 500_000),
    day,
  }));
  const amount = lines.reduce((s, l) => s + l.amount, 0);
  const row = [
    tenantId,
    'expense',
    `BX${String(b).padStart(10, '0')}`,
    `费用${b}`,
    staffId,
    '基准员工',
    dept + 1,
    `部门${dept}`,
    companyId,
    '基准公司',
    amount,
    status,
    status === 'approved' && b % 2 === 0 ? 'paid' : 'unpaid',
    1,
    '',
    '{}',
    '',
    '',
    '[]',
    day,
    day,
  ];
  return { row, lines };
}

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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-bench-spend-'));
    sqliteFile = path.join(dir, 'bench.db');
    handle = openDatabase({ sqliteFile, log });
    await migrateToLatest(handle.db);
    rawSqlite = new SqliteDatabase(sqliteFile);
    cleanup = async () => {
      rawSqlite!.close();
      await handle.destroy();
      if (process.env.BENCH_KEEP_DB) console.log(`  (BENCH_KEEP_DB: the database stays at ${sqliteFile})`);
      else fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const schema = `bench_spend_${process.pid}`;
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
  const tenant = await makeTenant(handle.db, '费用分析基准集团');
  const staff = await makeStaff(handle.db, tenant.tenantId, ['billAnalysis:view']);
  const bills = Math.ceil(LINES / LINES_PER_BILL);
  const t0 = performance.now();
  if (rawSqlite) {
    const insertBill = rawSqlite.prepare(
      `insert into bills (${BILL_COLS.join(',')}) values (${BILL_COLS.map(() => '?').join(',')})`,
    );
    const insertFee = rawSqlite.prepare(
      `insert into bill_fees (${FEE_COLS.join(',')}) values (${FEE_COLS.map(() => '?').join(',')})`,
    );
    const chunk = rawSqlite.transaction((from: number, to: number) => {
      for (let b = from; b < to; b++) {
        const d = bill(b, tenant.tenantId, staff.staffId, tenant.companyId);
        const id = Number(insertBill.run(...d.row).lastInsertRowid);
        d.lines.forEach((l, k) => insertFee.run(tenant.tenantId, id, l.feeType, l.amount, l.day, '', k));
      }
    });
    for (let b = 0; b < bills; b += 10_000) chunk(b, Math.min(bills, b + 10_000));
    rawSqlite.exec('analyze');
    await handle.destroy();
    handle = openDatabase({ sqliteFile: sqliteFile!, log });
  } else {
    for (let b = 0; b < bills; b += 1_000) {
      const docs = [];
      for (let j = b; j < Math.min(bills, b + 1_000); j++)
        docs.push(bill(j, tenant.tenantId, staff.staffId, tenant.companyId));
      const values = docs
        .map((_, k) => `(${BILL_COLS.map((__, c) => `$${k * BILL_COLS.length + c + 1}`).join(',')})`)
        .join(',');
      const ids = await rawPg!.query<{ id: string }>(
        `insert into bills (${BILL_COLS.join(',')}) values ${values} returning id`,
        docs.flatMap((d) => d.row),
      );
      const fees = docs.flatMap((d, k) =>
        d.lines.map((l, s) => [tenant.tenantId, Number(ids.rows[k]!.id), l.feeType, l.amount, l.day, '', s]),
      );
      const feeValues = fees
        .map((_, k) => `(${FEE_COLS.map((__, c) => `$${k * FEE_COLS.length + c + 1}`).join(',')})`)
        .join(',');
      await rawPg!.query(`insert into bill_fees (${FEE_COLS.join(',')}) values ${feeValues}`, fees.flat());
    }
    await rawPg!.query('vacuum analyze bills');
    await rawPg!.query('vacuum analyze bill_fees');
  }
  const seeded = (performance.now() - t0) / 1000;
  return { handle, db: handle.db, capture, rawSqlite, rawPg, cleanup, tenant, staff, seeded, bills };
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

async function timeRaw(b: Awaited<ReturnType<typeof setUp>>, stmts: Statement[]) {
  const prepared = b.rawSqlite
    ? stmts.map((s) => ({ stmt: b.rawSqlite!.prepare(s.sql), params: s.params }))
    : undefined;
  const once = async () => {
    let rows = 0;
    if (prepared) for (const p of prepared) rows += p.stmt.all(...(p.params as never[])).length;
    else for (const s of stmts) rows += (await b.rawPg!.query(s.sql, s.params)).rowCount ?? 0;
    return rows;
  };
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

const figures = (p: { p50: number; p99: number }) => `p50 ${p.p50.toFixed(1)} / p99 ${p.p99.toFixed(1)} ms`;
const ratios = (a: { p50: number; p99: number }, b: { p50: number; p99: number }) =>
  `${(a.p50 / b.p50).toFixed(2)}× / ${(a.p99 / b.p99).toFixed(2)}×`;

async function benchOne(kind: 'sqlite' | 'postgres'): Promise<FigureRow[]> {
  const b = await setUp(kind);
  console.log(
    `\n[spend-analysis] ${kind}: seeded ${b.bills.toLocaleString('en')} documents, ${(b.bills * LINES_PER_BILL).toLocaleString('en')} fee lines in ${b.seeded.toFixed(1)} s`,
  );
  const app = await buildApp({
    config: testConfig({ jobWorker: false }),
    db: b.db,
    dialect: b.handle.dialect,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const rows: FigureRow[] = [];
  try {
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    for (const [groupBy, groups] of [
      ['department', DEPTS],
      ['feeType', FEE_TYPES],
    ] as const) {
      const url = `${origin}/finobill/api/web/billAnalysis/spend?startDate=2026-01-01&endDate=2026-12-31&groupBy=${groupBy}`;
      const ours = await timeHttp(url, b.staff.token);
      if (ours.data.groups.length !== groups || ours.data.months.length !== 12)
        throw new Error(
          `spend by ${groupBy}: ${ours.data.groups.length} groups, ${ours.data.months.length} months`,
        );
      b.capture.statements = [];
      b.capture.on = true;
      await fetch(url, { headers: { 'x-session-token': b.staff.token } });
      b.capture.on = false;
      const stmts = b.capture.statements.filter((s) => /bill_fees/.test(s.sql));
      const base = await timeRaw(b, stmts);
      console.log(
        `  by ${groupBy}: ${ours.data.groups.length} groups, total approved ¥${(ours.data.total.approved / 100).toFixed(2)} over ${ours.data.total.lines} lines; baseline ${stmts.length} statements, ${base.rows} rows`,
      );
      rows.push({
        operation: `spend ${kind} a year by ${groupBy} (${groups} groups)`,
        ours: figures(ours),
        baseline: figures(base),
        ratio: ratios(ours, base),
        budget: 'p99 ≤ 300 ms, ≤ 1.5×',
        verdict: ours.p99 <= 300 && ours.p99 <= 1.5 * base.p99 ? 'OK' : 'OVER',
      });
    }
  } finally {
    await app.close();
    await b.cleanup();
  }
  return rows;
}

export async function benchSpendAnalysis() {
  const only = process.env.BENCH_ONLY;
  const rows: FigureRow[] = only === 'postgres' ? [] : await benchOne('sqlite');
  if (only === 'sqlite') console.log('  (BENCH_ONLY=sqlite: PostgreSQL skipped)');
  else if (process.env.BENCH_DATABASE_URL) rows.push(...(await benchOne('postgres')));
  else console.log('  (BENCH_DATABASE_URL not set: PostgreSQL skipped)');
  printTable(
    `[spend-analysis] ${ITER} sequential requests (after ${WARMUP} warm-up); ratio = ours / baseline at p50 / p99`,
    rows,
  );
  console.log(
    `  load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.cpus().length} CPUs)`,
  );
}
