import { Migrator, type Migration, type MigrationProvider } from 'kysely';
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
    db,
    provider: new ListedMigrationProvider(opts.list ?? migrations),
    ...(opts.schema ? { migrationTableSchema: opts.schema } : {}),
  });
}

/** Runs every pending migration in one transaction: on failure nothing of this run stays. */
export async function migrateToLatest(db: Db, opts: MigrateOptions = {}): Promise<string[]> {
  const { error, results } = await createMigrator(db, opts).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
    throw new Error(`数据库迁移失败（${failed}）: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
