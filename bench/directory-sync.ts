/**
 * Bench: 通讯录同步 (issue 24: "20,000 users in 800 nested departments from the WeCom mock, within its rate limit:
 * ≤ 60 s, peak RSS ≤ 300 MB; a second run with no change writes nothing"), SQLite.
 *
 * "ours" is task 159's handler (directorySyncHandler: the complete snapshot through the limiter — department/list,
 * user/list_id pages of 10,000, user/list per department —, the diff, and the apply in one transaction: 800
 * departments, 20,000 new staff with their people, groups, departments and platform bindings); the baseline is the
 * fetch alone (fetchSnapshot, the calls at WeCom's 10,000 a minute, no database). The second run must find no
 * change and leave every table it could write as it was. The mock runs in a child process
 * (bench/directory-sync-mock.ts), so the peak RSS is the sync's process alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testConfig } from '../apps/server/src/config.js';
import {
  directorySyncHandler,
  type SyncContext,
} from '../apps/server/src/modules/integration/directorySync/index.js';
import { fetchSnapshot } from '../apps/server/src/modules/integration/directorySync/upstream.js';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { sealPlatformSecret } from '../apps/server/src/modules/integration/index.js';
import { openDatabase, type Db } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import type { TaskRunContext } from '../apps/server/src/platform/tasks.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { printTable } from './org-seed.js';

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const DEPTS = Number(process.env.BENCH_DEPTS ?? 800);
const BUDGET_S = 60;
const BUDGET_RSS_MB = 300;

async function footprint(db: Db, tenantId: number) {
  const out: number[] = [];
  for (const t of [
    'staff',
    'departments',
    'directory_sync_users',
    'directory_sync_depts',
    'third_user_sync_conflicts',
  ] as const) {
    const r = await db
      .selectFrom(t)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number>('updated_at').as('u')])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    out.push(Number(r.n), Number(r.u));
  }
  const b = await db
    .selectFrom('staff_third_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  out.push(Number(b.n));
  return out.join(',');
}

export async function benchDirectorySync() {
  // What the process holds before any sync (tsx, the server's modules): the sync's own share is the difference.
  const rssAtStart = process.memoryUsage().rss / 1048576;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-bench-dirsync-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
  await migrateToLatest(handle.db);
  const db = handle.db;
  const config = testConfig();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./directory-sync-mock.ts', import.meta.url).pathname],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_USERS: String(USERS), BENCH_DEPTS: String(DEPTS) },
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`mock exited ${code}`)));
  });
  const mock = {
    bases: JSON.parse(line) as Record<'wecom' | 'dingtalk' | 'feishu', string>,
    close: async () => void child.kill(),
  };
  try {
    const tenant = await makeTenant(db, '通讯录同步基准集团');
    const admin = await makeStaff(db, tenant.tenantId, ['*']);
    const now = Date.now();
    const pf = await db
      .insertInto('integration_platforms')
      .values({ tenant_id: tenant.tenantId, platform: 'wecom', created_by: admin.staffId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cfg = await db
      .insertInto('platform_org_configs')
      .values({
        tenant_id: tenant.tenantId,
        platform_id: Number(pf.id),
        platform: 'wecom',
        org_id: tenant.companyId,
        corp_id: 'ww-bench',
        app_key: 'ww-bench',
        agent_id: '1000002',
        secret_enc: sealPlatformSecret(config.signingSecret, 'bench-secret-0001'),
        secret_tail: '0001',
        enabled: 1,
        auto_apply_threshold: 100_000,
        grace_days: 7,
        sync_interval: 0,
        next_sync_at: null,
        sync_run_id: null,
        last_sync_at: null,
        last_sync_status: null,
        created_by: admin.staffId,
        created_at: now,
        updated_by: admin.staffId,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sc: SyncContext = {
      signingSecret: config.signingSecret,
      apiBase: { ...mock.bases },
      timeoutMs: 30_000,
      clock: Date.now,
    };
    const handler = directorySyncHandler(sc);
    const run = async () => {
      const r = await db
        .insertInto('directory_sync_runs')
        .values({
          tenant_id: tenant.tenantId,
          config_id: Number(cfg.id),
          task_id: null,
          status: 'fetching',
          run_trigger: 'manual',
          progress: null,
          snapshot: null,
          diff: null,
          dept_count: 0,
          user_count: 0,
          added: 0,
          changed: 0,
          moved: 0,
          gone: 0,
          conflicts: 0,
          api_calls: 0,
          error_msg: '',
          created_by: admin.staffId,
          started_at: Date.now(),
          fetched_at: null,
          applied_at: null,
          applied_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const t0 = performance.now();
      await handler({
        db,
        task: {
          id: 0,
          tenantId: tenant.tenantId,
          creatorStaffId: admin.staffId,
          creatorUserId: admin.userId,
          operatingType: 159,
          fileName: 'bench',
          params: { run_id: Number(r.id) },
          inputKey: null,
        },
        signal: new AbortController().signal,
        checkpoint: null,
        progress: async () => {},
      } as unknown as TaskRunContext);
      const ms = performance.now() - t0;
      const row = await db
        .selectFrom('directory_sync_runs')
        .selectAll()
        .where('id', '=', r.id)
        .executeTakeFirstOrThrow();
      return { ms, row };
    };

    const t0 = performance.now();
    const base = await fetchSnapshot({
      platform: 'wecom',
      apiBase: mock.bases.wecom,
      corpId: 'ww-bench',
      appKey: 'ww-bench',
      appSecret: 'bench-secret-0001',
      timeoutMs: 30_000,
    });
    const baseline = performance.now() - t0;
    const first = await run();
    const before = await footprint(db, tenant.tenantId);
    const second = await run();
    const after = await footprint(db, tenant.tenantId);
    const rssMb = process.resourceUsage().maxRSS / 1024;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const staff = await db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenant.tenantId)
      .executeTakeFirstOrThrow();
    printTable(
      `通讯录同步 — ${USERS.toLocaleString('en')} WeCom users in ${DEPTS} nested departments (mock on loopback), SQLite`,
      [
        {
          operation: `first sync: fetch + diff + apply (${first.row.api_calls} calls, status ${first.row.status})`,
          ours: s(first.ms),
          baseline: s(baseline),
          ratio: `${(first.ms / baseline).toFixed(1)}×`,
          budget: `≤ ${BUDGET_S} s`,
          verdict: first.ms <= BUDGET_S * 1000 && first.row.status === 'applied' ? 'OK' : 'OVER',
        },
        {
          operation: `second sync, no change (status ${second.row.status})`,
          ours: s(second.ms),
          baseline: s(baseline),
          ratio: `${(second.ms / baseline).toFixed(1)}×`,
          budget: 'writes nothing',
          verdict: second.row.status === 'unchanged' && before === after ? 'OK' : 'OVER',
        },
        {
          operation: 'RSS before the first sync (tsx + server modules loaded)',
          ours: `${rssAtStart.toFixed(0)} MB`,
          baseline: '',
          ratio: '',
          budget: '',
          verdict: '',
        },
        {
          operation: 'peak RSS of the sync process (mock in a child process)',
          ours: `${rssMb.toFixed(0)} MB`,
          baseline: '',
          ratio: '',
          budget: `≤ ${BUDGET_RSS_MB} MB`,
          verdict: rssMb <= BUDGET_RSS_MB ? 'OK' : 'OVER',
        },
      ],
    );
    console.log(
      `  fetched ${base.snapshot.users.length} users / ${base.snapshot.depts.length} departments in ${base.calls} calls; ` +
        `staff now ${Number(staff.n)}; conflicts ${first.row.conflicts}`,
    );
  } finally {
    await mock.close();
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
