import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { PlatformCode } from '@feikong/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { MEMBER_COLUMNS } from '../src/modules/org/importExport/org.excel.js';
import { makeStaff, makeTenant } from './factories.js';
import { createMigratedTestDatabase } from './harness.js';
import { waitFor } from './poll.js';
import { multipartBody } from './tasks.js';
import { openDatabase, type DbHandle } from '../src/platform/db/database.js';
import { DATABASE_UNAVAILABLE_MSG } from '../src/platform/db/unavailable.js';

/**
 * Issue 10: a PostgreSQL restart killed every server process (an unhandled 'error' event of the
 * pool). Here the server's backends are terminated (pg_terminate_backend, as a restart does) in
 * the middle of a read load and of a member import. Only this file's backends, found by their
 * application_name, are touched: other suites share the cluster.
 */
const url = process.env.TEST_DATABASE_URL;
const APP_NAME = `feikong-outage-${randomBytes(4).toString('hex')}`;
const LIST = '/org-arch-center/api/v1/departments:list';
const CLIENTS = 20;

let handle: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let admin: DbHandle;
let dataDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
let lostConnections = 0;

// An 'error' event nobody listens to ends up here (and would end a server process).
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  if (!url) return;
  handle = await createMigratedTestDatabase({
    pgApplicationName: APP_NAME,
    onConnectionError: () => lostConnections++,
  });
  admin = openDatabase({ databaseUrl: url, pgApplicationName: `${APP_NAME}-admin` });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-outage-'));
  app = await buildApp({
    config: testConfig({ dataDir, jobLeaseMs: 10_000 }),
    db: handle.db,
    dialect: handle.dialect,
  });
  await app.ready();
});
afterAll(async () => {
  if (!url) return;
  await app?.close();
  await admin?.destroy();
  await handle?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  uncaught.length = 0;
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
});
afterEach(() => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
});

/** Terminates every backend of the server's pool; answers how many there were. */
async function terminateServerBackends(): Promise<number> {
  const { rows } = await sql<{ killed: boolean }>`
    select pg_terminate_backend(pid) as killed from pg_stat_activity
    where application_name = ${APP_NAME} and pid <> pg_backend_pid()`.execute(admin.db);
  return rows.filter((r) => r.killed).length;
}

/** Keeps terminating them for `ms` (new connections die as they appear, like a restart). */
async function outage(ms: number): Promise<number> {
  let killed = 0;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    killed += await terminateServerBackends();
    await sleep(20);
  }
  return killed;
}

interface Reply {
  at: number;
  statusCode: number;
  body: { status: number; msg: string; data: unknown };
}

/** `clients` loops of GET departments:list (and now and then /healthz) until stop() is called. */
function readLoad(token: string) {
  const replies: Reply[] = [];
  let running = true;
  const loops = Array.from({ length: CLIENTS }, async (_, i) => {
    for (let n = 0; running; n++) {
      const res = await app.inject({
        method: 'GET',
        url: n % 10 === 9 ? '/healthz' : `${LIST}?client=${i}`,
        headers: { 'x-session-token': token },
      });
      replies.push({ at: Date.now(), statusCode: res.statusCode, body: res.json() });
    }
  });
  return {
    replies,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const phoneOf = (i: number) => `175${String(i).padStart(8, '0')}`;

describe.skipIf(!url)('PostgreSQL connections lost under load (issue 10)', () => {
  it('answers 503 envelopes while they are gone and serves normally within 5 s', async () => {
    const { tenantId } = await makeTenant(handle.db);
    const staff = await makeStaff(handle.db, tenantId);
    const load = readLoad(staff.token);
    await sleep(1000);
    const killed = await outage(2000);
    const outageEnd = Date.now();
    // The first request after the outage may still meet a connection that died with it.
    await waitFor(
      async () => {
        const res = await app.inject({
          method: 'GET',
          url: LIST,
          headers: { 'x-session-token': staff.token },
        });
        return res.statusCode === 200;
      },
      { timeoutMs: 5000, intervalMs: 50, what: 'departments:list answers again' },
    );
    const recoveredIn = Date.now() - outageEnd;
    await sleep(1000);
    await load.stop();

    expect(uncaught).toEqual([]);
    expect(killed).toBeGreaterThan(0);
    expect(lostConnections).toBeGreaterThan(0);
    expect(recoveredIn).toBeLessThan(5000);
    const unavailable = load.replies.filter((r) => r.statusCode === 503);
    const others = load.replies.filter((r) => r.statusCode !== 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const r of unavailable) {
      expect(r.body).toMatchObject({
        status: PlatformCode.serviceUnavailable,
        msg: DATABASE_UNAVAILABLE_MSG,
      });
    }
    for (const r of others) expect([r.statusCode, r.body.status]).toEqual([200, 0]);
    // Once it has recovered, everybody is served: the pool holds no dead client.
    const after = load.replies.filter((r) => r.at > outageEnd + recoveredIn + 200);
    expect(after.length).toBeGreaterThan(CLIENTS);
    expect(after.every((r) => r.statusCode === 200)).toBe(true);
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  }, 30_000);

  it('resumes a member import cut off by them: every row saved exactly once, or the task fails cleanly', async () => {
    const ROWS = 10_000;
    const { tenantId, companyId } = await makeTenant(handle.db);
    const admin_ = await makeStaff(handle.db, tenantId, ['orgStaff:edit', 'orgStaff:view']);
    const { name: company } = await handle.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    const file = path.join(dataDir, 'members.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
    const ws = wb.addWorksheet('导入数据');
    ws.addRow([...MEMBER_COLUMNS]).commit();
    for (let i = 0; i < ROWS; i++)
      ws.addRow([`断线测试${i}`, phoneOf(i), '', `D${i}`, company, '测试部', '', '']).commit();
    ws.commit();
    await wb.commit();

    const body = multipartBody(
      { operating_type: '2' },
      { name: '成员导入.xlsx', content: fs.readFileSync(file) },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:import',
      headers: { 'x-session-token': admin_.token, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const taskId: number = res.json().data.id;
    const taskRow = () =>
      handle.db
        .selectFrom('tasks')
        .select(['status', 'success_amount', 'fail_amount', 'error_msg'])
        .where('id', '=', taskId)
        .executeTakeFirstOrThrow();

    await waitFor(async () => (await taskRow()).success_amount >= 1000, {
      timeoutMs: 60_000,
      intervalMs: 10,
      what: 'the first batch committed',
    });
    const killed = await outage(1500);
    expect(killed).toBeGreaterThan(0);
    const atOutage = await waitFor(() => taskRow(), { timeoutMs: 5000, what: 'the task row readable' });
    expect(atOutage.success_amount).toBeLessThan(ROWS);

    const task = await waitFor(
      async () => {
        const t = await taskRow();
        return t.status !== 0 ? t : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 100, what: 'the import finished' },
    );
    const saved = await handle.db
      .selectFrom('staff')
      .select('phone')
      .where('tenant_id', '=', tenantId)
      .where('phone', 'like', '175%')
      .execute();
    const phones = saved.map((s) => s.phone);
    expect(new Set(phones).size).toBe(phones.length);
    expect(uncaught).toEqual([]);
    if (task.status === 1) {
      expect(task).toMatchObject({ success_amount: ROWS, fail_amount: 0 });
      expect(phones.length).toBe(ROWS);
    } else {
      // Failed cleanly: a Chinese reason, and exactly the rows it counts are saved.
      expect(task.error_msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(phones.length).toBe(task.success_amount);
    }
  }, 150_000);
});
