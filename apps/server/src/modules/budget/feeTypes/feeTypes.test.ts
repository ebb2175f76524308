import { FeeTypeNode, FeeTypeTree } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { makeStaff } from '../../../../test/factories.js';
import { type Call, flowApp, type FlowTenant } from '../../flow/flow.testkit.js';
import { feeTypeAncestors, feeTypeRootOf } from '../index.js';
import { FeeTypeCode } from './feeTypes.errors.js';
import { FEE_TYPES_PATH } from './feeTypes.routes.js';

/** 费用类型 routes (decision 0051): the seeded nine, CRUD, tree rules, tenancy, permissions, the race, documents. */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp({ publish: false })));
afterAll(async () => t?.close());

const P = (p: string) => `${FEE_TYPES_PATH}/${p}`;
let seq = 0;
const body = (over: Record<string, unknown> = {}) => ({
  code: `ft_${++seq}`,
  name: `类型${seq}`,
  parent_id: 0,
  subject_code: '6602.01',
  bill_types: [],
  sort: seq,
  ...over,
});
async function added(f: FlowTenant, over: Record<string, unknown> = {}) {
  const r = await call(f.admin.token, 'POST', P('add'), body(over));
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  return r.body.data.id as number;
}
async function treeOf(f: FlowTenant) {
  return FeeTypeTree.parse((await call(f.admin.token, 'GET', P('tree'))).body.data).items;
}
const idOf = async (f: FlowTenant, code: string) => (await treeOf(f)).find((n) => n.code === code)!.id;

describe('费用类型 routes', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter(
      (r) => r.url.startsWith(`${FEE_TYPES_PATH}/`) && r.method !== 'HEAD',
    );
    expect(mine.map((r) => `${r.method} ${r.url.slice(FEE_TYPES_PATH.length)}`).sort()).toEqual([
      'GET /info',
      'GET /options',
      'GET /tree',
      'POST /add',
      'POST /delete',
      'POST /status',
      'POST /update',
    ]);
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });

  it('every tenant starts with the nine root fee types', async () => {
    const items = await treeOf(A);
    expect(items.filter((n) => n.level === 1).map((n) => n.code)).toEqual(
      expect.arrayContaining([
        'travel',
        'traffic',
        'hotel',
        'meal',
        'entertain',
        'office',
        'communication',
        'training',
        'other',
      ]),
    );
    expect(items.find((n) => n.code === 'travel')).toMatchObject({
      name: '差旅费',
      parent_id: 0,
      enabled: 1,
      billTypesText: '全部',
    });
  });

  it('adds a child, reads it, updates it (code unchanged), and the options nest it', async () => {
    const travel = await idOf(A, 'travel');
    const id = await added(A, {
      code: 'travel_air',
      name: '机票',
      parent_id: travel,
      bill_types: ['expense', 'apply'],
    });
    const info = await call(A.admin.token, 'GET', P('info'), { id });
    expect(info.code).toBe(200);
    expect(FeeTypeNode.parse(info.body.data)).toMatchObject({
      code: 'travel_air',
      name: '机票',
      parent_id: travel,
      level: 2,
      enabled: 1,
      subject_code: '6602.01',
      billTypesText: '报销单、申请单',
    });
    const items = await treeOf(A);
    const at = items.findIndex((n) => n.id === id);
    expect(items[at - 1]!.code === 'travel' || items[at - 1]!.parent_id === travel).toBe(true);

    const up = await call(A.admin.token, 'POST', P('update'), {
      id,
      code: 'changed',
      name: '飞机票',
      parent_id: travel,
      subject_code: '',
      bill_types: [],
      sort: 1,
    });
    expect(up.body).toMatchObject({ status: 0, data: { id } });
    expect((await call(A.admin.token, 'GET', P('info'), { id })).body.data).toMatchObject({
      code: 'travel_air',
      name: '飞机票',
      subject_code: '',
    });

    // any staff member may ask for the choices; a bill-type filter narrows them
    const opts = await call(A.nobody.token, 'GET', P('options'), { bill_type: 'expense' });
    expect(opts.code).toBe(200);
    expect(opts.body.data.find((o: { id: number }) => o.id === id)).toMatchObject({
      level: 2,
      parent_id: travel,
    });
    expect(await feeTypeAncestors(t.db, A.tenantId, 'travel_air')).toEqual(['travel_air', 'travel']);
    expect(await feeTypeAncestors(t.db, A.tenantId, 'nope')).toEqual(['nope']);
    expect((await feeTypeRootOf(t.db, A.tenantId))('travel_air')).toBe('travel');
  });

  it('bill types: a node limited to 申请单 is not offered to 报销单, nor are its children', async () => {
    const parent = await added(A, { name: '仅申请', bill_types: ['apply'] });
    const child = await added(A, { name: '仅申请下级', parent_id: parent });
    const ids = async (bill_type: string) =>
      (await call(A.submitter.token, 'GET', P('options'), { bill_type })).body.data.map(
        (o: { id: number }) => o.id,
      );
    expect(await ids('apply')).toEqual(expect.arrayContaining([parent, child]));
    const forExpense = await ids('expense');
    expect(forExpense).not.toContain(parent);
    expect(forExpense).not.toContain(child);
  });

  it('refuses bad input with Chinese messages naming the field, and saves nothing', async () => {
    const count = async () => (await t.db.selectFrom('fee_types').select('id').execute()).length;
    const before = await count();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ code: '' }, 'code', /编码/],
      [{ code: '中文' }, 'code', /字母/],
      [{ code: '1abc' }, 'code', /以字母开头/],
      [{ name: '  ' }, 'name', /名称/],
      [{ name: '名'.repeat(31) }, 'name', /30/],
      [{ parent_id: 'x' }, 'parent_id', /上级费用类型/],
      [{ subject_code: '科目' }, 'subject_code', /会计科目/],
      [{ bill_types: ['nope'] }, 'bill_types', /单据类型/],
      [{ sort: -1 }, 'sort', /排序/],
      [{ parent_id: 987654 }, 'parent_id', /上级费用类型（ID 987654）不存在/],
    ];
    for (const [over, field, msg] of cases) {
      const r = await call(A.admin.token, 'POST', P('add'), body(over));
      expect(r.code, JSON.stringify(over)).toBe(400);
      expect(r.body.msg, JSON.stringify(over)).toMatch(msg);
      expect(JSON.stringify(r.body.data), JSON.stringify(over)).toContain(field);
    }
    expect(await count()).toBe(before);
    expect((await call(A.admin.token, 'GET', P('info'), { id: 'abc' })).code).toBe(400);
    expect((await call(A.admin.token, 'GET', P('info'), { id: 987654 })).code).toBe(404);
    expect((await call(A.admin.token, 'POST', P('status'), { id: 1, enabled: 2 })).code).toBe(400);
  });

  it('depth at most 4 levels; no move into its own subtree', async () => {
    const l1 = await added(A, { name: '一级' });
    const l2 = await added(A, { name: '二级', parent_id: l1 });
    const l3 = await added(A, { name: '三级', parent_id: l2 });
    const l4 = await added(A, { name: '四级', parent_id: l3 });
    const l5 = await call(A.admin.token, 'POST', P('add'), body({ parent_id: l4 }));
    expect(l5.code).toBe(400);
    expect(l5.body).toMatchObject({
      status: FeeTypeCode.badParent,
      msg: '费用类型最多4级，「四级」下不能再添加',
    });
    const move = (id: number, parent_id: number) =>
      call(A.admin.token, 'POST', P('update'), { id, name: '移动', parent_id, bill_types: [], sort: 0 });
    for (const target of [l1, l3]) {
      const r = await move(l1, target);
      expect(r.code).toBe(400);
      expect(r.body.msg).toBe('上级费用类型不能是它自己或它的下级');
    }
    // a 3-level subtree under a level-2 node would make 5 levels
    const other = await added(A, { name: '另一' });
    const otherChild = await added(A, { name: '另一下级', parent_id: other });
    expect((await move(l2, otherChild)).code).toBe(400);
    // a leaf moves fine
    expect((await move(l4, otherChild)).body.status).toBe(0);
    expect((await call(A.admin.token, 'GET', P('info'), { id: l4 })).body.data.level).toBe(3);
  });

  it('two crossing moves at once (X under Y, Y under X): one wins, the other is refused, no cycle', async () => {
    const x = await added(A, { name: '交叉X' });
    const y = await added(A, { name: '交叉Y' });
    const move = (id: number, parent_id: number) =>
      call(A.admin.token, 'POST', P('update'), {
        id,
        name: id === x ? '交叉X' : '交叉Y',
        parent_id,
        sort: 0,
      });
    const [a, b] = await Promise.all([move(x, y), move(y, x)]);
    expect([a.body.status, b.body.status].filter((s) => s === 0)).toHaveLength(1);
    const lost = a.body.status === 0 ? b : a;
    expect(lost.body).toMatchObject({
      status: FeeTypeCode.badParent,
      msg: '上级费用类型不能是它自己或它的下级',
    });
    const rows = await t.db
      .selectFrom('fee_types')
      .select(['id', 'parent_id'])
      .where('id', 'in', [x, y])
      .execute();
    expect(rows.filter((r) => Number(r.parent_id) === 0)).toHaveLength(1);
  });

  it('停用 stops the subtree; 启用 under a stopped parent is refused; options leave stopped ones out', async () => {
    const p = await added(A, { name: '父' });
    const c = await added(A, { name: '子', parent_id: p });
    const stop = await call(A.admin.token, 'POST', P('status'), { id: p, enabled: 0 });
    expect(stop.body).toMatchObject({ status: 0, data: { id: p } });
    expect(stop.body.data.changed.sort()).toEqual([p, c].sort());
    expect((await call(A.admin.token, 'GET', P('info'), { id: c })).body.data).toMatchObject({
      enabled: 0,
      statusText: '停用',
    });
    const start = await call(A.admin.token, 'POST', P('status'), { id: c, enabled: 1 });
    expect(start.code).toBe(409);
    expect(start.body).toMatchObject({
      status: FeeTypeCode.refused,
      msg: '上级费用类型「父」已停用，请先启用上级',
    });
    // a child added under a stopped parent starts stopped
    const late = await added(A, { name: '晚到', parent_id: p });
    expect((await call(A.admin.token, 'GET', P('info'), { id: late })).body.data.enabled).toBe(0);
    const opts = (await call(A.submitter.token, 'GET', P('options'), {})).body.data.map(
      (o: { id: number }) => o.id,
    );
    expect(opts).not.toContain(p);
    expect(opts).not.toContain(c);
    expect((await call(A.admin.token, 'POST', P('status'), { id: p, enabled: 1 })).body.data.changed).toEqual(
      [p],
    );
    expect((await call(A.admin.token, 'POST', P('status'), { id: c, enabled: 1 })).body.status).toBe(0);
  });

  it("never reads or changes another tenant's fee type (query, body, parent)", async () => {
    const id = await added(B, { name: '乙方类型' });
    const asA = A.admin.token;
    expect((await call(asA, 'GET', P('info'), { id })).code).toBe(404);
    expect(
      (await call(asA, 'POST', P('update'), { id, name: 'x', parent_id: 0, bill_types: [], sort: 0 })).code,
    ).toBe(404);
    expect((await call(asA, 'POST', P('status'), { id, enabled: 0 })).code).toBe(404);
    expect((await call(asA, 'POST', P('delete'), { id })).code).toBe(404);
    const under = await call(asA, 'POST', P('add'), body({ parent_id: id }));
    expect(under.code).toBe(400);
    expect(under.body.msg).toBe(`上级费用类型（ID ${id}）不存在`);
    expect((await treeOf(A)).map((n) => n.id)).not.toContain(id);
    expect((await call(asA, 'GET', P('options'), { keyword: '乙方' })).body.data).toEqual([]);
    expect((await call(B.admin.token, 'GET', P('info'), { id })).body.data).toMatchObject({
      name: '乙方类型',
      enabled: 1,
    });
  });

  it('refuses callers without the permission: a viewer reads, only an editor changes', async () => {
    const id = await added(A);
    const viewer = await makeStaff(t.db, A.tenantId, ['feeTypeList:view']);
    expect((await call(viewer.token, 'GET', P('tree'))).code).toBe(200);
    expect((await call(viewer.token, 'GET', P('info'), { id })).code).toBe(200);
    for (const [path, payload] of [
      ['add', body()],
      ['update', { id, name: 'x', parent_id: 0, bill_types: [], sort: 0 }],
      ['status', { id, enabled: 0 }],
      ['delete', { id }],
    ] as const) {
      for (const who of [viewer.token, A.nobody.token]) {
        const r = await call(who, 'POST', P(path), payload);
        expect(r.code, path).toBe(403);
      }
    }
    expect((await call(A.nobody.token, 'GET', P('tree'))).code).toBe(403);
    expect((await call(A.nobody.token, 'GET', P('options'), {})).code).toBe(200);
    expect((await call('no-such-token', 'GET', P('options'), {})).code).toBe(401);
  });

  it('a taken code is a conflict; five concurrent adds of one code: exactly one', async () => {
    const again = await call(A.admin.token, 'POST', P('add'), body({ code: 'travel' }));
    expect(again.code).toBe(409);
    expect(again.body).toMatchObject({ status: FeeTypeCode.codeTaken, msg: '费用类型编码「travel」已存在' });
    expect(JSON.stringify(again.body.data)).toContain('code');
    // the same code in another tenant is fine
    expect((await call(B.admin.token, 'POST', P('add'), body({ code: 'only_once' }))).body.status).toBe(0);

    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(A.admin.token, 'POST', P('add'), body({ code: 'race_1', name: `竞争${i}` })),
      ),
    );
    expect(replies.filter((r) => r.body.status === 0)).toHaveLength(1);
    const lost = replies.filter((r) => r.body.status !== 0);
    expect(lost).toHaveLength(4);
    for (const r of lost)
      expect(r.body).toMatchObject({ status: FeeTypeCode.codeTaken, msg: '费用类型编码「race_1」已存在' });
    const rows = await t.db
      .selectFrom('fee_types')
      .select('id')
      .where('tenant_id', '=', A.tenantId)
      .where('code', '=', 'race_1')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('fee lines use the tenant’s tree', () => {
  const save = (f: FlowTenant, fees: Record<string, unknown>[], billType = 'expense') =>
    call(f.submitter.token, 'POST', 'flow/save', { billType, title: '费用类型报销', fees });
  const line = (feeType: string) => ({
    feeType,
    amount: 12_300,
    date: '2026-11-20',
    remark: '',
    invoiceIds: [],
  });

  it('a child code is accepted, shown by its name; a stopped, unknown or other tenant’s code is refused', async () => {
    const travel = await idOf(A, 'travel');
    const id = await added(A, { code: 'travel_train', name: '火车票', parent_id: travel });
    const ok = await save(A, [line('travel_train')]);
    expect(ok.body.status, ok.body.msg).toBe(0);
    const detail = await call(A.submitter.token, 'GET', 'flow/detail', { id: ok.body.data.id });
    expect(detail.body.data.fees[0]).toMatchObject({ feeType: 'travel_train', feeTypeText: '火车票' });
    // the pickers' search keeps the tree's shape: the match and its parents
    const found = await call(A.submitter.token, 'GET', P('options'), { keyword: '火车' });
    expect(found.body.data.map((o: { code: string }) => o.code)).toEqual(['travel', 'travel_train']);
    const billId = ok.body.data.id as number;
    const print = await call(A.submitter.token, 'GET', 'flow/print/data', {
      id: billId,
      flowIds: String(billId),
    });
    expect(print.code, JSON.stringify(print.body)).toBe(200);
    expect(print.body.data.items[0].data.data.fees[0]).toMatchObject({
      feeType: 'travel_train',
      feeTypeText: '火车票',
    });

    const theirs = await added(B, { code: 'b_only', name: '乙方专用' });
    expect(theirs).toBeGreaterThan(0);
    const other = await save(A, [line('travel'), line('b_only')]);
    expect(other.code).toBe(400);
    expect(other.body.msg).toBe('费用类型「b_only」不存在');
    expect(JSON.stringify(other.body.data)).toContain('fees.1.feeType');

    const bad = await save(A, [line('bad code!')]);
    expect(bad.code).toBe(400);

    await call(A.admin.token, 'POST', P('status'), { id, enabled: 0 });
    const stopped = await save(A, [line('travel_train')]);
    expect(stopped.code).toBe(400);
    expect(stopped.body.msg).toBe('费用类型「火车票」已停用');
    // … also on the line-by-line route, and on submit of the draft saved before it was stopped
    const fee = await call(A.submitter.token, 'POST', 'bill/fee/saveFee', {
      billId: ok.body.data.id,
      ...line('travel_train'),
    });
    expect(fee.code).toBe(400);
    expect(fee.body.msg).toBe('费用类型「火车票」已停用');
    const submit = await call(A.submitter.token, 'POST', 'flow/submit', {
      id: ok.body.data.id,
      confirm: true,
    });
    expect(submit.code).toBe(400);
    expect(submit.body.msg).toBe('费用类型「火车票」已停用');
    expect(JSON.stringify(submit.body.data)).toContain('fees.0.feeType');
    await call(A.admin.token, 'POST', P('status'), { id, enabled: 1 });

    // 删除 is refused while a document uses the code, naming it; and a parent with children is refused
    const del = await call(A.admin.token, 'POST', P('delete'), { id });
    expect(del.code).toBe(409);
    expect(del.body.status).toBe(FeeTypeCode.refused);
    expect(del.body.msg).toMatch(/^费用类型「火车票」已被1张单据使用（[A-Z]{2}\d+），不能删除，可将其停用$/);
    const parent = await call(A.admin.token, 'POST', P('delete'), { id: travel });
    expect(parent.code).toBe(409);
    expect(parent.body.msg).toMatch(/^费用类型「差旅费」有\d+个下级（.*火车票.*），请先删除下级$/);

    // a fee type limited to 申请单 is refused on a 报销单
    const applyOnly = await added(A, { code: 'apply_only', name: '申请专用', bill_types: ['apply'] });
    expect(applyOnly).toBeGreaterThan(0);
    const wrong = await save(A, [line('apply_only')]);
    expect(wrong.code).toBe(400);
    expect(wrong.body.msg).toBe('费用类型「申请专用」不适用于报销单');

    // an unused leaf is deleted
    const spare = await added(A, { name: '用不上' });
    expect((await call(A.admin.token, 'POST', P('delete'), { id: spare })).body).toMatchObject({ status: 0 });
    expect((await call(A.admin.token, 'GET', P('info'), { id: spare })).code).toBe(404);
  });
});
