import { BudgetInfo, BudgetPage } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { makeDepartment } from '../../../../test/factories.js';
import { type Call, flowApp, type FlowTenant } from '../../flow/flow.testkit.js';
import { BudgetLedgerCode, occupyBudget, reconcileBudget } from '../index.js';
import { BudgetCode } from './budgets.errors.js';
import { BUDGETS } from './budgets.routes.js';

/**
 * 预算 routes and the ledger the documents move (decision 0052): CRUD with versions, validation, tenancy,
 * permissions; submit occupies, approval uses, reject/withdraw/delete release, resubmit replaces; parents
 * include their children; an empty dimension does not escape; forbid refuses naming the line; the race.
 * Each test uses its own year, so the budgets of one test never see another's documents.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp()));
afterAll(async () => t?.close());

const P = (p: string) => `${BUDGETS}/${p}`;
let seq = 0;
type Node = {
  key: string;
  parent?: string | null;
  id?: number;
  dimension: string;
  value?: string;
  label?: string;
  control?: number | null;
  amounts?: Record<string, number>;
};

/** root → 部门 (the submitter's) [→ 差旅费]; amounts on the nodes named. */
function deptTree(
  f: FlowTenant,
  year: number,
  o: { root?: number; dept?: number; travel?: number } = {},
): Node[] {
  const m = `${year}-11`;
  const nodes: Node[] = [
    { key: 'r', parent: null, dimension: 'root', amounts: o.root === undefined ? {} : { [m]: o.root } },
    {
      key: 'd',
      parent: 'r',
      dimension: 'department',
      value: String(f.deptId),
      amounts: o.dept === undefined ? {} : { [m]: o.dept },
    },
  ];
  if (o.travel !== undefined)
    nodes.push({
      key: 'tr',
      parent: 'd',
      dimension: 'fee_type',
      value: 'travel',
      label: '差旅费',
      amounts: { [m]: o.travel },
    });
  return nodes;
}
const body = (f: FlowTenant, year: number, nodes: Node[], over: Record<string, unknown> = {}) => ({
  name: `${year}年市场部${++seq}`,
  year,
  period_type: 'month',
  budget_mode: 2,
  control: 3,
  nodes,
  ...over,
});
async function added(f: FlowTenant, b: Record<string, unknown>) {
  const r = await call(f.admin.token, 'POST', P('add'), b);
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  return r.body.data.id as number;
}
async function draft(f: FlowTenant, year: number, amount: number, feeType = 'travel') {
  const s = await call(f.submitter.token, 'POST', 'flow/save', {
    billType: 'expense',
    title: '出差报销',
    fees: [{ feeType, amount, date: `${year}-11-20` }],
  });
  if (s.body.status !== 0) throw new Error(JSON.stringify(s.body));
  return s.body.data.id as number;
}
const submit = (f: FlowTenant, id: number) => call(f.submitter.token, 'POST', 'flow/submit', { id });
async function approveAll(f: FlowTenant, id: number) {
  expect((await call(f.boss.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
  expect((await call(f.second.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
}
async function info(f: FlowTenant, id: number) {
  const r = await call(f.admin.token, 'GET', P('info'), { id });
  expect(r.body.status).toBe(0);
  return BudgetInfo.parse(r.body.data);
}
/** The figures of a node (by dimension) in November. */
async function fig(f: FlowTenant, id: number, dimension: string, dimValue?: string) {
  const b = await info(f, id);
  const n = b.nodes.find(
    (x) => x.dimension === dimension && (dimValue === undefined || x.value === dimValue),
  )!;
  return n.figures.find((x) => x.period === `${b.year}-11`)!;
}
const ledgerCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('budget_ledger')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('预算 routes', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter((r) => r.url.startsWith(`${BUDGETS}/`) && r.method !== 'HEAD');
    expect(mine.map((r) => `${r.method} ${r.url.slice(BUDGETS.length)}`).sort()).toEqual([
      'GET /analysis',
      'GET /analysisLines',
      'GET /info',
      'GET /ledger',
      'GET /list',
      'GET /versionChanges',
      'POST /add',
      'POST /check',
      'POST /delete',
      'POST /status',
      'POST /update',
    ]);
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });

  it('adds (version 1), reads, lists, adjusts (version 2, same node ids), stops and deletes a budget', async () => {
    const id = await added(
      A,
      body(A, 2030, deptTree(A, 2030, { dept: 120_000, travel: 100_000 }), { name: '2030年市场部' }),
    );
    const b = await info(A, id);
    expect(b).toMatchObject({
      name: '2030年市场部',
      year: 2030,
      version: 1,
      status: 1,
      statusText: '启用',
      control: 3,
      has_ledger: false,
    });
    expect(b.periods).toHaveLength(12);
    expect(b.periods[10]).toEqual({ key: '2030-11', text: '2030年11月' });
    const dept = b.nodes.find((n) => n.dimension === 'department')!;
    expect(dept.label).toBeTruthy();
    expect(dept.figures[10]).toEqual({
      period: '2030-11',
      budget: 120_000,
      occupied: 0,
      used: 0,
      available: 120_000,
    });
    expect(dept.figures[0]!.budget).toBeNull();

    const list = BudgetPage.parse(
      (await call(A.admin.token, 'GET', P('list'), { keyword: '2030年市场', year: 2030 })).body.data,
    );
    expect(list.items.map((r) => r.id)).toEqual([id]);
    // No budget on the root: the year's total is its children's.
    expect(list.items[0]).toMatchObject({ total_budget: 120_000, total_occupied: 0, total_used: 0 });
    expect((await call(B.admin.token, 'GET', P('list'), { year: 2030 })).body.data.items).toEqual([]);

    // Adjust: the department node keeps its id, gets a new amount; a new person node appears.
    // Adjust: the fee-type node is removed (its id stays for the ledger, no longer in the tree).
    const nodes = b.nodes
      .filter((n) => n.dimension !== 'fee_type')
      .map((n) => ({
        key: String(n.id),
        id: n.id,
        parent: n.parent_id === null ? null : String(n.parent_id),
        dimension: n.dimension,
        value: n.value,
        label: n.label,
        amounts: n.dimension === 'department' ? { '2030-11': 150_000 } : {},
      }));
    nodes.push({
      key: 'p',
      id: undefined as never,
      parent: String(dept.id),
      dimension: 'person',
      value: String(A.submitter.staffId),
      label: '',
      amounts: {},
    });
    const up = await call(A.admin.token, 'POST', P('update'), {
      ...body(A, 2030, nodes as Node[]),
      id,
      name: '2030年市场部',
    });
    expect(up.body).toMatchObject({ status: 0, data: { id, version: 2 } });
    const b2 = await info(A, id);
    expect(b2.version).toBe(2);
    expect(b2.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(b2.nodes.find((n) => n.dimension === 'department')).toMatchObject({ id: dept.id });
    expect(b2.nodes.find((n) => n.dimension === 'department')!.figures[10]!.budget).toBe(150_000);
    expect(b2.nodes.find((n) => n.dimension === 'fee_type')).toBeUndefined();
    expect(b2.nodes.find((n) => n.dimension === 'person')!.label).toBeTruthy();
    // 变更记录: what v2 changed against v1, in words; v1 compares with nothing.
    const ch = await call(A.admin.token, 'GET', P('versionChanges'), { id, version: 2 });
    expect(ch.body.status).toBe(0);
    expect(ch.body.data).toMatchObject({ version: 2, previous: 1, published_by_name: expect.any(String) });
    const deptName = b2.nodes.find((n) => n.dimension === 'department')!.label;
    const person = b2.nodes.find((n) => n.dimension === 'person')!.label;
    expect(ch.body.data.changes).toEqual(
      expect.arrayContaining([
        { kind: 'amount', target: `${deptName} 2030年11月`, before: '¥1,200.00', after: '¥1,500.00' },
        { kind: 'added', target: person, before: '', after: '人员' },
        { kind: 'removed', target: '差旅费', before: '费用类型', after: '' },
      ]),
    );
    expect(ch.body.data.changes.filter((c: { kind: string }) => c.kind === 'setting')).toEqual([]);
    const first = await call(A.admin.token, 'GET', P('versionChanges'), { id, version: 1 });
    expect(first.body.data).toMatchObject({ version: 1, previous: null, changes: [] });
    // A version never published, another tenant's budget, bad input, and a staff member without 预算列表.
    expect((await call(A.admin.token, 'GET', P('versionChanges'), { id, version: 3 })).body).toMatchObject({
      status: BudgetCode.versionNotFound,
      msg: '预算没有版本 v3',
    });
    expect((await call(B.admin.token, 'GET', P('versionChanges'), { id, version: 2 })).body.status).toBe(
      BudgetCode.notFound,
    );
    const bad = await call(A.admin.token, 'GET', P('versionChanges'), { id, version: 'x' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('版本');
    expect((await call(A.submitter.token, 'GET', P('versionChanges'), { id, version: 2 })).code).toBe(403);
    const versions = await t.db
      .selectFrom('budget_versions')
      .select(['version', 'published_by'])
      .where('budget_id', '=', id)
      .orderBy('version')
      .execute();
    expect(versions.map((v) => [v.version, Number(v.published_by)])).toEqual([
      [1, A.admin.staffId],
      [2, A.admin.staffId],
    ]);

    expect((await call(A.admin.token, 'POST', P('status'), { id, status: 2 })).body.status).toBe(0);
    expect((await info(A, id)).statusText).toBe('停用');
    expect((await call(A.admin.token, 'POST', P('delete'), { id })).body.status).toBe(0);
    expect((await call(A.admin.token, 'GET', P('info'), { id })).code).toBe(404);
  });

  it('refuses bad input naming the field, a broken tree, another tenant’s ids, a missing permission', async () => {
    const bad = await call(A.admin.token, 'POST', P('add'), {
      ...body(A, 2031, deptTree(A, 2031)),
      name: '',
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('预算名称');
    const badCtl = await call(
      A.admin.token,
      'POST',
      P('add'),
      body(A, 2031, deptTree(A, 2031), { control: 9 }),
    );
    expect(badCtl.code).toBe(400);
    expect(badCtl.body.msg).toContain('超支控制');
    const neg = await call(A.admin.token, 'POST', P('add'), body(A, 2031, deptTree(A, 2031, { dept: -1 })));
    expect(neg.code).toBe(400);
    expect(neg.body.msg).toContain('预算金额');
    const twoRoots = await call(
      A.admin.token,
      'POST',
      P('add'),
      body(A, 2031, [
        { key: 'a', parent: null, dimension: 'root' },
        { key: 'b', parent: null, dimension: 'root' },
      ]),
    );
    expect(twoRoots.body).toMatchObject({
      status: BudgetCode.badNodes,
      msg: '预算节点须有且只有一个根节点（维度为全部）',
    });
    const wrongPeriod = await call(
      A.admin.token,
      'POST',
      P('add'),
      body(A, 2031, [{ key: 'a', parent: null, dimension: 'root', amounts: { '2030-11': 1 } }]),
    );
    expect(wrongPeriod.body.status).toBe(BudgetCode.badNodes);
    // B's department in A's budget: not found, like a missing one.
    const foreign = await call(
      A.admin.token,
      'POST',
      P('add'),
      body(A, 2031, deptTree(B, 2031, { dept: 100 })),
    );
    expect(foreign.body.status).toBe(BudgetCode.badNodes);
    expect(foreign.body.msg).toContain('部门');
    const foreignPerson = await call(
      A.admin.token,
      'POST',
      P('add'),
      body(A, 2031, [
        { key: 'r', parent: null, dimension: 'root' },
        { key: 'p', parent: 'r', dimension: 'person', value: String(B.submitter.staffId) },
      ]),
    );
    expect(foreignPerson.body.status).toBe(BudgetCode.badNodes);

    const id = await added(A, body(A, 2031, deptTree(A, 2031, { dept: 100 })));
    const node = (await info(A, id)).nodes[1]!;
    // Another tenant's ids: path/query, body, a node id of A's in B's update.
    expect((await call(B.admin.token, 'GET', P('info'), { id })).code).toBe(404);
    expect((await call(B.admin.token, 'GET', P('ledger'), { node_id: node.id })).code).toBe(404);
    expect((await call(B.admin.token, 'POST', P('status'), { id, status: 2 })).code).toBe(404);
    expect((await call(B.admin.token, 'POST', P('delete'), { id })).code).toBe(404);
    expect(
      (await call(B.admin.token, 'POST', P('update'), { ...body(B, 2031, deptTree(B, 2031)), id })).code,
    ).toBe(404);
    const bId = await added(B, body(B, 2031, deptTree(B, 2031, { dept: 100 })));
    const stolen = await call(B.admin.token, 'POST', P('update'), {
      ...body(B, 2031, [{ key: String(node.id), id: node.id, parent: null, dimension: 'root' }]),
      id: bId,
    });
    expect(stolen.body.status).toBe(BudgetCode.badNodes);
    const aBill = await draft(A, 2031, 100);
    expect((await call(B.submitter.token, 'POST', P('check'), { bill_id: aBill })).code).toBe(404);
    // Someone else's document of the same tenant: not the caller's.
    expect((await call(A.boss.token, 'POST', P('check'), { bill_id: aBill })).code).toBe(404);
    expect((await call(A.admin.token, 'GET', P('info'), { id })).body.data.status).toBe(1);

    // Permissions: reading and editing need budgetList perms; check needs only staff.
    expect((await call(A.nobody.token, 'GET', P('list'), {})).code).toBe(403);
    expect((await call(A.submitter.token, 'GET', P('info'), { id })).code).toBe(403);
    expect((await call(A.submitter.token, 'POST', P('add'), body(A, 2031, deptTree(A, 2031)))).code).toBe(
      403,
    );
    expect((await call(A.submitter.token, 'POST', P('check'), { bill_id: aBill })).code).toBe(200);
    expect((await call(A.admin.token, 'POST', P('check'), { bill_id: 'x' })).code).toBe(400);
  });
});

describe('预算 on documents', () => {
  it('forbid refuses naming the line and what is left; check previews the same without writing', async () => {
    await added(
      A,
      body(A, 2032, deptTree(A, 2032, { dept: 200_000, travel: 120_000 }), { name: '2032年市场部' }),
    );
    const id = await draft(A, 2032, 150_000);
    const before = await ledgerCount();
    const preview = await call(A.submitter.token, 'POST', P('check'), { bill_id: id });
    const sentence =
      '预算「2032年市场部」差旅费 2032年11月 可用 ¥1,200.00，本单占用 ¥1,500.00，超出 ¥300.00，不能提交';
    expect(preview.body.data).toMatchObject({ refusal: sentence, personal: 0 });
    expect(preview.body.data.lines[0]).toMatchObject({ amount: 150_000, over: 30_000, refusal: sentence });
    const r = await submit(A, id);
    expect(r.body).toMatchObject({ status: BudgetLedgerCode.overBudget, msg: sentence });
    // Lines not yet saved: the caller's department, the same answer; with the bill, as its amendment.
    const unsaved = await call(A.submitter.token, 'POST', P('check'), {
      lines: [{ fee_type: 'travel', amount: 150_000, date: '2032-11-20' }],
    });
    expect(unsaved.body.data).toMatchObject({ refusal: sentence });
    const fits = await call(A.submitter.token, 'POST', P('check'), {
      bill_id: id,
      lines: [{ fee_type: 'travel', amount: 120_000, date: '2032-11-20' }],
    });
    expect(fits.body.data).toMatchObject({ refusal: null, personal: 0 });
    expect(fits.body.data.lines[0].over).toBe(0);
    const none = await call(A.submitter.token, 'POST', P('check'), {});
    expect(none.code).toBe(400);
    expect(none.body.msg).toContain('请提供单据ID或费用明细');
    const foreignDept = await call(A.submitter.token, 'POST', P('check'), {
      lines: [{ fee_type: 'travel', amount: 1, date: '2032-11-20' }],
      department_id: B.deptId,
    });
    expect(foreignDept.body.status).toBe(BudgetCode.badNodes);
    expect(await ledgerCount()).toBe(before);
    const b = await t.db.selectFrom('bills').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(b.status).toBe('draft');
  });

  it('submit occupies, approval uses (never 0), reject/withdraw/delete release, resubmit replaces; reconciles', async () => {
    const bid = await added(A, body(A, 2033, deptTree(A, 2033, { root: 1_000_000, dept: 500_000 })));
    const one = await draft(A, 2033, 100_000);
    expect((await submit(A, one)).body.status).toBe(0);
    expect(await fig(A, bid, 'department')).toMatchObject({ occupied: 100_000, used: 0, available: 400_000 });
    expect(await fig(A, bid, 'root')).toMatchObject({ occupied: 100_000, available: 900_000 });
    await approveAll(A, one);
    expect(await fig(A, bid, 'department')).toMatchObject({ occupied: 0, used: 100_000, available: 400_000 });
    expect(await fig(A, bid, 'root')).toMatchObject({ occupied: 0, used: 100_000 });

    // withdraw releases; resubmitting occupies once, not twice.
    const two = await draft(A, 2033, 50_000);
    expect((await submit(A, two)).body.status).toBe(0);
    expect((await call(A.submitter.token, 'POST', 'flow/withdraw', { id: two })).body.status).toBe(0);
    expect(await fig(A, bid, 'department')).toMatchObject({ occupied: 0, used: 100_000 });
    expect((await submit(A, two)).body.status).toBe(0);
    expect((await submit(A, two)).code).not.toBe(200); // already approving: refused, nothing added
    expect(await fig(A, bid, 'department')).toMatchObject({
      occupied: 50_000,
      used: 100_000,
      available: 350_000,
    });
    // reject (the supervisor's reject ends the flow) releases.
    expect(
      (await call(A.boss.token, 'POST', 'flow/reject', { id: two, opinion: '不符合' })).body.status,
    ).toBe(0);
    expect(await fig(A, bid, 'department')).toMatchObject({ occupied: 0, used: 100_000 });

    // delete of a withdrawn document leaves nothing occupied.
    const three = await draft(A, 2033, 70_000);
    expect((await submit(A, three)).body.status).toBe(0);
    expect((await call(A.submitter.token, 'POST', 'flow/withdraw', { id: three })).body.status).toBe(0);
    expect((await call(A.submitter.token, 'POST', 'flow/delete', { id: three })).body.status).toBe(0);
    expect(await fig(A, bid, 'department')).toMatchObject({ occupied: 0, used: 100_000, available: 400_000 });

    const rows = await call(A.admin.token, 'GET', P('ledger'), {
      node_id: (await info(A, bid)).nodes[1]!.id,
      period: '2033-11',
    });
    expect(rows.body.status).toBe(0);
    const kinds = rows.body.data.items.map((r: { kind: string }) => r.kind).sort();
    expect(kinds).toEqual(['occupy', 'occupy', 'occupy', 'occupy', 'release', 'release', 'release', 'use']);
    const num = rows.body.data.items.find((r: { bill_id: number }) => r.bill_id === one).bill_number;
    expect(num).toMatch(/\S/);
    expect(await reconcileBudget(t.db, A.tenantId, bid)).toEqual([]);
    // The ledger holds rows: 删除 is refused.
    const del = await call(A.admin.token, 'POST', P('delete'), { id: bid });
    expect(del.body.status).toBe(BudgetCode.inUse);
  });

  it('an amended document occupying again replaces its open occupation, never adds to it', async () => {
    const bid = await added(A, body(A, 2047, deptTree(A, 2047, { dept: 500_000 })));
    const line = (amount: number) => ({
      id: 9_047_001,
      feeType: 'travel',
      amount,
      date: Date.parse('2047-11-20T10:00:00+08:00'),
    });
    const doc = (amount: number) => ({
      tenantId: A.tenantId,
      sourceId: 9_047_000,
      submitterId: A.submitter.staffId,
      departmentId: A.deptId,
      projectId: null,
      lines: [line(amount)],
    });
    await occupyBudget(t.db, doc(100_000), { round: 1, by: A.submitter.staffId, now: Date.now() });
    await occupyBudget(t.db, doc(30_000), { round: 2, by: A.submitter.staffId, now: Date.now() });
    expect(await fig(A, bid, 'department')).toMatchObject({ occupied: 30_000, available: 470_000 });
    expect(await reconcileBudget(t.db, A.tenantId, bid)).toEqual([]);
  });

  it('a child spend counts on its parent, and a parent smaller than its children is checked too', async () => {
    const bid = await added(
      A,
      body(A, 2034, deptTree(A, 2034, { root: 60_000, dept: 80_000, travel: 100_000 })),
    );
    const ok = await draft(A, 2034, 50_000);
    expect((await submit(A, ok)).body.status).toBe(0);
    expect((await fig(A, bid, 'root')).occupied).toBe(50_000);
    expect((await fig(A, bid, 'department')).occupied).toBe(50_000);
    // The list's year totals: the root's own budget (not its children's) and what the root holds.
    const listed = (await call(A.admin.token, 'GET', P('list'), { year: 2034 })).body.data.items;
    expect(listed.find((r: { id: number }) => r.id === bid)).toMatchObject({
      total_budget: 60_000,
      total_occupied: 50_000,
      total_used: 0,
    });
    const over = await draft(A, 2034, 20_000);
    const r = await submit(A, over);
    expect(r.body.status).toBe(BudgetLedgerCode.overBudget);
    expect(r.body.msg).toContain('总额 2034年11月 可用 ¥100.00，本单占用 ¥200.00，超出 ¥100.00');
  });

  it('a document with no department still hits a budget on another dimension (erpnext #58564)', async () => {
    await added(
      A,
      body(A, 2035, [
        { key: 'r', parent: null, dimension: 'root' },
        {
          key: 'd',
          parent: 'r',
          dimension: 'department',
          value: String(A.deptId),
          amounts: { '2035-11': 1_000_000 },
        },
        {
          key: 'f',
          parent: 'r',
          dimension: 'fee_type',
          value: 'travel',
          label: '差旅费',
          amounts: { '2035-11': 10_000 },
        },
      ]),
    );
    const id = await draft(A, 2035, 20_000);
    await t.db.updateTable('bills').set({ department_id: null }).where('id', '=', id).execute();
    const r = await submit(A, id);
    expect(r.body.status).toBe(BudgetLedgerCode.overBudget);
    expect(r.body.msg).toContain('差旅费 2035年11月 可用 ¥100.00');
  });

  it('personal: passes, the excess is the employee’s share on the ledger and the document; combine flags', async () => {
    const bid = await added(A, body(A, 2036, deptTree(A, 2036, { dept: 100_000 }), { control: 2 }));
    const id = await draft(A, 2036, 150_000);
    const pre = await call(A.submitter.token, 'POST', P('check'), { bill_id: id });
    expect(pre.body.data).toMatchObject({ personal: 50_000, refusal: null });
    expect((await submit(A, id)).body.status).toBe(0);
    const b = await t.db
      .selectFrom('bills')
      .select(['budget_personal', 'budget_result'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(b.budget_personal)).toBe(50_000);
    expect(JSON.parse(b.budget_result)[0]).toMatchObject({ personal: 50_000, over: 50_000, flagged: false });
    const rows = await t.db
      .selectFrom('budget_ledger')
      .select(['personal_amount', 'over_amount'])
      .where('budget_id', '=', bid)
      .where('source_id', '=', id)
      .execute();
    expect(rows.map((r) => Number(r.personal_amount)).reduce((s, n) => s + n, 0)).toBe(50_000);
    expect(await fig(A, bid, 'department')).toMatchObject({ occupied: 150_000, available: -50_000 });
    // The approver sees it in the document detail.
    const detail = await call(A.boss.token, 'GET', 'flow/detail', { id });
    expect(detail.body.data).toMatchObject({ budgetPersonal: 50_000 });
    expect(detail.body.data.budgetLines[0]).toMatchObject({
      fee_id: expect.any(Number),
      amount: 150_000,
      personal: 50_000,
    });

    await added(A, body(A, 2037, deptTree(A, 2037, { dept: 100_000 }), { control: 1 }));
    const c = await draft(A, 2037, 150_000);
    expect((await submit(A, c)).body.status).toBe(0);
    const cb = await t.db
      .selectFrom('bills')
      .select(['budget_personal', 'budget_result'])
      .where('id', '=', c)
      .executeTakeFirstOrThrow();
    expect(Number(cb.budget_personal)).toBe(0);
    expect(JSON.parse(cb.budget_result)[0]).toMatchObject({ flagged: true, over: 50_000, personal: 0 });
  });

  it('a node controls its own over-spend: 差旅费 个人承担 under a forbid budget passes with a share; a forbid node under combine refuses', async () => {
    // Budget 禁止, its 差旅费 line 个人承担: the line's excess is the employee's, the department (room left) is not over.
    const nodes = deptTree(A, 2041, { dept: 1_000_000, travel: 100_000 });
    nodes[2]!.control = 2;
    const bid = await added(A, body(A, 2041, nodes));
    const read = await info(A, bid);
    expect(read.nodes.map((n) => n.control)).toEqual([null, null, 2]);
    const id = await draft(A, 2041, 150_000);
    const pre = await call(A.submitter.token, 'POST', P('check'), { bill_id: id });
    expect(pre.body.data).toMatchObject({ personal: 50_000, refusal: null });
    expect(pre.body.data.lines[0].hits.map((h: { control: number }) => h.control)).toEqual([3, 2]);
    expect((await submit(A, id)).body.status).toBe(0);
    // The department itself forbids: once it is over, its own control speaks and the document is refused.
    const more = await draft(A, 2041, 900_000);
    const r = await submit(A, more);
    expect(r.body.status).toBe(BudgetLedgerCode.overBudget);
    expect(r.body.msg).toContain('可用 ¥8,500.00');

    // Budget 合并 (flags only), its department 禁止: refused, naming the node.
    const strict = deptTree(A, 2042, { dept: 100_000 });
    strict[1]!.control = 3;
    await added(A, body(A, 2042, strict, { control: 1 }));
    const c = await draft(A, 2042, 150_000);
    const rc = await submit(A, c);
    expect(rc.body.status).toBe(BudgetLedgerCode.overBudget);
    expect(rc.body.msg).toContain('2042年11月 可用 ¥1,000.00，本单占用 ¥1,500.00，超出 ¥500.00');
    // A control outside 1–3 is refused naming the field; nothing is added.
    const bad = deptTree(A, 2043, { dept: 100_000 });
    bad[1]!.control = 7;
    const before = await t.db
      .selectFrom('budgets')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const rb = await call(A.admin.token, 'POST', P('add'), body(A, 2043, bad));
    expect(rb.code).toBe(400);
    expect(rb.body.msg).toContain('超支控制');
    const after = await t.db
      .selectFrom('budgets')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('cumulative budgets carry what earlier periods left; the overrun percent widens the limit', async () => {
    const bid = await added(
      A,
      body(
        A,
        2039,
        [
          { key: 'r', parent: null, dimension: 'root' },
          {
            key: 'd',
            parent: 'r',
            dimension: 'department',
            value: String(A.deptId),
            amounts: { '2039-10': 30_000, '2039-11': 10_000 },
          },
        ],
        { cumulative: true, overrun_pct: 10 },
      ),
    );
    // October's 300 carry into November: 100 + 300 + 10 (10% of November's 100) = 410 available.
    expect(await fig(A, bid, 'department')).toMatchObject({ budget: 10_000, available: 41_000 });
    const over = await draft(A, 2039, 41_100);
    expect((await submit(A, over)).body.msg).toContain('可用 ¥410.00，本单占用 ¥411.00，超出 ¥1.00');
    const ok = await draft(A, 2039, 41_000);
    expect((await submit(A, ok)).body.status).toBe(0);
    expect(await fig(A, bid, 'department')).toMatchObject({ occupied: 41_000, available: 0 });
  });

  it('a child fee type (机票 under 差旅费) spends its parent’s budget line, in the preview and on submit', async () => {
    const tree = await call(A.admin.token, 'GET', '/finobill/api/web/feeType/tree');
    const travel = (tree.body.data.items as { id: number; code: string }[]).find((n) => n.code === 'travel')!;
    const air = await call(A.admin.token, 'POST', '/finobill/api/web/feeType/add', {
      code: 'travel_air_2045',
      name: '机票',
      parent_id: travel.id,
    });
    expect(air.body.status, JSON.stringify(air.body)).toBe(0);
    await added(A, body(A, 2045, deptTree(A, 2045, { travel: 100_000 }), { name: '2045年市场部' }));
    const id = await draft(A, 2045, 150_000, 'travel_air_2045');
    const sentence =
      '预算「2045年市场部」差旅费 2045年11月 可用 ¥1,000.00，本单占用 ¥1,500.00，超出 ¥500.00，不能提交';
    const preview = await call(A.submitter.token, 'POST', P('check'), { bill_id: id });
    expect(preview.body.data).toMatchObject({ refusal: sentence });
    expect((await submit(A, id)).body).toMatchObject({ status: BudgetLedgerCode.overBudget, msg: sentence });
  });

  it('a sub-department’s document spends its parent department’s budget line', async () => {
    const sub = Number(await makeDepartment(t.db, A.tenantId, A.companyId, '华东一组', A.deptId));
    await added(A, body(A, 2046, deptTree(A, 2046, { dept: 100_000 }), { name: '2046年市场部' }));
    const s = await call(A.submitter.token, 'POST', 'flow/save', {
      billType: 'expense',
      title: '华东一组出差',
      departmentId: sub,
      fees: [{ feeType: 'travel', amount: 150_000, date: '2046-11-20' }],
    });
    expect(s.body.status, JSON.stringify(s.body)).toBe(0);
    const r = await submit(A, s.body.data.id as number);
    expect(r.body.status).toBe(BudgetLedgerCode.overBudget);
    expect(r.body.msg).toContain('2046年11月 可用 ¥1,000.00，本单占用 ¥1,500.00，超出 ¥500.00');
  });

  it('50 documents submitted at once never take a forbid node below zero', async () => {
    const bid = await added(A, body(A, 2038, deptTree(A, 2038, { dept: 200_000 })));
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push(await draft(A, 2038, 10_000));
    const replies = await Promise.all(ids.map((id) => submit(A, id)));
    const passed = replies.filter((r) => r.body.status === 0).length;
    const refused = replies.filter((r) => r.body.status === BudgetLedgerCode.overBudget).length;
    expect(passed).toBe(20);
    expect(refused).toBe(30);
    expect(await fig(A, bid, 'department')).toMatchObject({ occupied: 200_000, available: 0 });
    expect(await reconcileBudget(t.db, A.tenantId, bid)).toEqual([]);
  }, 120_000);
});
