import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { caller } from '../invoice/invoice.testkit.js';
import { BillReportCode } from './billReport.errors.js';
import { insertEnabledFlow } from './billReport.testkit.js';

// 智能规则集 wired into the flow module's submit (flow/submit): a 禁止提交 rule refuses and nothing changes;
// 提示 rules refuse until the body's confirm flag is set; then the document goes into approval.
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const F = '/finobill/api/web';

describe('submit checks the audit rules', () => {
  it('blocks, asks for confirmation, then submits', async () => {
    const x = await makeTenant(t.db);
    const admin = await makeStaff(t.db, x.tenantId, ['auditRule:view', 'auditRule:edit']);
    const staff = await makeStaff(t.db, x.tenantId, [
      'billExpense:add',
      'billExpense:view',
      'billExpense:edit',
    ]);
    const approver = await makeStaff(t.db, x.tenantId);
    await insertEnabledFlow(t.db, x.tenantId, admin.staffId, approver.staffId);

    const saved = await call(staff.token, 'POST', `${F}/flow/save`, {
      billType: 'expense',
      title: '上海出差住宿报销',
      fees: [{ feeType: 'hotel', amount: 90000, date: '2026-11-03' }],
    });
    expect(saved.code, saved.body.msg).toBe(200);
    const id = saved.body.data.id;

    const rule = await call(admin.token, 'POST', `${F}/auditRule/add`, {
      name: '住宿标准',
      ruleKind: 'overStandard',
      action: 'block',
      message: '住宿费超过每晚500元的标准，请调整后提交',
      feeType: 'hotel',
      amountLimit: 50000,
    });
    expect(rule.code, rule.body.msg).toBe(200);

    const state = async () => {
      const b = await t.db
        .selectFrom('bills')
        .select(['status', 'instance_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const n = await t.db
        .selectFrom('flow_instances')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('bill_id', '=', id)
        .executeTakeFirstOrThrow();
      return { status: b.status, instance: b.instance_id, instances: Number(n.n) };
    };
    const draft = { status: 'draft', instance: null, instances: 0 };

    const blocked = await call(staff.token, 'POST', `${F}/flow/submit`, { id, confirm: true });
    expect(blocked.code).toBe(409);
    expect(blocked.body.status).toBe(BillReportCode.ruleBlocked);
    expect(blocked.body.msg).toBe('不能提交：住宿费超过每晚500元的标准，请调整后提交');
    expect(blocked.body.data.blocks[0].detail).toBe('第1条费用（住宿费）金额¥900.00，超过标准¥500.00');
    expect(await state()).toEqual(draft);

    // the same rule as a warning: refused without the confirmation, accepted with it
    const upd = await call(admin.token, 'POST', `${F}/auditRule/update`, {
      id: rule.body.data.id,
      name: '住宿标准',
      ruleKind: 'overStandard',
      action: 'warn',
      message: '住宿费超过每晚500元的标准，请确认',
      feeType: 'hotel',
      amountLimit: 50000,
    });
    expect(upd.code, upd.body.msg).toBe(200);
    const unconfirmed = await call(staff.token, 'POST', `${F}/flow/submit`, { id });
    expect(unconfirmed.code).toBe(409);
    expect(unconfirmed.body.status).toBe(BillReportCode.ruleNeedsConfirm);
    expect(unconfirmed.body.msg).toBe('请确认后提交：住宿费超过每晚500元的标准，请确认');
    expect(unconfirmed.body.data.warnings).toHaveLength(1);
    expect(await state()).toEqual(draft);

    const bad = await call(staff.token, 'POST', `${F}/flow/submit`, { id, confirm: 'yes' });
    expect(bad.code).toBe(400);

    const ok = await call(staff.token, 'POST', `${F}/flow/submit`, { id, confirm: true });
    expect(ok.code, ok.body.msg).toBe(200);
    expect(ok.body.data.status).toBe('approving');
    expect(await state()).toMatchObject({ status: 'approving', instances: 1 });
  });
});
