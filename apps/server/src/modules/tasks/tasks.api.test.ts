import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { deferred, waitFor } from '../../../test/poll.js';
import { createTaskTestBed, multipartBody, waitForTask } from '../../../test/tasks.js';
import { TaskCode } from './tasks.errors.js';
import { TaskHandlerRegistry, type TaskRunContext } from '../../platform/tasks.js';
import { cleanFileName } from './tasks.service.js';

// Private operating types of this test, with the permissions of the real ones they stand for.
const T = { export: 990, import: 991, hang: 994 } as const;
const UNREGISTERED = 777;
const TASKS = '/org-arch-center/api/v1/tasks';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('成员');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as any);
  const out: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

/** Writes rows as a streamed workbook into a task output. */
function writeRows(ctx: TaskRunContext, name: string, rows: unknown[][]) {
  return ctx.saveOutput(name, async (out) => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as any });
    const ws = wb.addWorksheet('数据');
    for (const r of rows) ws.addRow(r).commit();
    ws.commit();
    await wb.commit();
  });
}

const hangStarted = deferred();
function testHandlers() {
  const reg = new TaskHandlerRegistry();
  // Export: as many rows as params.rows asks for.
  reg.register(
    T.export,
    async (ctx) => {
      const n = Number((ctx.task.params as { rows?: number }).rows ?? 0);
      const rows = [['序号', '姓名'], ...Array.from({ length: n }, (_, i) => [i + 1, `员工${i + 1}`])];
      const attachment = await writeRows(ctx, ctx.task.fileName, rows);
      return { success_amount: n, fail_amount: 0, attachment };
    },
    { kind: 'export', permission: 'orgStaff:view' },
  );
  // Import: a row without a phone fails and goes to the failure file.
  reg.register(
    T.import,
    async (ctx) => {
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(
        (await ctx.openInput(ctx.task.inputKey!)) as Readable,
        {},
      );
      let good = 0;
      const bad: unknown[][] = [];
      for await (const ws of reader) {
        for await (const row of ws) {
          if (row.number === 1) continue;
          const [, name, phone] = row.values as unknown[];
          if (phone) good++;
          else bad.push([name, '手机号不能为空']);
        }
      }
      const attachment = bad.length
        ? await writeRows(ctx, '成员导入失败明细.xlsx', [['姓名', '原因'], ...bad])
        : undefined;
      return { success_amount: good, fail_amount: bad.length, attachment };
    },
    { kind: 'import', permission: 'orgStaff:edit' },
  );
  // Runs until the app stops.
  reg.register(
    T.hang,
    async (ctx) => {
      hangStarted.resolve();
      await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
      return { success_amount: 0, fail_amount: 0 };
    },
    { kind: 'export', permission: 'orgStaff:view' },
  );
  return reg;
}

let bed: Awaited<ReturnType<typeof createTaskTestBed>>;
let app: FastifyInstance;
let tenantId: number;
let admin: Awaited<ReturnType<typeof makeStaff>>;
let editor: Awaited<ReturnType<typeof makeStaff>>;
let viewer: Awaited<ReturnType<typeof makeStaff>>;
let plain: Awaited<ReturnType<typeof makeStaff>>;

beforeAll(async () => {
  bed = await createTaskTestBed();
  app = await bed.start({ taskHandlers: testHandlers() });
  ({ tenantId } = await makeTenant(bed.db));
  admin = await makeStaff(bed.db, tenantId, ['*']);
  editor = await makeStaff(bed.db, tenantId, ['orgStaff:edit']);
  viewer = await makeStaff(bed.db, tenantId, ['orgStaff:view']);
  plain = await makeStaff(bed.db, tenantId, []);
});
afterAll(async () => bed?.close());

const auth = (token: string) => ({ 'x-session-token': token });
const taskCount = async () =>
  Number(
    (
      await bed.db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Every stored file (metadata aside). */
function storedFiles(): string[] {
  if (!fs.existsSync(bed.filesDir)) return [];
  return (fs.readdirSync(bed.filesDir, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('.meta') && fs.statSync(path.join(bed.filesDir, f)).isFile(),
  );
}

function upload(token: string, fields: Record<string, string>, file?: Parameters<typeof multipartBody>[1]) {
  const body = multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: '/task-center/api/v1/tasks:import',
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}

function exportTask(token: string, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/task-center/api/v1/tasks:export',
    headers: auth(token),
    payload,
  });
}

describe('routes', () => {
  it('every task-centre route is a staff route; the download route is public', () => {
    const perms = Object.fromEntries(
      app.builtRoutes.map((r) => [`${r.method} ${r.url.replaceAll('::', ':')}`, r.permission]),
    );
    expect(perms).toMatchObject({
      'POST /task-center/api/v1/tasks:import': 'staff',
      'POST /task-center/api/v1/tasks:export': 'staff',
      'GET /org-arch-center/api/v1/tasks': 'staff',
      'GET /org-arch-center/api/v1/tasks:byId/:id': 'staff',
      'GET /finobase/api/v1/tasks:byId/:id': 'staff',
      'DELETE /org-arch-center/api/v1/tasks/:id': 'staff',
      'GET /pub-svc-center/api/v1/files/download': 'public',
    });
  });
});

describe('import upload', () => {
  it('refuses a file that is not .xlsx, and keeps neither a task nor the file', async () => {
    const before = await taskCount();
    const res = await upload(
      admin.token,
      { operating_type: String(T.import) },
      { name: '成员.csv', content: Buffer.from('a,b\n') },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: TaskCode.fileType, msg: '仅支持 .xlsx 格式的 Excel 文件' });
    expect(await taskCount()).toBe(before);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file over 20 MB, and keeps neither a task nor the partial file', async () => {
    const before = await taskCount();
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 1);
    const res = await upload(
      admin.token,
      { operating_type: String(T.import) },
      { name: '成员.xlsx', content: big },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: TaskCode.fileTooLarge, msg: '文件大小不能超过 20MB' });
    expect(await taskCount()).toBe(before);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a form without a file, and a request that is not a form', async () => {
    const before = await taskCount();
    const noFile = await upload(admin.token, { operating_type: String(T.import) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ status: TaskCode.fileMissing, msg: '请选择要导入的文件' });
    const json = await app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:import',
      headers: auth(admin.token),
      payload: { operating_type: T.import },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toBe('请选择要导入的文件');
    expect(await taskCount()).toBe(before);
  });

  it('refuses a missing task type with a Chinese field message and removes the uploaded file', async () => {
    const res = await upload(admin.token, {}, { name: '成员.xlsx', content: await xlsx([['a']]) });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(PlatformCode.validation);
    expect(res.json().msg).toMatch(/^任务类型：/);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a type with no handler, or an export type, as not supported', async () => {
    const before = await taskCount();
    for (const type of [UNREGISTERED, 5, T.export]) {
      const res = await upload(
        admin.token,
        { operating_type: String(type) },
        { name: '成员.xlsx', content: await xlsx([['a']]) },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: TaskCode.unsupportedType, msg: '暂不支持该任务类型' });
    }
    expect(await taskCount()).toBe(before);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses an import to a caller without the edit permission of the data', async () => {
    const before = await taskCount();
    for (const who of [viewer, plain]) {
      const res = await upload(
        who.token,
        { operating_type: String(T.import) },
        { name: '成员.xlsx', content: await xlsx([['a']]) },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: TaskCode.forbidden, msg: '您没有该操作的权限' });
    }
    expect(await taskCount()).toBe(before);
    expect(storedFiles()).toEqual([]);
  });

  it('imports: counts good and bad rows and offers the failure rows as a signed download', async () => {
    const file = await xlsx([
      ['姓名', '手机号'],
      ['张三', '13800000011'],
      ['李四', ''],
      ['王五', '13800000013'],
    ]);
    // The file may come before the type in the form.
    const body = multipartBody({}, { name: '成员导入.xlsx', content: file });
    const typeLast = Buffer.concat([
      body.payload.subarray(
        0,
        body.payload.length - `--${body.headers['content-type'].split('=')[1]}--\r\n`.length,
      ),
      Buffer.from(
        `--${body.headers['content-type'].split('=')[1]}\r\nContent-Disposition: form-data; name="operating_type"\r\n\r\n${T.import}\r\n--${body.headers['content-type'].split('=')[1]}--\r\n`,
      ),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:import',
      headers: { ...auth(editor.token), ...body.headers },
      payload: typeLast,
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    expect(id).toBeGreaterThan(0);

    const task = await waitForTask(app, editor.token, id);
    expect(task).toMatchObject({
      id,
      status: 1,
      operating_type: T.import,
      success_amount: 2,
      fail_amount: 1,
      file_name: '成员导入.xlsx',
      error_msg: null,
    });
    const attachment = JSON.parse(task.export_attachment);
    expect(attachment.name).toBe('成员导入失败明细.xlsx');
    const dl = await app.inject({ method: 'GET', url: attachment.url });
    expect(dl.statusCode).toBe(200);
    expect(await readXlsx(dl.rawPayload)).toEqual([
      ['姓名', '原因'],
      ['李四', '手机号不能为空'],
    ]);
  });
});

describe('export', () => {
  it('exports: status 1, counts, and a signed link that downloads the file without a session', async () => {
    const res = await exportTask(viewer.token, {
      operating_type: T.export,
      params: { rows: 3 },
      file_name: '成员列表.xlsx',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    const task = await waitForTask(app, viewer.token, id);
    expect(task).toMatchObject({
      status: 1,
      operating_type: T.export,
      operating_type_name: '后台任务',
      success_amount: 3,
      fail_amount: 0,
      file_name: '成员列表.xlsx',
      creator: expect.stringMatching(/^测试员工/),
      error_msg: null,
    });
    expect(task.finished_at).toBeGreaterThanOrEqual(task.created_at);
    const { url, name } = JSON.parse(task.export_attachment);
    expect(name).toBe('成员列表.xlsx');
    expect(url).toMatch(/^\/pub-svc-center\/api\/v1\/files\/download\?key=.+&name=.+&expires=\d+&sig=.+$/);

    const dl = await app.inject({ method: 'GET', url });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('成员列表.xlsx')}`,
    );
    expect(await readXlsx(dl.rawPayload)).toEqual([
      ['序号', '姓名'],
      [1, '员工1'],
      [2, '员工2'],
      [3, '员工3'],
    ]);

    // The finobase path answers the same task.
    const fino = await app.inject({
      method: 'GET',
      url: `/finobase/api/v1/tasks:byId/${id}`,
      headers: auth(viewer.token),
    });
    const { export_attachment: _a, ...rest } = task;
    expect(fino.json().data).toMatchObject(rest);
  });

  it('cleans file names: last path segment, no reserved characters, .xlsx when there is no extension', () => {
    expect(cleanFileName('C:\\fakepath\\成员.xlsx', 'x')).toBe('成员.xlsx');
    expect(cleanFileName('../../etc/成员列表', 'x')).toBe('成员列表.xlsx');
    expect(cleanFileName('a:b*c?.xlsx', 'x')).toBe('a_b_c_.xlsx');
    expect(cleanFileName('  ', '默认.xlsx')).toBe('默认.xlsx');
    expect(cleanFileName('名'.repeat(150) + '.xlsx', 'x')).toBe('名'.repeat(95) + '.xlsx');
  });

  it('names an export after its type and time when no file name is given', async () => {
    const res = await exportTask(admin.token, { operating_type: T.export, params: { rows: 0 } });
    const task = await waitForTask(app, admin.token, res.json().data.id);
    expect(task.file_name).toMatch(/^后台任务_\d{14}\.xlsx$/);
  });

  it('refuses an export to a caller without the view permission, an unknown type, an import type', async () => {
    const before = await taskCount();
    const denied = await exportTask(plain.token, { operating_type: T.export, params: {} });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().status).toBe(TaskCode.forbidden);
    for (const type of [UNREGISTERED, T.import]) {
      const res = await exportTask(admin.token, { operating_type: type, params: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('暂不支持该任务类型');
    }
    const bad = await exportTask(admin.token, { params: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^任务类型：/);
    expect(await taskCount()).toBe(before);
  });
});

describe('my tasks: list, byId, delete', () => {
  it('lists only the caller’s own tasks, newest first, with filters and paging', async () => {
    const me = await makeStaff(bed.db, tenantId, ['*']);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await exportTask(me.token, { operating_type: T.export, params: { rows: i } })).json().data.id,
      );
    for (const id of ids) await waitForTask(app, me.token, id);

    const all = await app.inject({
      method: 'GET',
      url: `${TASKS}?page_num=1&page_size=2`,
      headers: auth(me.token),
    });
    expect(all.json().data.page).toEqual({ page_num: 1, page_size: 2, total: 3 });
    expect(all.json().data.items.map((t: any) => t.id)).toEqual([ids[2], ids[1]]);
    const page2 = await app.inject({
      method: 'GET',
      url: `${TASKS}?page_num=2&page_size=2`,
      headers: auth(me.token),
    });
    expect(page2.json().data.items.map((t: any) => t.id)).toEqual([ids[0]]);

    const byType = await app.inject({
      method: 'GET',
      url: `${TASKS}?operating_type=${T.import}`,
      headers: auth(me.token),
    });
    expect(byType.json().data.page.total).toBe(0);
    const byStatus = await app.inject({
      method: 'GET',
      url: `${TASKS}?status=1&operating_type=${T.export}`,
      headers: auth(me.token),
    });
    expect(byStatus.json().data.page.total).toBe(3);
    const running = await app.inject({ method: 'GET', url: `${TASKS}?status=0`, headers: auth(me.token) });
    expect(running.json().data.page.total).toBe(0);
  });

  it('hides a task from another user of the tenant and from another tenant (任务不存在)', async () => {
    const owner = await makeStaff(bed.db, tenantId, ['*']);
    const colleague = await makeStaff(bed.db, tenantId, ['*']);
    const other = await makeTenant(bed.db);
    const outsider = await makeStaff(bed.db, other.tenantId, ['*']);
    const { id } = (await exportTask(owner.token, { operating_type: T.export, params: { rows: 1 } })).json()
      .data;
    await waitForTask(app, owner.token, id);

    for (const who of [colleague, outsider]) {
      for (const url of [`${TASKS}:byId/${id}`, `/finobase/api/v1/tasks:byId/${id}`]) {
        const res = await app.inject({ method: 'GET', url, headers: auth(who.token) });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: TaskCode.notFound, msg: '任务不存在' });
      }
      const list = await app.inject({ method: 'GET', url: TASKS, headers: auth(who.token) });
      expect(list.json().data.items.map((t: any) => t.id)).not.toContain(id);
      const del = await app.inject({ method: 'DELETE', url: `${TASKS}/${id}`, headers: auth(who.token) });
      expect(del.statusCode).toBe(404);
      expect(del.json().msg).toBe('任务不存在');
    }
    const still = await app.inject({ method: 'GET', url: `${TASKS}:byId/${id}`, headers: auth(owner.token) });
    expect(still.json().data.id).toBe(id);
  });

  it('needs a session and a tenant', async () => {
    const res = await app.inject({ method: 'GET', url: TASKS });
    expect(res.statusCode).toBe(401);
  });

  it('deletes the caller’s finished task and its files', async () => {
    const me = await makeStaff(bed.db, tenantId, ['*']);
    const { id } = (await exportTask(me.token, { operating_type: T.export, params: { rows: 2 } })).json()
      .data;
    const task = await waitForTask(app, me.token, id);
    const row = await bed.db
      .selectFrom('tasks')
      .select('output_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(fs.existsSync(path.join(bed.filesDir, row.output_key!))).toBe(true);

    const del = await app.inject({ method: 'DELETE', url: `${TASKS}/${id}`, headers: auth(me.token) });
    expect(del.json()).toEqual({ status: 0, msg: '操作成功', data: null });
    expect(
      await bed.db.selectFrom('tasks').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(fs.existsSync(path.join(bed.filesDir, row.output_key!))).toBe(false);
    // Its link no longer downloads anything.
    const dl = await app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
    expect(dl.statusCode).toBe(404);
    const again = await app.inject({ method: 'DELETE', url: `${TASKS}/${id}`, headers: auth(me.token) });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete a running task', async () => {
    const me = await makeStaff(bed.db, tenantId, ['*']);
    const { id } = (await exportTask(me.token, { operating_type: T.hang, params: {} })).json().data;
    await hangStarted.promise;
    const byId = await app.inject({ method: 'GET', url: `${TASKS}:byId/${id}`, headers: auth(me.token) });
    expect(byId.json().data).toMatchObject({ status: 0, export_attachment: null, finished_at: null });
    const del = await app.inject({ method: 'DELETE', url: `${TASKS}/${id}`, headers: auth(me.token) });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ status: TaskCode.running, msg: '任务执行中，不能删除' });
    await waitFor(
      async () =>
        (await bed.db.selectFrom('tasks').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
    );
  });
});
