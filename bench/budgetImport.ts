/**
 * Bench: 预算导入 of 50,000 budget rows (issue 22 "Benchmarks": "Import of 50,000 budget rows: ≤ 15 s"), on SQLite.
 *
 * The data: one tenant with DEPTS departments (default 463) and its nine default fee types; a monthly department
 * budget with the fee-type dimension; an .xlsx of DEPTS × 9 × 12 rows (50,004) — 部门编码, 部门名称, 费用类型编码,
 * 费用类型名称, 期间 as a real date cell (the first of the month), 预算金额(元) — written by exceljs' streaming writer.
 *
 * "ours" is task 150's handler end to end, as the task centre runs it: the file streamed from disk through the
 * bounded reader, every row checked (the tenant's departments and fee types, the period from the date cell, the
 * amount, duplicates), the tree built and published as one new version (nodes, 55,572 balance rows — every node ×
 * 12 months —, the version's content) in one transaction. The baseline is the raw bulk insert of the same rows
 * (the nodes, then the balance rows in set statements of 400) in one transaction, nothing read or checked.
 *   npm run bench budget-import        (BENCH_BUDGET_DEPTS=463 by default)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { FEE_TYPES, TaskOperatingType, budgetPeriods } from '@feikong/contracts';
import { openDatabase, type DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { TaskHandlerRegistry, type TaskRunContext } from '../apps/server/src/platform/tasks.js';
import type { AppServices } from '../apps/server/src/platform/types.js';
import { seedDefaultFeeTypes } from '../apps/server/src/modules/budget/index.js';
import { addBudget } from '../apps/server/src/modules/budget/budgets/budgets.service.js';
import { registerBudgetTasks } from '../apps/server/src/modules/budget/budgets/budgets.tasks.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { printTable } from './org-seed.js';

const DEPTS = Number(process.env.BENCH_BUDGET_DEPTS ?? 463);
const YEAR = 2026;
const BUDGET_S = 15;

async function freshDb(dir: string) {
  const h = openDatabase({ sqliteFile: path.join(dir, `bench-${Math.random().toString(36).slice(2)}.db`) });
  await migrateToLatest(h.db);
  const { tenantId, companyId } = await makeTenant(h.db);
  const admin = await makeStaff(h.db, tenantId, ['*']);
  const now = Date.now();
  await seedDefaultFeeTypes(h.db, tenantId, admin.staffId, now);
  const depts: { id: number; name: string }[] = [];
  for (let i = 0; i < DEPTS; i += 500) {
    const rows = await h.db
      .insertInto('departments')
      .values(
        Array.from({ length: Math.min(500, DEPTS - i) }, (_, k) => ({
          tenant_id: tenantId,
          org_id: companyId,
          pid: 0,
          name: `部门${i + k}`,
          sort_order: i + k,
          source: 0,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    depts.push(...rows.map((r) => ({ id: Number(r.id), name: r.name })));
  }
  const caller = {
    sessionId: 0,
    userId: admin.userId,
    tenantId,
    staffId: admin.staffId,
    perms: ['*'],
  };
  const { id: budgetId } = await addBudget(
    h.db,
    caller,
    {
      name: `${YEAR}年部门费用预算`,
      year: YEAR,
      period_type: 'month',
      budget_mode: 2,
      fee_dimension: true,
      control: 3,
      overrun_pct: 0,
      cumulative: false,
      remark: '',
      nodes: [{ key: 'r', parent: null, dimension: 'root', value: '', label: '', amounts: {} }],
    },
    now,
  );
  return { h, tenantId, admin, depts, budgetId };
}

/** The 50,000-row table: every department × fee type × month, 期间 as a date cell. */
async function writeTable(file: string, depts: { id: number; name: string }[]) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('预算');
  ws.getColumn(5).numFmt = 'yyyy-mm-dd';
  ws.addRow(['部门编码', '部门名称', '费用类型编码', '费用类型名称', '期间', '预算金额(元)']).commit();
  let rows = 0;
  for (const d of depts)
    for (const f of FEE_TYPES)
      for (let m = 0; m < 12; m++) {
        ws.addRow([
          String(d.id),
          d.name,
          f.code,
          f.name,
          new Date(Date.UTC(YEAR, m, 1)),
          1000 + ((rows * 37) % 9000) + 0.5,
        ]).commit();
        rows++;
      }
  ws.commit();
  await wb.commit();
  return rows;
}

async function runImport(
  h: DbHandle,
  tenantId: number,
  admin: { staffId: number; userId: number },
  budgetId: number,
  file: string,
  dir: string,
) {
  const registry = new TaskHandlerRegistry();
  registerBudgetTasks({ taskHandlers: registry } as unknown as AppServices);
  const handler = registry.get(TaskOperatingType.budgetImport)!;
  const ctx: TaskRunContext = {
    db: h.db,
    task: {
      id: 1,
      tenantId,
      creatorStaffId: admin.staffId,
      creatorUserId: admin.userId,
      operatingType: TaskOperatingType.budgetImport,
      fileName: 'budget.xlsx',
      params: { budget_id: budgetId },
      inputKey: file,
    },
    openInput: async (key) => fs.createReadStream(key),
    saveOutput: async (name, write) => {
      const out = path.join(dir, name);
      await write(fs.createWriteStream(out));
      return { key: out, name };
    },
    progress: async () => {},
    checkpoint: null,
    signal: new AbortController().signal,
  };
  return handler(ctx);
}

export async function benchBudgetImport() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-budget-import-bench-'));
  try {
    const a = await freshDb(dir);
    const file = path.join(dir, 'budget.xlsx');
    const t0 = performance.now();
    const rows = await writeTable(file, a.depts);
    const written = performance.now() - t0;
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t1 = performance.now();
    const result = await runImport(a.h, a.tenantId, a.admin, a.budgetId, file, dir);
    const ours = performance.now() - t1;
    clearInterval(sampler);
    if (result.fail_amount !== 0 || result.success_amount !== rows)
      throw new Error(`导入结果不对：${JSON.stringify(result)}`);
    const balances = await a.h.db
      .selectFrom('budget_balances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('budget_id', '=', a.budgetId)
      .where('budget', 'is not', null)
      .executeTakeFirstOrThrow();
    const version = await a.h.db
      .selectFrom('budgets')
      .select('current_version')
      .where('id', '=', a.budgetId)
      .executeTakeFirstOrThrow();
    if (Number(balances.n) !== rows || version.current_version !== 2)
      throw new Error(`发布结果不对：${balances.n} 行预算，版本 ${version.current_version}`);

    // Baseline: the same nodes and balance rows, raw bulk inserts in one transaction on a fresh database.
    const b = await freshDb(dir);
    const periods = budgetPeriods(YEAR, 'month');
    const t2 = performance.now();
    await b.h.db.transaction().execute(async (tx) => {
      const node = (dimension: string, value: string, parent: number | null) => ({
        tenant_id: b.tenantId,
        budget_id: b.budgetId,
        parent_id: parent,
        dimension,
        value,
        label: value,
        sort_order: 0,
        removed: 0,
      });
      const root = await tx
        .insertInto('budget_nodes')
        .values(node('root', '', null))
        .returning('id')
        .executeTakeFirstOrThrow();
      const leaves: number[] = [];
      const tops: number[] = [];
      for (const d of b.depts) {
        const dn = await tx
          .insertInto('budget_nodes')
          .values(node('department', String(d.id), Number(root.id)))
          .returning('id')
          .executeTakeFirstOrThrow();
        tops.push(Number(dn.id));
        const feeNodes = await tx
          .insertInto('budget_nodes')
          .values(FEE_TYPES.map((f) => node('fee_type', f.code, Number(dn.id))))
          .returning('id')
          .execute();
        leaves.push(...feeNodes.map((r) => Number(r.id)));
      }
      const all = [Number(root.id), ...tops, ...leaves];
      const leafSet = new Set(leaves);
      const balances = all.flatMap((n) =>
        periods.map((p, i) => ({
          tenant_id: b.tenantId,
          budget_id: b.budgetId,
          node_id: n,
          period: p,
          budget: leafSet.has(n) ? 100_050 + i : null,
          occupied: 0,
          used: 0,
        })),
      );
      for (let i = 0; i < balances.length; i += 400)
        await tx
          .insertInto('budget_balances')
          .values(balances.slice(i, i + 400))
          .execute();
    });
    const baseline = performance.now() - t2;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    printTable(
      `预算导入 — ${rows.toLocaleString('en')} rows (${DEPTS} departments × 9 fee types × 12 months), SQLite`,
      [
        {
          operation: 'import (read + check + publish one version)',
          ours: s(ours),
          baseline: s(baseline),
          ratio: `${(ours / baseline).toFixed(1)}×`,
          budget: `≤ ${BUDGET_S} s`,
          verdict: ours / 1000 <= BUDGET_S ? 'OK' : 'OVER',
        },
      ],
    );
    console.log(
      `  file written in ${s(written)} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB); peak RSS during the import ${(Math.max(peak, process.memoryUsage().rss) / 1e6).toFixed(0)} MB`,
    );
    await a.h.destroy();
    await b.h.destroy();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
