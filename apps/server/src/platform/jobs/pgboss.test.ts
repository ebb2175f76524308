import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '../../../test/harness.js';
import { deferred, waitFor } from '../../../test/poll.js';
import { PgBossJobQueue, defaultBossSchema } from './pgboss.js';

// pg-boss runs on PostgreSQL only: this file needs TEST_DATABASE_URL.
const onPostgres = !!process.env.TEST_DATABASE_URL;

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
let h: Handle;
let bossSchema: string;
const queues: PgBossJobQueue[] = [];
let seq = 0;

beforeAll(async () => {
  if (!onPostgres) return;
  h = await createTestDatabase();
  bossSchema = `pgboss_${h.schema}`;
});
afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop();
});
// The harness drops pgboss_<schema> with the test schema.
afterAll(async () => h?.cleanup());

function queue(opts: ConstructorParameters<typeof PgBossJobQueue>[1] = {}) {
  const q = new PgBossJobQueue(h.db, { schema: bossSchema, pollMs: 500, ...opts });
  queues.push(q);
  return q;
}
const jobName = () => `test-job-${++seq}`;
const jobRow = async (name: string, id: string | null) => {
  const { rows } = await sql<{ state: string; retry_count: number }>`
    select state, retry_count from ${sql.id(bossSchema, 'job')} where name = ${name} and id = ${id}::uuid`.execute(
    h.db,
  );
  return rows[0];
};

describe.skipIf(!onPostgres)('pg-boss job queue', () => {
  it('names its schema after the handle’s schema (one pg-boss per test schema)', async () => {
    expect(await defaultBossSchema(h.db)).toBe(bossSchema);
  });

  it('keeps a job enqueued before a restart and runs it on the next start', async () => {
    const name = jobName();
    const first = queue();
    const id = await first.enqueue(name, { n: 1 });
    expect(id).toBeTruthy();
    await first.stop();

    const seen: unknown[] = [];
    const second = queue();
    second.work(name, async (payload) => void seen.push(payload));
    await second.start();
    await waitFor(async () => (await jobRow(name, id))?.state === 'completed', { what: 'job completed' });
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('retries a failing handler, then fails it for good and calls onGiveUp with the payload', async () => {
    const name = jobName();
    const q = queue();
    const attempts: number[] = [];
    const givenUp = deferred<{ payload: unknown; error: string }>();
    q.work(
      name,
      async (_p, job) => {
        attempts.push(job.attempt);
        throw new Error('always');
      },
      { onGiveUp: async (payload, info) => givenUp.resolve({ payload, error: info.error }) },
    );
    await q.start();
    const id = await q.enqueue(name, { task: 9 }, { retryLimit: 1 });
    const gaveUp = await givenUp.promise;
    expect(gaveUp.payload).toEqual({ task: 9 });
    expect(gaveUp.error).toContain('always');
    expect(attempts).toEqual([1, 2]);
    expect((await jobRow(name, id)).state).toBe('failed');
  });

  it('resumes a job whose worker died holding it (lease expired) on the next start', async () => {
    const name = jobName();
    const crashed = queue();
    const id = await crashed.enqueue(name, { resume: true });
    const claimed = await crashed.claimNext(name);
    expect(claimed?.id).toBe(id);
    expect((await jobRow(name, id)).state).toBe('active');
    // The worker is gone and its lease (pg-boss expireIn) is in the past.
    await sql`update ${sql.id(bossSchema, 'job')} set started_on = now() - interval '2 hours' where id = ${id}::uuid`.execute(
      h.db,
    );
    await crashed.stop();

    const attempts: number[] = [];
    const next = queue();
    next.work(name, async (_p, job) => void attempts.push(job.attempt));
    await next.start();
    await waitFor(async () => (await jobRow(name, id))?.state === 'completed', {
      what: 'resumed job completed',
    });
    expect(attempts).toEqual([2]);
  });

  it('fails an abandoned job whose attempts are used up and calls onGiveUp', async () => {
    const name = jobName();
    const crashed = queue();
    const id = await crashed.enqueue(name, { k: 2 }, { retryLimit: 0 });
    await crashed.claimNext(name);
    await sql`update ${sql.id(bossSchema, 'job')} set started_on = now() - interval '2 hours' where id = ${id}::uuid`.execute(
      h.db,
    );
    await crashed.stop();

    let runs = 0;
    const givenUp = deferred<unknown>();
    const next = queue();
    next.work(name, async () => void runs++, { onGiveUp: async (p) => givenUp.resolve(p) });
    await next.start();
    expect(await givenUp.promise).toEqual({ k: 2 });
    expect((await jobRow(name, id)).state).toBe('failed');
    expect(runs).toBe(0);
  });

  it('drops a second waiting job with the same singleton key', async () => {
    const name = jobName();
    const q = queue();
    expect(await q.enqueue(name, { a: 1 }, { singletonKey: 'k1' })).toBeTruthy();
    expect(await q.enqueue(name, { a: 2 }, { singletonKey: 'k1' })).toBeNull();
    expect(await q.enqueue(name, { a: 3 }, { singletonKey: 'k2' })).toBeTruthy();
    // Without a key, jobs never collide.
    expect(await q.enqueue(name, { a: 4 })).toBeTruthy();
    expect(await q.enqueue(name, { a: 5 })).toBeTruthy();
  });

  it('enqueues inside a transaction: a rollback leaves no job, a commit keeps it', async () => {
    const name = jobName();
    const q = queue();
    await q.enqueue(name, { warm: true }); // creates the queue outside the transactions below
    await expect(
      h.db.transaction().execute(async (tx) => {
        await q.enqueue(name, { rolled: true }, { db: tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const committed = await h.db.transaction().execute((tx) => q.enqueue(name, { kept: true }, { db: tx }));
    const { rows } = await sql<{ data: unknown }>`
      select data from ${sql.id(bossSchema, 'job')} where name = ${name} order by created_on`.execute(h.db);
    expect(rows.map((r) => r.data)).toEqual([{ warm: true }, { kept: true }]);
    expect(committed).toBeTruthy();
  });
});
