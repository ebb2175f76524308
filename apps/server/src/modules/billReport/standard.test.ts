import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { type Call, flowApp, type FlowTenant, makeInvoice } from '../flow/flow.testkit.js';
import { cityOfPlaceName } from '../org/index.js';
import { BillReportCode, chinaDay } from './billReport.errors.js';

/**
 * 差旅标准 / 费用标准 on submit (issue 21): each fee line of an 报销单 is judged against the submitter's standard
 * through the standards door; 禁止 refuses the submit, 审批 and 员工自付 flag the document (ruleId 0, 费用超标准).
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
const STANDARDS = '/consume-quota-center/api/v1/standards';
const year = Number(chinaDay(Date.now()).slice(0, 4));
const day = (d: string) => `${year}-${d}`;
const KINDS = ['hotel', 'air', 'train', 'car', 'allowance', 'fee'] as const;

/** A grade P3 for the submitter, 一线城市 (北京, 上海), the hotel standard 一线 `tier1Cap`, 其他 ¥300.00. */
async function standards(f: FlowTenant, tier1Cap: number) {
  const now = Date.now();
  const grade = await t.db
    .insertInto('job_grades')
    .values({
      tenant_id: f.tenantId,
      name: 'P3',
      description: null,
      sort_order: 3,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('staff')
    .set({ grade_id: Number(grade.id) })
    .where('tenant_id', '=', f.tenantId)
    .where('id', '=', f.submitter.staffId)
    .execute();
  const group = await t.db
    .insertInto('city_groups')
    .values({ tenant_id: f.tenantId, name: '一线城市', sort_order: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('city_group_cities')
    .values(
      ['110000', '310000'].map((city_code) => ({
        tenant_id: f.tenantId,
        group_id: Number(group.id),
        city_code,
      })),
    )
    .execute();
  const P3 = Number(grade.id);
  const saved = await call(f.admin.token, 'POST', `${STANDARDS}/trip/save`, {
    kind: 'hotel',
    dimension: 'grade',
    cells: [
      { subjectId: P3, cityGroupId: Number(group.id), nightCap: tier1Cap },
      { subjectId: P3, cityGroupId: 0, nightCap: 30_000 },
    ],
  });
  expect(saved.code, saved.body.msg).toBe(200);
  return P3;
}

/**
 * Sets the 管控设置. A line is judged by the standard in force on its date, and a saved table starts now: the
 * tables in force are dated back first (the control change raises the settings version, so the door rereads).
 */
async function control(f: FlowTenant, hotel: string, fee = 'approval') {
  await t.db
    .updateTable('spend_standards')
    .set({ valid_from: 0 })
    .where('tenant_id', '=', f.tenantId)
    .where('valid_to', 'is', null)
    .execute();
  const controls = Object.fromEntries(KINDS.map((k) => [k, 'approval']));
  const res = await call(f.admin.token, 'POST', `${STANDARDS}/control/update`, {
    controls: { ...controls, hotel, fee },
  });
  expect(res.code, res.body.msg).toBe(200);
}

async function save(f: FlowTenant, body: Record<string, unknown>) {
  const s = await call(f.submitter.token, 'POST', 'flow/save', {
    billType: 'expense',
    title: '出差报销',
    ...body,
  });
  expect(s.body.status, s.body.msg).toBe(0);
  return s.body.data.id as number;
}
const submit = (f: FlowTenant, id: number) =>
  call(f.submitter.token, 'POST', 'flow/submit', { id, confirm: true });

async function standardFlags(id: number) {
  const b = await t.db
    .selectFrom('bills')
    .select(['status', 'risk_flags', 'instance_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const flags = (JSON.parse(b.risk_flags) as { ruleId: number }[]).filter((h) => h.ruleId === 0);
  return { status: b.status, instance: b.instance_id, flags };
}

/** Three nights in 上海 (03-01 to 03-04), ¥1,950.00 of 住宿费: ¥650.00 a night. */
const shanghai = (amount = 195_000, extra: Record<string, unknown> = {}) => ({
  trips: [{ date: [day('03-01'), day('03-04')], locationCus: '上海' }],
  fees: [{ feeType: 'hotel', amount, date: day('03-04'), ...extra }],
});
const OVER = '第1条费用（住宿费）超出住宿标准：上海 ¥650.00/晚，标准 ¥500.00/晚';

beforeAll(async () => {
  ({ t, A, B, call } = await flowApp());
  await standards(A, 50_000);
  await standards(B, 80_000);
});
afterAll(async () => t?.close());

describe('submit judges fee lines against the 差旅标准 / 费用标准', () => {
  it('a trip destination in free text names its city', () => {
    const code = (text: string) => cityOfPlaceName(text)?.code;
    expect(code('上海')).toBe('310000');
    expect(code('上海市')).toBe('310000');
    expect(code('北京市朝阳区')).toBe('110000');
    expect(code('广东省深圳市南山区')).toBe('440300');
    expect(code('大理')).toBe('532900');
    expect(code('某地')).toBeUndefined();
    expect(code('')).toBeUndefined();
  });

  it('审批: an over-standard hotel line is flagged with the sentence; the submit goes on', async () => {
    await control(A, 'approval');
    const id = await save(A, shanghai());
    const res = await submit(A, id);
    expect(res.code, res.body.msg).toBe(200);
    const s = await standardFlags(id);
    expect(s.status).toBe('approving');
    expect(s.flags).toEqual([
      {
        ruleId: 0,
        ruleName: '差旅标准',
        ruleKind: 'overStandard',
        action: 'flag',
        message: OVER,
        detail: 'P3 在一线城市的住宿标准为 ¥500.00/晚；管控：超标需填写原因并审批',
      },
    ]);
    // the approvers see it on the detail
    const detail = await call(A.boss.token, 'GET', 'flow/detail', { id });
    expect(detail.code, detail.body.msg).toBe(200);
    expect(detail.body.data.riskFlags.map((h: { message: string }) => h.message)).toContain(OVER);
  });

  it('禁止: the submit is refused with the sentence and nothing changes', async () => {
    await control(A, 'refuse');
    const inv = await makeInvoice(t, A.tenantId, A.submitter.staffId, 195_000);
    const invoiceRow = () =>
      t.db.selectFrom('invoices').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow();
    const id = await save(A, shanghai(195_000, { invoiceIds: [inv.id] }));
    const before = await invoiceRow();
    const res = await submit(A, id);
    expect(res.code).toBe(409);
    expect(res.body.status).toBe(BillReportCode.ruleBlocked);
    expect(res.body.msg).toBe(`不能提交：${OVER}`);
    expect(res.body.data.blocks).toEqual([
      expect.objectContaining({ ruleId: 0, ruleKind: 'overStandard', action: 'block', message: OVER }),
    ]);
    expect(await standardFlags(id)).toEqual({ status: 'draft', instance: null, flags: [] });
    expect(await invoiceRow()).toEqual(before);
  });

  it('员工自付: flagged with the employee part; within the standard: nothing', async () => {
    await control(A, 'excess');
    const id = await save(A, shanghai());
    expect((await submit(A, id)).code).toBe(200);
    const s = await standardFlags(id);
    expect(s.flags).toHaveLength(1);
    expect(s.flags[0]).toMatchObject({
      action: 'flag',
      message: OVER,
      detail: 'P3 在一线城市的住宿标准为 ¥500.00/晚；管控：员工自付超出部分；超标 ¥450.00 由员工自付',
    });

    // ¥1,400.00 for three nights in 北京市朝阳区 (一线城市 ¥500.00): within
    const within = await save(A, {
      trips: [{ date: [day('04-01'), day('04-04')], locationCus: '北京市朝阳区' }],
      fees: [{ feeType: 'hotel', amount: 140_000, date: day('04-02') }],
    });
    expect((await submit(A, within)).code).toBe(200);
    expect((await standardFlags(within)).flags).toEqual([]);

    // no trip: one night in 其他城市 (¥300.00)
    const noTrip = await save(A, { fees: [{ feeType: 'hotel', amount: 40_000, date: day('05-02') }] });
    expect((await submit(A, noTrip)).code).toBe(200);
    expect((await standardFlags(noTrip)).flags.map((h: any) => h.message)).toEqual([
      '第1条费用（住宿费）超出住宿标准：¥400.00/晚，标准 ¥300.00/晚',
    ]);
  });

  it('a 费用标准 per month counts what was claimed earlier that month on submitted documents', async () => {
    const P3 = Number(
      (
        await t.db
          .selectFrom('staff')
          .select('grade_id')
          .where('id', '=', A.submitter.staffId)
          .executeTakeFirstOrThrow()
      ).grade_id,
    );
    const cost = await call(A.admin.token, 'POST', `${STANDARDS}/cost/save`, {
      feeType: 'meal',
      dimension: 'grade',
      cells: [{ subjectId: P3, cityGroupId: 0, cap: 100_000, period: 'month' }],
    });
    expect(cost.code, cost.body.msg).toBe(200);
    await control(A, 'approval', 'approval');

    const first = await save(A, { fees: [{ feeType: 'meal', amount: 60_000, date: day('06-03') }] });
    expect((await submit(A, first)).code).toBe(200);
    expect((await standardFlags(first)).flags).toEqual([]);
    // a draft and another month's claim do not count
    await save(A, { fees: [{ feeType: 'meal', amount: 90_000, date: day('06-04') }] });
    const july = await save(A, { fees: [{ feeType: 'meal', amount: 90_000, date: day('07-01') }] });
    expect((await submit(A, july)).code).toBe(200);
    expect((await standardFlags(july)).flags).toEqual([]);

    const second = await save(A, { fees: [{ feeType: 'meal', amount: 50_000, date: day('06-20') }] });
    expect((await submit(A, second)).code).toBe(200);
    expect((await standardFlags(second)).flags).toEqual([
      expect.objectContaining({
        ruleName: '费用标准',
        action: 'flag',
        message: '第1条费用（餐饮费）超出餐饮费标准：本月累计 ¥1,100.00，标准 ¥1,000.00/月',
        detail: 'P3 在其他城市的餐饮费标准为 ¥1,000.00/月；管控：超标需填写原因并审批',
      }),
    ]);

    // lines before this one on the same document count too
    const two = await save(A, {
      fees: [
        { feeType: 'meal', amount: 60_000, date: day('08-02') },
        { feeType: 'meal', amount: 50_000, date: day('08-02') },
      ],
    });
    expect((await submit(A, two)).code).toBe(200);
    expect((await standardFlags(two)).flags.map((h: any) => h.message)).toEqual([
      '第2条费用（餐饮费）超出餐饮费标准：本月累计 ¥1,100.00，标准 ¥1,000.00/月',
    ]);
  });

  it("another tenant's standards never apply", async () => {
    await control(A, 'approval');
    await control(B, 'refuse');
    // B's 上海 standard is ¥800.00: ¥650.00 a night is within it, refuse or not
    const b = await save(B, shanghai());
    const res = await submit(B, b);
    expect(res.code, res.body.msg).toBe(200);
    expect((await standardFlags(b)).flags).toEqual([]);
    // A's ¥500.00 still flags A's document, B's refuse does not reach it
    const a = await save(A, shanghai());
    expect((await submit(A, a)).code).toBe(200);
    expect((await standardFlags(a)).flags.map((h: any) => h.message)).toEqual([OVER]);
  });

  it('a child fee type counts as its root category (decision 0051): its standard, its period claims', async () => {
    await control(A, 'approval', 'approval');
    const FT = '/finobill/api/web/feeType';
    const tree = (await call(A.admin.token, 'GET', `${FT}/tree`)).body.data.items as {
      id: number;
      code: string;
    }[];
    const idOf = (code: string) => tree.find((n) => n.code === code)!.id;
    for (const [code, name, parent] of [
      ['hotel_apt', '酒店公寓', 'hotel'],
      ['meal_team', '团队餐', 'meal'],
    ] as const) {
      const r = await call(A.admin.token, 'POST', `${FT}/add`, { code, name, parent_id: idOf(parent) });
      expect(r.body.status, r.body.msg).toBe(0);
    }
    // 酒店公寓 is judged by the 住宿 standard and named by its own name
    const apt = await save(A, shanghai(195_000));
    await t.db.updateTable('bill_fees').set({ fee_type: 'hotel_apt' }).where('bill_id', '=', apt).execute();
    expect((await submit(A, apt)).code).toBe(200);
    expect((await standardFlags(apt)).flags.map((h: any) => h.message)).toEqual([
      '第1条费用（酒店公寓）超出住宿标准：上海 ¥650.00/晚，标准 ¥500.00/晚',
    ]);
    // 团队餐 claimed earlier in the month counts toward the 餐饮费 month cap (¥1,000.00)
    const team = await save(A, { fees: [{ feeType: 'meal_team', amount: 70_000, date: day('09-03') }] });
    expect((await submit(A, team)).code).toBe(200);
    expect((await standardFlags(team)).flags).toEqual([]);
    const meal = await save(A, { fees: [{ feeType: 'meal', amount: 40_000, date: day('09-10') }] });
    expect((await submit(A, meal)).code).toBe(200);
    expect((await standardFlags(meal)).flags.map((h: any) => h.message)).toEqual([
      '第1条费用（餐饮费）超出餐饮费标准：本月累计 ¥1,100.00，标准 ¥1,000.00/月',
    ]);
  });
});
