import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import type { FileStorage } from '../../platform/storage/types.js';
import type { Clock } from '../../platform/types.js';

/** What the rights services need from the app (its own file: orders and receipts both use it). */
export interface RightsDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  /** The platform's receiving bank account (config PAYEE_*), shown on the cashier. */
  payee: Config['payee'];
  log?: FastifyBaseLogger;
}
