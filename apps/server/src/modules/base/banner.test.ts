import { MobileBannerList } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../../../test/factories.js';
import { createFilesTestApp, grantedDir } from '../files/files.testkit.js';
import { api, flowTenant, type FlowTenant } from '../flow/flow.testkit.js';
import { BaseCode } from './base.errors.js';
import { BASE_PREFIX } from './base.routes.js';

/** 移动端设置 · 轮播图 (decision 0060): save, list, status, delete; bad input, tenancy, permissions, the image. */
let env: Awaited<ReturnType<typeof createFilesTestApp>>;
let call: ReturnType<typeof api>;
let A: FlowTenant;
let B: FlowTenant;
beforeAll(async () => {
  env = await createFilesTestApp();
  call = api(env.t);
  A = await flowTenant(env.t);
  B = await flowTenant(env.t);
});
afterAll(async () => env?.t.close());

const P = (p: string) => `${BASE_PREFIX}/${p}`;
let seq = 0;
async function image(f: FlowTenant) {
  const key = `${await grantedDir(env.t.db, f.tenantId, f.admin.staffId, 'attachment')}2026/11/30/${++seq}_banner.png`;
  await env.storage.put(key, Buffer.from('\x89PNG\r\n'), { contentType: 'image/png' });
  return key;
}
const list = async (token: string, path = 'mobileBanners') =>
  MobileBannerList.parse((await call(token, 'GET', P(path))).body.data).items;

describe('移动端设置 · 轮播图', () => {
  it('saves banners with a jump page type, lists them in order with a signed image URL, stops and deletes', async () => {
    const img = await image(A);
    const save = (body: Record<string, unknown>) => call(A.admin.token, 'POST', P('mobileBanner:save'), body);
    const a = await save({
      title: '新春福利',
      image_key: img,
      jump_type: 5,
      jump_target: '门店-001',
      sort: 2,
    });
    expect(a.body.status).toBe(0);
    const b = await save({ title: '企业码上线', image_key: img, jump_type: 3, jump_target: 'QR-9', sort: 1 });
    const items = await list(A.admin.token);
    expect(items.map((x) => [x.title, x.jumpTypeText, x.enabled])).toEqual([
      ['企业码上线', '企业码', 1],
      ['新春福利', '门店', 1],
    ]);
    expect(items[0].image_url).toMatch(/\S+/);
    const download = await env.t.app.inject({ method: 'GET', url: items[0].image_url });
    expect(download.statusCode).toBe(200);
    await call(A.admin.token, 'POST', P('mobileBanner:status'), { id: b.body.data.id, enabled: 0 });
    expect((await list(A.nobody.token, 'mobileBanners:enabled')).map((x) => x.title)).toEqual(['新春福利']);
    await save({ id: a.body.data.id, title: '新春福利2', image_key: img, jump_type: 1, jump_target: '' });
    expect((await list(A.admin.token)).find((x) => x.id === a.body.data.id)).toMatchObject({
      title: '新春福利2',
      jump_type: 1,
      jumpTypeText: '展示页',
    });
    await call(A.admin.token, 'POST', P('mobileBanner:delete'), { id: b.body.data.id });
    expect((await list(A.admin.token)).map((x) => x.title)).toEqual(['新春福利2']);
    const log = await env.t.db
      .selectFrom('operation_logs')
      .select('summary')
      .where('tenant_id', '=', A.tenantId)
      .where('module', '=', 'mobileSetting')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.summary)).toEqual([
      '新增轮播图「新春福利」',
      '新增轮播图「企业码上线」',
      '停用轮播图「企业码上线」',
      '修改轮播图「新春福利2」',
      '删除轮播图「企业码上线」',
    ]);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const img = await image(A);
    const before = (await list(A.admin.token)).length;
    for (const [body, msg] of [
      [{ title: '', image_key: img, jump_type: 1 }, '标题'],
      [{ title: 'x', image_key: img, jump_type: 6 }, '取值为1、2、3、4、5'],
      [{ title: 'x', image_key: img, jump_type: 2, jump_target: '' }, '跳转到应用时请填写跳转目标'],
      [
        { title: 'x', image_key: `attachment/t${A.tenantId}/nope.png`, jump_type: 1 },
        '图片不存在，请重新上传',
      ],
    ] as const) {
      const r = await call(A.admin.token, 'POST', P('mobileBanner:save'), body);
      expect(r.code, msg).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    expect(await list(A.admin.token)).toHaveLength(before);
  });

  it("another tenant's banners and images are out of reach; staff without the permission cannot change them", async () => {
    const img = await image(A);
    const { id } = (
      await call(A.admin.token, 'POST', P('mobileBanner:save'), {
        title: '甲的',
        image_key: img,
        jump_type: 1,
      })
    ).body.data;
    const foreign = await call(B.admin.token, 'POST', P('mobileBanner:save'), {
      title: '借图',
      image_key: img,
      jump_type: 1,
    });
    expect(foreign.body).toMatchObject({ status: BaseCode.badImage });
    for (const [path, body] of [
      ['mobileBanner:save', { id, title: '偷改', image_key: await image(B), jump_type: 1 }],
      ['mobileBanner:status', { id, enabled: 0 }],
      ['mobileBanner:delete', { id }],
    ] as const)
      expect((await call(B.admin.token, 'POST', P(path), body)).code, path).toBe(404);
    expect((await list(B.admin.token)).some((x) => x.id === id)).toBe(false);
    const viewer = await makeStaff(env.t.db, A.tenantId, ['mobileSetting:view']);
    expect((await call(viewer.token, 'GET', P('mobileBanners'))).code).toBe(200);
    for (const who of [viewer.token, A.nobody.token])
      expect((await call(who, 'POST', P('mobileBanner:status'), { id, enabled: 0 })).code).toBe(403);
    expect((await call(A.nobody.token, 'GET', P('mobileBanners'))).code).toBe(403);
    expect((await list(A.admin.token)).find((x) => x.id === id)).toMatchObject({ title: '甲的', enabled: 1 });
  });
});
