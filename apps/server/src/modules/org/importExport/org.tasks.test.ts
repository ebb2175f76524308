import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeGradeOrJob } from '../../../../test/factories.js';
import { TaskHandlerRegistry, type TaskRunContext } from '../../../platform/tasks.js';
import { MEMBER_COLUMNS, ORG_COLUMNS } from './org.excel.js';
import { exportMembers, exportOrgs } from './org.export.js';
import { BATCH, importMembers, importOrgs } from './org.import.js';
import { registerOrgTaskHandlers } from './org.tasks.js';
import { okData, orgFixture, type OrgFixture } from '../org.testkit.js';

let t: TestApp;
let A: OrgFixture;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  A = await orgFixture(t);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'org-tasks-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function writeXlsx(name: string, header: readonly string[], rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入数据');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  const file = path.join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}

/** A TaskRunContext that reads and writes files in the temp dir and records progress calls. */
function fakeCtx(
  operatingType: number,
  input: string | null,
  opts: { checkpoint?: unknown; params?: unknown } = {},
) {
  const progress: { success_amount: number; fail_amount: number; checkpoint?: unknown }[] = [];
  const ctx: TaskRunContext = {
    db: t.db,
    task: {
      id: 1,
      tenantId: A.tenantId,
      creatorStaffId: A.admin.staffId,
      creatorUserId: A.admin.userId,
      operatingType,
      fileName: '',
      params: opts.params ?? {},
      inputKey: input,
    },
    openInput: async (key) => fs.createReadStream(key),
    saveOutput: async (name, write) => {
      const key = path.join(dir, `${Date.now()}-${Math.random()}-${name}`);
      const out = fs.createWriteStream(key);
      const done = new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject));
      await write(out);
      await done;
      return { key, name };
    },
    progress: async (c) => {
      progress.push(JSON.parse(JSON.stringify(c)));
    },
    checkpoint: opts.checkpoint ?? null,
    signal: new AbortController().signal,
  };
  return { ctx, progress };
}

async function readRows(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((r) =>
    rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}

const countStaff = async () =>
  Number(
    (
      await t.db
        .selectFrom('staff')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', A.tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('task handler registration', () => {
  it('registers operating types 1–4', () => {
    const registry = new TaskHandlerRegistry();
    registerOrgTaskHandlers(registry, { db: t.db });
    expect([1, 2, 3, 4].map((n) => registry.get(n))).toEqual([
      importOrgs,
      importMembers,
      exportOrgs,
      exportMembers,
    ]);
  });
});

describe('member import', () => {
  it('saves good rows, reports 2 bad rows with Chinese reasons in a failure file, and logs the import', async () => {
    const rnd = (
      await okData(A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '研发部' } }))
    ).id;
    await okData(
      A.api('POST', 'departments:create', { body: { org_id: A.companyId, pid: rnd, name: '前端组' } }),
    );
    await makeGradeOrJob(t.db, A.tenantId, 'job_grades', 'P3');
    const company = (await okData(A.api('GET', 'organizations/info', { query: { org_id: A.companyId } })))
      .name;
    const file = await writeXlsx('members.xlsx', MEMBER_COLUMNS, [
      ['导入甲', 13400000001, 'a@example.com', 'I01', company, '研发部/前端组', 'P3', ''],
      ['导入乙', '13400000002', '', '', company, '测试部', '', ''],
      ['坏手机', '1234', '', '', company, '测试部', '', ''],
      ['导入丙', '13400000003', 'bad-mail', '', company, '不存在部', '', ''],
      ['导入丁', '13400000004', '', '', company, '研发部', '', ''],
    ]);
    const before = await countStaff();
    const { ctx, progress } = fakeCtx(2, file);
    const result = await importMembers(ctx);
    expect(result).toMatchObject({ success_amount: 3, fail_amount: 2 });
    expect(await countStaff()).toBe(before + 3);
    const failRows = await readRows(result.attachment!.key);
    expect(failRows[0]).toEqual([...MEMBER_COLUMNS, '失败原因']);
    expect(failRows.slice(1).map((r) => r[8])).toEqual([
      '第4行：手机号格式错误',
      '第5行：邮箱格式错误；所属部门「不存在部」不存在',
    ]);
    expect(progress.at(-1)).toMatchObject({ success_amount: 3, fail_amount: 2, checkpoint: { row: 6 } });

    const found = await okData(A.api('GET', 'users', { query: { keyword: '导入甲' } }));
    expect(found.items[0]).toMatchObject({
      phone: '13400000001',
      dept_name: '前端组',
      grade_name: 'P3',
      email: 'a@example.com',
      job_no: 'I01',
    });
    const log = await okData(A.api('GET', 'operation-log:list', { query: { keyword: '成员导入' } }));
    expect(log.items[0].after).toMatchObject({ success: 3, fail: 2 });

    // The same file again: every phone now exists in the tenant.
    const again = await importMembers(fakeCtx(2, file).ctx);
    expect(again).toMatchObject({ success_amount: 0, fail_amount: 5 });
    expect((await readRows(again.attachment!.key))[1][8]).toBe('第2行：该手机号已存在于本组织');
  });

  it('resumes after the checkpoint without saving any row twice', async () => {
    const company = (await okData(A.api('GET', 'organizations/info', { query: { org_id: A.companyId } })))
      .name;
    const rows = Array.from({ length: BATCH + 5 }, (_, i) => [
      `续传${i}`,
      `1350${String(i).padStart(7, '0')}`,
      '',
      '',
      company,
      '测试部',
      '',
      '',
    ]);
    rows[3][1] = 'bad';
    const file = await writeXlsx('resume.xlsx', MEMBER_COLUMNS, rows);
    const before = await countStaff();

    // First run dies right after the first batch's checkpoint is stored.
    const first = fakeCtx(2, file);
    const realProgress = first.ctx.progress;
    first.ctx.progress = async (c) => {
      await realProgress(c);
      if ((c.checkpoint as { row: number }).row > 1) throw new Error('worker crashed');
    };
    await expect(importMembers(first.ctx)).rejects.toThrow('worker crashed');
    const checkpoint = first.progress.at(-1)!.checkpoint as { row: number; success: number };
    expect(checkpoint.success).toBe(BATCH);
    expect(await countStaff()).toBe(before + BATCH);

    const second = await importMembers(fakeCtx(2, file, { checkpoint }).ctx);
    expect(second).toMatchObject({ success_amount: BATCH + 4, fail_amount: 1 });
    expect(await countStaff()).toBe(before + BATCH + 4);
    expect((await readRows(second.attachment!.key)).slice(1).map((r) => r[8])).toEqual([
      '第5行：手机号格式错误',
    ]);

    // Crash between a commit and its checkpoint: the committed rows are recognised, not saved again.
    const rows2 = Array.from({ length: 10 }, (_, i) => [
      `窗口${i}`,
      `1360${String(i).padStart(7, '0')}`,
      '',
      '',
      company,
      '测试部',
      '',
      '',
    ]);
    const file2 = await writeXlsx('window.xlsx', MEMBER_COLUMNS, rows2);
    const startedAt = Date.now() - 1;
    await importMembers(fakeCtx(2, file2).ctx);
    const mid = await countStaff();
    const replay = await importMembers(
      fakeCtx(2, file2, { checkpoint: { row: 1, success: 0, fail: 0, failures: [], started_at: startedAt } })
        .ctx,
    );
    expect(replay).toMatchObject({ success_amount: 10, fail_amount: 0 });
    expect(await countStaff()).toBe(mid);
  });

  it('keeps Chinese text intact in a sheet larger than one stream chunk (shared and inline strings)', async () => {
    const company = (await okData(A.api('GET', 'organizations/info', { query: { org_id: A.companyId } })))
      .name;
    const names = Array.from({ length: 3000 }, (_, i) => `中文姓名测试欧阳${i}`);
    // Inline strings (streaming writer without shared strings) and shared strings (ordinary writer).
    const inline = path.join(dir, 'inline.xlsx');
    const w = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: inline,
      useSharedStrings: false,
      useStyles: false,
    });
    const ws = w.addWorksheet('导入数据');
    ws.addRow([...MEMBER_COLUMNS]).commit();
    names.forEach((n, i) =>
      ws.addRow([n, `1370${String(i).padStart(7, '0')}`, '', '', company, '测试部', '', '']).commit(),
    );
    ws.commit();
    await w.commit();
    const shared = await writeXlsx(
      'shared.xlsx',
      MEMBER_COLUMNS,
      names.map((n, i) => [n, `1371${String(i).padStart(7, '0')}`, '', '', company, '测试部', '', '']),
    );
    const { readSheetRows } = await import('./org.excel.js');
    for (const file of [inline, shared]) {
      const seen: string[] = [];
      for await (const row of readSheetRows(fs.createReadStream(file), MEMBER_COLUMNS)) {
        seen.push(row.values[0]);
        expect(row.values[4]).toBe(company);
      }
      expect(seen).toEqual(names);
    }
  });

  it('fails the task with a Chinese message when the header is not the template’s', async () => {
    const file = await writeXlsx('bad-header.xlsx', ['名字', '电话'], [['x', '1']]);
    await expect(importMembers(fakeCtx(2, file).ctx)).rejects.toThrow('导入文件的表头不正确');
  });
});

describe('organisation import and exports', () => {
  it('creates missing companies and department paths, idempotently, and reports bad rows', async () => {
    const file = await writeXlsx('orgs.xlsx', ORG_COLUMNS, [
      ['导入公司', '', '导入公司有限公司', '91310000MA1FL0009X', '销售部/华东组', '1'],
      ['导入公司', '', '', '', '销售部/华南组', ''],
      ['导入子公司', '导入公司', '', '', '', '2'],
      ['孤儿公司', '不存在的上级', '', '', '', ''],
      ['坏税号公司', '', '', 'abc', '', ''],
    ]);
    const result = await importOrgs(fakeCtx(1, file).ctx);
    expect(result).toMatchObject({ success_amount: 3, fail_amount: 2 });
    expect((await readRows(result.attachment!.key)).slice(1).map((r) => r[6])).toEqual([
      '第5行：上级公司「不存在的上级」不存在',
      '第6行：税号格式错误',
    ]);
    const again = await importOrgs(fakeCtx(1, file).ctx);
    expect(again.success_amount).toBe(3);
    const depts = await t.db
      .selectFrom('departments')
      .select('name')
      .where('tenant_id', '=', A.tenantId)
      .where('name', 'in', ['销售部', '华东组', '华南组'])
      .execute();
    expect(depts.map((d) => d.name).sort()).toEqual(['华东组', '华南组', '销售部']);
    const orgs = await okData(A.api('GET', 'organizations:list'));
    const imported = orgs[0].children.find((c: any) => c.name === '导入公司');
    expect(imported.children.map((c: any) => c.name)).toEqual(['导入子公司']);
  });

  it('exports members and organisations as files exceljs can read', async () => {
    const members = await exportMembers(fakeCtx(4, null, { params: { status: 1 } }).ctx);
    const rows = await readRows(members.attachment!.key);
    expect(rows[0]).toEqual([
      '姓名',
      '手机号',
      '邮箱',
      '工号',
      '所属公司',
      '所属部门',
      '职级',
      '职位',
      '职称',
      '状态',
    ]);
    expect(rows.length - 1).toBe(members.success_amount);
    expect(rows.find((r) => r[0] === '导入甲')).toEqual(
      expect.arrayContaining(['13400000001', '研发部/前端组', 'P3', '在职']),
    );

    const orgs = await exportOrgs(fakeCtx(3, null).ctx);
    const orgRows = await readRows(orgs.attachment!.key);
    expect(orgRows[0]).toEqual([...ORG_COLUMNS]);
    expect(orgRows.some((r) => r[0] === '导入公司' && r[4] === '销售部/华东组')).toBe(true);
    // The export imports back without creating anything new.
    const before = await t.db
      .selectFrom('departments')
      .select('id')
      .where('tenant_id', '=', A.tenantId)
      .execute();
    const back = await importOrgs(fakeCtx(1, orgs.attachment!.key).ctx);
    expect(back.fail_amount).toBe(0);
    expect(
      (await t.db.selectFrom('departments').select('id').where('tenant_id', '=', A.tenantId).execute())
        .length,
    ).toBe(before.length);
  });

  it('exports each member’s departments as paths in department order, and only the members the filters match', async () => {
    const later = (
      await okData(
        A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '导出乙部', order: 2 } }),
      )
    ).id;
    const earlier = (
      await okData(
        A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '导出甲部', order: 1 } }),
      )
    ).id;
    const child = (
      await okData(
        A.api('POST', 'departments:create', {
          body: { org_id: A.companyId, pid: later, name: '导出子组', order: 3 },
        }),
      )
    ).id;
    await okData(
      A.api('POST', 'users:post', {
        body: { name: '导出多部门', phone: '13566660001', org_id: A.companyId, dept_ids: [later, earlier] },
      }),
    );
    await okData(
      A.api('POST', 'users:post', {
        body: { name: '导出另一人', phone: '13566660002', org_id: A.companyId, dept_ids: [child] },
      }),
    );
    const all = await readRows((await exportMembers(fakeCtx(4, null).ctx)).attachment!.key);
    // 乙部 has the lower id, 甲部 the lower sort order.
    expect(all.find((r) => r[0] === '导出多部门')![5]).toBe('导出甲部;导出乙部');
    expect(all.find((r) => r[0] === '导出另一人')![5]).toBe('导出乙部/导出子组');
    const byKeyword = await exportMembers(fakeCtx(4, null, { params: { keyword: '导出多' } }).ctx);
    expect((await readRows(byKeyword.attachment!.key)).slice(1).map((r) => r[0])).toEqual(['导出多部门']);
    const byDept = await exportMembers(fakeCtx(4, null, { params: { dept_id: later } }).ctx);
    expect(
      (await readRows(byDept.attachment!.key))
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['导出另一人', '导出多部门']);
  });

  it('serves the templates with a Chinese file name and the import columns', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/org-arch-center/api/v1/users:import/template',
      headers: { 'x-session-token': A.admin.token },
    });
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('成员导入模板.xlsx')}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([...MEMBER_COLUMNS]);
    expect(wb.worksheets[0].rowCount).toBe(2);
    expect(wb.worksheets[1].name).toBe('填写说明');
  });
});
