/**
 * bench/quotaRelease.ts (issue 21 "Benchmarks"): a period release to 100,000 staff on SQLite.
 * Measured: the plan's fire (scope → run and lines → every line paid through the ledger in batches of
 * 1,000: account, grant, ledger row, balance) — wall time (budget ≤ 30 s), exactly once (fired twice,
 * one run, 100,000 ledger rows), peak RSS (budget ≤ 300 MB). Baseline: the raw batched INSERTs of the
 * same rows (accounts, grants, ledger, lines) in one transaction, nothing read back.
 *   npx tsx bench/quotaRelease.ts [staff=100000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { makeTenant } from '../apps/server/test/factories.js';
import { firePlan } from '../apps/server/src/modules/spend/quota/quota.service.js';

const N = Number(process.argv[2] ?? 100_000);

async function freshDb() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-quota-bench-'));
  const h = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
  await migrateToLatest(h.db);
  const { tenantId } = await makeTenant(h.db);
  const now = Date.now();
  await h.db.transaction().execute(async (tx) => {
    for (let i = 0; i < N; i += 1000) {
      await tx
        .insertInto('staff')
        .values(
          Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({
            tenant_id: tenantId,
            user_id: 10_000_000 + i + k,
            org_id: tenantId,
            name: `员工${i + k}`,
            phone: `139${String(i + k).padStart(8, '0')}`,
            email: null,
            job_no: null,
            status: 1,
            grade_id: null,
            job_id: null,
            title_id: null,
            show_guide_group: 0,
            created_at: now,
            updated_at: now,
            resigned_at: null,
            supervisor_id: null,
          })) as never,
        )
        .execute();
    }
  });
  const scene = await h.db
    .insertInto('scenes')
    .values({
      tenant_id: tenantId,
      name: '工作餐',
      category: 2,
      status: 2,
      enabled: 1,
      draft: null,
      current_version: 0,
      created_by: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { h, dir, tenantId, sceneId: scene.id };
}

async function main() {
  const a = await freshDb();
  const now = Date.now();
  const plan = await a.h.db
    .insertInto('quota_plans')
    .values({
      tenant_id: a.tenantId,
      scene_id: a.sceneId,
      name: '每月工作餐',
      release_type: 1,
      amount: 60000,
      valid_period: 4,
      valid_days: null,
      valid_until: null,
      clear_period: 4,
      release_mode: 1,
      mode_limit: null,
      scope: JSON.stringify({ all: true, dept_ids: [], group_ids: [], user_ids: [] }),
      schedule: JSON.stringify({ unit: 'month', day: 1, time: '08:00' }),
      enabled: 1,
      created_by: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fireAt = Math.floor(now / 60_000) * 60_000;
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  await firePlan(a.h.db, { tenantId: a.tenantId, planId: plan.id, fireAt }, Date.now);
  const release = performance.now() - t0;
  await firePlan(a.h.db, { tenantId: a.tenantId, planId: plan.id, fireAt }, Date.now); // fired again: nothing paid
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  const runs = await a.h.db.selectFrom('quota_releases').select(['id', 'operate_status']).execute();
  const rows = await a.h.db
    .selectFrom('quota_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const sum = await a.h.db
    .selectFrom('quota_accounts')
    .select((eb) => eb.fn.sum<number>('balance').as('s'))
    .executeTakeFirstOrThrow();
  await a.h.destroy();
  fs.rmSync(a.dir, { recursive: true, force: true });

  // Baseline: the same rows, raw batched INSERTs in one transaction.
  const b = await freshDb();
  const t1 = performance.now();
  await b.h.db.transaction().execute(async (tx) => {
    const rel = await tx
      .insertInto('quota_releases')
      .values({
        tenant_id: b.tenantId,
        scene_id: b.sceneId,
        plan_id: null,
        fire_key: 'x',
        release_type: 1,
        release_source: 1,
        operate_status: 3,
        release_mode: 1,
        mode_limit: null,
        expires_at: null,
        people: N,
        total: N * 60000,
        fail_reason: null,
        created_by: 0,
        created_at: now,
        finished_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < N; i += 1000) {
      const users = Array.from({ length: Math.min(1000, N - i) }, (_, k) => 10_000_000 + i + k);
      await tx
        .insertInto('quota_release_lines')
        .values(
          users.map((u) => ({
            tenant_id: b.tenantId,
            release_id: rel.id,
            user_id: u,
            amount: 60000,
            granted: 60000,
            done_at: now,
          })),
        )
        .execute();
      const accts = await tx
        .insertInto('quota_accounts')
        .values(
          users.map((u) => ({
            tenant_id: b.tenantId,
            user_id: u,
            scene_id: b.sceneId,
            balance: 60000,
            updated_at: now,
          })),
        )
        .returning(['id', 'user_id'])
        .execute();
      await tx
        .insertInto('quota_grants')
        .values(
          accts.map((x) => ({
            tenant_id: b.tenantId,
            account_id: x.id,
            release_id: rel.id,
            amount: 60000,
            remaining: 60000,
            expires_at: null,
            source_key: `release:${rel.id}:${x.user_id}`,
            created_at: now,
          })),
        )
        .execute();
      await tx
        .insertInto('quota_ledger')
        .values(
          accts.map((x) => ({
            tenant_id: b.tenantId,
            account_id: x.id,
            user_id: x.user_id,
            scene_id: b.sceneId,
            delta: 60000,
            balance_after: 60000,
            kind: 'release',
            source_key: `release:${rel.id}:${x.user_id}`,
            grant_id: null,
            release_id: rel.id,
            created_at: now,
          })),
        )
        .execute();
    }
  });
  const baseline = performance.now() - t1;
  await sql`select 1`.execute(b.h.db);
  await b.h.destroy();
  fs.rmSync(b.dir, { recursive: true, force: true });

  const exactlyOnce =
    runs.length === 1 && runs[0]!.operate_status === 3 && Number(rows.n) === N && Number(sum.s) === N * 60000;
  console.log(`period release to ${N} staff (SQLite)`);
  console.log(`  release (fire → success):  ${(release / 1000).toFixed(2)} s   budget ≤ 30 s`);
  console.log(`  baseline raw INSERTs:      ${(baseline / 1000).toFixed(2)} s`);
  console.log(
    `  exactly once (fired twice): ${exactlyOnce ? 'yes' : 'NO'} — runs ${runs.length}, ledger rows ${rows.n}`,
  );
  console.log(`  peak RSS:                  ${(peak / 1048576).toFixed(0)} MB   budget ≤ 300 MB`);
  if (!exactlyOnce || release > 30_000 || peak > 300 * 1048576) process.exitCode = 1;
}

await main();
