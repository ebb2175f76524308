import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrator.js';
import { seedDemoIfEmpty } from './seed/index.js';

/** config → database → migrations → demo seed (first start) → app → listen. */
async function main() {
  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(handle.db);
  if (config.seedDemo) await seedDemoIfEmpty(handle.db);
  const app = await buildApp({ config, db: handle.db, dialect: handle.dialect });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  const close = async () => {
    await app.close();
    await handle.destroy();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Feikong serving on http://${config.host}:${config.port} (${handle.dialect})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
