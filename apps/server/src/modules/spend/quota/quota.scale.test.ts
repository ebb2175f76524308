import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { testConfig } from '../../../config.js';
import { createMigratedTestDatabase, type TestDatabase } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { createJobQueue } from '../../../platform/jobs/index.js';
import { quotaLedger } from './index.js';
import { creditAt, debitAt, expireDue } from './quota.ledger.js';
import { createRelease, runRelease } from './quota.release.js';
import { enqueuePlanFire } from './quota.schedule.js';
import { firePlan } from './quota.service.js';
import { ledgerMismatches, makeScene } from './quota.testkit.js';

/**
 * Issue 21 "Scale": two server processes on one database fire the same plan at the same time — exactly
 * one release; a run cut short resumes without paying anyone twice; and after a mixed sequence every
 * account's ledger sums to its balance.
 */
let h: TestDatabase;
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
const queues: ReturnType<typeof createJobQueue>[] = [];
let tenantId: number;
let sceneId: number;
const users: number[] = [];

beforeAll(async () => {
  h = await createMigratedTestDatabase();
  ({ tenantId } = await makeTenant(h.db));
  sceneId = await makeScene(h.db, tenantId);
  for (let i = 0; i < 40; i++) users.push((await makeStaff(h.db, tenantId)).userId);
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await h.cleanup();
});

async function waitFor(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('quota at scale', () => {
  it('two app instances fire the same plan at the same time: exactly one release, everyone paid once', async () => {
    const now = Date.now();
    const plan = await h.db
      .insertInto('quota_plans')
      .values({
        tenant_id: tenantId,
        scene_id: sceneId,
        name: '每月工作餐',
        release_type: 1,
        amount: 50000,
        valid_period: 4,
        valid_days: null,
        valid_until: null,
        clear_period: 1,
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
    for (let i = 0; i < 2; i++) {
      const jobs = createJobQueue(h.db, h.dialect);
      queues.push(jobs);
      const app = await buildApp({ config: testConfig(), db: h.db, dialect: h.dialect, jobs });
      await app.ready();
      apps.push(app);
    }
    const fireAt = Math.floor(now / 60_000) * 60_000;
    // Both processes' timers fire (the queue keeps one job), and both run the handler anyway (worst case).
    const [a, b] = await Promise.all(
      queues.map((q) =>
        enqueuePlanFire(q, {
          tenantId,
          planId: plan.id,
          fireAt,
        }),
      ),
    );
    expect([a, b].filter((x) => x !== null).length).toBeGreaterThanOrEqual(1);
    await Promise.all([
      firePlan(h.db, { tenantId, planId: plan.id, fireAt }, Date.now),
      firePlan(h.db, { tenantId, planId: plan.id, fireAt }, Date.now),
    ]);
    await waitFor(async () => {
      const rows = await h.db
        .selectFrom('quota_releases')
        .select('operate_status')
        .where('plan_id', '=', plan.id)
        .execute();
      return rows.length === 1 && rows[0]!.operate_status === 3;
    });
    // Let the queued job run too: it finds the run done and pays nobody again.
    await waitFor(async () => {
      const left = await h.db
        .selectFrom('jobs')
        .select('id')
        .where('state', 'in', ['queued', 'running'])
        .execute()
        .catch(() => []);
      return left.length === 0;
    });
    const releases = await h.db
      .selectFrom('quota_releases')
      .selectAll()
      .where('plan_id', '=', plan.id)
      .execute();
    expect(releases).toHaveLength(1);
    expect(releases[0]!.release_source).toBe(1);
    const paid = await h.db
      .selectFrom('quota_ledger')
      .select(['user_id'])
      .where('release_id', '=', releases[0]!.id)
      .execute();
    expect(paid.length).toBe(releases[0]!.people);
    expect(new Set(paid.map((p) => p.user_id)).size).toBe(paid.length);
    for (const u of users) expect(await quotaLedger.balance(h.db, tenantId, u, sceneId)).toBe(50000);
    expect(await ledgerMismatches(h.db)).toEqual([]);
  }, 90_000);

  it('a run interrupted half-way resumes and pays nobody twice', async () => {
    const now = Date.now();
    const { id } = await h.db.transaction().execute((tx) =>
      createRelease(
        tx,
        {
          tenantId,
          sceneId,
          planId: null,
          fireKey: null,
          releaseType: 6,
          source: 3,
          mode: 1,
          modeLimit: null,
          grant: { expiresAt: null, expireKind: 'expire' },
          memo: '补发',
          createdBy: 0,
          lines: users.map((u) => ({ userId: u, amount: 700 })),
        },
        now,
      ),
    );
    // A crash after some lines were paid but before they were marked done: pay the first 10 by key.
    const { releaseBatch } = await import('./quota.ledger.js');
    await h.db.transaction().execute((tx) =>
      releaseBatch(
        tx,
        {
          tenantId,
          sceneId,
          releaseId: id,
          keyOf: (u) => `release:${id}:${u}`,
          memo: '补发',
          rule: { mode: 1 },
          grant: { expiresAt: null, expireKind: 'expire' },
          createdBy: 0,
        },
        users.slice(0, 10).map((u) => ({ userId: u, amount: 700 })),
        now,
      ),
    );
    await h.db.updateTable('quota_releases').set({ operate_status: 2 }).where('id', '=', id).execute();
    await runRelease(h.db, tenantId, id, Date.now);
    await runRelease(h.db, tenantId, id, Date.now);
    const rows = await h.db
      .selectFrom('quota_ledger')
      .select('user_id')
      .where('release_id', '=', id)
      .execute();
    expect(rows).toHaveLength(users.length);
    const rel = await h.db
      .selectFrom('quota_releases')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(rel.operate_status).toBe(3);
    for (const u of users) expect(await quotaLedger.balance(h.db, tenantId, u, sceneId)).toBe(50700);
  });

  it('the ledger sums to every balance after releases, debits, credits, expiry, clear-up and concurrent debits', async () => {
    const t0 = Date.now();
    const day = 86_400_000;
    const { id } = await h.db.transaction().execute((tx) =>
      createRelease(
        tx,
        {
          tenantId,
          sceneId,
          planId: null,
          fireKey: null,
          releaseType: 6,
          source: 3,
          mode: 2,
          modeLimit: null,
          grant: { expiresAt: t0 + day, expireKind: 'clear' },
          memo: '重置',
          createdBy: 0,
          lines: users.slice(0, 20).map((u) => ({ userId: u, amount: 2000 })),
        },
        t0,
      ),
    );
    await runRelease(h.db, tenantId, id, () => t0);
    const { id: id2 } = await h.db.transaction().execute((tx) =>
      createRelease(
        tx,
        {
          tenantId,
          sceneId,
          planId: null,
          fireKey: null,
          releaseType: 6,
          source: 3,
          mode: 3,
          modeLimit: 5000,
          grant: { expiresAt: t0 + 2 * day, expireKind: 'expire' },
          memo: '上限',
          createdBy: 0,
          lines: users.map((u) => ({ userId: u, amount: 4000 })),
        },
        t0,
      ),
    );
    await runRelease(h.db, tenantId, id2, () => t0);
    await Promise.allSettled(
      users.flatMap((u, i) =>
        Array.from({ length: 4 }, (_, k) =>
          debitAt(
            h.db,
            {
              tenantId,
              userId: u,
              sceneId,
              amount: 100 + ((i + k) % 5) * 50,
              key: `o:${u}:${k}`,
              memo: '订单消费',
            },
            t0 + 1000,
          ),
        ),
      ),
    );
    for (const u of users.slice(0, 15)) {
      await creditAt(
        h.db,
        { tenantId, userId: u, sceneId, amount: 150, key: `r:${u}`, memo: '订单退款' },
        t0 + 2000,
      ).catch(() => undefined);
    }
    await expireDue(h.db, t0 + day);
    await expireDue(h.db, t0 + 3 * day);
    const kinds = await h.db.selectFrom('quota_ledger').select('kind').distinct().execute();
    expect(new Set(kinds.map((k) => k.kind))).toEqual(
      new Set(['release', 'reset', 'debit', 'credit', 'clear', 'expire']),
    );
    expect(await ledgerMismatches(h.db)).toEqual([]);
    const negative = await h.db.selectFrom('quota_accounts').select('id').where('balance', '<', 0).execute();
    expect(negative).toEqual([]);
  });
});
