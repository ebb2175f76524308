/**
 * Order intake end to end (issue 21): signed POST /consume-quota-center/api/v1/channel/orders through the real
 * app on SQLite — signature, nonce, decision (sceneDecider), order row, organisation account debit — at a fixed
 * rate (BENCH_RATE, default 500/s) for BENCH_SECONDS (default 60), over HTTP on a local port. Baseline: bare
 * Fastify writing the same spend_orders row per request (no signature, no decision, no ledger) at the same rate.
 * Budget: p99 ≤ 50 ms. Figures printed side by side.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { orgAccountLedger, signedHeaders } from '../apps/server/src/modules/spend/index.js';
import { summarize } from './org-seed.js';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const STAFF = 200;
const PATH = '/consume-quota-center/api/v1/channel/orders';

async function drive(send: (i: number) => Promise<number>) {
  const total = RATE * SECONDS;
  const lat: number[] = [];
  let errors = 0;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      (async () => {
        const t0 = performance.now();
        const code = await send(i).catch(() => 0);
        lat.push(performance.now() - t0);
        if (code !== 200) errors++;
      })(),
    );
  }
  await Promise.all(inflight);
  const secs = (performance.now() - started) / 1000;
  return { ...summarize(lat), errors, rate: Math.round(total / secs) };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  const h = openDatabase({ sqliteFile: path.join(dir, 'b.db') });
  await migrateToLatest(h.db, { schema: h.schema });
  const { tenantId } = await makeTenant(h.db);
  const admin = await makeStaff(h.db, tenantId, ['*']);
  const staff: Awaited<ReturnType<typeof makeStaff>>[] = [];
  for (let i = 0; i < STAFF; i++) staff.push(await makeStaff(h.db, tenantId));
  const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), db: h.db, dialect: h.dialect });
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
  await h.db
    .transaction()
    .execute((tx) =>
      orgAccountLedger.credit(tx, { tenantId, amount: 10_000_000_00, key: 'bench:fund', memo: '压测充值' }),
    );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const ours = await drive(async (i) => {
    const body = JSON.stringify({
      orderId: `B${i}`,
      userId: staff[i % STAFF]!.userId,
      sceneId: scene.id,
      category: 2,
      amount: 1500,
    });
    const r = await fetch(`${address}${PATH}`, {
      method: 'POST',
      headers: signedHeaders(channel, 'POST', PATH, body),
      body,
    });
    await r.arrayBuffer();
    return r.status;
  });
  await app.close();

  const bare = Fastify();
  bare.post('/orders', async (req) => {
    const b = req.body as { orderId: string; userId: number; amount: number };
    const now = Date.now();
    const row = await h.db
      .insertInto('spend_orders')
      .values({
        tenant_id: tenantId,
        channel_id: channel.id,
        channel_order_id: b.orderId,
        request_hash: '',
        user_id: b.userId,
        staff_id: 0,
        user_name: '',
        scene_id: scene.id,
        scene_name: '',
        scene_version: 1,
        category: 2,
        source: 2,
        amount: b.amount,
        company_pays: b.amount,
        employee_pays: 0,
        quota_paid: 0,
        org_paid: b.amount,
        verdict: 'allow',
        status: 'paid',
        decision: '{}',
        request: JSON.stringify(b),
        ordered_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
  const bareAddr = await bare.listen({ port: 0, host: '127.0.0.1' });
  const base = await drive(async (i) => {
    const r = await fetch(`${bareAddr}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: `X${i}`, userId: staff[i % STAFF]!.userId, amount: 1500 }),
    });
    await r.arrayBuffer();
    return r.status;
  });
  await bare.close();
  await h.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  const f = (n: number) => n.toFixed(1);
  console.log(`order intake, SQLite, ${RATE}/s for ${SECONDS}s (budget p99 ≤ 50 ms)`);
  console.log('                 sent/s   p50 ms   p99 ms   max ms   errors');
  for (const [name, r] of [
    ['ours (signed)', ours],
    ['bare Fastify', base],
  ] as const)
    console.log(
      `${name.padEnd(16)} ${String(r.rate).padStart(6)} ${f(r.p50).padStart(8)} ${f(r.p99).padStart(8)} ${f(r.max).padStart(8)} ${String(r.errors).padStart(8)}`,
    );
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
