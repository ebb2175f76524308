import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { api } from '../modules/flow/flow.testkit.js';
import { createSession } from '../platform/sessions.js';
import { DEMO } from './demo.js';
import { seedDemoIfEmpty } from './index.js';

/** When set, the flow part of the seed crashes after it wrote everything (a crash mid-seed). */
const crash = vi.hoisted(() => ({ on: false }));
vi.mock('../modules/flow/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../modules/flow/index.js')>();
  return {
    ...real,
    seedFlowDemo: async (...args: Parameters<typeof real.seedFlowDemo>) => {
      await real.seedFlowDemo(...args);
      if (crash.on) throw new Error('演示流程写入中断');
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function tokenOf(phone: string) {
  const s = await t.db
    .selectFrom('staff')
    .select(['id', 'user_id', 'tenant_id'])
    .where('phone', '=', phone)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return (
    await createSession(t.db, { userId: s.user_id, tenantId: Number(s.tenant_id), staffId: s.id }, 60_000)
  ).token;
}

describe('demo flows', () => {
  it('run in the tenant seed’s transaction: a crash in the flow part leaves no half-seeded tenant', async () => {
    crash.on = true;
    await expect(seedDemoIfEmpty(t.db)).rejects.toThrow('演示流程写入中断');
    crash.on = false;
    for (const table of [
      'organizations',
      'staff',
      'users',
      'bills',
      'flow_groups',
      'flow_versions',
      'flow_instances',
      'invoices',
    ] as const) {
      const { n } = await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect([table, Number(n)]).toEqual([table, 0]);
    }
  });

  it('gives 审批人甲 a waiting expense of 员工乙 (their supervisor) and 员工乙 a draft', async () => {
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    const call = api(t);
    const approver = await tokenOf(DEMO.approver);
    const todo = await call(approver, 'GET', 'flow/todoPageList', { tab: 'pending' });
    expect(todo.body.data.items).toHaveLength(1);
    expect(todo.body.data.items[0]).toMatchObject({
      title: '上海客户拜访差旅费',
      amount: 72_100,
      nodeName: '主管审批',
    });
    const staff = await tokenOf(DEMO.staff);
    const mine = await call(staff, 'GET', 'flow/pageList', {});
    expect(mine.body.data.tabs.find((x: any) => x.status === 'draft').count).toBe(1);
    const flows = await call(await tokenOf(DEMO.admin), 'GET', 'flowDesign/pageList', {});
    // The demo's flows: 报销审批 and, since purchasing (decision 0058), 采购审批 — each enabled, version 1.
    const names = flows.body.data.items.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['报销审批', '采购审批']));
    for (const name of ['报销审批', '采购审批'])
      expect(flows.body.data.items.find((f: { name: string }) => f.name === name)).toMatchObject({
        enabled: true,
        version: 1,
      });
    const detail = await call(staff, 'GET', 'flow/detail', { id: todo.body.data.items[0].billId });
    expect(detail.body.data.trips[0]).toMatchObject({ locationCus: '上海' });
    // The custom forms: published for 报销单 and 申请单; the earlier documents carry none.
    expect(detail.body.data.formId).toBeNull();
    const expense = await call(staff, 'GET', 'form/forBillType', { billType: 'expense' });
    expect(expense.body.data).toMatchObject({ name: '差旅报销单', version: 1 });
    expect(expense.body.data.fields.map((f: any) => f.label)).toEqual([
      '出差事由',
      '客户名称',
      '行程',
      '费用明细',
      '附件',
    ]);
    const apply = await call(staff, 'GET', 'form/forBillType', { billType: 'apply' });
    expect(apply.body.data.fields.filter((f: any) => f.required).map((f: any) => f.label)).toEqual([
      '出差事由',
      '预计金额',
    ]);
    const filed = await call(staff, 'POST', 'flow/save', {
      billType: 'apply',
      title: '深圳展会出差申请',
      formValues: { reason: '参加深圳高交会', budget: 300_000, period: ['2026-12-01', '2026-12-03'] },
    });
    expect(filed.body.status, filed.body.msg).toBe(0);
  });
});
