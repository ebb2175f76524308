import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { JobsTable } from '../../db/schema.js';
import type { Db } from '../db/database.js';
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

type JobRow = Selectable<JobsTable>;

export interface EmbeddedJobQueueOptions {
  /** Identifies this process's worker in `locked_by`. */
  workerId?: string;
  /** How often an idle worker looks for work. */
  pollMs?: number;
  /** Jobs run at the same time by this worker. */
  concurrency?: number;
  /** A claimed job belongs to its worker until this long after the last heartbeat. */
  leaseMs?: number;
  heartbeatMs?: number;
  /** How often expired leases are looked for while running (always once at start). */
  recoverEveryMs?: number;
  /** How long stop() waits for aborted handlers to return. */
  stopTimeoutMs?: number;
  /** Delay before a retry: this times the attempts used so far. */
  retryDelayMs?: number;
  /** Finished jobs are deleted after this long. */
  keepFinishedMs?: number;
  logger?: JobLogger;
}

interface Registered {
  handler: JobHandler<any>;
  opts: WorkOptions<any>;
}

interface Running {
  controller: AbortController;
  promise: Promise<void>;
  /** stop() interrupted it: the job goes back to the queue without using up an attempt. */
  interrupted: boolean;
  /** Another worker took the job over (our heartbeat found the lease gone): leave its row alone. */
  leaseLost: boolean;
}

/**
 * The embedded queue: a durable `jobs` table and an in-process worker that polls it, claims a job
 * with a lease (locked_by, locked_until), renews the lease by heartbeat while the handler runs,
 * and at start (and periodically) resumes jobs whose lease expired because their worker died.
 * Works on both dialects through Kysely; PostgreSQL deployments normally use PgBossJobQueue.
 */
export class EmbeddedJobQueue implements JobQueue {
  readonly kind = 'embedded' as const;
  readonly workerId: string;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly recoverEveryMs: number;
  private readonly stopTimeoutMs: number;
  private readonly retryDelayMs: number;
  private readonly keepFinishedMs: number;
  private readonly log: JobLogger;

  private readonly handlers = new Map<string, Registered>();
  private readonly running = new Map<number, Running>();
  private started = false;
  private stopping = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private tickPromise: Promise<void> | null = null;
  private lastRecoverAt = 0;

  constructor(
    private readonly db: Db,
    opts: EmbeddedJobQueueOptions = {},
  ) {
    this.workerId = opts.workerId ?? `embedded-${randomUUID()}`;
    this.pollMs = opts.pollMs ?? 200;
    this.concurrency = Math.max(1, opts.concurrency ?? 2);
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.heartbeatMs = opts.heartbeatMs ?? Math.max(50, Math.floor(this.leaseMs / 3));
    this.recoverEveryMs = opts.recoverEveryMs ?? 5_000;
    this.stopTimeoutMs = opts.stopTimeoutMs ?? 10_000;
    this.retryDelayMs = opts.retryDelayMs ?? 1_000;
    this.keepFinishedMs = opts.keepFinishedMs ?? 7 * 24 * 3600_000;
    this.log = opts.logger ?? silentJobLogger;
  }

  async enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}): Promise<string | null> {
    const now = Date.now();
    const row = await (opts.db ?? this.db)
      .insertInto('jobs')
      .values({
        name,
        payload: JSON.stringify(payload ?? null),
        state: 'queued',
        attempts: 0,
        retry_limit: Math.max(0, opts.retryLimit ?? DEFAULT_RETRY_LIMIT),
        singleton_key: opts.singletonKey ?? null,
        run_after: now,
        locked_by: null,
        locked_until: null,
        heartbeat: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      // A waiting job with the same singleton key wins (partial unique index jobs_singleton_queued).
      .onConflict((oc) =>
        oc.columns(['name', 'singleton_key']).where(sql.ref('state'), '=', sql.lit('queued')).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (row) this.nudge();
    return row ? String(row.id) : null;
  }

  work<P>(name: string, handler: JobHandler<P>, opts: WorkOptions<P> = {}): void {
    if (this.handlers.has(name)) throw new Error(`任务队列 ${name} 已注册处理器`);
    this.handlers.set(name, { handler, opts });
    this.nudge();
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    await this.recover();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.heartbeatTimer.unref();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    await this.tickPromise;
    for (const r of this.running.values()) {
      r.interrupted = true;
      r.controller.abort(new Error('任务队列正在停止'));
    }
    const all = Promise.allSettled([...this.running.values()].map((r) => r.promise));
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => (timeout = setTimeout(resolve, this.stopTimeoutMs)))]);
    clearTimeout(timeout);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    if (this.running.size > 0) {
      this.log.warn({ jobs: [...this.running.keys()] }, 'job handlers still running after stop timeout');
    }
    this.started = false;
  }

  /**
   * Claims the next due job of a registered name for this worker (lease starts now) without
   * running it. The poll loop uses it; tests use it to play a worker that dies holding a job.
   */
  async claimNext(): Promise<JobRow | undefined> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return undefined;
    for (let tries = 0; tries < 3; tries++) {
      const now = Date.now();
      const next = await this.db
        .selectFrom('jobs')
        .select('id')
        .where('state', '=', 'queued')
        .where('run_after', '<=', now)
        .where('name', 'in', names)
        .orderBy('run_after')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return undefined;
      // Another worker may claim the same row between the two statements: only one update wins.
      const claimed = await this.db
        .updateTable('jobs')
        .set({
          state: 'running',
          attempts: sql<number>`attempts + 1`,
          locked_by: this.workerId,
          locked_until: now + this.leaseMs,
          heartbeat: now,
          updated_at: now,
        })
        .where('id', '=', next.id)
        .where('state', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      if (claimed) return claimed;
    }
    return undefined;
  }

  /** Runs a poll soon (after an enqueue or a finished job), unless one is running or due. */
  private nudge() {
    if (this.started && !this.stopping && !this.tickPromise) this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.stopping) return;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      this.tickPromise = this.tick().finally(() => {
        this.tickPromise = null;
        this.schedule(this.pollMs);
      });
    }, ms);
    this.pollTimer.unref();
  }

  private async tick() {
    try {
      if (Date.now() - this.lastRecoverAt >= this.recoverEveryMs) await this.recover();
      while (!this.stopping && this.running.size < this.concurrency) {
        const job = await this.claimNext();
        if (!job) break;
        this.run(job);
      }
    } catch (err) {
      this.log.error({ err }, 'job queue poll failed');
    }
  }

  private run(job: JobRow) {
    const registered = this.handlers.get(job.name);
    const entry: Running = {
      controller: new AbortController(),
      promise: Promise.resolve(),
      interrupted: false,
      leaseLost: false,
    };
    entry.promise = (async () => {
      try {
        if (!registered) throw new Error(`没有 ${job.name} 的处理器`);
        await registered.handler(JSON.parse(job.payload), {
          id: String(job.id),
          name: job.name,
          attempt: job.attempts,
          retryLimit: job.retry_limit,
          signal: entry.controller.signal,
        });
        await this.ownRow(job.id)
          .set({
            state: 'done',
            locked_by: null,
            locked_until: null,
            updated_at: Date.now(),
            finished_at: Date.now(),
          })
          .execute();
      } catch (err) {
        if (entry.leaseLost) return;
        if (entry.interrupted) {
          // Shutdown, not a failure: back to the queue, the attempt is given back.
          await this.ownRow(job.id)
            .set({
              state: 'queued',
              attempts: sql<number>`attempts - 1`,
              locked_by: null,
              locked_until: null,
              updated_at: Date.now(),
            })
            .execute();
          return;
        }
        await this.failed(job, err);
      }
    })()
      .catch((err) => this.log.error({ err, jobId: job.id, job: job.name }, 'job bookkeeping failed'))
      .finally(() => {
        this.running.delete(job.id);
        this.nudge();
      });
    this.running.set(job.id, entry);
  }

  /** The row of a job this worker holds; updates through it do nothing once the lease is gone. */
  private ownRow(id: number) {
    return this.db
      .updateTable('jobs')
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('locked_by', '=', this.workerId);
  }

  private async failed(job: JobRow, err: unknown) {
    const error = errorText(err);
    if (job.attempts >= 1 + job.retry_limit) {
      this.log.warn({ jobId: job.id, job: job.name, error }, 'job failed for good');
      await this.giveUp(job, error);
      return;
    }
    this.log.warn({ jobId: job.id, job: job.name, attempt: job.attempts, error }, 'job failed, will retry');
    const now = Date.now();
    await this.ownRow(job.id)
      .set({
        state: 'queued',
        locked_by: null,
        locked_until: null,
        last_error: error,
        run_after: now + this.retryDelayMs * job.attempts,
        updated_at: now,
      })
      .execute();
  }

  /**
   * Calls the worker's onGiveUp, then marks the job failed. Should onGiveUp throw, the row stays
   * running under a lease that is no longer renewed, so recovery calls giveUp again later.
   */
  private async giveUp(job: JobRow, error: string) {
    const onGiveUp = this.handlers.get(job.name)?.opts.onGiveUp;
    if (onGiveUp) {
      try {
        await onGiveUp(JSON.parse(job.payload), { id: String(job.id), error });
      } catch (err) {
        this.log.error({ err, jobId: job.id, job: job.name }, 'onGiveUp failed; will try again');
        return;
      }
    }
    const now = Date.now();
    await this.ownRow(job.id)
      .set({
        state: 'failed',
        locked_by: null,
        locked_until: null,
        last_error: error,
        updated_at: now,
        finished_at: now,
      })
      .execute();
  }

  private async heartbeat() {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    const now = Date.now();
    try {
      const kept = await this.db
        .updateTable('jobs')
        .set({ locked_until: now + this.leaseMs, heartbeat: now })
        .where('id', 'in', ids)
        .where('state', '=', 'running')
        .where('locked_by', '=', this.workerId)
        .returning('id')
        .execute();
      const alive = new Set(kept.map((r) => r.id));
      for (const id of ids) {
        const r = this.running.get(id);
        if (r && !alive.has(id) && !r.leaseLost) {
          r.leaseLost = true;
          r.controller.abort(new Error('任务租约已失效'));
          this.log.warn({ jobId: id }, 'job lease lost; handler aborted');
        }
      }
    } catch (err) {
      this.log.error({ err }, 'job heartbeat failed');
    }
  }

  /**
   * Jobs whose lease ran out (their worker crashed or hung) go back to the queue, or fail once
   * their attempts are used up. Old finished jobs are deleted.
   */
  async recover(): Promise<{ resumed: number; failed: number }> {
    const now = Date.now();
    this.lastRecoverAt = now;
    const expired = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('state', '=', 'running')
      .where('locked_until', '<', now)
      .execute();
    let resumed = 0;
    let failed = 0;
    for (const job of expired) {
      if (this.running.has(job.id)) continue;
      const lost = `任务执行中断（执行者 ${job.locked_by ?? '?'} 未按时续约）`;
      if (job.attempts < 1 + job.retry_limit) {
        const res = await this.db
          .updateTable('jobs')
          .set({
            state: 'queued',
            locked_by: null,
            locked_until: null,
            last_error: lost,
            run_after: now,
            updated_at: now,
          })
          .where('id', '=', job.id)
          .where('state', '=', 'running')
          .where('locked_until', '<', now)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) > 0) resumed++;
        continue;
      }
      // Take the lease first, so only one worker gives the job up.
      const taken = await this.db
        .updateTable('jobs')
        .set({ locked_by: this.workerId, locked_until: now + this.leaseMs, updated_at: now })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('locked_until', '<', now)
        .returningAll()
        .executeTakeFirst();
      if (!taken) continue;
      await this.giveUp(taken, lost);
      failed++;
    }
    if (resumed + failed > 0) this.log.warn({ resumed, failed }, 'recovered abandoned jobs');
    await this.db
      .deleteFrom('jobs')
      .where('state', 'in', ['done', 'failed'])
      .where('finished_at', '<', now - this.keepFinishedMs)
      .execute();
    return { resumed, failed };
  }
}
