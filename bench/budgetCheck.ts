/**
 * Bench: the budget check of a document (issue 22 "Benchmarks"): a 100-line document against 20,000 budget
 * lines and a 500-node fee-type tree, p99 ≤ 20 ms; a one-line check p99 ≤ 3 ms.
 *
 * Setup (SQLite file in the temp directory, migrated): 200 departments, a 500-node fee-type tree (the nine
 * seeded roots, 91 children, 400 grandchildren), one monthly 禁止 budget of 2026: the root, 200 department
 * nodes and 100 fee-type nodes under each (20,201 nodes, 242,412 balance rows).
 * - 预算预览 (previewBudget): what 保存草稿 and the form ask — the check with no lock and no write.
 * - 提交占用 (occupyBudget): the check, the ledger rows and the balances written in one transaction (each run
 *   a new document, so the ledger grows through the run as it does in use).
 * - baseline: the hand-written floor of the same work — the balance rows of the nodes the lines hit in one
 *   indexed read (for 占用: plus the ledger insert and the balance updates in one transaction), with the hit
 *   nodes already known.
 * BENCH_ITER (default 300) documents per row after 30 warm-up runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { inTransaction, openDatabase } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { makeDepartment, makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { occupyBudget, previewBudget, type SpendDoc } from '../apps/server/src/modules/budget/index.js';
import { printTable, summarize, type FigureRow } from './org-seed.js';

const ITER = Number(process.env.BENCH_ITER ?? 300);
const WARMUP = 30;
const N_DEPTS = 200;
const FEES_PER_DEPT = 100;
const ROOTS = 9;

async function timeAsync(fn: (i: number) => Promise<unknown>, n: number) {
  for (let i = 0; i < WARMUP; i++) await fn(i);
  const samples: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(WARMUP + i);
    samples[i] = performance.now() - t0;
  }
  return summarize(samples);
}
const ms = (x: number) => `${x.toFixed(2)} ms`;

export async function benchBudgetCheck() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-bench-budget-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
  await migrateToLatest(handle.db);
  const db = handle.db;
  const t0 = performance.now();
  const x = await makeTenant(db);
  const staff = await makeStaff(db, x.tenantId);
  const now = Date.now();

  const depts: number[] = [];
  for (let i = 0; i < N_DEPTS; i++)
    depts.push(Number(await makeDepartment(db, x.tenantId, x.companyId, `部门${i + 1}`, x.deptId)));

  // The fee-type tree: the nine seeded roots, 91 children, 400 grandchildren (500 in all).
  const roots = await db
    .selectFrom('fee_types')
    .select(['id', 'code'])
    .where('tenant_id', '=', x.tenantId)
    .where('parent_id', '=', 0)
    .orderBy('id')
    .execute();
  const feeRow = (code: string, parent: number) => ({
    tenant_id: x.tenantId,
    code,
    name: `费用${code}`,
    parent_id: parent,
    enabled: 1,
    subject_code: '',
    bill_types: '[]',
    sort: 0,
    created_by: staff.staffId,
    created_at: now,
    updated_by: staff.staffId,
    updated_at: now,
  });
  const children: { id: number; code: string }[] = [];
  for (let i = 0; i < 91; i++) {
    const parent = roots[i % roots.length]!;
    const r = await db
      .insertInto('fee_types')
      .values(feeRow(`c${i}`, Number(parent.id)))
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
    children.push({ id: Number(r.id), code: r.code });
  }
  const grand: string[] = [];
  const grandRows = Array.from({ length: 500 - ROOTS - 91 }, (_, i) => {
    grand.push(`g${i}`);
    return feeRow(`g${i}`, children[i % children.length]!.id);
  });
  await db.insertInto('fee_types').values(grandRows).execute();
  // The budget's fee-type nodes: the 91 children and the first nine grandchildren (lines of grandchildren
  // of a budgeted child match their parent through the tree).
  const budgetCodes = [...children.map((c) => c.code), ...grand.slice(0, FEES_PER_DEPT - children.length)];

  const budget = await db
    .insertInto('budgets')
    .values({
      tenant_id: x.tenantId,
      name: '2026年部门预算',
      year: 2026,
      period_type: 'month',
      budget_mode: 2,
      fee_dimension: 1,
      control: 3,
      overrun_pct: 0,
      cumulative: 0,
      status: 1,
      remark: '',
      draft: null,
      current_version: 1,
      enabled: 1,
      created_by: staff.staffId,
      created_at: now,
      updated_by: staff.staffId,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const budgetId = Number(budget.id);
  const node = (parent: number | null, dimension: string, value: string, label: string, sort: number) => ({
    tenant_id: x.tenantId,
    budget_id: budgetId,
    parent_id: parent,
    dimension,
    value,
    label,
    sort_order: sort,
    removed: 0,
  });
  const root = await db
    .insertInto('budget_nodes')
    .values(node(null, 'root', '', '总额', 0))
    .returning('id')
    .executeTakeFirstOrThrow();
  const rootId = Number(root.id);
  const deptNodes = new Map<number, number>();
  const feeNodes = new Map<string, number>();
  for (const [i, d] of depts.entries()) {
    const r = await db
      .insertInto('budget_nodes')
      .values(node(rootId, 'department', String(d), `部门${i + 1}`, i))
      .returning('id')
      .executeTakeFirstOrThrow();
    deptNodes.set(d, Number(r.id));
    const rows = await db
      .insertInto('budget_nodes')
      .values(budgetCodes.map((c, j) => node(Number(r.id), 'fee_type', c, `费用${c}`, j)))
      .returning(['id', 'value'])
      .execute();
    for (const f of rows) feeNodes.set(`${d}|${f.value}`, Number(f.id));
  }
  const nodeIds = [rootId, ...deptNodes.values(), ...feeNodes.values()];
  const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
  let batch: {
    tenant_id: number;
    budget_id: number;
    node_id: number;
    period: string;
    budget: number;
    occupied: number;
    used: number;
  }[] = [];
  await inTransaction(db, async (trx) => {
    for (const id of nodeIds)
      for (const p of months) {
        batch.push({
          tenant_id: x.tenantId,
          budget_id: budgetId,
          node_id: id,
          period: p,
          budget: id === rootId ? 10_000_000_000_00 : 1_000_000_000_00,
          occupied: 0,
          used: 0,
        });
        if (batch.length >= 4000) {
          await trx.insertInto('budget_balances').values(batch).execute();
          batch = [];
        }
      }
    if (batch.length) await trx.insertInto('budget_balances').values(batch).execute();
  });
  const setupSeconds = (performance.now() - t0) / 1000;

  // Documents: the submitter in one of the 200 departments; each line's fee type a grandchild or child of
  // a budgeted type (matched through the tree), dated in November 2026.
  const lineDate = Date.parse('2026-11-18T10:00:00+08:00');
  const docOf = (i: number, n: number): SpendDoc => ({
    tenantId: x.tenantId,
    // Each row of the table its own documents (a document is occupied once per round).
    sourceId: n * 1_000_000 + i,
    submitterId: staff.staffId,
    departmentId: depts[i % depts.length]!,
    projectId: null,
    lines: Array.from({ length: n }, (_, j) => ({
      id: (n * 1_000_000 + i) * 1000 + j,
      feeType: j % 2 ? budgetCodes[(i + j) % budgetCodes.length]! : grand[(i * 7 + j) % grand.length]!,
      amount: 10_000 + j,
      date: lineDate,
    })),
  });
  // The nodes a document's lines hit, known ahead for the baseline (root, department, fee type).
  const hitNodes = (d: SpendDoc) => {
    const ids = new Set([rootId, deptNodes.get(d.departmentId!)!]);
    for (const l of d.lines) {
      const f = feeNodes.get(`${d.departmentId}|${l.feeType}`);
      if (f) ids.add(f);
    }
    return [...ids];
  };
  const rawRead = async (d: SpendDoc) =>
    sql`select node_id, period, budget, occupied, used from budget_balances
      where node_id in (${sql.join(hitNodes(d))}) and period = '2026-11'`.execute(db);
  const rawOccupy = async (d: SpendDoc, i: number) =>
    inTransaction(db, async (trx) => {
      const ids = hitNodes(d);
      await sql`select node_id, period, budget, occupied, used from budget_balances
        where node_id in (${sql.join(ids)}) and period = '2026-11'`.execute(trx);
      const rows = d.lines.flatMap((l) =>
        [rootId, deptNodes.get(d.departmentId!)!].map((node_id) => ({
          tenant_id: x.tenantId,
          budget_id: budgetId,
          node_id,
          period: '2026-11',
          source_type: 'raw',
          source_id: d.sourceId,
          source_line: l.id,
          round: i,
          kind: 'occupy',
          amount: l.amount,
          created_by: staff.staffId,
          created_at: now,
        })),
      );
      for (let k = 0; k < rows.length; k += 200)
        await trx
          .insertInto('budget_ledger')
          .values(rows.slice(k, k + 200))
          .execute();
      for (const id of ids)
        await sql`update budget_balances set occupied = occupied + 1 where node_id = ${id} and period = '2026-11'`.execute(
          trx,
        );
    });

  const rows: FigureRow[] = [];
  const row = (operation: string, ours: { p50: number; p99: number }, base: { p99: number }, limit: number) =>
    rows.push({
      operation,
      ours: `p50 ${ms(ours.p50)} · p99 ${ms(ours.p99)}`,
      baseline: `p99 ${ms(base.p99)}`,
      ratio: `${(ours.p99 / base.p99).toFixed(1)}×`,
      budget: `p99 ≤ ${limit} ms`,
      verdict: ours.p99 <= limit ? 'OK' : 'OVER',
    });
  for (const n of [1, 100]) {
    const preview = await timeAsync((i) => previewBudget(db, docOf(i, n)), ITER);
    const previewRaw = await timeAsync((i) => rawRead(docOf(i, n)), ITER);
    row(`预算预览 ${n} 行`, preview, previewRaw, n === 1 ? 3 : 20);
    const occupy = await timeAsync(
      (i) => occupyBudget(db, docOf(i, n), { round: i + 1, by: staff.staffId, now: lineDate }),
      ITER,
    );
    const occupyRaw = await timeAsync((i) => rawOccupy(docOf(i, n), i + 1), ITER);
    row(`提交占用 ${n} 行`, occupy, occupyRaw, n === 1 ? 3 : 20);
  }
  printTable(
    `预算校验 (${nodeIds.length.toLocaleString()} 个预算节点, 500 个费用类型, SQLite; 准备 ${setupSeconds.toFixed(1)} s)`,
    rows,
  );
  await handle.destroy();
  if (process.env.BENCH_KEEP) console.log(dir);
  else fs.rmSync(dir, { recursive: true, force: true });
}
