import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { multipartBody, waitForTask } from '../../../../test/tasks.js';
import { quotaLedger } from './index.js';
import { ledgerMismatches, makeScene } from './quota.testkit.js';

let t: TestApp;
let tenantId: number;
let sceneId: number;
let admin: Awaited<ReturnType<typeof makeStaff>>;
let a: Awaited<ReturnType<typeof makeStaff>>;
let b: Awaited<ReturnType<typeof makeStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await makeTenant(t.db));
  sceneId = await makeScene(t.db, tenantId);
  admin = await makeStaff(t.db, tenantId, ['quotaRelease:view', 'quotaRelease:add', 'quotaRelease:export']);
  a = await makeStaff(t.db, tenantId);
  b = await makeStaff(t.db, tenantId);
});
afterAll(() => t.close());

async function xlsx(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  ws.addRow(['手机号', '发放金额（元）', '场景']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('quota tasks', () => {
  it('131 imports the good rows, reports the bad ones; 13 exports the run', async () => {
    const file = await xlsx([
      [a.phone, '12.50', '工作餐'],
      [b.phone, 'abc', '工作餐'],
      ['13900000000', '5', '工作餐'],
      [b.phone, '8', '不存在的场景'],
    ]);
    const body = multipartBody({ operating_type: '131' }, { name: '额度导入.xlsx', content: file });
    const res = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:import',
      headers: { 'x-session-token': admin.token, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const task = await waitForTask(t.app, admin.token, res.json().data.id);
    expect(task).toMatchObject({ status: 1, success_amount: 1, fail_amount: 3 });
    expect(await quotaLedger.balance(t.db, tenantId, a.userId, sceneId)).toBe(1250);
    const run = await t.db
      .selectFrom('quota_releases')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ release_source: 2, operate_status: 3 });

    const exp = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: { 'x-session-token': admin.token },
      payload: { operating_type: 13, params: { release_id: run.id } },
    });
    expect(exp.statusCode).toBe(200);
    const done = await waitForTask(t.app, admin.token, exp.json().data.id);
    expect(done).toMatchObject({ status: 1, success_amount: 1 });
    // Without the permission the export is refused.
    const plain = await makeStaff(t.db, tenantId);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: { 'x-session-token': plain.token },
      payload: { operating_type: 13, params: { release_id: run.id } },
    });
    expect(refused.statusCode).toBe(403);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
