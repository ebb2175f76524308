import type { Db } from '../db/database.js';
import type { DialectName } from '../db/dialect.js';
import { EmbeddedJobQueue } from './embedded.js';
import { PgBossJobQueue } from './pgboss.js';
import type { JobLogger, JobQueue } from './types.js';

export * from './types.js';
export { EmbeddedJobQueue, type EmbeddedJobQueueOptions } from './embedded.js';
export { PgBossJobQueue, defaultBossSchema, type PgBossJobQueueOptions } from './pgboss.js';

/** The queue of the deployment: pg-boss on PostgreSQL, the embedded table queue on SQLite. */
export function createJobQueue(
  db: Db,
  dialect: DialectName,
  opts: { logger?: JobLogger; leaseMs?: number } = {},
): JobQueue {
  return dialect === 'postgres' ? new PgBossJobQueue(db, opts) : new EmbeddedJobQueue(db, opts);
}
