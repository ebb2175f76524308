/**
 * Bench: the organisation tree and the staff page of a large tenant (issue "Organisation structure,
 * background import/export tasks"): 10 companies, 5,000 departments, 100,000 staff, SQLite.
 *
 * "ours" is the real app (buildApp, auth hook, permission check, zod, envelope, JSON) on loopback,
 * timed per request, one request at a time, until the whole body is read. The baseline replays the
 * very SELECTs the route's service runs (recorded once through a logging Kysely) on a second
 * better-sqlite3 connection, statements prepared once and timed per call: the database's share.
 *
 * departments:list is answered from a copy serialised once per tree revision of the tenant
 * (org.treeCache.ts), so it is also measured right after a write to a department, when the
 * tree is read and built again: the baseline of both rows is the SELECTs that build it.
 *
 * Budgets: tree list p99 ≤ 50 ms; staff page (plain and with a keyword) p99 ≤ 30 ms.
 * BENCH_ITER (default 400) requests per operation after 40 warm-up requests. On a busy machine
 * wall times follow its load; the cpu figure (CPU ms per request of this process, server and
 * client) follows the code.
 */
import os from 'node:os';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import * as orgSvc from '../apps/server/src/modules/org/units/org.service.js';
import * as staffSvc from '../apps/server/src/modules/org/staff/staff.service.js';
import { createOrgBench, phoneOf, summarize, printTable, type FigureRow } from './org-seed.js';

const ITER = Number(process.env.BENCH_ITER ?? 400);
const WARMUP = 40;
const BASE = '/org-arch-center/api/v1';

let resets = 0;

/** `before` runs ahead of each request, outside its timing (e.g. a write that makes a cached copy stale). */
async function timeHttp(url: string, token: string, n: number, before?: () => void) {
  const get = async (): Promise<{ ms: number; bytes: number; body: ArrayBuffer }> => {
    const t0 = performance.now();
    let res: Response;
    try {
      res = await fetch(url, { headers: { 'x-session-token': token } });
    } catch (err) {
      // A reused keep-alive socket the server has just closed: count it and ask again.
      resets++;
      if (resets > 5) throw err;
      return get();
    }
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${Buffer.from(body).toString()}`);
    return { ms, bytes: body.byteLength, body };
  };
  for (let i = 0; i < WARMUP; i++) {
    before?.();
    await get();
  }
  const samples: number[] = [];
  let last: Awaited<ReturnType<typeof get>> | undefined;
  let cpuUs = 0;
  for (let i = 0; i < n; i++) {
    before?.();
    const cpu0 = process.cpuUsage();
    last = await get();
    const cpu = process.cpuUsage(cpu0);
    cpuUs += cpu.user + cpu.system;
    samples.push(last.ms);
  }
  const json = JSON.parse(Buffer.from(last!.body).toString('utf8'));
  if (json.status !== 0) throw new Error(`${url}: ${JSON.stringify(json).slice(0, 300)}`);
  // CPU per request of this process (server and client both): steadier than wall time on a busy machine.
  const cpuMs = cpuUs / 1000 / n;
  return { ...summarize(samples), cpuMs, bytes: last!.bytes, data: json.data };
}

function timeRaw(
  bench: Awaited<ReturnType<typeof createOrgBench>>,
  stmts: { sql: string; params: unknown[] }[],
  n: number,
) {
  const prepared = stmts.map((s) => ({ stmt: bench.raw.prepare(s.sql), params: s.params }));
  const once = () => {
    let rows = 0;
    for (const p of prepared) rows += p.stmt.all(...(p.params as never[])).length;
    return rows;
  };
  for (let i = 0; i < WARMUP; i++) once();
  const samples: number[] = [];
  let rows = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    rows = once();
    samples.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  return { ...summarize(samples), cpuMs: (cpu.user + cpu.system) / 1000 / n, rows, statements: stmts.length };
}

const fmt = (s: { p50: number; p99: number; cpuMs: number }) =>
  `p50 ${s.p50.toFixed(1)} / p99 ${s.p99.toFixed(1)} ms (cpu ${s.cpuMs.toFixed(1)})`;

export async function benchOrgTree() {
  const t0 = performance.now();
  const bench = await createOrgBench({ companies: 10, departments: 5000, staff: 100_000 });
  console.log(
    `\n[org-tree] seeded 10 companies, ${bench.depts.length} departments, 100,000 staff in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const app = await buildApp({ config: testConfig(), db: bench.handle.db, dialect: bench.handle.dialect });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const namePrefix = '王';
    const phonePrefix = phoneOf(4242).slice(0, 4);
    // A write to the tenant's departments, through another connection: the next departments:list
    // finds its cached copy stale and builds the tree again.
    const touch = bench.raw.prepare('update departments set updated_at = updated_at + 1 where id = ?');
    const touchDept = () => touch.run(bench.depts[0].id);
    const ops: {
      label: string;
      path: string;
      budget: number;
      run: (db: Parameters<Parameters<typeof bench.capture>[0]>[0]) => Promise<unknown>;
      check: (data: any) => string;
      before?: () => void;
    }[] = [
      {
        label: 'departments:list (whole tree)',
        path: 'departments:list',
        budget: 50,
        run: (db) => orgSvc.deptTree(db, bench.caller, {}),
        check: (data) => {
          let n = 0;
          const walk = (ns: any[]) => ns.forEach((x) => (n++, walk(x.children)));
          walk(data);
          return `${n} nodes`;
        },
      },
      {
        label: 'departments:list after a write',
        path: 'departments:list',
        budget: 50,
        run: (db) => orgSvc.deptTree(db, bench.caller, {}),
        check: (data) => `${data[0].children.length} companies, rebuilt each time`,
        before: touchDept,
      },
      {
        label: 'organizations:list',
        path: 'organizations:list',
        budget: 50,
        run: (db) => orgSvc.orgTree(db, bench.caller, {}),
        check: (data) => `${data[0].children.length + 1} nodes`,
      },
      {
        label: 'users page 1 ×20',
        path: 'users?page_num=1&page_size=20',
        budget: 30,
        run: (db) => staffSvc.listStaff(db, bench.caller, { page_num: 1, page_size: 20 }),
        check: (data) => `total ${data.page.total}`,
      },
      {
        label: `users keyword=${namePrefix} (name)`,
        path: `users?page_num=1&page_size=20&keyword=${encodeURIComponent(namePrefix)}`,
        budget: 30,
        run: (db) =>
          staffSvc.listStaff(db, bench.caller, { page_num: 1, page_size: 20, keyword: namePrefix }),
        check: (data) => `total ${data.page.total}`,
      },
      {
        label: `users keyword=${phonePrefix} (phone)`,
        path: `users?page_num=1&page_size=20&keyword=${phonePrefix}`,
        budget: 30,
        run: (db) =>
          staffSvc.listStaff(db, bench.caller, { page_num: 1, page_size: 20, keyword: phonePrefix }),
        check: (data) => `total ${data.page.total}`,
      },
    ];

    const rows: FigureRow[] = [];
    for (const op of ops) {
      const stmts = await bench.capture(op.run);
      const ours = await timeHttp(`${origin}${BASE}/${op.path}`, bench.admin.token, ITER, op.before);
      const base = timeRaw(bench, stmts, ITER);
      console.log(
        `  ${op.label}: ${op.check(ours.data)}, ${(ours.bytes / 1024).toFixed(0)} KiB; baseline ${base.statements} statement(s), ${base.rows} rows`,
      );
      rows.push({
        operation: op.label,
        ours: fmt(ours),
        baseline: fmt(base),
        ratio: `${(ours.p50 / base.p50).toFixed(1)}× / ${(ours.p99 / base.p99).toFixed(1)}×`,
        budget: `p99 ≤ ${op.budget} ms`,
        verdict: ours.p99 <= op.budget ? 'OK' : 'OVER',
      });
    }
    printTable(
      `[org-tree] ${ITER} sequential requests per operation (after ${WARMUP} warm-up), SQLite; ratio = ours / baseline at p50 / p99; cpu = mean CPU ms per request`,
      rows,
    );
    console.log(
      `  load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} CPUs)` +
        (resets ? `; ${resets} request(s) retried after a reset connection` : ''),
    );
    return rows;
  } finally {
    await app.close();
    await bench.close();
  }
}
