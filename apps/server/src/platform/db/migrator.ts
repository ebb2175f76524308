import { sql, Migrator, type DatabaseIntrospector, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from '../../db/migrations/index.js';
import type { Db } from './database.js';

/** Migrations are listed in code (db/migrations/index.ts) so they work the same under tsx and bundlers. */
class ListedMigrationProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations() {
    return this.list;
  }
}

export interface MigrateOptions {
  list?: Record<string, Migration>;
  /** Keeps Kysely's bookkeeping tables in this PostgreSQL schema (tests run one schema per file). */
  schema?: string;
}

export function createMigrator(db: Db, opts: MigrateOptions = {}) {
  return new Migrator({
    db: opts.schema ? withSchemaIntrospection(db, opts.schema) : db,
    provider: new ListedMigrationProvider(opts.list ?? migrations),
    ...(opts.schema ? { migrationTableSchema: opts.schema } : {}),
  });
}

/** Runs every pending migration in one transaction: on failure nothing of this run stays. */
export async function migrateToLatest(db: Db, opts: MigrateOptions = {}): Promise<string[]> {
  const { error, results } = await createMigrator(db, opts).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
    throw new Error(
      `数据库迁移失败（${failed}）: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).map((r) => r.migrationName);
}

/**
 * Kysely's migrator asks the introspector for every table of every schema. On PostgreSQL that
 * query calls functions per relation, which fail with "schema … does not exist" when another
 * schema on the same database is dropped meanwhile (test files create and drop theirs side by
 * side). The migrator only needs its own schema's tables, so it gets an introspector that looks
 * there alone.
 */
export function withSchemaIntrospection(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getMetadata: async () => ({ tables: await tables() }),
    getTables: () => tables(),
  };
  async function tables() {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db);
    return rows.map((r) => ({ name: r.name, schema, isView: false, columns: [] }));
  }
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value = Reflect.get(target, prop, target);
      // Kysely keeps its state in private fields, so methods must run on the real instance.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
