import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff } from '../../../../test/factories.js';
import { client, okData, orgFixture, type OrgFixture } from '../org.testkit.js';

let t: TestApp;
let A: OrgFixture;
beforeAll(async () => {
  t = await createTestApp();
  A = await orgFixture(t);
});
afterAll(async () => t?.close());

describe('organisation and department trees', () => {
  it('nests companies under the top organisation and departments under their company', async () => {
    const sub = (
      await okData(
        A.api('POST', 'organizations:create', { body: { name: '华东分公司', pid: A.companyId, order: 1 } }),
      )
    ).id;
    const rnd = (
      await okData(
        A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '研发部', order: 1 } }),
      )
    ).id;
    const fe = (
      await okData(
        A.api('POST', 'departments:create', { body: { org_id: A.companyId, pid: rnd, name: '前端组' } }),
      )
    ).id;

    const orgs = await okData(A.api('GET', 'organizations:list'));
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ id: A.tenantId, pid: 0, org_type: 'group', has_priv: true });
    const company = orgs[0].children.find((c: any) => c.id === A.companyId);
    expect(company).toMatchObject({ org_type: 'company', org_id: A.companyId, pid: A.tenantId });
    expect(company.children.map((c: any) => c.id)).toEqual([sub]);

    const depts = await okData(A.api('GET', 'departments:list', { query: { org_id: A.companyId } }));
    const rndNode = depts.find((d: any) => d.id === rnd);
    expect(rndNode).toMatchObject({ org_type: 'dept', org_id: A.companyId, pid: 0, full_name: '研发部' });
    expect(rndNode.children).toEqual([
      expect.objectContaining({ id: fe, pid: rnd, name: '前端组', children: [] }),
    ]);

    // Without org_id: the whole architecture, departments nested in their company before child companies.
    const all = await okData(A.api('GET', 'departments:list'));
    const companyNode = all[0].children.find((c: any) => c.key === `org-${A.companyId}`);
    expect(companyNode.children.map((c: any) => c.key)).toEqual([
      `dept-${A.deptId}`,
      `dept-${rnd}`,
      `org-${sub}`,
    ]);
  });

  it('answers departments:list from memory only while nobody wrote to the tenant: direct SQL writes show at once', async () => {
    const keys = async () => {
      const all = await okData(A.api('GET', 'departments:list'));
      const company = all[0].children.find((c: any) => c.key === `org-${A.companyId}`);
      return company.children.map((c: any) => `${c.key}:${c.name}`);
    };
    const first = await keys();
    expect(await keys()).toEqual(first); // a second read, from memory
    // Writes that do not go through this module (a seed, another process) still refresh the tree.
    const now = Date.now();
    const { id } = await t.db
      .insertInto('departments')
      .values({
        tenant_id: A.tenantId,
        org_id: A.companyId,
        pid: 0,
        name: '直写部',
        sort_order: 999999,
        source: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await keys()).toEqual([
      ...first.filter((k: string) => k.startsWith('dept-')),
      `dept-${id}:直写部`,
      ...first.filter((k: string) => k.startsWith('org-')),
    ]);
    await t.db.updateTable('departments').set({ name: '直写部二' }).where('id', '=', id).execute();
    expect(await keys()).toContain(`dept-${id}:直写部二`);
    await t.db.deleteFrom('departments').where('id', '=', id).execute();
    expect(await keys()).toEqual(first);
    // A company renamed directly shows too, in the per-company tree's parent list and the whole tree.
    const before = await okData(A.api('GET', 'departments:list'));
    await t.db.updateTable('organizations').set({ name: '直改名' }).where('id', '=', A.companyId).execute();
    const renamed = await okData(A.api('GET', 'departments:list'));
    expect(renamed[0].children.find((c: any) => c.id === A.companyId).name).toBe('直改名');
    const oldName = before[0].children.find((c: any) => c.id === A.companyId).name;
    await t.db.updateTable('organizations').set({ name: oldName }).where('id', '=', A.companyId).execute();
  });

  it('computes has_priv for the module in X-Priv-Module and filters with only_priv=1', async () => {
    const billUser = await makeStaff(t.db, A.tenantId, ['bill:view']);
    const plain = await makeStaff(t.db, A.tenantId, ['orgStaff:view']);
    const headers = { 'x-priv-module': 'bill' };
    const asBill = await okData(client(t, billUser.token)('GET', 'organizations:list', { headers }));
    expect(asBill[0].has_priv).toBe(true);
    const asPlain = await okData(client(t, plain.token)('GET', 'organizations:list', { headers }));
    expect(asPlain[0].has_priv).toBe(false);
    expect(
      await okData(client(t, plain.token)('GET', 'departments:list', { headers, query: { only_priv: 1 } })),
    ).toEqual([]);
    const granted = await makeStaff(t.db, A.tenantId, ['org:bill']);
    expect(
      (
        await okData(
          client(t, granted.token)('GET', 'organizations:list', { headers, query: { only_priv: 1 } }),
        )
      )[0].has_priv,
    ).toBe(true);
    // No module named: nothing to restrict.
    expect((await okData(client(t, plain.token)('GET', 'organizations:list')))[0].has_priv).toBe(true);
  });

  it('reorders siblings and moves a department under another parent, refusing a move into its own subtree', async () => {
    const x = (
      await okData(A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '甲部' } }))
    ).id;
    const y = (
      await okData(A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '乙部' } }))
    ).id;
    const y1 = (
      await okData(
        A.api('POST', 'departments:create', { body: { org_id: A.companyId, pid: y, name: '乙一组' } }),
      )
    ).id;
    await okData(A.api('POST', 'departments:order', { body: { org_id: A.companyId, pid: y1, ids: [x] } }));
    const loop = await A.api('POST', 'departments:order', {
      body: { org_id: A.companyId, pid: y1, ids: [y] },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.msg).toBe('不能移动到自身或其下级');
    const tree = await okData(A.api('GET', 'departments:list', { query: { org_id: A.companyId } }));
    const yNode = tree.find((d: any) => d.id === y);
    expect(yNode.children[0].children.map((c: any) => c.id)).toEqual([x]);
    await okData(A.api('POST', 'departments:batch_update', { body: { ids: [x], pid: 0 } }));
    const after = await okData(A.api('GET', 'departments:list', { query: { org_id: A.companyId } }));
    expect(after.map((d: any) => d.id)).toContain(x);
  });

  it('refuses a duplicate company name and a duplicate sibling department name', async () => {
    const dup = await A.api('POST', 'organizations:create', { body: { name: '华东分公司' } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('公司名称已存在');
    const dupDept = await A.api('POST', 'departments:create', {
      body: { org_id: A.companyId, name: '研发部' },
    });
    expect(dupDept.body.msg).toBe('同级部门名称已存在');
    expect(dupDept.body.data).toEqual({ fields: [{ field: 'name', msg: '同级部门名称已存在' }] });
  });
});

describe('delete checks', () => {
  it('blocks a department with active staff, with children, or with resigned staff history, in Chinese', async () => {
    const d = (
      await okData(A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '待删测试部' } }))
    ).id;
    const phones = ['13500000001', '13500000002', '13500000003'];
    const ids: number[] = [];
    for (const [i, phone] of phones.entries()) {
      ids.push(
        (
          await okData(
            A.api('POST', 'users:post', {
              body: { name: `成员${i}`, phone, org_id: A.companyId, dept_ids: [d] },
            }),
          )
        ).id,
      );
    }
    expect(await okData(A.api('GET', 'departments:check_can_delete', { query: { id: d } }))).toEqual({
      can_delete: false,
      reason: '该部门下还有3名在职员工，不能删除',
    });
    const refused = await A.api('DELETE', 'departments:delete', { query: { id: d } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该部门下还有3名在职员工，不能删除');

    await okData(A.api('POST', 'users:batch_update', { body: { ids, status: 2 } }));
    expect((await okData(A.api('GET', 'departments:check_can_delete', { query: { id: d } }))).reason).toBe(
      '该部门下有3名离职员工的历史记录，不能删除',
    );
    const child = (
      await okData(A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '空部门' } }))
    ).id;
    await okData(
      A.api('POST', 'departments:create', { body: { org_id: A.companyId, pid: child, name: '空子部门' } }),
    );
    expect(
      (await okData(A.api('GET', 'departments:check_can_delete', { query: { id: child } }))).reason,
    ).toBe('该部门下还有1个子部门，不能删除');
  });

  it('blocks the top organisation and a company with departments; deletes an empty one and logs it', async () => {
    expect(
      (await okData(A.api('GET', 'organizations:check_can_delete', { query: { org_id: A.tenantId } })))
        .reason,
    ).toBe('顶级组织不能删除');
    expect(
      (await okData(A.api('GET', 'organizations:check_can_delete', { query: { org_id: A.companyId } })))
        .reason,
    ).toMatch(/^该公司下还有\d+家子公司，不能删除$/);
    const empty = (await okData(A.api('POST', 'organizations:create', { body: { name: '空公司' } }))).id;
    expect(
      await okData(A.api('GET', 'organizations:check_can_delete', { query: { org_id: empty } })),
    ).toEqual({ can_delete: true, reason: '' });
    await okData(A.api('DELETE', 'organizations:delete', { query: { org_id: empty } }));
    const orgs = await okData(A.api('GET', 'organizations:list'));
    expect(JSON.stringify(orgs)).not.toContain('空公司');
    const log = await okData(
      A.api('GET', 'operation-log:list', { query: { module: 'organization', keyword: '空公司' } }),
    );
    expect(log.items[0]).toMatchObject({
      action: 'delete',
      target_id: empty,
      after: null,
      before: expect.objectContaining({ name: '空公司' }),
    });
    expect(log.items[1]).toMatchObject({
      action: 'create',
      before: null,
      after: expect.objectContaining({ name: '空公司' }),
    });
  });
});

describe('company info, addresses, statistics, pay info', () => {
  it('keeps one default address per company and returns addresses with the company info', async () => {
    const second = (
      await okData(
        A.api('POST', 'organizations/address:create', {
          body: {
            org_id: A.companyId,
            name: '分部',
            address: '杭州',
            contact: '钱七',
            phone: '0571-8888888',
            is_default: true,
          },
        }),
      )
    ).id;
    const list = await okData(A.api('GET', 'organizations/address:list', { query: { org_id: A.companyId } }));
    expect(list.filter((a: any) => a.is_default).map((a: any) => a.id)).toEqual([second]);
    const info = await okData(A.api('GET', 'organizations/info', { query: { org_id: A.companyId } }));
    expect(info).toMatchObject({ id: A.companyId, org_type: 'company', parent_name: expect.any(String) });
    expect(info.addresses.map((a: any) => a.id)).toContain(second);
    await okData(A.api('PUT', 'organizations/address:update', { body: { id: A.address, is_default: true } }));
    const again = await okData(
      A.api('GET', 'organizations/address:list', { query: { org_id: A.companyId } }),
    );
    expect(again.filter((a: any) => a.is_default).map((a: any) => a.id)).toEqual([A.address]);
  });

  it('counts companies, departments, active and resigned staff', async () => {
    const s = await okData(A.api('GET', 'organizations/statistics'));
    const companies = await t.db
      .selectFrom('organizations')
      .select('id')
      .where('tenant_id', '=', A.tenantId)
      .where('org_type', '=', 'company')
      .where('deleted_at', 'is', null)
      .execute();
    expect(s.company_count).toBe(companies.length);
    expect(s.resigned_staff_count).toBe(3);
    expect(s.active_staff_count).toBeGreaterThan(0);
    expect(s.department_count).toBeGreaterThan(3);
  });

  it('answers the payer type and settlement info of the top organisation', async () => {
    await t.db
      .updateTable('organizations')
      .set({ orgcode_payer_type: 2, settle_bank_name: '招商银行' })
      .where('id', '=', A.tenantId)
      .execute();
    expect(await okData(A.api('GET', 'tenant/pay-info'))).toMatchObject({
      org_id: A.tenantId,
      orgcode_payer_type: 2,
      settle_info: { bank_name: '招商银行' },
    });
  });
});
