/**
 * Benches of issue 13 (approval flows), on SQLite and — when BENCH_DATABASE_URL is set — PostgreSQL:
 * - flow-batch-approve: flow/batchApprove of 1,000 documents waiting for one approver (budget ≤ 3 s).
 * - flow-todo: GET flow/todoPageList (20 rows) through the real app with 100,000 open tasks in the tenant
 *   (1,000 of them the caller's); the baseline runs the route's own statements (count, page, documents by
 *   id) on the same handle. Budget p99 ≤ 30 ms and ≤ 1.5× the baseline.
 * - flow-simulate: flowDesign/simulate over the last 1,000 documents (budget ≤ 2 s).
 * BENCH_ITER (default 200) to-do requests after 20 warm-up ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase, type DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import type { TenantCaller } from '../apps/server/src/platform/context.js';
import { createSession } from '../apps/server/src/platform/sessions.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { batchApprove, submitBill } from '../apps/server/src/modules/flow/approval/approval.service.js';
import { saveBill } from '../apps/server/src/modules/flow/bill/bill.service.js';
import {
  enableFlow,
  publishFlow,
  saveFlow,
  saveGroup,
} from '../apps/server/src/modules/flow/design/design.service.js';
import { simulateFlow } from '../apps/server/src/modules/flow/approval/simulate.service.js';
import { pagePending } from '../apps/server/src/modules/flow/approval/todo.repo.js';
import { billsByIds } from '../apps/server/src/modules/flow/bill/bill.repo.js';
import type { FlowNode } from '../apps/server/src/modules/flow/engine/index.js';
import { printTable, summarize, type FigureRow } from './org-seed.js';

const ITER = Number(process.env.BENCH_ITER ?? 200);
const DOCS = 1000;
const TASKS = 100_000;

async function open(): Promise<{ h: DbHandle; cleanup: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const schema = `bench_flow_${Date.now()}`;
    const admin = openDatabase({ databaseUrl: url });
    await admin.db.schema.createSchema(schema).execute();
    await admin.destroy();
    const h = openDatabase({ databaseUrl: url, pgSchema: schema });
    return {
      h,
      cleanup: async () => {
        await h.destroy();
        const again = openDatabase({ databaseUrl: url });
        await again.db.schema.dropSchema(schema).cascade().execute();
        await again.destroy();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-flow-'));
  const h = openDatabase({ sqliteFile: path.join(dir, 'b.db') });
  return { h, cleanup: async () => (await h.destroy(), fs.rmSync(dir, { recursive: true, force: true })) };
}

async function setup() {
  const { h, cleanup } = await open();
  await migrateToLatest(h.db, { schema: h.schema });
  const { tenantId, deptId } = await makeTenant(h.db);
  const admin = await makeStaff(h.db, tenantId, ['*']);
  const submitter = await makeStaff(h.db, tenantId, ['*']);
  const approver = await makeStaff(h.db, tenantId, ['*']);
  await h.db
    .updateTable('staff')
    .set({ supervisor_id: approver.staffId })
    .where('id', '=', submitter.staffId)
    .execute();
  await h.db
    .insertInto('staff_departments')
    .values({ tenant_id: tenantId, staff_id: submitter.staffId, dept_id: deptId })
    .execute();
  const as = (staffId: number): TenantCaller => ({
    sessionId: 0,
    userId: 0,
    tenantId,
    staffId,
    perms: ['*'],
  });
  const d = { db: h.db, clock: Date.now };
  const g = await saveGroup(d, as(admin.staffId), { name: '基准' });
  const nodes: FlowNode[] = [
    { id: 'start', name: '发起', type: 'start', next: 'a' },
    {
      id: 'a',
      name: '上级审批',
      type: 'approver',
      next: 'big',
      sources: [{ kind: 'supervisor', levels: 1 }],
      mode: { kind: 'orSign' },
      whenEmpty: 'admin',
      onReject: { kind: 'end' },
      selfApprove: 'superior',
    },
    {
      id: 'big',
      name: '金额判断',
      type: 'condition',
      branches: [
        { id: 'b1', name: '大额', when: { field: 'amount', op: 'gte', value: 500_000 }, next: 'fin' },
        { id: 'b2', name: '其他', isDefault: true, next: 'end' },
      ],
    },
    {
      id: 'fin',
      name: '财务审批',
      type: 'approver',
      next: 'end',
      sources: [{ kind: 'staff', staffIds: [String(admin.staffId)] }],
      mode: { kind: 'orSign' },
      whenEmpty: 'autoPass',
      onReject: { kind: 'end' },
      selfApprove: 'superior',
    },
    { id: 'end', name: '结束', type: 'end' },
  ];
  const f = await saveFlow(d, as(admin.staffId), {
    name: '基准流程',
    groupId: g.id,
    billType: 'expense',
    remark: '',
    nodes,
  });
  await publishFlow(d, as(admin.staffId), f.id);
  await enableFlow(d, as(admin.staffId), f.id, true);
  const ids: number[] = [];
  for (let i = 0; i < DOCS; i++) {
    const b = await saveBill(d, as(submitter.staffId), {
      billType: 'expense',
      title: `报销${i}`,
      amount: 0,
      remark: '',
      relatedBillIds: [],
      formValues: {},
      trips: [],
      fees: [
        {
          feeType: i % 2 ? 'meal' : 'travel',
          amount: 1000 + i * 997,
          date: '2026-11-20',
          remark: '',
          invoiceIds: [],
        },
      ],
    });
    await submitBill(d, as(submitter.staffId), { id: b.id, chosen: {} });
    ids.push(b.id);
  }
  return { h, cleanup, d, as, tenantId, admin, submitter, approver, nodes, ids };
}

async function run() {
  const label = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const s = await setup();
  const rows: FigureRow[] = [];

  // flow-simulate: the last 1,000 documents.
  let t0 = performance.now();
  const sim = await simulateFlow(s.d, s.as(s.admin.staffId), {
    billType: 'expense',
    nodes: s.nodes,
    count: 1000,
  });
  const simMs = performance.now() - t0;
  rows.push({
    operation: `simulate ${sim.rows.length} docs`,
    ours: `${simMs.toFixed(0)} ms`,
    baseline: '',
    ratio: '',
    budget: '≤ 2000 ms',
    verdict: simMs <= 2000 ? 'OK' : 'OVER',
  });

  // flow-batch-approve: 1,000 documents in one call.
  t0 = performance.now();
  const res = await batchApprove(s.d, s.as(s.approver.staffId), { ids: s.ids, opinion: '批量' });
  const batchMs = performance.now() - t0;
  rows.push({
    operation: `batchApprove ${res.okCount}/${s.ids.length} ok`,
    ours: `${batchMs.toFixed(0)} ms`,
    baseline: '',
    ratio: '',
    budget: '≤ 3000 ms',
    verdict: batchMs <= 3000 && res.okCount === DOCS ? 'OK' : 'OVER',
  });

  // flow-todo: 100,000 open tasks in the tenant, 1,000 of them the caller's.
  const others = await Promise.all(Array.from({ length: 9 }, () => makeStaff(s.h.db, s.tenantId, [])));
  const assignees = [s.approver.staffId, ...others.map((o) => o.staffId)];
  const now = Date.now();
  const billRow = (i: number) => ({
    tenant_id: s.tenantId,
    bill_type: 'expense',
    bill_number: `BENCH${i}`,
    title: `待办${i}`,
    submitter_id: s.submitter.staffId,
    submitter_name: '提交人',
    department_id: null,
    dept_name: '',
    company_id: null,
    org_name: '',
    project_id: null,
    amount: 1000 + i,
    status: 'approving',
    create_type: 1,
    remark: '',
    form_values: '{}',
    loan_id: null,
    flow_id: null,
    flow_version: null,
    flow_name: '',
    instance_id: null,
    current_node_name: '上级审批',
    current_approvers: '[]',
    submit_time: now - i,
    finish_time: null,
    created_at: now - i,
    updated_at: now - i,
  });
  for (let start = 0; start < TASKS; start += 500) {
    const n = Math.min(500, TASKS - start);
    const inserted = await s.h.db
      .insertInto('bills')
      .values(Array.from({ length: n }, (_, k) => billRow(start + k)))
      .returning('id')
      .execute();
    await s.h.db
      .insertInto('flow_tasks')
      .values(
        inserted.map((b, k) => {
          const i = start + k;
          // 1% of the tenant's tasks are the caller's (1,000), the rest spread over nine others.
          const assignee = i % 100 === 0 ? assignees[0] : assignees[1 + (i % 9)];
          return {
            tenant_id: s.tenantId,
            instance_id: 0,
            bill_id: b.id,
            task_id: `${b.id}:t1`,
            node_id: 'a',
            node_name: '上级审批',
            assignee_id: assignee,
            on_behalf_of: null,
            agent_window_id: null,
            status: 'running',
            bill_type: 'expense',
            submitter_id: s.submitter.staffId,
            created_at: now - i,
          };
        }),
      )
      .execute();
  }
  const app = await buildApp({ config: testConfig(), db: s.h.db, dialect: s.h.dialect });
  await app.ready();
  const u = await s.h.db
    .selectFrom('staff')
    .select(['user_id'])
    .where('id', '=', s.approver.staffId)
    .executeTakeFirstOrThrow();
  const { token } = await createSession(
    s.h.db,
    { userId: u.user_id, tenantId: s.tenantId, staffId: s.approver.staffId },
    3600_000,
  );
  const ours: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < ITER + 20; i++) {
    let a = performance.now();
    const r = await app.inject({
      method: 'GET',
      url: '/finobill/api/web/flow/todoPageList?tab=pending&pageNum=2&pageSize=20',
      headers: { 'x-session-token': token },
    });
    if (r.statusCode !== 200) throw new Error(r.body);
    if (i >= 20) ours.push(performance.now() - a);
    a = performance.now();
    const p = await pagePending(s.h.db, s.tenantId, s.approver.staffId, {}, 2, 20);
    await billsByIds(
      s.h.db,
      s.tenantId,
      p.items.map((x) => x.bill_id),
    );
    if (i >= 20) raw.push(performance.now() - a);
  }
  const o = summarize(ours);
  const b = summarize(raw);
  const ratio = o.p99 / b.p99;
  rows.push({
    operation: `todo p99 (${TASKS} tasks)`,
    ours: `${o.p99.toFixed(2)} ms`,
    baseline: `${b.p99.toFixed(2)} ms`,
    ratio: `${ratio.toFixed(2)}×`,
    budget: '≤ 30 ms, ≤ 1.5×',
    verdict: o.p99 <= 30 && ratio <= 1.5 ? 'OK' : 'OVER',
  });
  printTable(`flow benches (${label})`, rows);
  await app.close();
  await s.cleanup();
}

export const benchFlow = run;
