import {
  AnnouncementPage,
  DictItemPage,
  DictTypePage,
  EnumListReply,
  JumpPageTypeLabel,
} from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { type Call, flowApp, type FlowTenant } from '../flow/flow.testkit.js';
import { BaseCode } from './base.errors.js';
import { BASE_PREFIX } from './base.routes.js';

/** /finobase/api/v1/ (decision 0060): enumerations, 数据字典, 公告 — success, bad input, tenancy, permissions, the race. */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp({ publish: false })));
afterAll(async () => t?.close());

const P = (p: string) => `${BASE_PREFIX}/${p}`;
let seq = 0;
async function ok(token: string, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) {
  const r = await call(token, method, P(path), payload);
  if (r.body.status !== 0) throw new Error(`${path}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}
async function newDict(f: FlowTenant, name = `字典${++seq}`) {
  const code = `d_${++seq}`;
  const { id } = await ok(f.admin.token, 'POST', 'dictType:create', { category_code: code, name });
  return { id: id as number, code };
}
const addItem = (f: FlowTenant, typeId: number, dict_code: string, dict_desc: string, sort = 0) =>
  call(f.admin.token, 'POST', P('dictItem:create'), { type_id: typeId, dict_code, dict_desc, sort });
const enumsOf = async (token: string, code: string) =>
  (await ok(token, 'GET', 'dictEnums', { filter: JSON.stringify({ categoryCode: code }) })).items;
const itemsOf = async (f: FlowTenant, typeId: number) =>
  DictItemPage.parse(await ok(f.admin.token, 'GET', 'dictItems', { type_id: typeId, page_size: 100 })).items;
const logs = (tenantId: number, module: string) =>
  t.db
    .selectFrom('operation_logs')
    .select(['action', 'summary'])
    .where('tenant_id', '=', tenantId)
    .where('module', '=', module)
    .orderBy('id')
    .execute();

describe('base routes', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter(
      (r) =>
        r.url.startsWith(`${BASE_PREFIX}/`) &&
        r.method !== 'HEAD' &&
        !r.url.startsWith(`${BASE_PREFIX}/tasks`) &&
        r.url !== `${BASE_PREFIX}/users`,
    );
    expect(mine.length).toBe(24);
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });
});

describe('enumerations', () => {
  it('enumList answers each named type from the contracts registry, in order', async () => {
    const data = EnumListReply.parse(
      await ok(A.nobody.token, 'GET', 'enumList', { keyWord: 'jumpPageType, sceneStatus,jumpPageType' }),
    );
    expect(data.items.map((g) => g.type)).toEqual(['jumpPageType', 'sceneStatus']);
    expect(data.items[0].items).toEqual(
      Object.entries(JumpPageTypeLabel).map(([key, value]) => ({ key, value })),
    );
    expect(data.items[0].items.map((i) => i.key)).toEqual(['1', '2', '3', '4', '5']);
    expect(data.items[1].items).toEqual([
      { key: '1', value: '关闭' },
      { key: '2', value: '开启' },
    ]);
  });

  it('billEnumList answers the billing enumerations; a name of the other registry is unknown there', async () => {
    const data = await ok(A.submitter.token, 'GET', 'billEnumList', { keyWord: 'billType,billStatus' });
    expect(data.items[0].items).toContainEqual({ key: 'expense', value: '报销单' });
    expect(data.items[1].items).toContainEqual({ key: 'approving', value: '审批中' });
    const r = await call(A.submitter.token, 'GET', P('billEnumList'), { keyWord: 'sceneStatus' });
    expect(r.code).toBe(400);
    expect(r.body).toMatchObject({ status: BaseCode.unknownEnum, msg: '枚举类型不存在：sceneStatus' });
  });

  it('refuses unknown types and an empty keyWord in Chinese', async () => {
    const r = await call(A.admin.token, 'GET', P('enumList'), { keyWord: 'sceneStatus,nope,也不是' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('枚举类型不存在：nope、也不是');
    const empty = await call(A.admin.token, 'GET', P('enumList'), { keyWord: '' });
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toContain('枚举类型');
  });
});

describe('数据字典', () => {
  it('system dictionaries are seeded, listed first, read by every tenant and read-only', async () => {
    const page = DictTypePage.parse(await ok(A.admin.token, 'GET', 'dictTypes', { page_size: 100 }));
    const currency = page.items.find((d) => d.category_code === 'currency')!;
    expect(currency).toMatchObject({ name: '币种', system: 1, systemText: '系统', item_count: 6 });
    expect(page.items[0].system).toBe(1);
    expect(await enumsOf(B.nobody.token, 'currency')).toContainEqual({
      key: 'CNY',
      value: '人民币',
      dict_code: 'CNY',
      dict_desc: '人民币',
    });
    const sysItem = (await itemsOf(A, currency.id))[0];
    for (const [path, body] of [
      ['dictType:update', { id: currency.id, name: '改名' }],
      ['dictType:delete', { id: currency.id }],
      ['dictItem:create', { type_id: currency.id, dict_code: 'XXX', dict_desc: '新币' }],
      ['dictItem:update', { id: sysItem.id, dict_desc: '改', sort: 1 }],
      ['dictItem:status', { id: sysItem.id, enabled: 0 }],
      ['dictItem:delete', { id: sysItem.id }],
    ] as const) {
      const r = await call(A.admin.token, 'POST', P(path), body);
      expect(r.code, path).toBe(403);
      expect(r.body).toMatchObject({ status: BaseCode.dictReadOnly, msg: '系统字典不能修改' });
    }
    expect((await itemsOf(A, currency.id)).map((i) => i.dict_desc)).toContain('人民币');
    const dup = await call(A.admin.token, 'POST', P('dictType:create'), {
      category_code: 'currency',
      name: 'x',
    });
    expect(dup.code).toBe(409);
    expect(dup.body.msg).toBe('字典编码「currency」已存在');
  });

  it('a tenant dictionary: add, edit, stop, start, delete entries; dictEnums shows the enabled ones in order', async () => {
    const d = await newDict(A, '出差事由');
    expect((await addItem(A, d.id, 'meet', '会议', 2)).body.status).toBe(0);
    const train = (await addItem(A, d.id, 'train', '培训', 1)).body.data.id;
    expect(await enumsOf(A.submitter.token, d.code)).toEqual([
      { key: 'train', value: '培训', dict_code: 'train', dict_desc: '培训' },
      { key: 'meet', value: '会议', dict_code: 'meet', dict_desc: '会议' },
    ]);
    await ok(A.admin.token, 'POST', 'dictItem:update', { id: train, dict_desc: '内部培训', sort: 3 });
    await ok(A.admin.token, 'POST', 'dictItem:status', { id: train, enabled: 0 });
    expect((await enumsOf(A.submitter.token, d.code)).map((i: any) => i.key)).toEqual(['meet']);
    const listed = await itemsOf(A, d.id);
    expect(listed.find((i) => i.id === train)).toMatchObject({
      dict_desc: '内部培训',
      enabled: 0,
      enabledText: '停用',
    });
    await ok(A.admin.token, 'POST', 'dictItem:status', { id: train, enabled: 1 });
    expect((await enumsOf(A.submitter.token, d.code)).map((i: any) => i.key)).toEqual(['meet', 'train']);
    // a dictionary with entries is not deleted
    const refused = await call(A.admin.token, 'POST', P('dictType:delete'), { id: d.id });
    expect(refused.body).toMatchObject({
      status: BaseCode.dictNotEmpty,
      msg: '数据字典「出差事由」下还有2个字典项，请先删除字典项',
    });
    await ok(A.admin.token, 'POST', 'dictItem:delete', { id: train });
    expect((await itemsOf(A, d.id)).map((i) => i.dict_code)).toEqual(['meet']);
    await ok(A.admin.token, 'POST', 'dictType:update', { id: d.id, name: '出差原因' });
    expect(
      DictTypePage.parse(await ok(A.admin.token, 'GET', 'dictTypes', { keyword: '出差原因' })).items,
    ).toEqual([expect.objectContaining({ id: d.id, system: 0, systemText: '自定义', item_count: 1 })]);
    const log = await logs(A.tenantId, 'dictionary');
    expect(log.map((l) => l.summary)).toEqual(
      expect.arrayContaining([
        '新增数据字典「出差事由」（' + d.code + '）',
        '数据字典「出差事由」新增字典项「培训」（train）',
        '停用字典项「内部培训」（train）',
        '删除字典项「内部培训」（train）',
      ]),
    );
  });

  it('refuses a repeated key in Chinese and changes nothing; bad input names the field', async () => {
    const d = await newDict(A);
    await addItem(A, d.id, 'a', '甲');
    const dup = await addItem(A, d.id, 'a', '乙');
    expect(dup.code).toBe(409);
    expect(dup.body).toMatchObject({ status: BaseCode.itemCodeTaken, msg: '字典项编码「a」已存在' });
    const bad = await addItem(A, d.id, 'b', '');
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('字典项名称');
    const badCode = await call(A.admin.token, 'POST', P('dictType:create'), {
      category_code: '1中文',
      name: 'x',
    });
    expect(badCode.code).toBe(400);
    expect(badCode.body.msg).toContain('字典编码');
    expect((await itemsOf(A, d.id)).map((i) => `${i.dict_code}${i.dict_desc}`)).toEqual(['a甲']);
    for (const filter of ['not json', '{"code":"x"}', '[]']) {
      const r = await call(A.admin.token, 'GET', P('dictEnums'), { filter });
      expect(r.code, filter).toBe(400);
      expect(r.body).toMatchObject({ status: BaseCode.badFilter });
      expect(r.body.msg).toContain('过滤条件格式不正确');
    }
    expect(await enumsOf(A.admin.token, 'no_such_dict')).toEqual([]);
  });

  it('two concurrent adds of one key: exactly one wins', async () => {
    const d = await newDict(A);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addItem(A, d.id, 'same', `同键${i}`)),
    );
    expect(replies.filter((r) => r.body.status === 0)).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.status !== 0))
      expect(r.body).toMatchObject({ status: BaseCode.itemCodeTaken, msg: '字典项编码「same」已存在' });
    expect(await itemsOf(A, d.id)).toHaveLength(1);
  });

  it("another tenant's ids are not found, and its codes read empty", async () => {
    const d = await newDict(A);
    const item = (await addItem(A, d.id, 'k', '值')).body.data.id;
    for (const [method, path, body] of [
      ['GET', 'dictItems', { type_id: d.id }],
      ['POST', 'dictType:update', { id: d.id, name: '偷改' }],
      ['POST', 'dictType:delete', { id: d.id }],
      ['POST', 'dictItem:create', { type_id: d.id, dict_code: 'x', dict_desc: '混入' }],
      ['POST', 'dictItem:update', { id: item, dict_desc: '偷改', sort: 0 }],
      ['POST', 'dictItem:status', { id: item, enabled: 0 }],
      ['POST', 'dictItem:delete', { id: item }],
    ] as const) {
      const r = await call(B.admin.token, method, P(path), body);
      expect(r.code, path).toBe(404);
      expect(r.body.msg, path).toMatch(/不存在/);
    }
    expect(await enumsOf(B.admin.token, d.code)).toEqual([]);
    expect(
      DictTypePage.parse(await ok(B.admin.token, 'GET', 'dictTypes', { page_size: 100 })).items.some(
        (x) => x.id === d.id,
      ),
    ).toBe(false);
    expect(await itemsOf(A, d.id)).toEqual([
      expect.objectContaining({ dict_code: 'k', dict_desc: '值', enabled: 1 }),
    ]);
    // B may use the same code for its own dictionary
    expect(
      (await call(B.admin.token, 'POST', P('dictType:create'), { category_code: d.code, name: '乙的' })).body
        .status,
    ).toBe(0);
  });

  it('needs 数据字典 permissions to administer; a viewer reads but does not write', async () => {
    const d = await newDict(A);
    const viewer = await makeStaff(t.db, A.tenantId, ['dictionary:view']);
    expect((await call(viewer.token, 'GET', P('dictItems'), { type_id: d.id })).code).toBe(200);
    for (const who of [viewer.token, A.nobody.token]) {
      const r = await call(who, 'POST', P('dictItem:create'), {
        type_id: d.id,
        dict_code: 'p',
        dict_desc: '无权',
      });
      expect(r.code).toBe(403);
      expect(
        (await call(who, 'POST', P('dictType:create'), { category_code: `np_${++seq}`, name: 'x' })).code,
      ).toBe(403);
    }
    expect((await call(A.nobody.token, 'GET', P('dictTypes'))).code).toBe(403);
    // the form designer lists the dictionaries (a select takes its options from one) but changes none
    const designer = await makeStaff(t.db, A.tenantId, ['flowList:edit']);
    expect((await call(designer.token, 'GET', P('dictTypes'))).code).toBe(200);
    expect((await call(designer.token, 'GET', P('dictItems'), { type_id: d.id })).code).toBe(403);
    expect(
      (await call(designer.token, 'POST', P('dictType:create'), { category_code: 'zz', name: 'x' })).code,
    ).toBe(403);
    expect(await itemsOf(A, d.id)).toEqual([]);
    // every staff member reads entries by code
    expect(
      (await call(A.nobody.token, 'GET', P('dictEnums'), { filter: `{"categoryCode":"${d.code}"}` })).code,
    ).toBe(200);
  });
});

describe('公告', () => {
  const save = (f: FlowTenant, body: Record<string, unknown>) =>
    call(f.admin.token, 'POST', P('announcement:save'), body);
  const published = async (token: string) =>
    AnnouncementPage.parse(await ok(token, 'GET', 'announcements:published')).items;

  it('draft → publish → staff read it on the workbench → withdraw hides it; each step logged', async () => {
    const { id } = (await save(A, { title: '国庆放假通知', content: '10月1日至7日放假。' })).body.data;
    expect(await published(A.nobody.token)).toEqual([]);
    const draftDetail = await call(A.nobody.token, 'GET', P('announcement:detail'), { id });
    expect(draftDetail.code).toBe(404);
    await ok(A.admin.token, 'POST', 'announcement:publish', { id });
    const list = await published(A.nobody.token);
    expect(list).toEqual([
      expect.objectContaining({ id, title: '国庆放假通知', status: 2, statusText: '已发布' }),
    ]);
    expect(list[0].publish_time).toBeGreaterThan(0);
    expect(await ok(A.nobody.token, 'GET', 'announcement:detail', { id })).toMatchObject({
      content: '10月1日至7日放假。',
    });
    // a published one is neither edited nor deleted nor published again
    for (const [path, body, msg] of [
      ['announcement:save', { id, title: '改', content: '改' }, '公告已发布，请先撤回再修改'],
      ['announcement:delete', { id }, '已发布的公告不能删除，请先撤回'],
      ['announcement:publish', { id }, '公告已发布'],
    ] as const) {
      const r = await call(A.admin.token, 'POST', P(path), body);
      expect(r.code, path).toBe(409);
      expect(r.body.msg).toBe(msg);
    }
    await ok(A.admin.token, 'POST', 'announcement:withdraw', { id });
    expect(await published(A.nobody.token)).toEqual([]);
    expect((await call(A.nobody.token, 'GET', P('announcement:detail'), { id })).code).toBe(404);
    const admin = AnnouncementPage.parse(
      await ok(A.admin.token, 'GET', 'announcements', { status: 3 }),
    ).items;
    expect(admin).toEqual([expect.objectContaining({ id, statusText: '已撤回', title: '国庆放假通知' })]);
    await ok(A.admin.token, 'POST', 'announcement:delete', { id });
    expect((await logs(A.tenantId, 'announcement')).map((l) => l.action)).toEqual([
      'create',
      'publish',
      'withdraw',
      'delete',
    ]);
  });

  it('bad input in Chinese, nothing written', async () => {
    const r = await save(A, { title: '', content: '正文' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toContain('公告标题');
    const long = await save(A, { title: 'x'.repeat(61), content: '正文' });
    expect(long.body.msg).toContain('不能超过60个字符');
    expect(
      AnnouncementPage.parse(await ok(A.admin.token, 'GET', 'announcements', { keyword: 'x' })).items,
    ).toEqual([]);
  });

  it("another tenant's announcements are not found; staff without the permission cannot write", async () => {
    const { id } = (await save(A, { title: '甲方公告', content: '内容' })).body.data;
    await ok(A.admin.token, 'POST', 'announcement:publish', { id });
    expect(await published(B.admin.token)).toEqual([]);
    expect((await call(B.admin.token, 'GET', P('announcement:detail'), { id })).code).toBe(404);
    for (const path of ['announcement:withdraw', 'announcement:delete', 'announcement:publish'])
      expect((await call(B.admin.token, 'POST', P(path), { id })).code, path).toBe(404);
    expect((await save(B, { id, title: '偷改', content: 'x' })).code).toBe(404);
    for (const path of ['announcement:withdraw', 'announcement:save'])
      expect((await call(A.nobody.token, 'POST', P(path), { id, title: 'a', content: 'b' })).code).toBe(403);
    expect((await call(A.nobody.token, 'GET', P('announcements'))).code).toBe(403);
    expect((await published(A.nobody.token)).map((a) => a.title)).toContain('甲方公告');
  });
});
