import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode, TaskOperatingType } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeDepartment, makeStaff, makeTenant } from '../../../test/factories.js';
import { waitForTask } from '../../../test/tasks.js';
import { caller, qs } from '../invoice/invoice.testkit.js';
import { chinaDayMs } from './billReport.errors.js';
import { HOUR, insertBill, insertFee, insertFlow, insertLogs, twoStepLog } from './billReport.testkit.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const A = '/finobill/api/web/billAnalysis';
const auth = (token: string) => ({ 'x-session-token': token });

/**
 * A tenant with two departments and documents submitted in 2026-11 (Mondays 11-02 and 11-09):
 * - 研发部 张三: BX1 approved after 2 h (部门) + 4 h (财务) = 6 h; BX2 approved after 10 + 50 = 60 h (overdue).
 * - 市场部 李四: BX3 still at 财务 (部门 took 1 h), submitted long ago → overdue; BX4 an apply approved in 3 h.
 * - A rejected document and a draft, which the analysis leaves out; one submitted in October, outside.
 */
async function fixture() {
  const x = await makeTenant(t.db);
  const rd = Number(await makeDepartment(t.db, x.tenantId, x.companyId, '研发部'));
  const mk = Number(await makeDepartment(t.db, x.tenantId, x.companyId, '市场部'));
  const analyst = await makeStaff(t.db, x.tenantId, [
    'billAnalysis:view',
    'billAnalysis:export',
    'flowList:view',
  ]);
  const viewer = await makeStaff(t.db, x.tenantId, ['billAnalysis:view']);
  const plain = await makeStaff(t.db, x.tenantId);
  const zhang = await makeStaff(t.db, x.tenantId);
  const li = await makeStaff(t.db, x.tenantId);
  const boss = await makeStaff(t.db, x.tenantId);
  const fin = await makeStaff(t.db, x.tenantId);
  const flowId = await insertFlow(t.db, x.tenantId, analyst.staffId);
  const names = await t.db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('tenant_id', '=', x.tenantId)
    .execute();
  const nameOf = (id: number) => names.find((n) => Number(n.id) === id)!.name;
  const doc = async (
    who: typeof zhang,
    dept: [number, string],
    submit: string,
    ha: number,
    hb: number | null,
    over: { billType?: string; amount?: number } = {},
  ) => {
    const t0 = chinaDayMs(submit) + 9 * HOUR;
    const finish = hb === null ? null : t0 + (ha + hb) * HOUR;
    const b = await insertBill(t.db, x.tenantId, {
      submitterId: who.staffId,
      submitterName: nameOf(who.staffId),
      departmentId: dept[0],
      deptName: dept[1],
      status: hb === null ? 'approving' : 'approved',
      submitTime: t0,
      finishTime: finish,
      flowId,
      flowVersion: 1,
      amount: over.amount ?? 10000,
      billType: over.billType,
    });
    await insertLogs(t.db, x.tenantId, b.id, twoStepLog(t0, who.staffId, boss.staffId, ha, fin.staffId, hb));
    return b;
  };
  const RD: [number, string] = [rd, '研发部'];
  const MK: [number, string] = [mk, '市场部'];
  const bx1 = await doc(zhang, RD, '2026-11-02', 2, 4, { amount: 35000 });
  await insertFee(t.db, x.tenantId, bx1.id, { feeType: 'hotel', amount: 35000, date: '2026-11-01' });
  const bx2 = await doc(zhang, RD, '2026-11-03', 10, 50);
  const bx3 = await doc(li, MK, '2026-11-10', 1, null);
  const bx4 = await doc(li, MK, '2026-11-11', 1, 2, { billType: 'apply' });
  await insertBill(t.db, x.tenantId, {
    submitterId: zhang.staffId,
    status: 'rejected',
    submitTime: chinaDayMs('2026-11-04'),
    departmentId: rd,
    deptName: '研发部',
  });
  await insertBill(t.db, x.tenantId, {
    submitterId: zhang.staffId,
    status: 'draft',
    createdAt: chinaDayMs('2026-11-04'),
  });
  await doc(zhang, RD, '2026-10-20', 1, 1);
  return { ...x, analyst, viewer, plain, zhang, li, boss, fin, nameOf, bx1, bx2, bx3, bx4 };
}

const RANGE = { startDate: '2026-11-01', endDate: '2026-11-30' };

describe('单据分析', () => {
  it('efficiency by type, department, person, approver and week', async () => {
    const F = await fixture();
    const res = await call(F.viewer.token, 'GET', `${A}/efficiency${qs({ ...RANGE, overdueHours: 48 })}`);
    expect(res.code, res.body.msg).toBe(200);
    const r = res.body.data;
    // 4 documents; finished 6 h, 60 h, 3 h → avg 23 h, p90 60 h; overdue: BX2 (60 h) and BX3 (running since 11-10).
    expect(r.summary).toMatchObject({
      documents: 4,
      finished: 3,
      running: 1,
      avgHours: 23,
      p90Hours: 60,
      overdue: 2,
    });
    expect(r.byType.map((s: any) => [s.name, s.documents, s.avgHours])).toEqual([
      ['报销单', 3, 33],
      ['申请单', 1, 3],
    ]);
    expect(
      r.byDepartment.map((s: any) => [s.name, s.documents, s.finished, s.avgHours, s.p90Hours, s.overdue]),
    ).toEqual([
      // same count: in department id order
      ['研发部', 2, 2, 33, 60, 1],
      ['市场部', 2, 1, 3, 3, 1],
    ]);
    expect(r.byPerson.map((s: any) => [s.name, s.documents])).toEqual([
      [F.nameOf(F.zhang.staffId), 2],
      [F.nameOf(F.li.staffId), 2],
    ]);
    const boss = r.byApprover.find((a: any) => a.approverId === F.boss.staffId);
    expect(boss).toMatchObject({
      approverName: F.nameOf(F.boss.staffId),
      handled: 4,
      pending: 0,
      avgHours: 3.5,
      p90Hours: 10,
      overdue: 0,
    });
    const fin = r.byApprover.find((a: any) => a.approverId === F.fin.staffId);
    expect(fin).toMatchObject({ handled: 3, pending: 1, avgHours: 18.7, p90Hours: 50, overdue: 2 });
    expect(r.byWeek).toEqual([
      { week: '2026-11-02', documents: 2, avgHours: 33 },
      { week: '2026-11-09', documents: 2, avgHours: 3 },
    ]);
    // filters
    const apply = await call(F.viewer.token, 'GET', `${A}/efficiency${qs({ ...RANGE, billType: 'apply' })}`);
    expect(apply.body.data.summary.documents).toBe(1);
  });

  it('details: each node with its approvers, wait and handling hours, newest first, paged', async () => {
    const F = await fixture();
    const res = await call(F.viewer.token, 'GET', `${A}/details${qs({ ...RANGE, pageSize: 2, pageNum: 2 })}`);
    expect(res.code, res.body.msg).toBe(200);
    expect(res.body.data.page).toEqual({ page_num: 2, page_size: 2, total: 4 });
    const [bx2, bx1] = res.body.data.items;
    expect(bx1.billNumber).toBe(F.bx1.billNumber);
    expect(bx1).toMatchObject({ statusText: '已通过', totalHours: 6, overdue: false, deptName: '研发部' });
    expect(bx1.nodes.map((n: any) => [n.nodeName, n.approvers, n.waitHours, n.handleHours])).toEqual([
      ['部门审批', F.nameOf(F.boss.staffId), 2, 2],
      ['财务审批', F.nameOf(F.fin.staffId), 4, 4],
    ]);
    expect(bx2).toMatchObject({ totalHours: 60, overdue: true });
    expect(bx2.nodes[1]).toMatchObject({ nodeName: '财务审批', handleHours: 50, overdue: true });
    const first = await call(F.viewer.token, 'GET', `${A}/details${qs({ ...RANGE, pageSize: 2 })}`);
    const open = first.body.data.items.find((d: any) => d.id === F.bx3.id);
    expect(open).toMatchObject({ statusText: '审批中', finishTime: null, overdue: true });
    expect(open.nodes[1]).toMatchObject({ nodeName: '财务审批', leftAt: null });
  });

  it('bad input, other tenants and missing permission', async () => {
    const F = await fixture();
    const G = await makeTenant(t.db);
    const other = await makeStaff(t.db, G.tenantId, ['billAnalysis:view']);
    const empty = await call(other.token, 'GET', `${A}/efficiency${qs(RANGE)}`);
    expect(empty.body.data.summary.documents).toBe(0);
    expect((await call(other.token, 'GET', `${A}/details${qs(RANGE)}`)).body.data.items).toEqual([]);
    for (const [q, text] of [
      [{ startDate: '2026-11-31', endDate: '2026-12-01' }, '不是有效日期'],
      [{ startDate: '2026-12-01', endDate: '2026-11-01' }, '结束日期不能早于开始日期'],
      [{ startDate: '2024-01-01', endDate: '2026-11-01' }, '统计区间不能超过一年'],
      [{ ...RANGE, billType: 'x' }, '单据类型不正确'],
      [{ ...RANGE, overdueHours: 0 }, '必须大于等于1'],
      [{ endDate: '2026-11-01' }, '开始日期'],
    ] as const) {
      const res = await call(F.viewer.token, 'GET', `${A}/efficiency${qs(q)}`);
      expect(res.code, text).toBe(400);
      expect(JSON.stringify(res.body), text).toContain(text);
    }
    for (const path of ['efficiency', 'details']) {
      const res = await call(F.plain.token, 'GET', `${A}/${path}${qs(RANGE)}`);
      expect(res.code).toBe(403);
      expect(res.body.status).toBe(PlatformCode.forbidden);
    }
  });
});

async function sheet(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as any);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((r) =>
    rows.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))),
  );
  return rows;
}

async function runExport(token: string, operatingType: number, params: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/task-center/api/v1/tasks:export',
    headers: auth(token),
    payload: { operating_type: operatingType, params },
  });
  expect(res.statusCode, res.body).toBe(200);
  const task = await waitForTask(t.app, token, res.json().data.id);
  expect(task.status, task.error_msg).toBe(1);
  const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
  expect(dl.statusCode).toBe(200);
  return { task, rows: await sheet(dl.rawPayload) };
}

describe('exports through the task centre', () => {
  it('8 审批流程, 9 账单, 14 单据, 25–27 流程效率明细: real .xlsx files with Chinese headers', async () => {
    const F = await fixture();
    const tok = F.analyst.token;
    const flows = await runExport(tok, TaskOperatingType.flowExport, {});
    expect(flows.task.operating_type_name).toBe('审批流程导出');
    expect(flows.rows).toEqual([
      ['流程名称', '单据类型', '流程分组', '状态', '当前版本', '备注', '更新时间'],
      [
        '差旅报销审批',
        '报销单',
        '报销流程',
        '启用',
        'V1',
        '',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      ],
    ]);

    const docs = await runExport(tok, TaskOperatingType.documentExport, RANGE);
    expect(docs.rows[0]).toEqual([
      '单据编号',
      '事由',
      '单据类型',
      '提交人',
      '部门',
      '公司',
      '金额（元）',
      '状态',
      '当前节点',
      '创建时间',
      '提交时间',
      '完成时间',
    ]);
    // created in November, drafts left out: BX1–BX4 and the rejected one
    expect(docs.rows.length).toBe(6);
    expect(docs.rows.find((r) => r[0] === F.bx1.billNumber)).toEqual(
      expect.arrayContaining(['报销单', F.nameOf(F.zhang.staffId), '研发部', '350.00', '已通过']),
    );
    expect(docs.task.success_amount).toBe(5);

    const fees = await runExport(tok, TaskOperatingType.billExport, { ...RANGE, billType: 'expense' });
    expect(fees.rows).toEqual([
      [
        '单据编号',
        '事由',
        '单据类型',
        '提交人',
        '部门',
        '状态',
        '费用类型',
        '费用日期',
        '金额（元）',
        '备注',
      ],
      [
        F.bx1.billNumber,
        expect.any(String),
        '报销单',
        F.nameOf(F.zhang.staffId),
        '研发部',
        '已通过',
        '住宿费',
        '2026-11-01',
        '350.00',
        // the empty 备注 cell is not written
      ],
    ]);

    const byDoc = await runExport(tok, TaskOperatingType.flowEfficiencyDocumentExport, RANGE);
    expect(byDoc.rows[0].slice(0, 3)).toEqual(['单据编号', '事由', '单据类型']);
    expect(byDoc.rows[0]).toContain('等待时长（小时）');
    const bx1Rows = byDoc.rows.filter((r) => r[0] === F.bx1.billNumber);
    expect(bx1Rows.map((r) => [r[10], r[14], r[15]])).toEqual([
      ['部门审批', '2.0', '2.0'],
      ['财务审批', '4.0', '4.0'],
    ]);
    expect(byDoc.rows.length).toBe(1 + 4 * 2);

    const byDept = await runExport(tok, TaskOperatingType.flowEfficiencyDepartmentExport, RANGE);
    expect(byDept.rows[0]).toEqual([
      '部门',
      '单据数',
      '已完成',
      '审批中',
      '平均耗时（小时）',
      'P90耗时（小时）',
      '超时单据数',
    ]);
    expect(byDept.rows.slice(1).sort()).toEqual([
      ['市场部', '2', '1', '1', '3.0', '3.0', '1'],
      ['研发部', '2', '2', '0', '33.0', '60.0', '1'],
    ]);

    const byPerson = await runExport(tok, TaskOperatingType.flowEfficiencyPersonExport, RANGE);
    expect(byPerson.rows[0][0]).toBe('人员');
    const finRow = byPerson.rows.find((r) => r[0] === F.nameOf(F.fin.staffId))!;
    expect(finRow.slice(6)).toEqual(['3', '1', '18.7', '50.0', '2']);
    const zhangRow = byPerson.rows.find((r) => r[0] === F.nameOf(F.zhang.staffId))!;
    expect(zhangRow.slice(0, 6)).toEqual([F.nameOf(F.zhang.staffId), '2', '2', '33.0', '60.0', '1']);
  });

  it('9 and 14 write well-formed sheets when a title or remark holds characters XML forbids (dropped)', async () => {
    const F = await fixture();
    await t.db
      .updateTable('bills')
      .set({ title: 'ctl\uFFFE\uFFFFend\u0001' })
      .where('id', '=', F.bx1.id)
      .execute();
    await t.db
      .updateTable('bill_fees')
      .set({ remark: '住\u0002宿\u001F' })
      .where('bill_id', '=', F.bx1.id)
      .execute();
    // exceljs parses the sheet XML strictly (saxes): a forbidden character would fail the load.
    const docs = await runExport(F.analyst.token, TaskOperatingType.documentExport, RANGE);
    expect(docs.rows.find((r) => r[0] === F.bx1.billNumber)?.[1]).toBe('ctlend');
    const fees = await runExport(F.analyst.token, TaskOperatingType.billExport, {
      ...RANGE,
      billType: 'expense',
    });
    expect(fees.rows.find((r) => r[0] === F.bx1.billNumber)?.slice(1, 2)).toEqual(['ctlend']);
    expect(fees.rows.find((r) => r[0] === F.bx1.billNumber)?.[9]).toBe('住宿');
  });

  it('needs billAnalysis:export (flowList:view for flows); bad params fail the task in Chinese', async () => {
    const F = await fixture();
    for (const type of [9, 14, 25, 26, 27, 8]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/task-center/api/v1/tasks:export',
        headers: auth(F.viewer.token),
        payload: { operating_type: type, params: RANGE },
      });
      expect(res.statusCode, String(type)).toBe(403);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: auth(F.analyst.token),
      payload: { operating_type: 14, params: { startDate: '2026-13-01' } },
    });
    const task = await waitForTask(t.app, F.analyst.token, res.json().data.id);
    expect(task.status).toBe(2);
    expect(task.error_msg).toContain('导出条件不正确');
  });
});
