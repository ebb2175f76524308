import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskOperatingType } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { multipartBody, waitForTask } from '../../../test/tasks.js';

// The real operating types of the org module run end to end through the task centre:
// routes → queue → worker → handler → signed download.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const auth = (token: string) => ({ 'x-session-token': token });

async function sheet(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as any);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('org imports and exports through the task centre', () => {
  it('exports the tenant’s members (type 4) to a file the signed link downloads', async () => {
    const { tenantId } = await makeTenant(t.db);
    const viewer = await makeStaff(t.db, tenantId, ['orgStaff:view']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: auth(viewer.token),
      payload: { operating_type: TaskOperatingType.memberExport, params: {} },
    });
    expect(res.statusCode).toBe(200);
    const task = await waitForTask(t.app, viewer.token, res.json().data.id);
    expect(task).toMatchObject({
      status: 1,
      operating_type: 4,
      operating_type_name: '成员导出',
      success_amount: 1,
    });
    const { url } = JSON.parse(task.export_attachment);
    const dl = await t.app.inject({ method: 'GET', url });
    expect(dl.statusCode).toBe(200);
    const rows = await sheet(dl.rawPayload);
    expect(rows.length).toBe(2);
    expect(rows[1]).toContain(viewer.phone);
  });

  it('fails the import of a file that is only named .xlsx with a Chinese reason, saving nothing', async () => {
    const { tenantId } = await makeTenant(t.db);
    const admin = await makeStaff(t.db, tenantId, ['orgStaff:edit']);
    const countStaff = async () =>
      (
        await t.db
          .selectFrom('staff')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await countStaff());
    // A CSV saved with an .xlsx name: the upload checks the name, the reader the content.
    const csv = '姓名,手机号\n张三,13800138000\n';
    const body = multipartBody({ operating_type: '2' }, { name: '成员.xlsx', content: Buffer.from(csv) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:import',
      headers: { ...auth(admin.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const task = await waitForTask(t.app, admin.token, res.json().data.id);
    expect(task).toMatchObject({
      status: 2,
      error_msg: '导入文件不是有效的 Excel（.xlsx）文件',
      success_amount: 0,
    });
    expect(Number(await countStaff())).toBe(before);
  });

  it('needs orgStaff:edit for a member import (type 2), orgStaff:view for an export (type 3)', async () => {
    const { tenantId } = await makeTenant(t.db);
    const viewer = await makeStaff(t.db, tenantId, ['orgStaff:view']);
    const body = multipartBody({ operating_type: '2' }, { name: '成员.xlsx', content: Buffer.from('PK') });
    const imp = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:import',
      headers: { ...auth(viewer.token), ...body.headers },
      payload: body.payload,
    });
    expect(imp.statusCode).toBe(403);
    const plain = await makeStaff(t.db, tenantId, []);
    const exp = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: auth(plain.token),
      payload: { operating_type: TaskOperatingType.orgExport, params: {} },
    });
    expect(exp.statusCode).toBe(403);
  });
});
