import type { Db } from '../platform/db/database.js';
import { staffIdByPhone } from '../modules/org/index.js';
import { addBudget, closeBudget, occupyBudget } from '../modules/budget/index.js';
import { DEMO } from './demo.js';

const HOUR = 3_600_000;

/**
 * Demo 预算 of 演示集团 for 预算分析 (decision 0055): 「<year>年部门费用预算」, monthly, 超支合并 (over budget is
 * allowed and flagged, so nothing the demo does is refused): 研发部 (with 差旅费 under it), 财务部 and 综合管理部,
 * every month of this China year. Then the documents seedDemoBillAnalysis submitted move the ledger the way
 * submitting and approving move it — occupy at submit, use at the final approval — so a fresh demo shows real
 * figures that reconcile with their documents (研发部's 差旅费 over its budget this month).
 */
export async function seedDemoBudget(db: Db, tenantId: number, now = Date.now()) {
  const year = new Date(now + 8 * HOUR).getUTCFullYear();
  const admin = await staffIdByPhone(db, tenantId, DEMO.admin);
  if (admin === undefined) throw new Error('演示数据缺少演示管理员');
  const depts = new Map(
    (
      await db
        .selectFrom('departments')
        .select(['id', 'name'])
        .where('tenant_id', '=', tenantId)
        .where('name', 'in', ['研发部', '财务部', '综合管理部'])
        .execute()
    ).map((d) => [d.name, Number(d.id)]),
  );
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
  const every = (fen: number) => Object.fromEntries(months.map((m) => [m, fen]));
  const dept = (key: string, name: string, fen: number) => ({
    key,
    parent: 'r',
    dimension: 'department' as const,
    value: String(depts.get(name) ?? 0),
    label: name,
    amounts: every(fen),
  });
  await addBudget(
    db,
    { tenantId, staffId: Number(admin) } as never,
    {
      name: `${year}年部门费用预算`,
      year,
      period_type: 'month',
      budget_mode: 2,
      fee_dimension: true,
      control: 1,
      overrun_pct: 0,
      cumulative: false,
      remark: '演示数据：各部门每月费用预算',
      status: 1,
      nodes: [
        { key: 'r', parent: null, dimension: 'root', value: '', label: '', amounts: {} },
        dept('rd', '研发部', 1_800_000),
        {
          key: 'rd-travel',
          parent: 'rd',
          dimension: 'fee_type',
          value: 'travel',
          label: '差旅费',
          amounts: every(1_200_000),
        },
        dept('fin', '财务部', 1_000_000),
        dept('adm', '综合管理部', 500_000),
      ],
    } as never,
    now,
  );
  // The submitted documents: occupy at their submit, use when approved.
  const bills = await db
    .selectFrom('bills')
    .select(['id', 'submitter_id', 'department_id', 'project_id', 'status', 'submit_time', 'finish_time'])
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', ['approving', 'approved'])
    .where('submit_time', 'is not', null)
    .orderBy('submit_time')
    .execute();
  for (const b of bills) {
    const fees = await db
      .selectFrom('bill_fees')
      .select(['id', 'fee_type', 'amount', 'fee_date'])
      .where('tenant_id', '=', tenantId)
      .where('bill_id', '=', b.id)
      .execute();
    const at = Number(b.submit_time);
    await occupyBudget(
      db,
      {
        tenantId,
        sourceId: Number(b.id),
        submitterId: Number(b.submitter_id),
        departmentId: b.department_id === null ? null : Number(b.department_id),
        projectId: b.project_id === null ? null : Number(b.project_id),
        lines: fees.map((f) => ({
          id: Number(f.id),
          feeType: f.fee_type,
          amount: Number(f.amount),
          date: Number(f.fee_date) || at,
        })),
      },
      { round: at, by: Number(b.submitter_id), now: at },
    );
    if (b.status === 'approved')
      await closeBudget(db, tenantId, [Number(b.id)], 'use', {
        by: Number(admin),
        now: Number(b.finish_time ?? at),
      });
  }
}
