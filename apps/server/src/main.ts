import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { startInvoiceMailReceiver } from './modules/invoiceMail/index.js';
import { openDatabase } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrator.js';
import { isDatabaseUnavailable } from './platform/db/unavailable.js';
import { createFileStorage } from './platform/services.js';
import { seedDemoIfEmpty } from './seed/index.js';

/** config → database → migrations → demo seed (first start) → app → listen. */
async function main() {
  const config = loadConfig();
  // Lost connections are logged (to stderr until the app's logger exists); the pool reconnects.
  let onConnectionError = (err: Error) => console.error(`数据库连接中断：${err.message}`);
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (err) => onConnectionError(err),
  });
  const applied = await migrateToLatest(handle.db);
  // One storage for the seed (the demo invoices' files) and the app.
  const storage = createFileStorage(config);
  if (config.seedDemo) await seedDemoIfEmpty(handle.db, storage);
  const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, storage });
  onConnectionError = (err) => app.log.warn({ err }, 'database connection lost');
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  let mailReceiver: Awaited<ReturnType<typeof startInvoiceMailReceiver>> = null;
  const close = async () => {
    await mailReceiver?.close();
    await app.close();
    await handle.destroy();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Feikong serving on http://${config.host}:${config.port} (${handle.dialect})`);
  // 专属邮箱: the SMTP receiver (MAIL_PORT, default 2525 on 127.0.0.1; 0 = off).
  mailReceiver = await startInvoiceMailReceiver(app);
}

main().catch((err) => {
  // Unreachable at boot (migrations, seed, the job queue's start): say so plainly, then exit.
  if (isDatabaseUnavailable(err))
    console.error(`启动失败：无法连接数据库（DATABASE_URL），${errorMessage(err)}`);
  else console.error(err);
  process.exit(1);
});

function errorMessage(err: unknown): string {
  const e = err as { message?: string; code?: string; errors?: { message?: string }[] };
  return e.message || e.errors?.[0]?.message || e.code || String(err);
}
