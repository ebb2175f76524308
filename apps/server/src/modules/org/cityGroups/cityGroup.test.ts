import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { okData, orgFixture, type OrgFixture } from '../org.testkit.js';

let t: TestApp;
let A: OrgFixture;
beforeAll(async () => {
  t = await createTestApp();
  A = await orgFixture(t);
});
afterAll(async () => t?.close());

describe('city groups', () => {
  it('serves the GB/T 2260 province → city tree from the package data', async () => {
    const tree = await okData(A.api('GET', 'city-group-data-set:list'));
    expect(tree).toHaveLength(34);
    const gd = tree.find((p: any) => p.code === '440000');
    expect(gd.children).toEqual(
      expect.arrayContaining([
        { code: '440100', name: '广州市' },
        { code: '440300', name: '深圳市' },
      ]),
    );
    expect(tree.find((p: any) => p.code === '110000').children).toEqual([{ code: '110000', name: '北京市' }]);
    const hb = tree.find((p: any) => p.code === '420000');
    expect(hb.children).toEqual(expect.arrayContaining([{ code: '429004', name: '仙桃市' }]));
  });

  it('refuses unknown codes and a city already in another group; replaces a group’s cities', async () => {
    const unknown = await A.api('POST', 'city-group:create', {
      body: { name: '二线城市', codes: ['999999'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('城市编码不存在：999999');
    const taken = await A.api('POST', 'city-group:create', {
      body: { name: '二线城市', codes: ['110000', '330100'] },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('城市「北京市」已属于城市组「一线城市」');
    const second = (
      await okData(A.api('POST', 'city-group:create', { body: { name: '二线城市', codes: ['330100'] } }))
    ).id;
    await okData(
      A.api('PUT', 'city-group-relation:update', {
        body: { group_id: A.cityGroup, codes: ['110000', '310000', '440100', '440300'] },
      }),
    );
    await okData(
      A.api('PUT', 'city-group-base:update', { body: { id: second, name: '新一线城市', order: 2 } }),
    );
    const list = await okData(A.api('GET', 'city-group:list'));
    expect(list.map((g: any) => [g.name, g.city_count])).toEqual([
      ['一线城市', 4],
      ['新一线城市', 1],
    ]);
    expect(list[1].cities[0]).toEqual({
      code: '330100',
      name: '杭州市',
      province_code: '330000',
      province_name: '浙江省',
    });
    const tree = await okData(A.api('GET', 'city-group:tree'));
    expect(tree[0].children.map((p: any) => p.name)).toEqual(['北京市', '上海市', '广东省']);
    const log = await okData(A.api('GET', 'operation-log:list', { query: { module: 'cityGroup' } }));
    expect(log.items.find((l: any) => l.action === 'update_cities')).toMatchObject({
      before: { codes: ['110000'] },
      after: { codes: ['110000', '310000', '440100', '440300'] },
    });
    await okData(A.api('DELETE', 'city-group:delete', { query: { id: second } }));
    expect((await okData(A.api('GET', 'city-group:list'))).map((g: any) => g.name)).toEqual(['一线城市']);
    // The deleted group's city is free again.
    await okData(A.api('POST', 'city-group:create', { body: { name: '杭州组', codes: ['330100'] } }));
  });
});
