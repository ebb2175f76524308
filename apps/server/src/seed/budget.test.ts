import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { caller } from '../modules/invoice/invoice.testkit.js';
import { reconcileBudget } from '../modules/budget/index.js';
import { createSession } from '../platform/sessions.js';
import { DEMO } from './demo.js';
import { seedDemoIfEmpty } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo budget (预算分析)', () => {
  it('a department budget of this year, moved by the demo documents, that reconciles with its ledger', async () => {
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    const admin = await t.db
      .selectFrom('staff as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.tenant_id', 's.user_id'])
      .where('u.phone', '=', DEMO.admin)
      .executeTakeFirstOrThrow();
    const tenantId = Number(admin.tenant_id);
    const { token } = await createSession(
      t.db,
      { userId: Number(admin.user_id), tenantId, staffId: Number(admin.id) },
      3_600_000,
    );
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    const res = await caller(t)(token, 'GET', `/finobill/api/web/budget/analysis?year=${year}`);
    expect(res.code, res.body.msg).toBe(200);
    const a = res.body.data;
    expect(a.budgets.map((b: { name: string }) => b.name)).toEqual([`${year}年部门费用预算`]);
    expect(a.nodes).toHaveLength(1);
    // The documents of the last four weeks that fall in this year moved it (all of them but at a year's start).
    expect(a.total.budget).toBe(3_300_000 * 12);
    expect(a.total.occupied + a.total.used).toBeGreaterThan(0);
    expect(await reconcileBudget(t.db, tenantId, a.budgets[0].id)).toEqual([]);
    const rd = await caller(t)(
      token,
      'GET',
      `/finobill/api/web/budget/analysis?budget_id=${a.budgets[0].id}`,
    );
    expect(rd.body.data.nodes.map((n: { label: string }) => n.label)).toEqual([
      '研发部',
      '财务部',
      '综合管理部',
    ]);
  });
});
