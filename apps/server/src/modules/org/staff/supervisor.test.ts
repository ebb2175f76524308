import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrgDeptSaved, OrgStaff, OrgTree, type OrgTreeNode } from '@feikong/contracts';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, nextPhone } from '../../../../test/factories.js';
import { okData, okReply, orgFixture, type OrgFixture } from '../org.testkit.js';

/** 直属上级 (staff.supervisor_id) and 部门负责人 (departments.leader_id): what the approval flows read. */
let t: TestApp;
let A: OrgFixture;
let B: OrgFixture;
beforeAll(async () => {
  t = await createTestApp();
  A = await orgFixture(t);
  B = await orgFixture(t);
});
afterAll(async () => t?.close());

async function newStaff(f: OrgFixture, name: string, extra: Record<string, unknown> = {}) {
  return (
    await okData(
      f.api('POST', 'users:post', {
        body: { name, phone: nextPhone(), org_id: f.companyId, dept_ids: [f.deptId], ...extra },
      }),
    )
  ).id as number;
}

describe('staff supervisor', () => {
  it('is accepted on create and update, returned with its name, and cleared with 0', async () => {
    const boss = await newStaff(A, '老板');
    const mid = await newStaff(A, '经理', { supervisor_id: boss });
    let detail = await okReply(OrgStaff, A.api('GET', 'users/staff', { query: { id: mid } }));
    expect(detail).toMatchObject({ supervisor_id: boss, supervisor_name: '老板' });

    const worker = await newStaff(A, '员工');
    await okData(A.api('POST', 'users:update', { body: { id: worker, supervisor_id: mid } }));
    detail = await okReply(OrgStaff, A.api('GET', 'users/staff', { query: { id: worker } }));
    expect(detail).toMatchObject({ supervisor_id: mid, supervisor_name: '经理' });

    await okData(A.api('POST', 'users:update', { body: { id: worker, supervisor_id: 0 } }));
    detail = await okReply(OrgStaff, A.api('GET', 'users/staff', { query: { id: worker } }));
    expect(detail).toMatchObject({ supervisor_id: null, supervisor_name: '' });
  });

  it('refuses oneself, a subordinate (a loop), another tenant’s staff and bad input', async () => {
    const top = await newStaff(A, '甲');
    const below = await newStaff(A, '乙', { supervisor_id: top });
    const self = await A.api('POST', 'users:update', { body: { id: top, supervisor_id: top } });
    expect(self.status).toBe(400);
    expect(self.body.msg).toContain('直属上级不能是本人或其下属');
    const loop = await A.api('POST', 'users:update', { body: { id: top, supervisor_id: below } });
    expect(loop.status).toBe(400);
    const foreign = await newStaff(B, '外部');
    const other = await A.api('POST', 'users:update', { body: { id: below, supervisor_id: foreign } });
    expect(other.status).toBe(404);
    expect(other.body.msg).toContain('直属上级不存在');
    const bad = await A.api('POST', 'users:update', { body: { id: below, supervisor_id: 'abc' } });
    expect(bad.status).toBe(400);
    const noPerm = await makeStaff(t.db, A.tenantId, []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/org-arch-center/api/v1/users:update',
      headers: { 'x-session-token': noPerm.token },
      payload: { id: below, supervisor_id: top },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('department head', () => {
  it('is accepted on create and update and returned with its name', async () => {
    const head = await newStaff(A, '部长');
    const created = await okReply(
      OrgDeptSaved,
      A.api('POST', 'departments:create', {
        body: { org_id: A.companyId, name: '财务部', leader_id: head },
      }),
    );
    expect(created).toMatchObject({ leader_id: head, leader_name: '部长' });
    const row = await t.db
      .selectFrom('departments')
      .select('leader_id')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.leader_id).toBe(head);

    const renamed = await okReply(
      OrgDeptSaved,
      A.api('PUT', 'departments:update', { body: { id: created.id, name: '财务二部' } }),
    );
    expect(renamed).toMatchObject({ leader_id: head, leader_name: '部长' });
    const cleared = await okReply(
      OrgDeptSaved,
      A.api('PUT', 'departments:update', { body: { id: created.id, leader_id: 0 } }),
    );
    expect(cleared).toMatchObject({ leader_id: null, leader_name: '' });
  });

  it('refuses another tenant’s staff as head', async () => {
    const foreign = await newStaff(B, '外部部长');
    const res = await A.api('POST', 'departments:create', {
      body: { org_id: A.companyId, name: '法务部', leader_id: foreign },
    });
    expect(res.status).toBe(404);
    expect(res.body.msg).toContain('部门负责人不存在');
    expect(
      await t.db.selectFrom('departments').select('id').where('name', '=', '法务部').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('is in the department tree (departments:list) with the head’s current name', async () => {
    const head = await newStaff(A, '审计部长');
    const { id } = await okReply(
      OrgDeptSaved,
      A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '审计部', leader_id: head } }),
    );
    const node = async () => {
      const tree = await okReply(
        OrgTree,
        A.api('GET', 'departments:list', { query: { org_id: A.companyId } }),
      );
      const found = tree.find((n) => n.id === id) as z.infer<typeof OrgTreeNode> | undefined;
      expect(found).toBeDefined();
      return found!;
    };
    expect(await node()).toMatchObject({ leader_id: head, leader_name: '审计部长' });
    // The whole architecture carries it too; companies have no head.
    const whole = await okReply(OrgTree, A.api('GET', 'departments:list'));
    expect(whole[0].leader_id).toBeUndefined();
    const flat = (ns: z.infer<typeof OrgTreeNode>[]): z.infer<typeof OrgTreeNode>[] =>
      ns.flatMap((n) => [n, ...flat(n.children)]);
    expect(flat(whole).find((n) => n.key === `dept-${id}`)).toMatchObject({ leader_id: head });
    // Renaming the head (a staff write, which leaves the tree revision alone) shows at once.
    await okData(A.api('POST', 'users:update', { body: { id: head, name: '审计总监' } }));
    expect(await node()).toMatchObject({ leader_id: head, leader_name: '审计总监' });
    await okData(A.api('PUT', 'departments:update', { body: { id, leader_id: 0 } }));
    expect(await node()).toMatchObject({ leader_id: null, leader_name: '' });
  });

  it('refuses another tenant’s staff on update and a caller without the permission, changing nothing', async () => {
    const head = await newStaff(A, '原部长');
    const { id } = await okReply(
      OrgDeptSaved,
      A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '采购部', leader_id: head } }),
    );
    const foreign = await newStaff(B, '他人部长');
    const other = await A.api('PUT', 'departments:update', {
      body: { id, name: '采购一部', leader_id: foreign },
    });
    expect(other.status).toBe(404);
    expect(other.body.msg).toContain('部门负责人不存在');
    const bad = await A.api('PUT', 'departments:update', { body: { id, leader_id: '张三' } });
    expect(bad.status).toBe(400);
    // B's administrator cannot set a head on A's department.
    const cross = await B.api('PUT', 'departments:update', { body: { id, leader_id: foreign } });
    expect(cross.status).toBe(404);
    const noPerm = await makeStaff(t.db, A.tenantId, []);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/org-arch-center/api/v1/departments:update',
      headers: { 'x-session-token': noPerm.token },
      payload: { id, leader_id: noPerm.staffId },
    });
    expect(res.statusCode).toBe(403);
    const row = await t.db
      .selectFrom('departments')
      .select(['name', 'leader_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '采购部', leader_id: head });
  });
});
