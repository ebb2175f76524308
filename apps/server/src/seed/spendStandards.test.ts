import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { checkAgainstStandard, standardFor } from '../modules/spend/index.js';
import { DEMO } from './demo.js';
import { seedDemoIfEmpty } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo 差旅与费用标准', () => {
  it('gives 员工乙 (P3) the demo standards in 一线城市 and elsewhere, with the demo controls', async () => {
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    const emp = await t.db
      .selectFrom('staff')
      .select(['tenant_id', 'user_id'])
      .where('phone', '=', DEMO.staff)
      .executeTakeFirstOrThrow();
    const q = { userId: Number(emp.user_id), at: Date.now() };
    const tenantId = Number(emp.tenant_id);
    expect((await standardFor(t.db, tenantId, { ...q, kind: 'hotel', city: '310000' }))?.text).toBe(
      'P3 在一线城市的住宿标准为 ¥500.00/晚',
    );
    expect((await standardFor(t.db, tenantId, { ...q, kind: 'hotel', city: '510100' }))?.text).toBe(
      'P3 在其他城市的住宿标准为 ¥350.00/晚',
    );
    expect((await standardFor(t.db, tenantId, { ...q, kind: 'train', city: '110000' }))?.text).toBe(
      'P3 在一线城市的火车标准为 二等座、硬卧',
    );
    expect(
      (await standardFor(t.db, tenantId, { ...q, kind: 'fee', feeType: 'entertain', city: '440300' }))?.text,
    ).toBe('P3 在一线城市的业务招待费标准为 ¥500.00/次');
    const over = await checkAgainstStandard(
      t.db,
      tenantId,
      { ...q, kind: 'hotel', city: '310000' },
      { amount: 65000 },
    );
    expect(over).toMatchObject({
      effect: 'excess',
      over: 15000,
      message: '超出住宿标准：上海 ¥650.00/晚，标准 ¥500.00/晚',
    });
  });
});
