/**
 * Bench: an authenticated GET that reads one row — our full stack (auth hook resolving the session,
 * permission check, zod validation, envelope) against a bare Fastify route that runs the same
 * row query, both in this process on loopback, driven by autocannon for a fixed request count.
 * Target (issue 2): ours ≥ 0.7 × bare req/s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { createSession } from '../apps/server/src/platform/sessions.js';
import { seedDemoTenant, DEMO } from '../apps/server/src/seed/demo.js';

const AMOUNT = Number(process.env.BENCH_REQUESTS ?? 20000);
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUTE = '/auth-center/api/v1/users/person/info';

interface Measured {
  rps: number;
  p99: number;
}

/** The round with the median req/s (its own p99 beside it). */
function median(runs: Measured[]): Measured & { all: number[] } {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return { ...sorted[Math.floor(sorted.length / 2)], all: runs.map((r) => Math.round(r.rps)) };
}

async function run(url: string, headers: Record<string, string>): Promise<Measured> {
  // Warm-up, then the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, amount: 2000 });
  // Requests over the time to the last response: autocannon's per-second average, and even its
  // end of run, fall on its 1-second ticks, too coarse for a run of a few seconds.
  const started = performance.now();
  let lastResponse = started;
  // The returned tracker is both a promise of the result and an event emitter.
  const run = autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    amount: AMOUNT,
  }) as unknown as Promise<autocannon.Result> & import('node:events').EventEmitter;
  run.on('response', () => {
    lastResponse = performance.now();
  });
  const r = await run;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.total / ((lastResponse - started) / 1000), p99: r.latency.p99 };
}

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

    const ours = await buildApp({ config: testConfig(), db: handle.db, dialect: handle.dialect });
    await ours.listen({ host: '127.0.0.1', port: 0 });
    const oursUrl = `http://127.0.0.1:${(ours.server.address() as { port: number }).port}${ROUTE}`;

    // The bare baseline: same database handle, same row query, no platform at all.
    const bare = Fastify({ logger: false });
    bare.get(ROUTE, async () => {
      const row = await handle.db
        .selectFrom('users')
        .select(['id', 'phone', 'real_name', 'email', 'gender', 'avatar'])
        .where('id', '=', user.userId)
        .executeTakeFirst();
      return { status: 0, msg: '操作成功', data: row };
    });
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}${ROUTE}`;

    // Alternate the two, ROUNDS times each, and compare medians: on a small shared machine single
    // runs drift by a third either way.
    const bareRuns: Measured[] = [];
    const oursRuns: Measured[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      bareRuns.push(await run(bareUrl, {}));
      oursRuns.push(await run(oursUrl, { 'x-session-token': token }));
    }
    const bareResult = median(bareRuns);
    const oursResult = median(oursRuns);
    await ours.close();
    await bare.close();

    const ratio = oursResult.rps / bareResult.rps;
    console.log(
      `\n[api-read] authenticated GET ${ROUTE}, ${AMOUNT} requests, ${CONNECTIONS} connections, SQLite, median of ${ROUNDS} alternating rounds`,
    );
    console.log(
      `  bare fastify + same query : ${bareResult.rps.toFixed(0).padStart(7)} req/s   p99 ${bareResult.p99} ms   (rounds: ${bareResult.all.join(', ')})`,
    );
    console.log(
      `  feikong full stack        : ${oursResult.rps.toFixed(0).padStart(7)} req/s   p99 ${oursResult.p99} ms   (rounds: ${oursResult.all.join(', ')})`,
    );
    console.log(
      `  ratio ours/bare           : ${ratio.toFixed(2)}   (target ≥ 0.70) ${ratio >= 0.7 ? 'OK' : 'BELOW TARGET'}`,
    );
    return { bare: bareResult, ours: oursResult, ratio };
  } finally {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
