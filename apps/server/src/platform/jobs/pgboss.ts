import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import {
  DEFAULT_RETRY_LIMIT,
  errorText,
  silentJobLogger,
  type EnqueueOptions,
  type JobHandler,
  type JobLogger,
  type JobQueue,
  type WorkOptions,
} from './types.js';

export interface PgBossJobQueueOptions {
  /**
   * pg-boss's own schema. Default: `pgboss`, or `pgboss_<schema>` when the database handle works in
   * a schema other than public (tests run one schema per file, so each gets its own queue).
   */
  schema?: string;
  /**
   * How long a started job may run before pg-boss counts its worker as gone and retries it
   * (pg-boss 10 has no heartbeat: this is its lease). Handlers are aborted just before it ends.
   */
  leaseMs?: number;
  /** Polling interval of each worker; pg-boss accepts 500 ms at least. */
  pollMs?: number;
  /** Workers per job name. */
  concurrency?: number;
  /** How often pg-boss looks for expired jobs (besides once at start). */
  maintenanceIntervalSeconds?: number;
  stopTimeoutMs?: number;
  logger?: JobLogger;
}

/** pg-boss's SQL texts (its package has no exports map, so its plans module can be required). */
const bossPlans = createRequire(import.meta.url)('pg-boss/src/plans') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

/** How long a job's completion is retried while the database is unreachable. */
const SETTLE_RETRY_MS = 15_000;
const SETTLE_RETRY_INTERVAL_MS = 500;

/** pg-boss's database interface over our Kysely handle (or a transaction of it). */
class KyselyBossDb {
  private readonly pending = new Set<Promise<unknown>>();
  /** Statements pg-boss runs without awaiting them: completing or failing a job. */
  private settleTexts = new Set<string>();
  private jobTable = '';
  /** retry_count of each job this process is running (fetching a job again increments it). */
  private readonly attempts = new Map<string, number>();
  constructor(
    private readonly db: Db,
    private readonly log: JobLogger = silentJobLogger,
  ) {}

  useSchema(schema: string) {
    this.settleTexts = new Set([bossPlans.completeJobs(schema), bossPlans.failJobsById(schema)]);
    this.jobTable = `${schema}.job`;
  }

  /** A job handed to a handler here: its outcome may be retried while it is still this attempt. */
  started(id: string, retryCount: number) {
    this.attempts.set(id, retryCount);
  }

  executeSql(text: string, values: unknown[] = []): Promise<{ rows: any[] }> {
    const p = this.settleTexts.has(text) ? this.settle(text, values) : this.query(text, values);
    this.pending.add(p);
    void p.catch(() => {}).finally(() => this.pending.delete(p));
    return p;
  }

  private async query(text: string, values: unknown[]) {
    // Without parameters node-pg uses the simple protocol, so pg-boss's multi-statement plans work.
    const r = await this.db.executeQuery(CompiledQuery.raw(text, values));
    return { rows: r.rows as any[] };
  }

  /**
   * pg-boss fires complete/fail without awaiting them, so a rejection here would be unhandled and
   * end the process. Retried while the database is unreachable; if it stays so, the job stays
   * active and its lease (expireIn) hands it to a worker again, as after a crash.
   */
  private async settle(text: string, values: unknown[]) {
    const ids = Array.isArray(values[1]) ? (values[1] as string[]) : [];
    const deadline = Date.now() + SETTLE_RETRY_MS;
    try {
      for (let tries = 0; ; tries++) {
        try {
          if (tries > 0 && !(await this.stillOurs(ids))) return { rows: [{ count: 0 }] };
          return await this.query(text, values);
        } catch (err) {
          if (isDatabaseUnavailable(err) && Date.now() < deadline) {
            await sleep(SETTLE_RETRY_INTERVAL_MS);
            continue;
          }
          this.log.error({ err, job: values[0] }, 'job outcome not recorded; its lease will run out');
          return { rows: [{ count: 0 }] };
        }
      }
    } finally {
      for (const id of ids) this.attempts.delete(id);
    }
  }

  /**
   * A try cut off mid-statement may have committed, and a failed job may since have been handed out
   * again: retry only while every job is still active in the attempt this process ran.
   */
  private async stillOurs(ids: string[]): Promise<boolean> {
    if (ids.length === 0 || ids.some((id) => !this.attempts.has(id))) return false;
    const { rows } = await this.query(
      `select id, state, retry_count from ${this.jobTable} where id = any($1::uuid[])`,
      [ids],
    );
    return (
      rows.length === ids.length &&
      rows.every((r) => r.state === 'active' && this.attempts.get(r.id) === Number(r.retry_count))
    );
  }

  /** Waits for statements pg-boss fired without awaiting (it completes jobs that way). */
  async drain() {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

interface Registered {
  handler: JobHandler<any>;
  opts: WorkOptions<any>;
}

/** Dead-letter queue of a job name: a job that fails for good is copied there, and onGiveUp runs. */
const deadLetterOf = (name: string) => `${name}__dead`;

/**
 * The JobQueue on PostgreSQL, over pg-boss 10 (its tables live in their own schema).
 * Crash recovery: a started job whose lease (pg-boss `expireIn`) runs out is retried or failed by
 * pg-boss maintenance, which we also run once at start(). Queues use pg-boss's `short` policy, so a
 * singleton key dedupes waiting jobs; jobs without a key get a unique one.
 */
export class PgBossJobQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly stopTimeoutMs: number;
  private readonly log: JobLogger;
  private readonly bossDb: KyselyBossDb;
  private readonly handlers = new Map<string, Registered>();
  private readonly queuesReady = new Map<string, Promise<void>>();
  private readonly inflight = new Set<{ controller: AbortController; interrupted: boolean }>();
  private booting: Promise<PgBoss> | null = null;
  private working = false;
  private schemaName: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly opts: PgBossJobQueueOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 30 * 60_000;
    this.pollMs = Math.max(500, opts.pollMs ?? 500);
    this.concurrency = Math.max(1, opts.concurrency ?? 2);
    this.stopTimeoutMs = opts.stopTimeoutMs ?? 10_000;
    this.log = opts.logger ?? silentJobLogger;
    this.bossDb = new KyselyBossDb(db, this.log);
  }

  /** The pg-boss schema in use (known once the queue has started or enqueued). */
  get schema(): string | undefined {
    return this.schemaName;
  }

  async enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}): Promise<string | null> {
    const boss = await this.boss();
    await this.ensureQueue(name);
    return boss.send(name, (payload ?? {}) as object, {
      retryLimit: Math.max(0, opts.retryLimit ?? DEFAULT_RETRY_LIMIT),
      retryDelay: 1,
      singletonKey: opts.singletonKey ?? randomUUID(),
      expireInSeconds: Math.max(1, Math.ceil(this.leaseMs / 1000)),
      deadLetter: deadLetterOf(name),
      ...(opts.db ? { db: new KyselyBossDb(opts.db) } : {}),
    });
  }

  work<P>(name: string, handler: JobHandler<P>, opts: WorkOptions<P> = {}): void {
    if (this.handlers.has(name)) throw new Error(`任务队列 ${name} 已注册处理器`);
    this.handlers.set(name, { handler, opts });
    if (this.working) {
      void this.startWorkers(name).catch((err) =>
        this.log.error({ err, job: name }, 'pg-boss worker start failed'),
      );
    }
  }

  async start(): Promise<void> {
    if (this.working) return;
    const boss = await this.boss();
    // Resume what a crashed worker left active past its lease, before polling.
    await boss.expire();
    this.working = true;
    for (const name of this.handlers.keys()) await this.startWorkers(name);
  }

  async stop(): Promise<void> {
    const booting = this.booting;
    if (!booting) return;
    this.booting = null;
    this.working = false;
    this.queuesReady.clear();
    let boss: PgBoss;
    try {
      boss = await booting;
    } catch {
      return;
    }
    for (const f of this.inflight) {
      f.interrupted = true;
      f.controller.abort(new Error('任务队列正在停止'));
    }
    await boss.stop({ graceful: true, wait: true, close: false, timeout: this.stopTimeoutMs });
    await this.bossDb.drain();
  }

  /**
   * Claims the next job of `name` without running it (its lease starts now). For tests that play a
   * worker dying while it holds a job.
   */
  async claimNext(name: string): Promise<{ id: string } | undefined> {
    const boss = await this.boss();
    await this.ensureQueue(name);
    const [job] = await boss.fetch(name);
    return job ? { id: job.id } : undefined;
  }

  private boss(): Promise<PgBoss> {
    if (!this.booting) {
      const booting = this.bootBoss();
      this.booting = booting;
      booting.catch(() => {
        if (this.booting === booting) this.booting = null;
      });
    }
    return this.booting;
  }

  private async bootBoss(): Promise<PgBoss> {
    const schema = this.opts.schema ?? (await defaultBossSchema(this.db));
    this.schemaName = schema;
    this.bossDb.useSchema(schema);
    const boss = new PgBoss({
      db: this.bossDb,
      schema,
      migrate: true,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: this.opts.maintenanceIntervalSeconds ?? 60,
    });
    // Without a listener pg-boss's 'error' events would end the process; an outage is only a warning.
    boss.on('error', (err) =>
      isDatabaseUnavailable(err)
        ? this.log.warn({ err }, 'pg-boss: database unavailable')
        : this.log.error({ err }, 'pg-boss error'),
    );
    await boss.start();
    return boss;
  }

  private ensureQueue(name: string): Promise<void> {
    let ready = this.queuesReady.get(name);
    if (!ready) {
      ready = (async () => {
        const boss = await this.boss();
        await boss.createQueue(deadLetterOf(name), {
          name: deadLetterOf(name),
          policy: 'standard',
          retryLimit: 5,
        });
        await boss.createQueue(name, { name, policy: 'short', deadLetter: deadLetterOf(name) });
      })();
      this.queuesReady.set(name, ready);
      ready.catch(() => this.queuesReady.delete(name));
    }
    return ready;
  }

  private async startWorkers(name: string) {
    const boss = await this.boss();
    await this.ensureQueue(name);
    const { handler, opts } = this.handlers.get(name)!;
    const workOpts = {
      pollingIntervalSeconds: this.pollMs / 1000,
      batchSize: 1,
      includeMetadata: true as const,
    };
    for (let i = 0; i < this.concurrency; i++) {
      await boss.work(name, workOpts, async ([job]) => this.run(name, job, handler));
    }
    const onGiveUp = opts.onGiveUp;
    if (onGiveUp) {
      await boss.work(deadLetterOf(name), workOpts, async ([job]) => {
        this.bossDb.started(job.id, job.retryCount);
        const output = (job.output ?? {}) as { message?: unknown; value?: { message?: unknown } };
        const error = String(output.message ?? output.value?.message ?? JSON.stringify(job.output ?? null));
        this.log.warn({ jobId: job.id, job: name, error }, 'job failed for good');
        await onGiveUp(job.data, { id: job.id, error: error.slice(0, 2000) });
      });
    }
  }

  private async run(name: string, job: PgBoss.JobWithMetadata<any>, handler: JobHandler<any>) {
    const flight = { controller: new AbortController(), interrupted: false };
    this.bossDb.started(job.id, job.retryCount);
    // pg-boss gives up on the handler when expireIn ends: abort it a little before.
    const leaseTimer = setTimeout(
      () => flight.controller.abort(new Error('任务执行超时')),
      Math.max(100, job.expireIn ? intervalMs(job.expireIn) - 500 : this.leaseMs - 500),
    );
    leaseTimer.unref();
    this.inflight.add(flight);
    try {
      await handler(job.data, {
        id: job.id,
        name,
        attempt: job.retryCount + 1,
        retryLimit: job.retryLimit,
        signal: flight.controller.signal,
      });
    } catch (err) {
      if (!flight.interrupted)
        this.log.warn({ jobId: job.id, job: name, error: errorText(err) }, 'job failed');
      // pg-boss retries it (a shutdown uses up an attempt here, unlike the embedded queue).
      throw err;
    } finally {
      clearTimeout(leaseTimer);
      this.inflight.delete(flight);
    }
  }
}

function intervalMs(i: PgBoss.PostgresInterval): number {
  return (
    (((i.days ?? 0) * 24 + (i.hours ?? 0)) * 60 + (i.minutes ?? 0)) * 60_000 +
    (i.seconds ?? 0) * 1000 +
    (i.milliseconds ?? 0)
  );
}

/** `pgboss`, or `pgboss_<schema>` when the handle's current schema is not public. */
export async function defaultBossSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const current = rows[0]?.schema ?? 'public';
  return current === 'public' ? 'pgboss' : `pgboss_${current}`.slice(0, 50);
}
