import ExcelJS from 'exceljs';
import { BudgetAnalysis, BudgetAnalysisLinesPage, TaskOperatingType } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { makeStaff } from '../../../../test/factories.js';
import { waitForTask } from '../../../../test/tasks.js';
import { type Call, flowApp, type FlowTenant } from '../../flow/flow.testkit.js';
import { BUDGETS } from '../budgets/index.js';
import { BudgetAnalysisCode } from './analysis.errors.js';
import { overlapping, periodOrder } from './analysis.service.js';

/**
 * 预算分析 (decision 0055): figures that reconcile with the ledger after documents are submitted (预占),
 * approved (已用), withdrawn (released); one level of the tree at a time; the documents behind a figure; the
 * filters; bad input, another tenant's ids, a missing permission; 预算执行导出 (task 152).
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp()));
afterAll(async () => t?.close());

const P = (p: string) => `${BUDGETS}/${p}`;
const Y = 2051;
const NOV = `${Y}-11`;

async function draft(f: FlowTenant, amount: number, feeType = 'travel') {
  const s = await call(f.submitter.token, 'POST', 'flow/save', {
    billType: 'expense',
    title: `出差报销${amount}`,
    fees: [{ feeType, amount, date: `${Y}-11-20` }],
  });
  if (s.body.status !== 0) throw new Error(JSON.stringify(s.body));
  return s.body.data.id as number;
}
const submit = async (f: FlowTenant, id: number) =>
  expect((await call(f.submitter.token, 'POST', 'flow/submit', { id })).body.status).toBe(0);
async function approveAll(f: FlowTenant, id: number) {
  expect((await call(f.boss.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
  expect((await call(f.second.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
}
async function analysis(f: FlowTenant, q: Record<string, unknown>) {
  const r = await call(f.admin.token, 'GET', P('analysis'), q);
  expect(r.body.status, JSON.stringify(r.body)).toBe(0);
  return BudgetAnalysis.parse(r.body.data);
}
async function lines(f: FlowTenant, q: Record<string, unknown>) {
  const r = await call(f.admin.token, 'GET', P('analysisLines'), q);
  expect(r.body.status, JSON.stringify(r.body)).toBe(0);
  return BudgetAnalysisLinesPage.parse(r.body.data);
}
/** Σ of the ledger of a node: occupied = occupy − use − release, used = use. */
async function ledgerSum(nodeId: number) {
  const rows = await t.db
    .selectFrom('budget_ledger')
    .select(['kind', 'amount'])
    .where('node_id', '=', nodeId)
    .execute();
  let occupied = 0,
    used = 0;
  for (const r of rows) {
    const a = Number(r.amount);
    if (r.kind === 'occupy') occupied += a;
    else {
      occupied -= a;
      if (r.kind === 'use') used += a;
    }
  }
  return { occupied, used };
}

let budgetId = 0;
let ids: { root: number; dept: number; travel: number };
let docs: { held: number; spent: number; withdrawn: number; big: number };

beforeAll(async () => {
  // root (¥2,000 in Nov) → 部门 (¥1,000 Oct and Nov) → 差旅费 (¥500 Nov).
  const r = await call(A.admin.token, 'POST', P('add'), {
    name: `${Y}年部门预算`,
    year: Y,
    period_type: 'month',
    budget_mode: 2,
    control: 1,
    nodes: [
      { key: 'r', parent: null, dimension: 'root', amounts: { [NOV]: 200_000 } },
      {
        key: 'd',
        parent: 'r',
        dimension: 'department',
        value: String(A.deptId),
        amounts: { [`${Y}-10`]: 100_000, [NOV]: 100_000 },
      },
      { key: 'tr', parent: 'd', dimension: 'fee_type', value: 'travel', amounts: { [NOV]: 50_000 } },
    ],
  });
  expect(r.body.status, JSON.stringify(r.body)).toBe(0);
  budgetId = r.body.data.id;
  const nodes = await t.db
    .selectFrom('budget_nodes')
    .select(['id', 'dimension'])
    .where('budget_id', '=', budgetId)
    .execute();
  const by = (d: string) => Number(nodes.find((n) => n.dimension === d)!.id);
  ids = { root: by('root'), dept: by('department'), travel: by('fee_type') };
  // held: submitted (预占 ¥300); spent: approved (已用 ¥200); withdrawn: released; big: ¥600 held (over).
  docs = {
    held: await draft(A, 30_000),
    spent: await draft(A, 20_000),
    withdrawn: await draft(A, 40_000),
    big: await draft(A, 60_000),
  };
  for (const id of Object.values(docs)) await submit(A, id);
  await approveAll(A, docs.spent);
  expect((await call(A.submitter.token, 'POST', 'flow/withdraw', { id: docs.withdrawn })).body.status).toBe(
    0,
  );
});

describe('预算分析', () => {
  it('answers figures that equal the ledger: totals, the trend, the nodes one level at a time, overruns', async () => {
    const a = await analysis(A, { budget_id: budgetId });
    const root = await ledgerSum(ids.root);
    expect(root).toEqual({ occupied: 90_000, used: 20_000 });
    // Totals: the root's balance rows (its children are in them), never the root plus its children.
    expect(a.total).toEqual({
      budget: 200_000,
      occupied: root.occupied,
      used: root.used,
      available: 200_000 - 110_000,
      rate: 55,
    });
    expect(a.year).toBe(Y);
    expect(a.path).toEqual([{ budget_id: budgetId, node_id: ids.root, label: `${Y}年部门预算` }]);
    expect(a.budgets.map((b) => b.id)).toContain(budgetId);
    // The trend: every month of the year in order, November holding the money.
    expect(a.trend.map((p) => p.period)).toEqual(
      Array.from({ length: 12 }, (_, i) => `${Y}-${String(i + 1).padStart(2, '0')}`),
    );
    expect(a.trend.find((p) => p.period === NOV)).toEqual({
      period: NOV,
      text: `${Y}年11月`,
      budget: 200_000,
      occupied: 90_000,
      used: 20_000,
    });
    // The rows: the root's children (the department), summed over the year.
    expect(a.nodes).toEqual([
      expect.objectContaining({
        node_id: ids.dept,
        dimension: 'department',
        dimensionText: '部门',
        budget: 200_000,
        ...(await ledgerSum(ids.dept)),
        available: 90_000,
        has_children: true,
      }),
    ]);
    // 差旅费 is over its ¥500 in November by ¥600 (¥900 + ¥200 − ¥500); the department by ¥100.
    expect(a.overruns.map((o) => [o.node_id, o.period, o.excess])).toEqual([
      [ids.travel, NOV, 60_000],
      [ids.dept, NOV, 10_000],
    ]);
    expect(a.overruns[0]).toMatchObject({ label: '差旅费', periodText: `${Y}年11月`, budget: 50_000 });
    expect(a.overruns[0]!.path).toMatch(/› 差旅费$/);

    // Into the department: its row is 差旅费, the path names the budget and the department.
    const d = await analysis(A, { budget_id: budgetId, node_id: ids.dept });
    expect(d.path.map((x) => x.node_id)).toEqual([ids.root, ids.dept]);
    expect(d.total).toMatchObject({ budget: 200_000, ...(await ledgerSum(ids.dept)) });
    expect(d.nodes).toEqual([
      expect.objectContaining({ node_id: ids.travel, label: '差旅费', budget: 50_000, has_children: false }),
    ]);
    expect(d.overruns).toHaveLength(2);
    // A leaf: its own row.
    const leaf = await analysis(A, { node_id: ids.travel });
    expect(leaf.nodes.map((n) => n.node_id)).toEqual([ids.travel]);
    expect(leaf.overruns.map((o) => o.node_id)).toEqual([ids.travel]);
  });

  it('a period takes the budget periods overlapping it; the year view lists each budget; filters select nodes', async () => {
    const oct = await analysis(A, { budget_id: budgetId, period: `${Y}-10` });
    // The root has no October budget: its children's stands in (the department's ¥1,000).
    expect(oct.total).toMatchObject({ budget: 100_000, occupied: 0, used: 0, rate: 0 });
    expect(oct.nodes[0]).toMatchObject({ budget: 100_000, occupied: 0, used: 0, rate: 0 });
    const q4 = await analysis(A, { budget_id: budgetId, period: `${Y}-Q4` });
    expect(q4.trend.map((p) => p.period)).toEqual([`${Y}-10`, `${Y}-11`, `${Y}-12`]);
    expect(q4.total).toMatchObject({ occupied: 90_000, used: 20_000 });
    const h1 = await analysis(A, { budget_id: budgetId, period: `${Y}-H1` });
    expect(h1.overruns).toEqual([]);

    const year = await analysis(A, { year: Y });
    expect(year.path).toEqual([]);
    expect(year.nodes.map((n) => [n.node_id, n.label, n.has_children])).toEqual([
      [ids.root, `${Y}年部门预算`, true],
    ]);
    expect(year.total).toMatchObject({ budget: 200_000, occupied: 90_000, used: 20_000 });

    const travel = await analysis(A, { year: Y, fee_type: 'travel' });
    expect(travel.nodes.map((n) => n.node_id)).toEqual([ids.travel]);
    expect(travel.nodes[0]!.label).toMatch(/› 差旅费$/);
    expect(travel.total).toMatchObject({ budget: 50_000, ...(await ledgerSum(ids.travel)) });
    const dept = await analysis(A, { budget_id: budgetId, department_id: A.deptId });
    expect(dept.nodes.map((n) => n.node_id)).toEqual([ids.dept]);
    const none = await analysis(A, { year: Y, fee_type: 'meal' });
    expect(none.nodes).toEqual([]);
    expect(none.total).toEqual({ budget: null, occupied: 0, used: 0, available: null, rate: null });
  });

  it('drills down to the documents behind a figure, their sums equal to the figure', async () => {
    const all = await lines(A, { node_id: ids.dept, period: NOV });
    expect(all.items.map((r) => r.bill_id).sort()).toEqual([docs.held, docs.spent, docs.big].sort());
    expect({ occupied: all.occupied, used: all.used }).toEqual(await ledgerSum(ids.dept));
    const spent = all.items.find((r) => r.bill_id === docs.spent)!;
    expect(spent).toMatchObject({ occupied: 0, used: 20_000, title: '出差报销20000', source_type: 'bill' });
    expect(spent.bill_number).toBeTruthy();
    expect(spent.submitter_name).toBeTruthy();
    expect(spent.dept_name).toBeTruthy();
    expect(spent.statusText).toBe('已通过');
    expect(all.items.find((r) => r.bill_id === docs.held)).toMatchObject({
      occupied: 30_000,
      used: 0,
      statusText: '审批中',
    });

    const used = await lines(A, { node_id: ids.root, kind: 'used' });
    expect(used.items.map((r) => r.bill_id)).toEqual([docs.spent]);
    const paged = await lines(A, { node_id: ids.travel, page_size: 2, page_num: 2 });
    expect(paged.page.total).toBe(3);
    expect(paged.items).toHaveLength(1);
    expect(paged.occupied + paged.used).toBe(110_000);
    expect((await lines(A, { node_id: ids.dept, period: `${Y}-10` })).items).toEqual([]);
  });

  it('refuses bad input in Chinese, another tenant’s budget and nodes, a missing permission', async () => {
    const bad = await call(A.admin.token, 'GET', P('analysis'), { period: '2051-13' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('期间');
    const otherYear = await call(A.admin.token, 'GET', P('analysis'), {
      budget_id: budgetId,
      period: '2050-11',
    });
    expect(otherYear.code).toBe(400);
    expect(otherYear.body).toMatchObject({ status: BudgetAnalysisCode.badField, msg: `期间须在${Y}年内` });
    expect((await call(A.admin.token, 'GET', P('analysis'), { budget_id: 'x' })).code).toBe(400);
    expect(
      (await call(A.admin.token, 'GET', P('analysisLines'), { node_id: ids.dept, kind: 'x' })).code,
    ).toBe(400);
    expect((await call(A.admin.token, 'GET', P('analysisLines'), {})).code).toBe(400);

    // Another tenant's budget and nodes are answered like missing ones.
    const stolen = await call(B.admin.token, 'GET', P('analysis'), { budget_id: budgetId });
    expect(stolen.code).toBe(404);
    expect(stolen.body.status).toBe(BudgetAnalysisCode.budgetNotFound);
    expect((await call(B.admin.token, 'GET', P('analysis'), { node_id: ids.dept })).code).toBe(404);
    expect((await call(B.admin.token, 'GET', P('analysisLines'), { node_id: ids.dept })).code).toBe(404);
    const theirs = await analysis(B, { year: Y, fee_type: 'travel' });
    expect(theirs.nodes).toEqual([]);
    expect(theirs.budgets).toEqual([]);
    // A's node under B's own (none) budget id: a 404 either way.
    expect((await call(A.admin.token, 'GET', P('analysis'), { budget_id: 999_999 })).code).toBe(404);

    expect((await call(A.nobody.token, 'GET', P('analysis'), { year: Y })).code).toBe(403);
    expect((await call(A.submitter.token, 'GET', P('analysisLines'), { node_id: ids.dept })).code).toBe(403);
    const viewer = await makeStaff(t.db, A.tenantId, ['budgetList:view']);
    expect((await call(viewer.token, 'GET', P('analysis'), { year: Y })).code).toBe(200);
  });

  it('预算执行导出 (task 152) writes the rows with a total, the trend and the overruns', async () => {
    const start = (token: string, params: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/task-center/api/v1/tasks:export',
        headers: { 'x-session-token': token },
        payload: { operating_type: TaskOperatingType.budgetAnalysisExport, params },
      });
    const res = await start(A.admin.token, { budget_id: budgetId });
    expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(t.app, A.admin.token, res.json().data.id);
    expect(task.status, task.error_msg).toBe(1);
    expect(task.operating_type_name).toBe('预算执行导出');
    const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as any);
    const rows = (name: string) => {
      const out: string[][] = [];
      wb.getWorksheet(name)!.eachRow((r) =>
        out.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))),
      );
      return out;
    };
    expect(rows('按节点').at(-1)).toEqual(['合计', '', '', '2000.00', '900.00', '200.00', '900.00', '55.0%']);
    expect(rows('按期间')).toHaveLength(13);
    expect(rows('超预算')[1]).toEqual([
      `${Y}年部门预算`,
      expect.stringMatching(/差旅费$/),
      `${Y}年11月`,
      '500.00',
      '900.00',
      '200.00',
      '600.00',
    ]);
    expect((await start(A.nobody.token, {})).statusCode).toBe(403);
  });
});

describe('periods', () => {
  it('orders by last month, shorter first, and overlaps a chosen period', () => {
    expect(['2026-Q1', '2026-03', '2026-01', '2026', '2026-H1'].sort(periodOrder)).toEqual([
      '2026-01',
      '2026-03',
      '2026-Q1',
      '2026-H1',
      '2026',
    ]);
    expect(overlapping(2026, 'quarter', '2026-05')).toEqual(['2026-Q2']);
    expect(overlapping(2026, 'month', '2026-Q2')).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(overlapping(2026, 'year', '2026-H2')).toEqual(['2026']);
    expect(overlapping(2026, 'half', undefined)).toEqual(['2026-H1', '2026-H2']);
  });
});
