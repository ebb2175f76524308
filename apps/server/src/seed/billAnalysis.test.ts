import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { caller, qs } from '../modules/invoice/invoice.testkit.js';
import { createSession } from '../platform/sessions.js';
import { DEMO } from './demo.js';
import { seedDemoIfEmpty } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

describe('demo approval history (单据分析)', () => {
  it('ten documents run through the engine: eight approved, two waiting at 财务审批, with their logs', async () => {
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    const admin = await t.db
      .selectFrom('staff as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.tenant_id', 's.user_id'])
      .where('u.phone', '=', DEMO.admin)
      .executeTakeFirstOrThrow();
    const { token } = await createSession(
      t.db,
      { userId: Number(admin.user_id), tenantId: Number(admin.tenant_id), staffId: Number(admin.id) },
      3_600_000,
    );
    const now = Date.now();
    const res = await caller(t)(
      token,
      'GET',
      `/finobill/api/web/billAnalysis/efficiency${qs({ startDate: day(now - 29 * 86_400_000), endDate: day(now) })}`,
    );
    expect(res.code, res.body.msg).toBe(200);
    const r = res.body.data;
    // This seed's ten (eight approved, two waiting) plus what other demo seeds submitted in the range
    // (seed/flow.ts's waiting expense; seed/billPrint.ts's approved one while it is within 29 days).
    const inRange = await t.db
      .selectFrom('bills')
      .select(['status'])
      .where('tenant_id', '=', Number(admin.tenant_id))
      .where('status', 'in', ['approving', 'approved'])
      .where('submit_time', '>=', Date.parse(`${day(now - 29 * 86_400_000)}T00:00:00+08:00`))
      .execute();
    const approved = inRange.filter((b) => b.status === 'approved').length;
    expect(approved).toBeGreaterThanOrEqual(8);
    expect(inRange.length - approved).toBeGreaterThanOrEqual(2);
    expect(r.summary).toMatchObject({
      documents: inRange.length,
      finished: approved,
      running: inRange.length - approved,
    });
    expect(r.byDepartment.length).toBeGreaterThanOrEqual(1);
    expect(r.byWeek.length).toBeGreaterThanOrEqual(4);
    expect(r.byApprover.map((a: any) => a.approverName)).toEqual(
      expect.arrayContaining(['审批人甲', '演示管理员']),
    );
    const open = await t.db
      .selectFrom('flow_tasks as t')
      .innerJoin('bills as b', 'b.id', 't.bill_id')
      .select(['t.node_name', 't.status'])
      .where('t.tenant_id', '=', Number(admin.tenant_id))
      .where('b.flow_name', '=', '差旅报销审批（演示）')
      .execute();
    expect(open).toEqual([
      { node_name: '财务审批', status: 'running' },
      { node_name: '财务审批', status: 'running' },
    ]);
    const details = await caller(t)(
      token,
      'GET',
      `/finobill/api/web/billAnalysis/details${qs({ startDate: day(now - 29 * 86_400_000), endDate: day(now) })}`,
    );
    const oldest = details.body.data.items.at(-1);
    expect(oldest.nodes.map((n: any) => [n.nodeName, n.handleHours])).toEqual([
      ['部门审批', 3],
      ['财务审批', 5],
    ]);
  });
});
