import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrator.js';
import { PgBossJobQueue } from '../src/platform/jobs/pgboss.js';

/**
 * The server project's global setup: migrates ONE template database per run, which every test file's
 * `createMigratedTestDatabase` copies (a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL)
 * instead of migrating a database of its own (see docs/decisions/0026-test-database-template.md).
 */
export interface TestDbTemplate {
  /** This run's id: the per-file PostgreSQL databases are named feikong_t_<runId>_<random>. */
  runId: string;
  /** The migrated SQLite file (closed, its WAL checkpointed into it). */
  sqliteFile?: string;
  /** The migrated PostgreSQL template database, its schema holding the tables (pg-boss in pgboss_<schema>). */
  pgDatabase?: string;
  pgSchema?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplate: TestDbTemplate;
  }
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrlOf(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const pgDatabase = `feikong_tpl_${runId}`;
    const pgSchema = `t_${runId}`;
    const admin = openDatabase({ databaseUrl: url, pgApplicationName: 'feikong-test-setup' });
    const dropOurs = async () => {
      // The template and any per-file database a crashed worker left behind: this run's only.
      const { rows } = await sql<{ datname: string }>`
        select datname from pg_database
        where datname = ${pgDatabase} or datname like ${`feikong_t_${runId}_%`}`.execute(admin.db);
      for (const { datname } of rows) {
        await sql`drop database if exists ${sql.id(datname)} with (force)`.execute(admin.db);
      }
    };
    try {
      await sql`create database ${sql.id(pgDatabase)}`.execute(admin.db);
      const tplUrl = databaseUrlOf(url, pgDatabase);
      const bare = openDatabase({ databaseUrl: tplUrl });
      await sql`create schema ${sql.id(pgSchema)}`.execute(bare.db);
      await bare.destroy();
      const tpl = openDatabase({ databaseUrl: tplUrl, pgSchema });
      try {
        await migrateToLatest(tpl.db, { schema: pgSchema });
        // Every test app starts pg-boss (config.jobWorker): its schema is installed once here too.
        const boss = new PgBossJobQueue(tpl.db);
        await boss.start();
        await boss.stop();
      } finally {
        // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
        await tpl.destroy();
      }
    } catch (error) {
      await dropOurs().catch(() => {});
      await admin.destroy();
      throw error;
    }
    project.provide('testDbTemplate', { runId, pgDatabase, pgSchema });
    return async () => {
      await dropOurs();
      await admin.destroy();
    };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-test-template-'));
  const sqliteFile = path.join(dir, 'template.db');
  const handle = openDatabase({ sqliteFile });
  try {
    await migrateToLatest(handle.db);
    // The copies are plain file copies: everything must be in the main file, not in the WAL.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
  } finally {
    await handle.destroy();
  }
  if (fs.existsSync(`${sqliteFile}-wal`) && fs.statSync(`${sqliteFile}-wal`).size > 0) {
    throw new Error(`the template database still has a write-ahead log: ${sqliteFile}-wal`);
  }
  project.provide('testDbTemplate', { runId, sqliteFile });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
