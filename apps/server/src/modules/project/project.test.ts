import { ProjectInfo, ProjectPage } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { makeStaff } from '../../../test/factories.js';
import { type Call, flowApp, type FlowTenant } from '../flow/flow.testkit.js';
import { ProjectCode } from './project.errors.js';
import { PROJECTS } from './project.routes.js';

/** 项目 routes (decision 0050): CRUD, validation, tenancy, permissions, the code race, and documents' projects. */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp({ publish: false })));
afterAll(async () => t?.close());

const P = (p: string) => `${PROJECTS}/${p}`;
let seq = 0;
const body = (f: FlowTenant, over: Record<string, unknown> = {}) => ({
  code: `XM-${++seq}`,
  name: `测试项目${seq}`,
  owner_id: f.boss.staffId,
  member_ids: [f.submitter.staffId, f.second.staffId],
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  remark: '备注',
  ...over,
});
async function added(f: FlowTenant, over: Record<string, unknown> = {}) {
  const r = await call(f.admin.token, 'POST', P('add'), body(f, over));
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  return r.body.data.id as number;
}

describe('项目 routes', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter((r) => r.url.startsWith(`${PROJECTS}/`) && r.method !== 'HEAD');
    expect(mine.map((r) => `${r.method} ${r.url.slice(PROJECTS.length)}`).sort()).toEqual([
      'GET /info',
      'GET /list',
      'GET /options',
      'POST /add',
      'POST /delete',
      'POST /status',
      'POST /update',
    ]);
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });

  it('adds, reads, lists, updates, stops and deletes a project', async () => {
    const id = await added(A, { code: 'ALPHA-1', name: '阿尔法项目' });
    const info = await call(A.admin.token, 'GET', P('info'), { id });
    expect(info.code).toBe(200);
    const p = ProjectInfo.parse(info.body.data);
    expect(p).toMatchObject({
      code: 'ALPHA-1',
      name: '阿尔法项目',
      owner_id: A.boss.staffId,
      status: 1,
      statusText: '进行中',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      member_count: 2,
    });
    expect(p.owner_name).toMatch(/^测试员工/);
    expect(p.members.map((m) => m.id).sort()).toEqual([A.submitter.staffId, A.second.staffId].sort());
    expect(p.created_by_name).toMatch(/^测试员工/);

    const list = await call(A.admin.token, 'GET', P('list'), {
      keyword: 'alpha',
      page_num: 1,
      page_size: 10,
    });
    const page = ProjectPage.parse(list.body.data);
    expect(page.items.map((r) => r.id)).toEqual([id]);
    expect(page.page.total).toBe(1);

    const up = await call(A.admin.token, 'POST', P('update'), {
      ...body(A, { code: 'ALPHA-1', name: '阿尔法二期', member_ids: [A.nobody.staffId] }),
      id,
      start_date: '',
    });
    expect(up.body).toMatchObject({ status: 0, data: { id } });
    const after = (await call(A.admin.token, 'GET', P('info'), { id })).body.data;
    expect(after).toMatchObject({ name: '阿尔法二期', start_date: '', member_count: 1 });
    expect(after.members.map((m: { id: number }) => m.id)).toEqual([A.nobody.staffId]);

    expect((await call(A.admin.token, 'GET', P('options'), { keyword: '阿尔法' })).body.data).toEqual([
      { id, code: 'ALPHA-1', name: '阿尔法二期' },
    ]);
    const stop = await call(A.admin.token, 'POST', P('status'), { id, status: 3 });
    expect(stop.body.status).toBe(0);
    const stopped = await call(A.admin.token, 'GET', P('list'), { status: 3 });
    expect(stopped.body.data.items.map((r: { id: number }) => r.id)).toContain(id);
    expect(stopped.body.data.items.find((r: { id: number }) => r.id === id).statusText).toBe('已停用');
    // a stopped project is no longer offered to documents (any staff member may ask)
    const opts = await call(A.submitter.token, 'GET', P('options'), {});
    expect(opts.code).toBe(200);
    expect(opts.body.data.map((o: { id: number }) => o.id)).not.toContain(id);

    const del = await call(A.admin.token, 'POST', P('delete'), { id });
    expect(del.body).toMatchObject({ status: 0, data: { id } });
    expect((await call(A.admin.token, 'GET', P('info'), { id })).code).toBe(404);
    expect(
      await t.db.selectFrom('project_members').select('staff_id').where('project_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('refuses bad input with Chinese messages naming the field, and saves nothing', async () => {
    const count = async () => (await t.db.selectFrom('projects').select('id').execute()).length;
    const before = await count();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ code: '' }, 'code', /项目编码/],
      [{ code: '中文编码' }, 'code', /字母、数字/],
      [{ name: '   ' }, 'name', /项目名称/],
      [{ name: '名'.repeat(51) }, 'name', /50/],
      [{ owner_id: 'x' }, 'owner_id', /项目负责人/],
      [{ start_date: '2026-02-30' }, 'start_date', /开始日期/],
      [{ start_date: '2026-12-01', end_date: '2026-01-01' }, 'end_date', /结束日期不能早于开始日期/],
      [{ status: 9 }, 'status', /状态/],
    ];
    for (const [over, field, msg] of cases) {
      const r = await call(A.admin.token, 'POST', P('add'), body(A, over));
      expect(r.code, JSON.stringify(over)).toBe(400);
      expect(r.body.msg, JSON.stringify(over)).toMatch(msg);
      expect(JSON.stringify(r.body.data), JSON.stringify(over)).toContain(field);
    }
    // owner or members who are no active staff of the tenant
    const resigned = await makeStaff(t.db, A.tenantId);
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', resigned.staffId).execute();
    for (const [over, msg] of [
      [{ owner_id: B.boss.staffId }, '项目负责人不存在或已离职'],
      [{ owner_id: resigned.staffId }, '项目负责人不存在或已离职'],
      [{ member_ids: [A.submitter.staffId, B.submitter.staffId] }, '项目成员不存在或已离职'],
    ] as const) {
      const r = await call(A.admin.token, 'POST', P('add'), body(A, over));
      expect(r.code).toBe(400);
      expect(r.body).toMatchObject({ status: ProjectCode.badStaff, msg });
    }
    expect(await count()).toBe(before);
    expect((await call(A.admin.token, 'GET', P('info'), { id: 'abc' })).code).toBe(400);
    expect((await call(A.admin.token, 'GET', P('info'), { id: 987654 })).code).toBe(404);
  });

  it("never reads or changes another tenant's project", async () => {
    const id = await added(B, { name: '乙方项目' });
    const asA = A.admin.token;
    expect((await call(asA, 'GET', P('info'), { id })).code).toBe(404);
    expect((await call(asA, 'POST', P('update'), { ...body(A), id })).code).toBe(404);
    expect((await call(asA, 'POST', P('status'), { id, status: 3 })).code).toBe(404);
    expect((await call(asA, 'POST', P('delete'), { id })).code).toBe(404);
    const list = await call(asA, 'GET', P('list'), { keyword: '乙方', page_size: 100 });
    expect(list.body.data.items).toEqual([]);
    expect((await call(asA, 'GET', P('options'), { keyword: '乙方' })).body.data).toEqual([]);
    const still = (await call(B.admin.token, 'GET', P('info'), { id })).body.data;
    expect(still).toMatchObject({ name: '乙方项目', status: 1 });
  });

  it('refuses callers without the permission: a viewer reads, only an editor changes', async () => {
    const id = await added(A);
    const viewer = await makeStaff(t.db, A.tenantId, ['projectList:view']);
    expect((await call(viewer.token, 'GET', P('list'), {})).code).toBe(200);
    expect((await call(viewer.token, 'GET', P('info'), { id })).code).toBe(200);
    for (const [path, payload] of [
      ['add', body(A)],
      ['update', { ...body(A), id }],
      ['status', { id, status: 2 }],
      ['delete', { id }],
    ] as const) {
      const r = await call(viewer.token, 'POST', P(path), payload);
      expect(r.code, path).toBe(403);
    }
    // plain staff: no list, no detail, but the picker's choices
    expect((await call(A.nobody.token, 'GET', P('list'), {})).code).toBe(403);
    expect((await call(A.nobody.token, 'GET', P('info'), { id })).code).toBe(403);
    expect((await call(A.nobody.token, 'GET', P('options'), {})).code).toBe(200);
    expect((await call('no-such-token', 'GET', P('options'), {})).code).toBe(401);
  });

  it('a taken code is a conflict; two concurrent adds with one code: exactly one succeeds', async () => {
    await added(A, { code: 'DUP-1' });
    const again = await call(A.admin.token, 'POST', P('add'), body(A, { code: 'DUP-1' }));
    expect(again.code).toBe(409);
    expect(again.body).toMatchObject({ status: ProjectCode.codeTaken, msg: '项目编码「DUP-1」已存在' });
    // the same code in another tenant is fine
    expect((await call(B.admin.token, 'POST', P('add'), body(B, { code: 'DUP-1' }))).body.status).toBe(0);
    // updating another project to a taken code
    const other = await added(A, { code: 'DUP-2' });
    const up = await call(A.admin.token, 'POST', P('update'), { ...body(A, { code: 'DUP-1' }), id: other });
    expect(up.code).toBe(409);

    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(A.admin.token, 'POST', P('add'), body(A, { code: 'RACE-1', name: `竞争${i}` })),
      ),
    );
    expect(replies.filter((r) => r.body.status === 0)).toHaveLength(1);
    const lost = replies.filter((r) => r.body.status !== 0);
    expect(lost).toHaveLength(4);
    for (const r of lost)
      expect(r.body).toMatchObject({ status: ProjectCode.codeTaken, msg: '项目编码「RACE-1」已存在' });
    const rows = await t.db
      .selectFrom('projects')
      .select('id')
      .where('tenant_id', '=', A.tenantId)
      .where('code', '=', 'RACE-1')
      .execute();
    expect(rows).toHaveLength(1);
    const members = await t.db.selectFrom('project_members').select('project_id').execute();
    expect(new Set(members.map((m) => Number(m.project_id)))).not.toContain(undefined);
  });
});

describe('documents carry a project', () => {
  const save = (f: FlowTenant, extra: Record<string, unknown>) =>
    call(f.submitter.token, 'POST', 'flow/save', { billType: 'expense', title: '项目报销', ...extra });

  it("a document takes a 进行中 project of its tenant; another tenant's or a stopped one is refused", async () => {
    const id = await added(A, { code: 'DOC-1', name: '单据项目' });
    const ok = await save(A, { projectId: id });
    expect(ok.body.status, ok.body.msg).toBe(0);
    const bill = await t.db
      .selectFrom('bills')
      .select('project_id')
      .where('id', '=', ok.body.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(bill.project_id)).toBe(id);

    const theirs = await added(B, { code: 'DOC-B' });
    const bad = await save(A, { projectId: theirs });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toBe(`项目（ID ${theirs}）不存在`);

    const stoppedId = await added(A, { code: 'DOC-2', name: '停用项目', status: 3 });
    const stopped = await save(A, { projectId: stoppedId });
    expect(stopped.code).toBe(400);
    expect(stopped.body.msg).toBe('项目「停用项目」已停用，不能选用');

    // 删除 is refused, naming the document; stopping is the way
    const del = await call(A.admin.token, 'POST', P('delete'), { id });
    expect(del.code).toBe(409);
    expect(del.body.status).toBe(ProjectCode.inUse);
    expect(del.body.msg).toBe(
      `项目「单据项目」已被1张单据使用（${ok.body.data.billNumber ?? (await billNumber(ok.body.data.id))}），不能删除，可将其停用`,
    );
    expect((await call(A.admin.token, 'GET', P('info'), { id })).code).toBe(200);
  });

  it("the custom form's 项目 field: checked in the tenant, and it becomes the document's project", async () => {
    const f = await call(A.admin.token, 'POST', 'form/save', {
      name: '项目表单',
      billType: 'apply',
      fields: [{ key: 'proj', label: '所属项目', kind: 'project', required: true }],
    });
    expect(f.body.status, f.body.msg).toBe(0);
    expect((await call(A.admin.token, 'POST', 'form/publish', { id: f.body.data.id })).body.status).toBe(0);
    const id = await added(A, { code: 'FORM-1', name: '表单项目' });
    const ok = await save(A, { billType: 'apply', amount: 100, formValues: { proj: id } });
    expect(ok.body.status, ok.body.msg).toBe(0);
    const bill = await t.db
      .selectFrom('bills')
      .select('project_id')
      .where('id', '=', ok.body.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(bill.project_id)).toBe(id);

    // the document's detail and print data name the project in words
    const print = await call(A.submitter.token, 'GET', '/finobill/api/web/flow/print/data', {
      id: ok.body.data.id,
      flowIds: String(ok.body.data.id),
    });
    expect(print.body.data.items[0].data.formFields).toContainEqual({
      key: 'proj',
      label: '所属项目',
      value: '表单项目（FORM-1）',
    });

    const theirs = await added(B, { code: 'FORM-B' });
    const bad = await save(A, { billType: 'apply', amount: 100, formValues: { proj: theirs } });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain(`「所属项目」项目（ID ${theirs}）不存在`);
    await call(A.admin.token, 'POST', P('status'), { id, status: 2 });
    const ended = await save(A, { billType: 'apply', amount: 100, formValues: { proj: id } });
    expect(ended.code).toBe(400);
    expect(ended.body.msg).toContain('「所属项目」项目「表单项目」已结束，不能选用');
  });
});

async function billNumber(id: number) {
  const b = await t.db
    .selectFrom('bills')
    .select('bill_number')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return b.bill_number;
}
