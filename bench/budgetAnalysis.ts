/**
 * Bench: 预算分析 (GET /finobill/api/web/budget/analysis) of a year for 1,000 departments × 200 fee types
 * (issue 22: "Analysis of a year for 1,000 departments × 200 fee types: ≤ 300 ms and ≤ 1.5× the raw aggregate
 * query"), on SQLite and — when BENCH_DATABASE_URL is set — PostgreSQL.
 *
 * The data: one tenant, one monthly budget of 2026: root → 1,000 departments → 200 fee types each (201,001
 * nodes), a balance row per node and month (2,412,012 rows); the leaves' budget, occupied and used spread by
 * their ids (about one leaf-month in six over budget), departments and the root the exact sums of their children
 * — what the ledger keeps (decision 0052).
 *
 * "ours" is the real app (buildApp, auth hook, permission, zod, the service, the envelope, JSON) on loopback, one
 * request at a time until the body is read: the budget (totals, 1,000 department rows, 12 months, the ten largest
 * overruns), one department (200 fee-type rows) and the year (the budget as one row). The baseline replays the
 * very statements one such request ran (heard through the handle's query log) on a direct connection
 * (better-sqlite3 prepared statements, or one pg client). For scale, the naive aggregate — Σ per node over every
 * balance row of the budget, what a screen without the rolled-up parents would have to run — is timed too.
 * BENCH_ITER (default 30) requests after 3 warm-up; BENCH_ONLY=sqlite or postgres runs one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase, type DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { printTable, summarize, type FigureRow } from './org-seed.js';

const ITER = Number(process.env.BENCH_ITER ?? 30);
const WARMUP = 3;
/** The naive aggregate reads every row: a few runs show its scale. */
const NAIVE_ITER = 5;
const DEPTS = 1000;
const FEE_TYPES = 200;
const YEAR = 2026;
const ROOT = 1;
const deptId = (d: number) => 2 + d;
const feeId = (d: number, k: number) => 2 + DEPTS + d * FEE_TYPES + k;
const MONTHS = Array.from({ length: 12 }, (_, i) => `${YEAR}-${String(i + 1).padStart(2, '0')}`);

interface Statement {
  sql: string;
  params: unknown[];
}

async function seed(handle: DbHandle, tenantId: number, staffId: number) {
  const db = handle.db;
  const now = Date.now();
  const b = await db
    .insertInto('budgets')
    .values({
      tenant_id: tenantId,
      name: `${YEAR}年部门费用预算`,
      year: YEAR,
      period_type: 'month',
      budget_mode: 2,
      fee_dimension: 1,
      control: 1,
      overrun_pct: 0,
      cumulative: 0,
      status: 1,
      remark: '',
      draft: null,
      current_version: 1,
      enabled: 1,
      created_by: staffId,
      created_at: now,
      updated_by: staffId,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const budgetId = Number(b.id);
  const node = (
    id: number,
    parent: number | null,
    dimension: string,
    value: string,
    label: string,
    sort: number,
  ) => ({
    id,
    tenant_id: tenantId,
    budget_id: budgetId,
    parent_id: parent,
    dimension,
    value,
    label,
    sort_order: sort,
    removed: 0,
  });
  const nodes = [node(ROOT, null, 'root', '', '', 0)];
  for (let d = 0; d < DEPTS; d++) {
    nodes.push(node(deptId(d), ROOT, 'department', String(d + 1), `部门${d}`, d));
    for (let k = 0; k < FEE_TYPES; k++)
      nodes.push(node(feeId(d, k), deptId(d), 'fee_type', `fee${k}`, `费用${k}`, k));
  }
  for (let i = 0; i < nodes.length; i += 1000)
    await db
      .insertInto('budget_nodes')
      .values(nodes.slice(i, i + 1000))
      .execute();
  // The leaves: a row per month, figures spread by (node, month); about one in six over budget.
  const months = sql.join(
    MONTHS.map((m) => sql`select ${sql.lit(m)} as period`),
    sql` union all `,
  );
  await sql`insert into budget_balances (tenant_id, budget_id, node_id, period, budget, occupied, used)
    select n.tenant_id, n.budget_id, n.id, p.period,
      50000 + (n.id * 7919) % 50000,
      (n.id * 104729) % 40000 + ((n.id + cast(substr(p.period, 6, 2) as integer)) % 6) * 8000,
      (n.id * 1299709) % 30000 + cast(substr(p.period, 6, 2) as integer) * 1000
    from budget_nodes n cross join (${months}) p
    where n.tenant_id = ${tenantId} and n.budget_id = ${budgetId} and n.dimension = 'fee_type'`.execute(db);
  // Departments and the root: the exact sums of their children, as the ledger keeps them.
  for (const dimension of ['department', 'root']) {
    await sql`insert into budget_balances (tenant_id, budget_id, node_id, period, budget, occupied, used)
      select c.tenant_id, c.budget_id, n.id, c.period, sum(c.budget), sum(c.occupied), sum(c.used)
      from budget_nodes n join budget_nodes k on k.parent_id = n.id
        join budget_balances c on c.node_id = k.id
      where n.tenant_id = ${tenantId} and n.budget_id = ${budgetId} and n.dimension = ${dimension}
      group by c.tenant_id, c.budget_id, n.id, c.period`.execute(db);
  }
  return budgetId;
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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-bench-budget-'));
    sqliteFile = path.join(dir, 'bench.db');
    handle = openDatabase({ sqliteFile, log });
    await migrateToLatest(handle.db);
    cleanup = async () => {
      rawSqlite?.close();
      await handle.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const schema = `bench_budget_${process.pid}`;
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
  const tenant = await makeTenant(handle.db, '预算分析基准集团');
  const staff = await makeStaff(handle.db, tenant.tenantId, ['budgetList:view']);
  const t0 = performance.now();
  const budgetId = await seed(handle, tenant.tenantId, staff.staffId);
  if (kind === 'sqlite') {
    await sql`analyze`.execute(handle.db);
    rawSqlite = new SqliteDatabase(sqliteFile!);
  } else {
    await rawPg!.query('vacuum analyze budget_nodes');
    await rawPg!.query('vacuum analyze budget_balances');
  }
  const seeded = (performance.now() - t0) / 1000;
  return { handle, db: handle.db, capture, rawSqlite, rawPg, cleanup, tenant, staff, seeded, budgetId };
}
type Bed = Awaited<ReturnType<typeof setUp>>;

async function timeHttp(url: string, token: string) {
  const get = async () => {
    const t0 = performance.now();
    // A kept-alive socket the server closed while a raw statement held the loop is retried once.
    const res = await fetch(url, { headers: { 'x-session-token': token } }).catch(() =>
      fetch(url, { headers: { 'x-session-token': token } }),
    );
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
  return { ...summarize(samples), data: JSON.parse(last).data, bytes: last.length };
}

async function timeRaw(b: Bed, stmts: Statement[], iter = ITER) {
  const prepared = b.rawSqlite
    ? stmts.map((s) => ({ stmt: b.rawSqlite!.prepare(s.sql), params: s.params }))
    : undefined;
  const once = async () => {
    let rows = 0;
    if (prepared)
      for (const p of prepared)
        rows += p.stmt.reader
          ? p.stmt.all(...(p.params as never[])).length
          : (p.stmt.run(...(p.params as never[])), 0);
    else for (const s of stmts) rows += (await b.rawPg!.query(s.sql, s.params)).rowCount ?? 0;
    return rows;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < iter; i++) {
    const t0 = performance.now();
    rows = await once();
    samples.push(performance.now() - t0);
  }
  return { ...summarize(samples), rows };
}

/** Each statement's time and (SQLite) plan, once: BENCH_EXPLAIN=1. */
async function explain(b: Bed, stmts: Statement[]) {
  for (const s of stmts) {
    const t0 = performance.now();
    if (b.rawSqlite) b.rawSqlite.prepare(s.sql).all(...(s.params as never[]));
    else await b.rawPg!.query(s.sql, s.params);
    const ms = performance.now() - t0;
    const plan = b.rawSqlite
      ? b.rawSqlite
          .prepare(`explain query plan ${s.sql}`)
          .all(...(s.params as never[]))
          .map((r) => (r as { detail: string }).detail)
          .join(' | ')
      : '';
    console.log(`    ${ms.toFixed(1)} ms  ${s.sql.slice(0, 140)}\n      ${plan}`);
  }
}

const figures = (p: { p50: number; p99: number }) => `p50 ${p.p50.toFixed(1)} / p99 ${p.p99.toFixed(1)} ms`;
const ratios = (a: { p50: number; p99: number }, b: { p50: number; p99: number }) =>
  `${(a.p50 / b.p50).toFixed(2)}× / ${(a.p99 / b.p99).toFixed(2)}×`;

async function benchOne(kind: 'sqlite' | 'postgres'): Promise<FigureRow[]> {
  const b = await setUp(kind);
  console.log(
    `\n[budget-analysis] ${kind}: seeded ${(1 + DEPTS + DEPTS * FEE_TYPES).toLocaleString('en')} nodes, ${((1 + DEPTS + DEPTS * FEE_TYPES) * 12).toLocaleString('en')} balance rows in ${b.seeded.toFixed(1)} s`,
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
    const base = `${origin}/finobill/api/web/budget/analysis`;
    const cases = [
      { name: 'the budget (1,000 department rows)', url: `${base}?budget_id=${b.budgetId}`, rows: DEPTS },
      {
        name: 'a department (200 fee-type rows)',
        url: `${base}?budget_id=${b.budgetId}&node_id=${deptId(500)}`,
        rows: FEE_TYPES,
      },
      { name: 'the year (all budgets)', url: `${base}?year=${YEAR}`, rows: 1 },
    ];
    // The floor: what any request of this app costs here (session, permission, envelope) — the documents behind
    // a leaf's figure (none: the bench writes no ledger rows).
    const floor = await timeHttp(`${base}Lines?node_id=${feeId(0, 0)}`, b.staff.token);
    console.log(`  the floor (GET budget/analysisLines of a leaf, no documents): ${figures(floor)}`);
    rows.push({
      operation: `budget ${kind}: the floor — analysisLines of a leaf (no documents)`,
      ours: figures(floor),
      baseline: '—',
      ratio: '—',
      budget: '',
      verdict: '',
    });
    let naiveDone = false;
    for (const c of cases) {
      const ours = await timeHttp(c.url, b.staff.token);
      if (ours.data.nodes.length !== c.rows || ours.data.trend.length !== 12)
        throw new Error(`${c.name}: ${ours.data.nodes.length} rows, ${ours.data.trend.length} periods`);
      b.capture.statements = [];
      b.capture.on = true;
      await fetch(c.url, { headers: { 'x-session-token': b.staff.token, connection: 'close' } });
      b.capture.on = false;
      const stmts = b.capture.statements;
      const raw = await timeRaw(b, stmts);
      if (process.env.BENCH_EXPLAIN) await explain(b, stmts);
      const t = ours.data.total;
      console.log(
        `  ${c.name}: budget ¥${(t.budget / 100).toFixed(2)}, occupied ¥${(t.occupied / 100).toFixed(2)}, used ¥${(t.used / 100).toFixed(2)}, ${ours.data.overruns.length} overruns shown, ${ours.bytes.toLocaleString('en')} bytes; baseline ${stmts.length} statements, ${raw.rows} rows`,
      );
      console.log(`    ours ${figures(ours)}; raw ${figures(raw)}`);
      rows.push({
        operation: `budget ${kind}: ${c.name}`,
        ours: figures(ours),
        baseline: figures(raw),
        ratio: ratios(ours, raw),
        budget: 'p99 ≤ 300 ms, ≤ 1.5×',
        verdict: ours.p99 <= 300 && ours.p99 <= 1.5 * raw.p99 ? 'OK' : 'OVER',
      });
      if (!naiveDone) {
        naiveDone = true;
        // For scale: Σ per node over every balance row of the budget (no rolled-up parents to lean on).
        const naive = await timeRaw(
          b,
          [
            {
              sql: `select node_id, sum(budget), sum(occupied), sum(used) from budget_balances where tenant_id = ${b.rawPg ? '$1' : '?'} and budget_id = ${b.rawPg ? '$2' : '?'} group by node_id`,
              params: [b.tenant.tenantId, b.budgetId],
            },
          ],
          NAIVE_ITER,
        );
        rows.push({
          operation: `budget ${kind}: naive Σ per node of every row (for scale)`,
          ours: '—',
          baseline: figures(naive),
          ratio: '—',
          budget: '',
          verdict: '',
        });
      }
    }
  } finally {
    await app.close();
    await b.cleanup();
  }
  return rows;
}

export async function benchBudgetAnalysis() {
  const only = process.env.BENCH_ONLY;
  const rows: FigureRow[] = only === 'postgres' ? [] : await benchOne('sqlite');
  if (only === 'sqlite') console.log('  (BENCH_ONLY=sqlite: PostgreSQL skipped)');
  else if (process.env.BENCH_DATABASE_URL) rows.push(...(await benchOne('postgres')));
  else console.log('  (BENCH_DATABASE_URL not set: PostgreSQL skipped)');
  printTable(
    `[budget-analysis] ${ITER} sequential requests (after ${WARMUP} warm-up); ratio = ours / baseline at p50 / p99`,
    rows,
  );
  console.log(
    `  load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.cpus().length} CPUs)`,
  );
}
