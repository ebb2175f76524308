import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import { openDatabase, type DbHandle } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrator.js';
import type { RegisterRoutes } from '../src/platform/types.js';

/**
 * A fresh database per test file: a temp SQLite file, or — when TEST_DATABASE_URL is set —
 * a schema of its own on that PostgreSQL database, dropped at the end.
 */
export async function createTestDatabase(
  opts: { pgApplicationName?: string; onConnectionError?: (err: Error) => void } = {},
): Promise<DbHandle & { cleanup(): Promise<void>; sqliteFile?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = openDatabase({ databaseUrl: url });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.destroy();
    // A test that terminates its own backends names them so it kills no other file's connections.
    const handle = openDatabase({
      databaseUrl: url,
      pgSchema: schema,
      pgApplicationName: opts.pgApplicationName,
      onConnectionError: opts.onConnectionError,
    });
    return {
      ...handle,
      cleanup: async () => {
        await handle.destroy();
        const again = openDatabase({ databaseUrl: url });
        await sql`drop schema ${sql.id(schema)} cascade`.execute(again.db);
        // The job queue (pg-boss) of an app on this schema keeps its tables in pgboss_<schema>.
        await sql`drop schema if exists ${sql.id(`pgboss_${schema}`)} cascade`.execute(again.db);
        await again.destroy();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-test-'));
  const sqliteFile = path.join(dir, 'test.db');
  const handle = openDatabase({ sqliteFile });
  return {
    ...handle,
    sqliteFile,
    cleanup: async () => {
      await handle.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** buildApp on a fresh, migrated database. Call `close()` in afterAll. */
export async function createTestApp(
  opts: { config?: Partial<Config>; extraRoutes?: RegisterRoutes[]; logStream?: NodeJS.WritableStream } = {},
) {
  const handle = await createTestDatabase();
  const config = testConfig(opts.config);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    await migrateToLatest(handle.db, { schema: handle.schema });
    app = await buildApp(
      { config, db: handle.db, dialect: handle.dialect, logStream: opts.logStream },
      opts.extraRoutes,
    );
    await app.ready();
  } catch (error) {
    // A test that expects the app to refuse to start must not leave its database behind.
    await handle.cleanup();
    throw error;
  }
  return {
    /** The SQLite file (undefined on PostgreSQL), for tests that write as another process would. */
    sqliteFile: handle.sqliteFile as string | undefined,
    app,
    db: handle.db,
    dialect: handle.dialect,
    config,
    close: async () => {
      await app.close();
      await handle.cleanup();
    },
  };
}
