/**
 * One server process of bench/orderIntake.ts: the real app ('ours') or the baseline — bare Fastify writing the
 * same spend_orders row per request, with no signature, decision or ledger ('bare') — on the coordinator's
 * database. Prints its address as one JSON line and serves until it is killed.
 * argv[2]: JSON of ServerPlan.
 */
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';

export interface ServerPlan {
  mode: 'ours' | 'bare';
  sqliteFile?: string;
  databaseUrl?: string;
  pgSchema?: string;
  tenantId: number;
  channelId: number;
  sceneId: number;
  path: string;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as ServerPlan;
const h = openDatabase(
  plan.databaseUrl
    ? { databaseUrl: plan.databaseUrl, pgSchema: plan.pgSchema }
    : { sqliteFile: plan.sqliteFile },
);

async function bare() {
  const app = Fastify();
  app.post(plan.path, async (req) => {
    const b = req.body as { orderId: string; userId: number; amount: number };
    const now = Date.now();
    const row = await h.db
      .insertInto('spend_orders')
      .values({
        tenant_id: plan.tenantId,
        channel_id: plan.channelId,
        channel_order_id: b.orderId,
        request_hash: '',
        user_id: b.userId,
        staff_id: 0,
        user_name: '',
        scene_id: plan.sceneId,
        scene_name: '',
        scene_version: 1,
        category: 2,
        source: 2,
        amount: b.amount,
        company_pays: b.amount,
        employee_pays: 0,
        quota_paid: 0,
        org_paid: b.amount,
        verdict: 'allow',
        status: 'paid',
        decision: '{}',
        request: JSON.stringify(b),
        ordered_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
  return app;
}

const app =
  plan.mode === 'bare'
    ? await bare()
    : await buildApp({
        config: testConfig({ logLevel: 'silent', jobWorker: false }),
        db: h.db,
        dialect: h.dialect,
      });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ address }));
process.on('SIGTERM', () => void app.close().then(() => h.destroy().then(() => process.exit(0))));
