import ExcelJS from 'exceljs';
import { BudgetInfo } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { makeDepartment } from '../../../../test/factories.js';
import { multipartBody, waitForTask } from '../../../../test/tasks.js';
import type { TenantCaller } from '../../../platform/context.js';
import { type Call, flowApp, type FlowTenant } from '../../flow/flow.testkit.js';
import { BudgetCode, BudgetImportCode } from './budgets.errors.js';
import { BUDGETS } from './budgets.routes.js';
import { importBudgetTable, type TableNode } from './budgets.service.js';

/**
 * 预算导入 (task 150) and 预算导出 (task 151), decision 0054: a table becomes ONE new version or nothing; each bad
 * row has its Chinese reason in the failure file; a date cell is read as its day; another tenant's budget and
 * departments are answered as missing; the permission; two imports of one budget publish n+1 and n+2.
 * Each test uses its own year.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
let dept2: number;
beforeAll(async () => {
  ({ t, A, B, call } = await flowApp({ publish: false }));
  dept2 = await makeDepartment(t.db, A.tenantId, A.companyId, '华东销售部');
});
afterAll(async () => t?.close());

const P = (p: string) => `${BUDGETS}/${p}`;
const HEAD = ['部门编码', '部门名称', '费用类型编码', '费用类型名称', '期间', '预算金额(元)'];

async function budgetOf(f: FlowTenant, year: number, fee = false) {
  const r = await call(f.admin.token, 'POST', P('add'), {
    name: `${year}年部门预算`,
    year,
    period_type: 'month',
    budget_mode: 2,
    control: 3,
    fee_dimension: fee,
    nodes: [
      { key: 'r', parent: null, dimension: 'root' },
      {
        key: 'd',
        parent: 'r',
        dimension: 'department',
        value: String(f.deptId),
        amounts: { [`${year}-01`]: 100 },
      },
    ],
  });
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  return r.body.data.id as number;
}
async function info(f: FlowTenant, id: number) {
  const r = await call(f.admin.token, 'GET', P('info'), { id });
  expect(r.body.status).toBe(0);
  return BudgetInfo.parse(r.body.data);
}
async function xlsx(rows: (string | number | Date)[][], head = HEAD) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('预算');
  ws.addRow(head);
  for (const r of rows) ws.addRow(r);
  const at = head.indexOf('期间') + 1;
  ws.getColumn(at).numFmt = 'yyyy-mm-dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function upload(token: string, file: Buffer, params?: Record<string, unknown> | string) {
  const fields: Record<string, string> = { operating_type: '150' };
  if (params !== undefined) fields.params = typeof params === 'string' ? params : JSON.stringify(params);
  const body = multipartBody(fields, { name: '预算导入.xlsx', content: file });
  return t.app.inject({
    method: 'POST',
    url: '/task-center/api/v1/tasks:import',
    headers: { 'x-session-token': token, ...body.headers },
    payload: body.payload,
  });
}
async function imported(token: string, file: Buffer, params: Record<string, unknown>) {
  const res = await upload(token, file, params);
  expect(res.statusCode).toBe(200);
  return waitForTask(t.app, token, res.json().data.id);
}
async function exported(token: string, params: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/task-center/api/v1/tasks:export',
    headers: { 'x-session-token': token },
    payload: { operating_type: 151, params },
  });
  expect(res.statusCode).toBe(200);
  return waitForTask(t.app, token, res.json().data.id);
}
async function sheetOf(task: { export_attachment: string }) {
  const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
  expect(dl.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(dl.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  const ws = wb.worksheets[0]!;
  const width = ws.getRow(1).cellCount;
  ws.eachRow((r) => {
    const v = r.values as unknown[];
    rows.push(Array.from({ length: width }, (_, i) => String(v[i + 1] ?? '')));
  });
  return rows;
}
/** The budget's rows as they stand: nodes (with removed) and balance budgets. */
async function snapshot(id: number) {
  const nodes = await t.db
    .selectFrom('budget_nodes')
    .selectAll()
    .where('budget_id', '=', id)
    .orderBy('id')
    .execute();
  const balances = await t.db
    .selectFrom('budget_balances')
    .select(['node_id', 'period', 'budget'])
    .where('budget_id', '=', id)
    .orderBy('node_id')
    .orderBy('period')
    .execute();
  const versions = await t.db
    .selectFrom('budget_versions')
    .select('version')
    .where('budget_id', '=', id)
    .execute();
  return JSON.stringify({ nodes, balances, versions });
}
const march = (year: number) => new Date(Date.UTC(year, 2, 1));

describe('预算导入 (150)', () => {
  it('publishes the table as ONE new version: a date cell is its month, names and codes, ids kept', async () => {
    const id = await budgetOf(A, 2031, true);
    const before = await info(A, id);
    const deptNode = before.nodes.find((n) => n.dimension === 'department')!;
    const file = await xlsx([
      [String(A.deptId), '', '', '', march(2031), 1000], // a real date cell: March
      ['', '华东销售部', '', '', '2031-04', '2000.5'], // by name
      [String(A.deptId), '', 'travel', '差旅费', '2031-06', 300],
      ['', '', '', '', '2031年5月', 5000], // the root's own amount
    ]);
    const task = await imported(A.admin.token, file, { budget_id: id });
    expect(task).toMatchObject({ status: 1, success_amount: 4, fail_amount: 0 });
    const b = await info(A, id);
    expect(b.version).toBe(2);
    expect(b.fee_dimension).toBe(true);
    const amount = (dim: string, value: string, period: string) =>
      b.nodes.find((n) => n.dimension === dim && n.value === value)!.figures.find((f) => f.period === period)!
        .budget;
    const mine = b.nodes.find((n) => n.dimension === 'department' && n.value === String(A.deptId))!;
    expect(mine.id).toBe(deptNode.id); // the ledger keys on node ids: kept
    expect(amount('department', String(A.deptId), '2031-03')).toBe(100000);
    expect(amount('department', String(A.deptId), '2031-01')).toBeNull(); // the table is the whole budget
    expect(amount('department', String(dept2), '2031-04')).toBe(200050);
    expect(amount('fee_type', 'travel', '2031-06')).toBe(30000);
    expect(amount('root', '', '2031-05')).toBe(500000);
    const travel = b.nodes.find((n) => n.dimension === 'fee_type')!;
    expect(travel.parent_id).toBe(mine.id);
    expect(b.nodes.filter((n) => n.parent_id === null)).toHaveLength(1);

    // 151 exports the nodes × periods with the figures; the template re-imports as it is.
    const exp = await exported(A.admin.token, { budget_id: id });
    expect(exp).toMatchObject({ status: 1, success_amount: 4 * 12 });
    const rows = await sheetOf(exp);
    expect(rows[0]).toEqual([...HEAD, '超支控制', '预占(元)', '已用(元)', '可用(元)']);
    expect(rows).toContainEqual([
      String(A.deptId),
      mine.label,
      '',
      '',
      '2031-03',
      '1000.00',
      '同预算',
      '0.00',
      '0.00',
      '1000.00',
    ]);
    const tpl = await exported(A.admin.token, { budget_id: id, template: true });
    const tplRows = await sheetOf(tpl);
    expect(tplRows[0]).toEqual([...HEAD, '超支控制']);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('t');
    for (const r of tplRows) ws.addRow(r);
    const again = await imported(A.admin.token, Buffer.from(await wb.xlsx.writeBuffer()), { budget_id: id });
    expect(again).toMatchObject({ status: 1, success_amount: 48, fail_amount: 0 });
    const after = await info(A, id);
    expect(after.version).toBe(3);
    expect(after.nodes.map((n) => [n.id, n.figures.map((f) => f.budget)])).toEqual(
      b.nodes.map((n) => [n.id, n.figures.map((f) => f.budget)]),
    );
  });

  it('any bad row publishes nothing; the failure file gives every bad row its Chinese reason', async () => {
    const id = await budgetOf(A, 2032, true);
    const before = await snapshot(id);
    const file = await xlsx([
      [String(A.deptId), '', '', '', '2032-02', 10], // good
      ['999999999', '', '', '', '2032-02', 10],
      [String(B.deptId), '', '', '', '2032-02', 10], // another tenant's department
      ['', '不存在的部门', '', '', '2032-02', 10],
      [String(A.deptId), '', 'no_such', '', '2032-02', 10],
      [String(A.deptId), '', '', '', '2031-12', 10],
      [String(A.deptId), '', '', '', '', 10],
      [String(A.deptId), '', '', '', '2032-03', -5],
      [String(A.deptId), '', '', '', '2032-04', '1.234'],
      [String(A.deptId), '', '', '', '2032-02', 20], // duplicate of row 2
      [String(A.deptId), '', '', '', '2032Q1', 10],
    ]);
    const task = await imported(A.admin.token, file, { budget_id: id });
    expect(task).toMatchObject({ status: 1, success_amount: 0, fail_amount: 10 });
    expect(await snapshot(id)).toBe(before); // nothing half-saved: no node, amount or version moved
    const rows = await sheetOf(task);
    expect(rows[0]).toEqual(['行号', ...HEAD, '失败原因']);
    const reason = (row: number) => rows.find((r) => r[0] === String(row))!.at(-1);
    expect(reason(3)).toBe('部门编码「999999999」不存在');
    expect(reason(4)).toBe(`部门编码「${B.deptId}」不存在`);
    expect(reason(5)).toBe('部门「不存在的部门」不存在');
    expect(reason(6)).toBe('费用类型编码「no_such」不存在');
    expect(reason(7)).toBe('期间「2031-12」不在预算年度2032年内');
    expect(reason(8)).toBe('期间不能为空');
    expect(reason(9)).toBe('预算金额不能为负数');
    expect(reason(10)).toBe('预算金额最多两位小数');
    expect(reason(11)).toBe('与第2行重复（同一预算节点、同一期间）');
    expect(reason(12)).toBe('月度预算的期间须细到月度（如2026-03）');
  });

  it('another tenant’s budget is answered as missing; a missing column, bad params and no permission are refused', async () => {
    const id = await budgetOf(A, 2033);
    const before = await snapshot(id);
    const file = await xlsx([[String(B.deptId), '', '', '', '2033-02', 10]]);
    const theirs = await imported(B.admin.token, file, { budget_id: id });
    expect(theirs).toMatchObject({ status: 2, error_msg: '预算不存在或已被删除' });
    const noColumn = await imported(A.admin.token, await xlsx([['2033-01', 1]], ['期间', '预算金额(元)']), {
      budget_id: id,
    });
    expect(noColumn).toMatchObject({
      status: 2,
      error_msg: expect.stringContaining('导入文件缺少列：部门编码'),
    });
    const noParams = await imported(A.admin.token, file, {});
    expect(noParams).toMatchObject({ status: 2, error_msg: expect.stringContaining('导入参数不正确') });
    const badJson = await upload(A.admin.token, file, '{budget');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().msg).toContain('JSON');
    const refused = await upload(A.nobody.token, file, { budget_id: id });
    expect(refused.statusCode).toBe(403);
    const exportRefused = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: { 'x-session-token': A.nobody.token },
      payload: { operating_type: 151, params: { budget_id: id } },
    });
    expect(exportRefused.statusCode).toBe(403);
    const theirExport = await exported(B.admin.token, { budget_id: id });
    expect(theirExport).toMatchObject({ status: 2, error_msg: '预算不存在或已被删除' });
    expect(await snapshot(id)).toBe(before);
  });

  it('a project budget: 项目编码 and 人员手机号 (the tenant’s active staff only); export writes them back', async () => {
    const made = await call(A.admin.token, 'POST', '/finobill/api/web/project/add', {
      code: 'PRJ-2035',
      name: '新园区',
      owner_id: A.admin.staffId,
    });
    expect(made.body.status).toBe(0);
    const add = await call(A.admin.token, 'POST', P('add'), {
      name: '2035年项目预算',
      year: 2035,
      period_type: 'quarter',
      budget_mode: 3,
      control: 1,
      nodes: [{ key: 'r', parent: null, dimension: 'root' }],
    });
    const id = add.body.data.id as number;
    const head = ['项目编码', '项目名称', '人员手机号', '人员姓名', '期间', '预算金额（元）'];
    const bad = await imported(
      A.admin.token,
      await xlsx(
        [
          ['PRJ-2035', '', B.submitter.phone, '', '2035Q1', 10],
          ['NOPE', '', '', '', '2035Q2', 10],
          ['', '新园区', '', '', '2035Q2', 10],
        ],
        head,
      ),
      { budget_id: id },
    );
    expect(bad).toMatchObject({ status: 1, success_amount: 0, fail_amount: 3 });
    const reasons = (await sheetOf(bad)).slice(1).map((r) => r.at(-1));
    expect(reasons).toEqual([
      `手机号「${B.submitter.phone}」不是本组织的在职员工`,
      '项目编码「NOPE」不存在',
      '请填写项目编码',
    ]);
    const good = await imported(
      A.admin.token,
      await xlsx(
        [
          ['PRJ-2035', '新园区', '', '', march(2035), 900],
          ['PRJ-2035', '新园区', A.submitter.phone, '', '2035-07', 100],
        ],
        head,
      ),
      { budget_id: id },
    );
    expect(good).toMatchObject({ status: 1, success_amount: 2 });
    const b = await info(A, id);
    const person = b.nodes.find((n) => n.dimension === 'person')!;
    expect(person.value).toBe(String(A.submitter.staffId));
    expect(person.figures.find((f) => f.period === '2035-Q3')!.budget).toBe(10000);
    expect(b.nodes.find((n) => n.dimension === 'project')!.figures[0]!.budget).toBe(90000);
    const rows = await sheetOf(await exported(A.admin.token, { budget_id: id, template: true }));
    expect(rows[0]).toEqual([
      '项目编码',
      '项目名称',
      '人员手机号',
      '人员姓名',
      '期间',
      '预算金额(元)',
      '超支控制',
    ]);
    expect(rows).toContainEqual([
      'PRJ-2035',
      '新园区',
      A.submitter.phone,
      person.label,
      '2035-Q3',
      '100.00',
      '同预算',
    ]);
  });

  it('超支控制 per row: sets the node’s control, empty keeps it, a bad word or two words for one node are refused', async () => {
    const id = await budgetOf(A, 2037);
    const head = [...HEAD, '超支控制'];
    const first = await imported(
      A.admin.token,
      await xlsx(
        [
          [String(A.deptId), '', '', '', '2037-01', 100, '禁止'],
          [String(A.deptId), '', '', '', '2037-02', 100, ''],
          [String(A.deptId), '', 'travel', '', '2037-01', 50, '个人承担'],
        ],
        head,
      ),
      { budget_id: id },
    );
    expect(first).toMatchObject({ status: 1, success_amount: 3 });
    const control = async (dimension: string) =>
      (await info(A, id)).nodes.find((n) => n.dimension === dimension)!.control;
    expect(await control('department')).toBe(3);
    expect(await control('fee_type')).toBe(2);
    // A table without the column keeps both.
    const kept = await imported(
      A.admin.token,
      await xlsx([
        [String(A.deptId), '', '', '', '2037-01', 200],
        [String(A.deptId), '', 'travel', '', '2037-01', 60],
      ]),
      { budget_id: id },
    );
    expect(kept).toMatchObject({ status: 1, success_amount: 2 });
    expect(await control('department')).toBe(3);
    expect(await control('fee_type')).toBe(2);
    // 同预算 clears a node's own control.
    await imported(
      A.admin.token,
      await xlsx([[String(A.deptId), '', '', '', '2037-01', 200, '同预算']], head),
      { budget_id: id },
    );
    expect(await control('department')).toBeNull();

    const before = await snapshot(id);
    const bad = await imported(
      A.admin.token,
      await xlsx(
        [
          [String(A.deptId), '', '', '', '2037-01', 100, '随便'],
          [String(A.deptId), '', 'travel', '', '2037-01', 50, '禁止'],
          [String(A.deptId), '', 'travel', '', '2037-02', 50, '合并标记'],
        ],
        head,
      ),
      { budget_id: id },
    );
    expect(bad).toMatchObject({ status: 1, success_amount: 0, fail_amount: 2 });
    expect(await snapshot(id)).toBe(before);
    const rows = await sheetOf(bad);
    const reason = (row: number) => rows.find((r) => r[0] === String(row))!.at(-1);
    expect(reason(2)).toBe('超支控制「随便」不正确，可填：同预算、合并标记、个人承担、禁止');
    expect(reason(4)).toBe('与第3行的超支控制不一致（同一预算节点）');
  });

  it('a publish that fails half-way leaves nothing behind (the lock and the draft roll back)', async () => {
    const id = await budgetOf(A, 2036);
    const before = await snapshot(id);
    const row = () =>
      t.db
        .selectFrom('budgets')
        .select(['updated_at', 'draft', 'current_version'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const budgetRow = await row();
    const caller: TenantCaller = {
      sessionId: 0,
      userId: A.admin.userId,
      tenantId: A.tenantId,
      staffId: A.admin.staffId,
      perms: ['*'],
    };
    // A department deleted between the file's check and the publish: the publish refuses it after the lock
    // and the draft were written.
    await expect(
      importBudgetTable(
        t.db,
        caller,
        id,
        [
          { key: 'root', parent: null, dimension: 'root', value: '', amounts: {} },
          {
            key: 'root/department:987654321',
            parent: 'root',
            dimension: 'department',
            value: '987654321',
            amounts: { '2036-01': 5 },
          },
        ],
        Date.now() + 5_000,
      ),
    ).rejects.toMatchObject({ code: BudgetCode.badNodes });
    expect(await snapshot(id)).toBe(before);
    expect(await row()).toEqual(budgetRow);
  });

  it('two imports of one budget at once publish n+1 and n+2, never a corrupt tree', async () => {
    const id = await budgetOf(A, 2034);
    const caller: TenantCaller = {
      sessionId: 0,
      userId: A.admin.userId,
      tenantId: A.tenantId,
      staffId: A.admin.staffId,
      perms: ['*'],
    };
    const table = (amount: number): TableNode[] => [
      { key: 'root', parent: null, dimension: 'root' as const, value: '', amounts: {} },
      {
        key: `root/department:${A.deptId}`,
        parent: 'root',
        dimension: 'department' as const,
        value: String(A.deptId),
        amounts: { '2034-02': amount },
      },
      {
        key: `root/department:${dept2}`,
        parent: 'root',
        dimension: 'department' as const,
        value: String(dept2),
        amounts: { '2034-03': amount },
      },
    ];
    const results = await Promise.all([
      importBudgetTable(t.db, caller, id, table(100), Date.now()),
      importBudgetTable(t.db, caller, id, table(200), Date.now()),
    ]);
    expect(results.map((r) => r.version).sort()).toEqual([2, 3]);
    const live = await t.db
      .selectFrom('budget_nodes')
      .selectAll()
      .where('budget_id', '=', id)
      .where('removed', '=', 0)
      .execute();
    expect(live).toHaveLength(3); // one root, two departments: nobody's nodes twice
    expect(live.filter((n) => n.parent_id === null)).toHaveLength(1);
    const b = await info(A, id);
    const last = results.find((r) => r.version === 3)!;
    expect(last).toBeDefined();
    // A budget of another tenant (or gone) is refused before anything is read or written.
    await expect(
      importBudgetTable(
        t.db,
        { ...caller, tenantId: B.tenantId, staffId: B.admin.staffId },
        id,
        table(1),
        Date.now(),
      ),
    ).rejects.toMatchObject({ code: BudgetImportCode.notFound });
    // 修改 takes the same lock: an adjustment racing an import adds its version, never a second tree.
    const racing = await Promise.all([
      importBudgetTable(t.db, caller, id, table(300), Date.now()),
      call(A.admin.token, 'POST', P('update'), {
        id,
        name: '2034年部门预算',
        year: 2034,
        period_type: 'month',
        budget_mode: 2,
        control: 3,
        nodes: b.nodes.map((n) => ({
          key: String(n.id),
          id: n.id,
          parent: n.parent_id === null ? null : String(n.parent_id),
          dimension: n.dimension,
          value: n.value,
          amounts: {},
        })),
      }),
    ]);
    expect(racing[1].body.status).toBe(0);
    expect(
      await t.db
        .selectFrom('budget_nodes')
        .select('id')
        .where('budget_id', '=', id)
        .where('removed', '=', 0)
        .execute(),
    ).toHaveLength(3);
    expect((await info(A, id)).version).toBe(5);
    const figure = b.nodes
      .find((n) => n.value === String(dept2))!
      .figures.find((f) => f.period === '2034-03')!;
    expect([100, 200]).toContain(figure.budget);
  });
});
