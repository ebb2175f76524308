import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase } from '../../../test/harness.js';
import { deferred, waitFor } from '../../../test/poll.js';
import { EmbeddedJobQueue, type EmbeddedJobQueueOptions } from './embedded.js';
import type { JobContext } from './types.js';

// The embedded queue on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
type Handle = Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let h: Handle;
const queues: EmbeddedJobQueue[] = [];
let seq = 0;

beforeAll(async () => {
  h = await createMigratedTestDatabase();
});
afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop();
});
afterAll(async () => h?.cleanup());

/** A queue on the shared database; each test uses its own job name so tests cannot see each other's jobs. */
function queue(opts: EmbeddedJobQueueOptions = {}) {
  const q = new EmbeddedJobQueue(h.db, { pollMs: 20, retryDelayMs: 0, ...opts });
  queues.push(q);
  return q;
}
const jobName = () => `test-job-${++seq}`;
const row = (id: string | null) =>
  h.db.selectFrom('jobs').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();

describe('embedded job queue', () => {
  it('keeps a job enqueued before a restart and runs it on the next start', async () => {
    const name = jobName();
    const first = queue();
    const id = await first.enqueue(name, { n: 1 });
    await first.stop();

    const seen: unknown[] = [];
    const second = queue();
    second.work(name, async (payload) => void seen.push(payload));
    await second.start();
    await waitFor(async () => (await row(id)).state === 'done', { what: 'job done' });
    expect(seen).toEqual([{ n: 1 }]);
    expect((await row(id)).attempts).toBe(1);
  });

  it('retries a failing handler, then succeeds', async () => {
    const name = jobName();
    const q = queue();
    const attempts: number[] = [];
    q.work(name, async (_p, job) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) throw new Error('flaky');
    });
    await q.start();
    const id = await q.enqueue(name, {}, { retryLimit: 2 });
    await waitFor(async () => (await row(id)).state === 'done', { what: 'job done' });
    expect(attempts).toEqual([1, 2]);
    expect((await row(id)).last_error).toContain('flaky');
  });

  it('fails a job for good after its retries and calls onGiveUp once', async () => {
    const name = jobName();
    const q = queue();
    const givenUp: unknown[] = [];
    let runs = 0;
    q.work(
      name,
      async () => {
        runs++;
        throw new Error('always');
      },
      { onGiveUp: async (payload, info) => void givenUp.push({ payload, error: info.error }) },
    );
    await q.start();
    const id = await q.enqueue(name, { task: 7 }, { retryLimit: 1 });
    await waitFor(async () => (await row(id)).state === 'failed', { what: 'job failed' });
    expect(runs).toBe(2);
    expect(givenUp).toEqual([{ payload: { task: 7 }, error: expect.stringContaining('always') }]);
    expect((await row(id)).finished_at).not.toBeNull();
  });

  it('resumes a job whose worker died holding it (lease expired) on the next start', async () => {
    const name = jobName();
    // The first worker claims the job, then "crashes": it never finishes, never renews the lease.
    const crashed = new EmbeddedJobQueue(h.db, { leaseMs: 1 });
    crashed.work(name, async () => {});
    const id = await crashed.enqueue(name, { resume: true });
    const claimed = await crashed.claimNext();
    expect(claimed?.id).toBe(Number(id));
    expect((await row(id)).state).toBe('running');
    await waitFor(async () => ((await row(id)).locked_until ?? 0) < Date.now(), {
      what: 'lease in the past',
    });

    const runs: JobContext[] = [];
    const next = queue();
    next.work(name, async (_p, job) => void runs.push(job));
    await next.start();
    await waitFor(async () => (await row(id)).state === 'done', { what: 'resumed job done' });
    expect(runs.map((r) => r.attempt)).toEqual([2]);
    const done = await row(id);
    expect(done.attempts).toBe(2);
    expect(done.locked_by).toBeNull();
    expect(done.last_error).toContain('未按时续约');
  });

  it('fails an abandoned job whose attempts are used up instead of leaving it running', async () => {
    const name = jobName();
    const crashed = new EmbeddedJobQueue(h.db, { leaseMs: 1 });
    crashed.work(name, async () => {});
    const id = await crashed.enqueue(name, { k: 1 }, { retryLimit: 0 });
    await crashed.claimNext();
    await waitFor(async () => ((await row(id)).locked_until ?? 0) < Date.now(), {
      what: 'lease in the past',
    });

    let runs = 0;
    const givenUp: unknown[] = [];
    const next = queue();
    next.work(name, async () => void runs++, { onGiveUp: async (p) => void givenUp.push(p) });
    await next.start();
    expect((await row(id)).state).toBe('failed');
    expect(givenUp).toEqual([{ k: 1 }]);
    expect(runs).toBe(0);
  });

  it('renews the lease by heartbeat, so another worker does not take a long job over', async () => {
    const name = jobName();
    const release = deferred();
    const a = queue({ leaseMs: 300, heartbeatMs: 50 });
    a.work(name, async () => release.promise);
    await a.start();
    const id = await a.enqueue(name, {});
    const started = await waitFor(async () => {
      const r = await row(id);
      return r.state === 'running' ? r : undefined;
    });

    let stolen = 0;
    const b = queue({ recoverEveryMs: 0 });
    b.work(name, async () => void stolen++);
    await b.start();
    // Wait until the lease has been renewed past the first lease's end at least twice.
    await waitFor(async () => ((await row(id)).locked_until ?? 0) > started.locked_until! + 300, {
      what: 'lease renewed',
    });
    expect((await row(id)).locked_by).toBe(a.workerId);
    release.resolve();
    await waitFor(async () => (await row(id)).state === 'done', { what: 'job done' });
    expect(stolen).toBe(0);
  });

  it('on stop aborts a running handler and gives the job back without using up an attempt', async () => {
    const name = jobName();
    const a = queue();
    const started = deferred();
    a.work(name, async (_p, job) => {
      started.resolve();
      await new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason)));
    });
    await a.start();
    const id = await a.enqueue(name, {});
    await started.promise;
    await a.stop();
    const back = await row(id);
    expect(back).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });

    const attempts: number[] = [];
    const b = queue();
    b.work(name, async (_p, job) => void attempts.push(job.attempt));
    await b.start();
    await waitFor(async () => (await row(id)).state === 'done', { what: 'job done' });
    expect(attempts).toEqual([1]);
  });

  it('drops a second waiting job with the same singleton key', async () => {
    const name = jobName();
    const q = queue();
    const one = await q.enqueue(name, { a: 1 }, { singletonKey: 'k1' });
    const two = await q.enqueue(name, { a: 2 }, { singletonKey: 'k1' });
    const other = await q.enqueue(name, { a: 3 }, { singletonKey: 'k2' });
    expect(one).not.toBeNull();
    expect(two).toBeNull();
    expect(other).not.toBeNull();
  });

  it('enqueues inside a transaction: a rollback leaves no job', async () => {
    const name = jobName();
    const q = queue();
    await expect(
      h.db.transaction().execute(async (tx) => {
        await q.enqueue(name, {}, { db: tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await h.db.selectFrom('jobs').select('id').where('name', '=', name).execute();
    expect(rows).toEqual([]);
  });
});
