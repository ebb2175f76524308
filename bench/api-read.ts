/**
 * Bench: an authenticated GET that reads one row — our full stack (request id, headers, auth hook
 * resolving the session, permission check, input checks, the service, the compiled reply serializer)
 * against a bare Fastify route that calls the very same service function (same statement, same reply
 * object), so the difference is the platform's fixed cost alone. Both servers run in this process on
 * loopback; autocannon drives them from a child process (bench/api-read-client.ts), so this process's
 * CPU time per request is the server's own — a steadier figure than req/s on a shared machine.
 * Target (issue 18): ours ≥ 0.85 × bare req/s.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import type { AuthDeps } from '../apps/server/src/modules/auth/auth.context.js';
import { getPersonInfo } from '../apps/server/src/modules/auth/person.service.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { ok } from '../apps/server/src/platform/envelope.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { createSession } from '../apps/server/src/platform/sessions.js';
import { seedDemoTenant, DEMO } from '../apps/server/src/seed/demo.js';

const AMOUNT = Number(process.env.BENCH_REQUESTS ?? 20000);
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUTE = '/auth-center/api/v1/users/person/info';
/** bench/api-read-client.ts warms up with this many requests before the measured run. */
const WARMUP = 2000;
const TARGET = 0.85;

interface Measured {
  rps: number;
  p99: number;
  /** This process's CPU time (user + system) per request served, warm-up included. */
  cpuUs: number;
}

const run = promisify(execFile);
const client = path.join(import.meta.dirname, 'api-read-client.ts');

async function load(url: string, headers: Record<string, string>): Promise<Measured> {
  const cpu0 = process.cpuUsage();
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', client, url, String(AMOUNT), String(CONNECTIONS), JSON.stringify(headers)],
    { maxBuffer: 1 << 20 },
  );
  const cpu = process.cpuUsage(cpu0);
  const r = JSON.parse(stdout.trim().split('\n').pop()!) as { rps: number; p99: number };
  return { ...r, cpuUs: (cpu.user + cpu.system) / (AMOUNT + WARMUP) };
}

const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchApiRead() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-bench-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
  try {
    await migrateToLatest(handle.db);
    await handle.db.transaction().execute((trx) => seedDemoTenant(trx));
    const user = await handle.db
      .selectFrom('users')
      .innerJoin('staff', 'staff.user_id', 'users.id')
      .select(['users.id as userId', 'staff.id as staffId', 'staff.tenant_id as tenantId'])
      .where('users.phone', '=', DEMO.staff)
      .executeTakeFirstOrThrow();
    const { token } = await createSession(handle.db, user, 3600_000);

    const ours = await buildApp({
      config: testConfig({
        jobWorker: false,
        ...(process.env.BENCH_LOG ? { logLevel: process.env.BENCH_LOG } : {}),
      }),
      db: handle.db,
      dialect: handle.dialect,
      ...(process.env.BENCH_LOG ? { logStream: fs.createWriteStream('/dev/null') } : {}),
    });
    await ours.listen({ host: '127.0.0.1', port: 0 });
    const oursUrl = `http://127.0.0.1:${(ours.server.address() as { port: number }).port}${ROUTE}`;

    // The bare baseline: same database handle, the route's own service (getPersonInfo reads only the
    // database) for the same person, the same envelope; no hooks, no session, no reply schema.
    const bare = Fastify({ logger: false });
    const caller = { sessionId: 0, ...user, perms: [] };
    const d = { db: handle.db } as AuthDeps;
    bare.get(ROUTE, async () => ok(await getPersonInfo(d, caller)));
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}${ROUTE}`;

    // Both answer the same body.
    const [a, b] = await Promise.all([
      fetch(oursUrl, { headers: { 'x-session-token': token } }).then((r) => r.json()),
      fetch(bareUrl).then((r) => r.json()),
    ]);
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`bodies differ: ${JSON.stringify([a, b])}`);

    // Alternate the two, ROUNDS times each; the ratio is the median of each round pair's ratio (a pair
    // runs a few seconds apart, so both meet much the same load from the machine's other work).
    const bareRuns: Measured[] = [];
    const oursRuns: Measured[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      bareRuns.push(await load(bareUrl, {}));
      oursRuns.push(await load(oursUrl, { 'x-session-token': token }));
    }
    await ours.close();
    await bare.close();

    const rpsRatio = middle(oursRuns.map((o, i) => o.rps / bareRuns[i].rps));
    const cpuRatio = middle(oursRuns.map((o, i) => bareRuns[i].cpuUs / o.cpuUs));
    const line = (runs: Measured[]) =>
      `${middle(runs.map((r) => r.rps))
        .toFixed(0)
        .padStart(7)} req/s   p99 ${middle(runs.map((r) => r.p99))} ms   ` +
      `${middle(runs.map((r) => r.cpuUs))
        .toFixed(1)
        .padStart(6)} µs CPU/req   (req/s by round: ${runs.map((r) => Math.round(r.rps)).join(', ')})`;
    console.log(
      `\n[api-read] authenticated GET ${ROUTE}, ${AMOUNT} requests, ${CONNECTIONS} connections, SQLite, ${ROUNDS} alternating rounds (medians)` +
        (process.env.BENCH_LOG ? `, our log level ${process.env.BENCH_LOG}` : ''),
    );
    console.log(`  bare fastify + same service : ${line(bareRuns)}`);
    console.log(`  feikong full stack          : ${line(oursRuns)}`);
    console.log(
      `  ratio ours/bare             : ${rpsRatio.toFixed(2)} req/s, ${cpuRatio.toFixed(2)} by CPU per request   ` +
        `(target ≥ ${TARGET.toFixed(2)}) ${rpsRatio >= TARGET ? 'OK' : 'BELOW TARGET'}`,
    );
    console.log(
      `  load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} CPUs)`,
    );
    return { bare: bareRuns, ours: oursRuns, ratio: rpsRatio, cpuRatio };
  } finally {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
