import {
  OrgDeptSaved,
  OrgTree,
  OrgUserGroupTree,
  envelopeOf,
  OrgInfo,
  OrgStaffPage,
  OrgSyncConflictPage,
} from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { BASE, okData, okReply, orgFixture, type OrgFixture } from './org.testkit.js';

/**
 * The org family's replies and their contracts (packages/contracts/src/org): the cached tree bytes
 * of departments:list bypass the serializer, so they are held to the schema here; recursive trees go
 * through the serializer; /docs publishes every reply shape.
 */

let t: TestApp;
let A: OrgFixture;
beforeAll(async () => {
  t = await createTestApp();
  A = await orgFixture(t);
  const sub = await okReply(
    OrgDeptSaved,
    A.api('POST', 'departments:create', { body: { org_id: A.companyId, pid: A.deptId, name: '前端组' } }),
  );
  expect(sub.id).toBeGreaterThan(0);
  await okData(A.api('POST', 'user-group:create', { body: { name: '管理层' } }));
});
afterAll(async () => t?.close());

const TreeEnvelope = envelopeOf(OrgTree);

describe('departments:list (pre-serialised, cached per tree revision)', () => {
  it('sends bytes that parse with the tree schema, leaving nothing over, built or from the cache', async () => {
    for (const query of [undefined, { org_id: A.companyId }]) {
      const first = await A.api('GET', 'departments:list', { query });
      const second = await A.api('GET', 'departments:list', { query });
      expect(first.raw.headers['content-type']).toMatch(/^application\/json/);
      // The second answer is the cached copy: the very same bytes.
      expect(second.raw.body).toBe(first.raw.body);
      const body = JSON.parse(first.raw.body);
      const parsed = TreeEnvelope.parse(body);
      expect(parsed).toEqual(body);
      expect(parsed.status).toBe(0);
    }
    const whole = TreeEnvelope.parse(JSON.parse((await A.api('GET', 'departments:list')).raw.body)).data;
    const company = whole[0].children.find((n) => n.id === A.companyId && n.org_type === 'company');
    const dept = company?.children.find((n) => n.id === A.deptId && n.org_type === 'dept');
    expect(dept?.children.map((n) => n.name)).toEqual(['前端组']);
    expect(dept && 'tax_id' in dept).toBe(false);
  });

  it('is rebuilt after a write and still matches the schema', async () => {
    await okData(A.api('PUT', 'departments:update', { body: { id: A.deptId, name: '综合部' } }));
    const res = await A.api('GET', 'departments:list', { query: { org_id: A.companyId } });
    const body = JSON.parse(res.raw.body);
    expect(TreeEnvelope.parse(body)).toEqual(body);
    expect(body.data.map((n: { name: string }) => n.name)).toContain('综合部');
  });
});

describe('replies serialised through their contracts', () => {
  it('nests the recursive organisation and user group trees', async () => {
    const orgs = await okReply(OrgTree, A.api('GET', 'organizations:list'));
    expect(orgs[0]).toMatchObject({ id: A.tenantId, org_type: 'group', pid: 0 });
    expect(orgs[0].children.some((c) => c.id === A.companyId)).toBe(true);
    const groups = await okReply(OrgUserGroupTree, A.api('GET', 'user-group:tree'));
    expect(groups.map((g) => g.name)).toContain('管理层');
  });

  it('keeps every declared field of the staff page, company info and sync conflicts', async () => {
    const page = await okReply(OrgStaffPage, A.api('GET', 'users', { query: { keyword: '员工甲' } }));
    expect(page.items[0]).toMatchObject({
      id: A.staff,
      grade_id: A.grade,
      email: null,
      dept_ids: [A.deptId],
    });
    const info = await okReply(
      OrgInfo,
      A.api('GET', 'organizations/info', { query: { org_id: A.companyId } }),
    );
    expect(info.addresses).toEqual([expect.objectContaining({ id: A.address, is_default: true })]);
    const conflicts = await okReply(OrgSyncConflictPage, A.api('GET', 'third-users/sync-handle-list'));
    expect(conflicts.items[0]).toMatchObject({ platform: 'dingtalk', phone: null, resolution: null });
  });
});

describe('OpenAPI document', () => {
  it('declares a 200 reply on every org route but the file downloads', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, any>>)
      // tasks/* share the prefix but belong to the tasks family.
      .filter(([p]) => p.startsWith(`${BASE}/`) && !p.startsWith(`${BASE}/tasks`))
      .flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ p, m, op })));
    expect(ops.length).toBeGreaterThanOrEqual(68);
    const without = ops.filter(({ op }) => !op.responses?.['200']?.content).map(({ m, p }) => `${m} ${p}`);
    expect(without.sort()).toEqual([
      `get ${BASE}/organizations:import/template`,
      `get ${BASE}/users:import/template`,
    ]);
  });
});
