import fs from 'node:fs';
import path from 'node:path';
import { Kysely, type LogEvent } from 'kysely';
import type { Database } from '../../db/schema.js';
import { postgresDialect, sqliteDialect, type ChangeStamp, type DialectName } from './dialect.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL schema the handle is pinned to (tests); undefined means the default search_path. */
  schema?: string;
  destroy(): Promise<void>;
}

export interface DbOptions {
  /** postgres://… ; when absent the embedded SQLite file under dataDir is used. */
  databaseUrl?: string;
  dataDir?: string;
  /** SQLite file path, overriding dataDir (tests use a temp file). */
  sqliteFile?: string;
  /** PostgreSQL search_path (tests use a schema per file). */
  pgSchema?: string;
  /** PostgreSQL application_name of the pool's connections (default `feikong`). */
  pgApplicationName?: string;
  /** Hears lost PostgreSQL connections (logged; the pool reconnects on the next query). */
  onConnectionError?: (err: Error) => void;
  /** Hears every statement with its parameters and duration (benches replay what a request ran). */
  log?: (event: LogEvent) => void;
}

export function openDatabase(opts: DbOptions): DbHandle {
  if (opts.databaseUrl) {
    const dialect = postgresDialect(opts.databaseUrl, {
      schema: opts.pgSchema,
      applicationName: opts.pgApplicationName,
      onConnectionError: opts.onConnectionError,
    });
    const db = new Kysely<Database>({ dialect, log: opts.log });
    return { db, dialect: 'postgres', schema: opts.pgSchema, destroy: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? path.join(opts.dataDir ?? 'data', 'feikong.db');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let stamp: ChangeStamp | undefined;
  const db = new Kysely<Database>({ dialect: sqliteDialect(file, (s) => (stamp = s)), log: opts.log });
  if (stamp) changeStamps.set(db, stamp);
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

const changeStamps = new WeakMap<Db, ChangeStamp>();

/** The SQLite handle's change stamp (see dialect.ts); undefined on PostgreSQL. */
export function changeStampOf(db: Db): ChangeStamp | undefined {
  return changeStamps.get(db);
}

/**
 * Runs `body` in a transaction of its own, or inside the caller's when `db` already is one (the demo seed
 * calls services inside the tenant's transaction, so a crash half-way leaves nothing behind).
 */
export function inTransaction<T>(db: Db, body: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? body(db) : db.transaction().execute(body);
}
