/**
 * A job-worker process for crash tests: opens the test database named in its environment, starts
 * the app with the worker on, prints READY and then runs until it is killed.
 *   FEIKONG_TEST_SQLITE=<file>  or  FEIKONG_TEST_PG_URL=<url> FEIKONG_TEST_PG_SCHEMA=<schema>
 *   FEIKONG_TEST_DATA_DIR=<dir>  FEIKONG_TEST_LEASE_MS=<ms>
 */
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase } from '../src/platform/db/database.js';

const env = process.env;
const handle = env.FEIKONG_TEST_PG_URL
  ? openDatabase({ databaseUrl: env.FEIKONG_TEST_PG_URL, pgSchema: env.FEIKONG_TEST_PG_SCHEMA })
  : openDatabase({ sqliteFile: env.FEIKONG_TEST_SQLITE });
const app = await buildApp({
  config: testConfig({
    dataDir: env.FEIKONG_TEST_DATA_DIR,
    jobWorker: true,
    jobLeaseMs: Number(env.FEIKONG_TEST_LEASE_MS),
  }),
  db: handle.db,
  dialect: handle.dialect,
});
await app.ready();
process.stdout.write('READY\n');
setInterval(() => {}, 1 << 30);
