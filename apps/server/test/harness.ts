import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import { openDatabase, type DbHandle } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrator.js';
import type { RegisterRoutes } from '../src/platform/types.js';
import { databaseUrlOf } from './globalSetup.js';

export type TestDatabase = DbHandle & {
  cleanup(): Promise<void>;
  /** The SQLite file (undefined on PostgreSQL). */
  sqliteFile?: string;
  /** The PostgreSQL database (undefined on SQLite), for a child process that opens it too. */
  databaseUrl?: string;
};

interface TestDatabaseOptions {
  pgApplicationName?: string;
  onConnectionError?: (err: Error) => void;
}

/**
 * A fresh EMPTY database (no migrations run), for tests of migrations and of what runs before them:
 * a temp SQLite file, or — when TEST_DATABASE_URL is set — a schema of its own on that PostgreSQL
 * database, dropped at the end. Most tests want `createMigratedTestDatabase`.
 */
export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
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
      databaseUrl: url,
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

/**
 * A fresh database at the latest migration: a copy of the template the server project's global setup
 * migrated once per run (test/globalSetup.ts) — a copied SQLite file, or on PostgreSQL a database of its
 * own made with CREATE DATABASE … TEMPLATE and dropped at the end. Same as `createTestDatabase` +
 * `migrateToLatest`, at a fraction of the cost per file.
 */
export async function createMigratedTestDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = inject('testDbTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (url && template?.pgDatabase && template.pgSchema) {
    const database = `feikong_t_${template.runId}_${randomBytes(6).toString('hex')}`;
    const admin = openDatabase({ databaseUrl: url });
    try {
      await sql`create database ${sql.id(database)} template ${sql.id(template.pgDatabase)}`.execute(
        admin.db,
      );
    } finally {
      await admin.destroy();
    }
    const databaseUrl = databaseUrlOf(url, database);
    const handle = openDatabase({
      databaseUrl,
      pgSchema: template.pgSchema,
      pgApplicationName: opts.pgApplicationName,
      onConnectionError: opts.onConnectionError,
    });
    return {
      ...handle,
      databaseUrl,
      cleanup: async () => {
        await handle.destroy();
        const again = openDatabase({ databaseUrl: url });
        await sql`drop database if exists ${sql.id(database)} with (force)`.execute(again.db);
        await again.destroy();
      },
    };
  }
  if (!url && template?.sqliteFile) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-test-'));
    const sqliteFile = path.join(dir, 'test.db');
    fs.copyFileSync(template.sqliteFile, sqliteFile);
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
  // No template (a run without the global setup): migrate this file's own database.
  const handle = await createTestDatabase(opts);
  try {
    await migrateToLatest(handle.db, { schema: handle.schema });
  } catch (error) {
    await handle.cleanup();
    throw error;
  }
  return handle;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** buildApp on a fresh, migrated database (createMigratedTestDatabase). Call `close()` in afterAll. */
export async function createTestApp(
  opts: { config?: Partial<Config>; extraRoutes?: RegisterRoutes[]; logStream?: NodeJS.WritableStream } = {},
) {
  const handle = await createMigratedTestDatabase();
  const config = testConfig(opts.config);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
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
