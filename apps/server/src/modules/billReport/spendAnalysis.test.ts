import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode, TaskOperatingType } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeDepartment, makeStaff, makeTenant } from '../../../test/factories.js';
import { waitForTask } from '../../../test/tasks.js';
import { caller, qs } from '../invoice/invoice.testkit.js';
import { chinaDayMs } from './billReport.errors.js';
import { insertBill, insertFee } from './billReport.testkit.js';
import { monthStarts, workbenchSpend } from './spendAnalysis.service.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const A = '/finobill/api/web/billAnalysis';
const NOV = { startDate: '2026-11-01', endDate: '2026-11-30' };

async function project(tenantId: number, code: string, name: string, owner: number) {
  const row = await t.db
    .insertInto('projects')
    .values({
      tenant_id: tenantId,
      code,
      name,
      owner_id: owner,
      start_date: '',
      end_date: '',
      status: 1,
      remark: '',
      created_by: owner,
      created_at: 1,
      updated_by: owner,
      updated_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * One tenant's November money (分):
 * - 研发部 张三, project 星火: BX1 approved and paid — hotel 30000 (11-01) + meal 5000 (11-30); BX2 approved, unpaid
 *   — traffic 2000 (11-15).
 * - 市场部 李四, no project: BX3 approving — hotel 8000 (11-20). A line of BX3 dated 10-31 falls in October.
 * - Left out: a rejected document (hotel 99900, 11-05), a draft (meal 77700, 11-06), and another tenant's
 *   approved document in the same days.
 */
async function fixture() {
  const x = await makeTenant(t.db);
  const rd = Number(await makeDepartment(t.db, x.tenantId, x.companyId, '研发部'));
  const mk = Number(await makeDepartment(t.db, x.tenantId, x.companyId, '市场部'));
  const analyst = await makeStaff(t.db, x.tenantId, ['billAnalysis:view']);
  const exporter = await makeStaff(t.db, x.tenantId, ['billAnalysis:view', 'billAnalysis:export']);
  const plain = await makeStaff(t.db, x.tenantId);
  const zhang = await makeStaff(t.db, x.tenantId);
  const li = await makeStaff(t.db, x.tenantId);
  const star = await project(x.tenantId, 'XH01', '星火', zhang.staffId);
  const doc = async (
    who: number,
    name: string,
    dept: [number, string],
    status: string,
    lines: [string, number, string][],
    extra: { projectId?: number; paid?: boolean } = {},
  ) => {
    const b = await insertBill(t.db, x.tenantId, {
      submitterId: who,
      submitterName: name,
      departmentId: dept[0],
      deptName: dept[1],
      status,
      submitTime: chinaDayMs('2026-11-01'),
      amount: lines.reduce((s, l) => s + l[1], 0),
    });
    await t.db
      .updateTable('bills')
      .set({
        project_id: extra.projectId ?? null,
        company_id: x.companyId,
        org_name: '测试子公司',
        pay_status: extra.paid ? 'paid' : 'unpaid',
      })
      .where('id', '=', b.id)
      .execute();
    for (const [feeType, amount, date] of lines)
      await insertFee(t.db, x.tenantId, b.id, { feeType, amount, date });
    return b;
  };
  const RD: [number, string] = [rd, '研发部'];
  const MK: [number, string] = [mk, '市场部'];
  const bx1 = await doc(
    zhang.staffId,
    '张三',
    RD,
    'approved',
    [
      ['hotel', 30000, '2026-11-01'],
      ['meal', 5000, '2026-11-30'],
    ],
    { projectId: star, paid: true },
  );
  const bx2 = await doc(zhang.staffId, '张三', RD, 'approved', [['traffic', 2000, '2026-11-15']], {
    projectId: star,
  });
  const bx3 = await doc(li.staffId, '李四', MK, 'approving', [
    ['hotel', 8000, '2026-11-20'],
    ['hotel', 4000, '2026-10-31'],
  ]);
  await doc(li.staffId, '李四', MK, 'rejected', [['hotel', 99900, '2026-11-05']]);
  await doc(li.staffId, '李四', MK, 'draft', [['meal', 77700, '2026-11-06']]);

  const other = await makeTenant(t.db);
  const otherStaff = await makeStaff(t.db, other.tenantId);
  const otherProject = await project(other.tenantId, 'XH01', '别家项目', otherStaff.staffId);
  const ob = await insertBill(t.db, other.tenantId, {
    submitterId: otherStaff.staffId,
    status: 'approved',
    departmentId: other.deptId,
    deptName: '别家部门',
  });
  await t.db.updateTable('bills').set({ project_id: otherProject }).where('id', '=', ob.id).execute();
  await insertFee(t.db, other.tenantId, ob.id, { feeType: 'hotel', amount: 123400, date: '2026-11-10' });
  return { x, rd, mk, analyst, exporter, plain, zhang, li, star, bx1, bx2, bx3, other, otherProject };
}
let F: Awaited<ReturnType<typeof fixture>>;
beforeAll(async () => {
  F = await fixture();
});

const report = async (q: Record<string, string | number | undefined>) => {
  const res = await call(F.analyst.token, 'GET', `${A}/spend${qs(q)}`);
  expect(res.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const lines = async (q: Record<string, string | number | undefined>) => {
  const res = await call(F.analyst.token, 'GET', `${A}/spendLines${qs(q)}`);
  expect(res.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('费用分析 GET billAnalysis/spend', () => {
  it('sums approved, paid and approving money of the range, each document once', async () => {
    const d = await report({ ...NOV, groupBy: 'department' });
    expect(d.total).toEqual({ approved: 37000, paid: 35000, approving: 8000, documents: 3, lines: 4 });
    expect(d.groups).toEqual([
      {
        key: String(F.rd),
        name: '研发部',
        approved: 37000,
        paid: 35000,
        approving: 0,
        documents: 2,
        lines: 3,
      },
      { key: String(F.mk), name: '市场部', approved: 0, paid: 0, approving: 8000, documents: 1, lines: 1 },
    ]);
    expect(d.months).toEqual([{ month: '2026-11', approved: 37000, approving: 8000 }]);
  });

  it('groups by fee type, project, person and company with their names', async () => {
    const byFee = await report({ ...NOV, groupBy: 'feeType' });
    expect(
      byFee.groups.map((g: { key: string; name: string; approved: number; approving: number }) => [
        g.key,
        g.name,
        g.approved,
        g.approving,
      ]),
    ).toEqual([
      ['hotel', '住宿费', 30000, 8000],
      ['meal', '餐饮费', 5000, 0],
      ['traffic', '交通费', 2000, 0],
    ]);
    const byProject = await report({ ...NOV, groupBy: 'project' });
    expect(byProject.groups.map((g: { key: string; name: string }) => [g.key, g.name])).toEqual([
      [String(F.star), '星火（XH01）'],
      ['none', '未关联项目'],
    ]);
    const byPerson = await report({ ...NOV, groupBy: 'person' });
    expect(byPerson.groups.map((g: { key: string; name: string }) => [g.key, g.name])).toEqual([
      [String(F.zhang.staffId), '张三'],
      [String(F.li.staffId), '李四'],
    ]);
    const byCompany = await report({ ...NOV, groupBy: 'company' });
    expect(byCompany.groups).toHaveLength(1);
    expect(byCompany.groups[0]).toMatchObject({
      key: String(F.x.companyId),
      name: '测试子公司',
      approved: 37000,
    });
  });

  it('splits months at the China month boundary and lists empty months', async () => {
    const d = await report({ startDate: '2026-09-20', endDate: '2026-11-30', groupBy: 'month' });
    expect(d.months).toEqual([
      { month: '2026-09', approved: 0, approving: 0 },
      { month: '2026-10', approved: 0, approving: 4000 },
      { month: '2026-11', approved: 37000, approving: 8000 },
    ]);
    expect(d.groups.map((g: { key: string; documents: number }) => [g.key, g.documents])).toEqual([
      ['2026-09', 0],
      ['2026-10', 1],
      ['2026-11', 3],
    ]);
    expect(monthStarts('2026-12-15', '2027-01-02').map((m) => m.month)).toEqual(['2026-12', '2027-01']);
  });

  it('filters by department, project and fee type; another tenant’s ids find nothing', async () => {
    expect((await report({ ...NOV, departmentId: F.mk })).total.approving).toBe(8000);
    expect((await report({ ...NOV, projectId: F.star })).total.approved).toBe(37000);
    expect((await report({ ...NOV, feeType: 'hotel' })).total).toMatchObject({
      approved: 30000,
      approving: 8000,
    });
    const foreign = await report({ ...NOV, departmentId: F.other.deptId });
    expect(foreign.total).toEqual({ approved: 0, paid: 0, approving: 0, documents: 0, lines: 0 });
    expect((await report({ ...NOV, projectId: F.otherProject })).groups).toEqual([]);
  });

  it('refuses bad input in Chinese and a caller without 单据分析', async () => {
    for (const [q, text] of [
      [{ startDate: '2026-12-01', endDate: '2026-11-01' }, '结束日期不能早于开始日期'],
      [{ startDate: '2024-01-01', endDate: '2026-11-01' }, '统计区间不能超过一年'],
      [{ ...NOV, groupBy: 'city' }, '分析维度不正确'],
      [{ ...NOV, feeType: "hotel' or 1=1" }, '费用类型不正确'],
      [{ ...NOV, departmentId: 'x' }, '必须是数字'],
    ] as const) {
      const res = await call(F.analyst.token, 'GET', `${A}/spend${qs(q)}`);
      expect(res.code, text).toBe(400);
      expect(JSON.stringify(res.body), text).toContain(text);
    }
    for (const path of ['spend', 'spendLines']) {
      const res = await call(F.plain.token, 'GET', `${A}/${path}${qs(NOV)}`);
      expect(res.code).toBe(403);
      expect(res.body.status).toBe(PlatformCode.forbidden);
    }
  });
});

describe('费用分析 with the tenant’s fee-type tree', () => {
  it('names a child fee type by the tree, and a fee-type filter takes the types under it', async () => {
    const x = await makeTenant(t.db);
    const analyst = await makeStaff(t.db, x.tenantId, ['billAnalysis:view']);
    const hotel = await t.db
      .selectFrom('fee_types')
      .select('id')
      .where('tenant_id', '=', x.tenantId)
      .where('code', '=', 'hotel')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('fee_types')
      .values({
        tenant_id: x.tenantId,
        code: 'hotel_lux',
        name: '高端酒店',
        parent_id: Number(hotel.id),
        enabled: 1,
        subject_code: '',
        bill_types: '[]',
        sort: 1,
        created_by: analyst.staffId,
        created_at: 1,
        updated_by: analyst.staffId,
        updated_at: 1,
      })
      .execute();
    const b = await insertBill(t.db, x.tenantId, { submitterId: analyst.staffId, status: 'approved' });
    await insertFee(t.db, x.tenantId, b.id, { feeType: 'hotel_lux', amount: 50000, date: '2026-11-03' });
    await insertFee(t.db, x.tenantId, b.id, { feeType: 'hotel', amount: 20000, date: '2026-11-03' });
    await insertFee(t.db, x.tenantId, b.id, { feeType: 'meal', amount: 3000, date: '2026-11-03' });
    const get = async (path: string, q: Record<string, string>) =>
      (await call(analyst.token, 'GET', `${A}/${path}${qs({ ...NOV, ...q })}`)).body.data;
    const byFee = await get('spend', { groupBy: 'feeType' });
    expect(byFee.groups.map((g: { key: string; name: string }) => [g.key, g.name])).toEqual([
      ['hotel_lux', '高端酒店'],
      ['hotel', '住宿费'],
      ['meal', '餐饮费'],
    ]);
    expect((await get('spend', { feeType: 'hotel' })).total.approved).toBe(70000);
    const lines = await get('spendLines', { groupBy: 'feeType', feeType: 'hotel' });
    expect(lines.items.map((l: { feeTypeText: string }) => l.feeTypeText).sort()).toEqual([
      '住宿费',
      '高端酒店',
    ]);
  });
});

describe('费用分析 GET billAnalysis/spendLines (drill-down)', () => {
  it('lists the lines behind a group, and their sum is the group’s figure', async () => {
    const d = await lines({ ...NOV, groupBy: 'department', key: String(F.rd) });
    expect(d.amount).toBe(37000);
    expect(d.page.total).toBe(3);
    expect(
      d.items.map((l: { billNumber: string; feeDate: string; feeTypeText: string }) => [
        l.billNumber,
        l.feeDate,
        l.feeTypeText,
      ]),
    ).toEqual([
      [F.bx1.billNumber, '2026-11-30', '餐饮费'],
      [F.bx2.billNumber, '2026-11-15', '交通费'],
      [F.bx1.billNumber, '2026-11-01', '住宿费'],
    ]);
    expect(d.items[0]).toMatchObject({
      billId: F.bx1.id,
      projectName: '星火（XH01）',
      statusText: '已通过',
      payStatus: 'paid',
      deptName: '研发部',
    });
  });

  it('opens the group without a project, a month, and pages', async () => {
    const none = await lines({ ...NOV, groupBy: 'project', key: 'none' });
    expect(none.items.map((l: { billNumber: string }) => l.billNumber)).toEqual([F.bx3.billNumber]);
    const oct = await lines({
      startDate: '2026-10-01',
      endDate: '2026-11-30',
      groupBy: 'month',
      key: '2026-10',
    });
    expect(oct.items.map((l: { amount: number }) => l.amount)).toEqual([4000]);
    const p2 = await lines({ ...NOV, groupBy: 'feeType', key: 'hotel', pageNum: 2, pageSize: 1 });
    expect(p2.page).toEqual({ page_num: 2, page_size: 1, total: 2 });
    expect(p2.amount).toBe(38000);
    expect(p2.items).toHaveLength(1);
  });

  it('refuses a key that names no group of the dimension', async () => {
    for (const q of [
      { ...NOV, groupBy: 'month', key: '2026-12' },
      { ...NOV, groupBy: 'department', key: 'abc' },
      { ...NOV, groupBy: 'person', key: 'none' },
    ]) {
      const res = await call(F.analyst.token, 'GET', `${A}/spendLines${qs(q)}`);
      expect(res.code, JSON.stringify(q)).toBe(400);
      expect(res.body.msg).toContain('分组不正确');
    }
  });

  it('never lists another tenant’s lines, even by its department id', async () => {
    const d = await lines({ ...NOV, groupBy: 'department', key: String(F.other.deptId) });
    expect(d).toMatchObject({ items: [], amount: 0, page: { total: 0 } });
  });
});

describe('工作台 本月费用 (workbenchSpend)', () => {
  const caller = (staffId: number | null, perms: string[], tenantId: number | null = F.x.tenantId) => ({
    sessionId: 1,
    userId: 1,
    tenantId,
    staffId,
    perms,
  });
  // 2026-11-20 10:00 China time: November's lines dated up to today count, the 11-30 line not yet.
  const NOW = chinaDayMs('2026-11-20') + 10 * 3_600_000;

  it('gives the caller’s own month, and the tenant’s to a holder of 单据分析', async () => {
    const own = await workbenchSpend(t.db, caller(F.zhang.staffId, []), NOW);
    expect(own).toEqual({
      month: '2026-11',
      mine: { approved: 32000, paid: 30000, approving: 0, documents: 2, lines: 2 },
      tenant: null,
    });
    const finance = await workbenchSpend(t.db, caller(F.analyst.staffId, ['billAnalysis:view']), NOW);
    expect(finance?.mine.lines).toBe(0);
    expect(finance?.tenant).toEqual({
      approved: 32000,
      paid: 30000,
      approving: 8000,
      documents: 3,
      lines: 3,
    });
  });

  it('is null for a personal account', async () => {
    expect(await workbenchSpend(t.db, caller(null, [], null), NOW)).toBeNull();
  });
});

async function sheets(buf: Buffer): Promise<Record<string, string[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as any);
  const out: Record<string, string[][]> = {};
  for (const ws of wb.worksheets) {
    const rows: string[][] = [];
    ws.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))));
    out[ws.name] = rows;
  }
  return out;
}

describe('费用分析导出 (task 142)', () => {
  const start = (token: string, params: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: { 'x-session-token': token },
      payload: { operating_type: TaskOperatingType.spendAnalysisExport, params },
    });

  it('writes the summary by the dimension with its total, and every line behind it', async () => {
    const res = await start(F.exporter.token, { ...NOV, groupBy: 'feeType' });
    expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(t.app, F.exporter.token, res.json().data.id);
    expect(task.status, task.error_msg).toBe(1);
    expect(task.operating_type_name).toBe('费用分析导出');
    const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
    const book = await sheets(dl.rawPayload);
    expect(book['按费用类型汇总']).toEqual([
      ['费用类型', '已通过（元）', '其中已付款（元）', '审批中（元）', '占比', '单据数', '明细数'],
      ['住宿费', '300.00', '300.00', '80.00', '81.1%', '2', '2'],
      ['餐饮费', '50.00', '50.00', '0.00', '13.5%', '1', '1'],
      ['交通费', '20.00', '0.00', '0.00', '5.4%', '1', '1'],
      ['合计', '370.00', '350.00', '80.00', '', '3', '4'],
    ]);
    const lines = book['费用明细'];
    expect(lines[0]).toEqual([
      '单据编号',
      '事由',
      '单据类型',
      '提交人',
      '部门',
      '公司',
      '项目',
      '费用类型',
      '费用日期',
      '金额（元）',
      '单据状态',
      '付款状态',
    ]);
    expect(lines).toHaveLength(5);
    expect(lines.find((r) => r[8] === '2026-11-01')).toEqual([
      F.bx1.billNumber,
      expect.any(String),
      '报销单',
      '张三',
      '研发部',
      '测试子公司',
      '星火（XH01）',
      '住宿费',
      '2026-11-01',
      '300.00',
      '已通过',
      '已付款',
    ]);
  });

  it('exports one group’s lines; needs billAnalysis:export; bad params fail in Chinese', async () => {
    const res = await start(F.exporter.token, { ...NOV, groupBy: 'department', key: String(F.mk) });
    const task = await waitForTask(t.app, F.exporter.token, res.json().data.id);
    const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
    const book = await sheets(dl.rawPayload);
    expect(book['按部门汇总'].slice(1)).toEqual([['市场部', '0.00', '0.00', '80.00', '0.0%', '1', '1']]);
    expect(book['费用明细'].slice(1).map((r) => r[0])).toEqual([F.bx3.billNumber]);

    expect((await start(F.analyst.token, NOV)).statusCode).toBe(403);
    const bad = await start(F.exporter.token, { startDate: '2026-12-01', endDate: '2026-11-01' });
    const failed = await waitForTask(t.app, F.exporter.token, bad.json().data.id);
    expect(failed.status).toBe(2);
    expect(failed.error_msg).toContain('结束日期不能早于开始日期');
  });
});
