import type { Db } from '../db/database.js';

/**
 * The one job queue interface (DESIGN.md "Jobs"): a durable table with an in-process worker on the
 * embedded default (EmbeddedJobQueue), pg-boss on PostgreSQL (PgBossJobQueue). Modules enqueue and
 * handle jobs through this interface only.
 *
 * Semantics shared by both implementations:
 * - A job is started at most 1 + retryLimit times. A handler that throws, or a worker that dies
 *   while running it (its lease runs out), uses up one attempt; after the last one the job fails
 *   and the `onGiveUp` of its worker is called once with the payload.
 * - Handlers must be idempotent: a job whose worker crashed is run again.
 * - `stop()` aborts `job.signal` of running handlers and waits (bounded) for them to return.
 */
export interface JobQueue {
  readonly kind: 'embedded' | 'pg-boss';
  /**
   * Adds a job; answers its id, or null when `singletonKey` is given and a job with that key and
   * name is still waiting to start. With `db` (a transaction) the job exists only if it commits.
   */
  enqueue<P>(name: string, payload: P, opts?: EnqueueOptions): Promise<string | null>;
  /** Registers the handler of a job name. Handlers registered after start() begin working at once. */
  work<P>(name: string, handler: JobHandler<P>, opts?: WorkOptions<P>): void;
  /** Resumes jobs abandoned by a crashed worker, then polls for work. */
  start(): Promise<void>;
  /** Stops polling, aborts running handlers and waits for them (bounded). Idempotent. */
  stop(): Promise<void>;
}

export interface EnqueueOptions {
  /** Retries after the first attempt (default 2). */
  retryLimit?: number;
  singletonKey?: string;
  /** Enqueue inside this transaction (or handle) instead of the queue's own. */
  db?: Db;
}

export interface JobContext {
  id: string;
  name: string;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  retryLimit: number;
  /** Aborted when the queue stops or the job's lease is lost; the handler should return soon. */
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = (payload: P, job: JobContext) => Promise<void>;

export interface WorkOptions<P = unknown> {
  /** Called once when a job of this name has failed for good (attempts used up). */
  onGiveUp?: (payload: P, info: { id: string; error: string }) => Promise<void>;
}

/** The few logger methods the queues use (pino and Fastify's logger both fit). */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentJobLogger: JobLogger = { info() {}, warn() {}, error() {} };

export const DEFAULT_RETRY_LIMIT = 2;

/** Error text kept on a job row or handed to onGiveUp: never more than this many characters. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.slice(0, 2000);
}
