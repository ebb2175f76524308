import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteAdapter, SqliteDialect, type Dialect } from 'kysely';
import pg from 'pg';

// node-pg returns int8/numeric as strings; our ids, money (分) and times (ms) are all safe integers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * SQLite DDL is transactional, but Kysely's adapter says otherwise, so its migrator would
 * run migrations without a transaction. Saying "yes" makes a failed migration roll back whole.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
class EmbeddedSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
}

export type DialectName = 'sqlite' | 'postgres';

/**
 * A value that changes whenever the database may have changed: rows changed through this
 * connection (total_changes(), counted as they happen, committed or not) and commits by any other
 * connection or process (PRAGMA data_version). The auth hook keeps resolved callers while it holds.
 */
export type ChangeStamp = () => string;

export function sqliteDialect(file: string, onStamp?: (stamp: ChangeStamp) => void): Dialect {
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  if (onStamp) {
    const ownChanges = database.prepare('select total_changes()').pluck();
    // Two statements: reading data_version through pragma_data_version() in the same select costs
    // more than both (~4 µs of the PRAGMA is its read transaction; total_changes() is ~0.3 µs).
    const othersCommits = database.prepare('pragma data_version').pluck();
    let unknown = 0;
    onStamp(() => {
      try {
        return `${ownChanges.get()}:${othersCommits.get()}`;
      } catch {
        // The connection is busy (a statement mid-iteration): say "changed".
        unknown += 1;
        return `?${unknown}`;
      }
    });
  }
  return new EmbeddedSqliteDialect({ database: withStatementCache(database) });
}

const STATEMENT_CACHE_SIZE = 500;
const STATEMENT_CACHE_MAX_SQL = 2000;

/**
 * Kysely prepares every query afresh, and on SQLite preparing costs more than running a small
 * query. Reusing prepared statements by SQL text (least recently used dropped first) removes that.
 * A statement still being iterated by a stream is busy, so a second user gets a fresh one.
 */
export function withStatementCache(database: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      // Long texts are batch writes and IN lists whose shape changes with their size: preparing is
      // cheap next to running them, and keeping hundreds of them costs memory (imports).
      if (!cached && sql.length <= STATEMENT_CACHE_MAX_SQL) {
        cache.set(sql, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

export interface PostgresOptions {
  /** search_path of every connection (tests give each file its own schema). */
  schema?: string;
  /** application_name of every connection (pg_stat_activity); an application_name in the URL wins. */
  applicationName?: string;
  /** Hears errors of connections nobody is waiting on (a restart, pg_terminate_backend). */
  onConnectionError?: (err: Error) => void;
}

export const DEFAULT_APPLICATION_NAME = 'feikong';

export function postgresDialect(url: string, opts: PostgresOptions = {}): Dialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    application_name: opts.applicationName ?? DEFAULT_APPLICATION_NAME,
    // Without it a request waits for ever while the server is unreachable; with it, it answers 503.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  // An 'error' event without a listener kills the process. The pool emits one for an idle client
  // whose connection dies, and a checked-out client emits its own when no query is running (Kysely
  // holds one between the statements of a transaction). The pool drops broken clients by itself.
  const onError = (err: Error) => opts.onConnectionError?.(err);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return new PostgresDialect({ pool });
}

/** Which SQL flavour a handle speaks; migrations use it for the few dialect-specific types. */
export function dialectOf(db: Kysely<any>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  return 'sqlite';
}
