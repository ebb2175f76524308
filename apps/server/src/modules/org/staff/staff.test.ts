import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff } from '../../../../test/factories.js';
import { createSession } from '../../../platform/sessions.js';
import { client, okData, orgFixture, type OrgFixture } from '../org.testkit.js';

let t: TestApp;
let A: OrgFixture;
beforeAll(async () => {
  t = await createTestApp();
  A = await orgFixture(t);
});
afterAll(async () => t?.close());

describe('staff', () => {
  it('creates a staff member, finding the person by phone when they exist, and refuses a duplicate phone in the tenant', async () => {
    const other = await orgFixture(t);
    const phone = '13300000001';
    const inOther = await okData(
      other.api('POST', 'users:post', {
        body: { name: '跨组织', phone, org_id: other.companyId, dept_ids: [other.deptId] },
      }),
    );
    const created = await okData(
      A.api('POST', 'users:post', {
        body: {
          name: '李雷',
          phone,
          email: 'lilei@example.com',
          job_no: 'E01',
          org_id: A.companyId,
          dept_ids: [A.deptId],
          grade_id: A.grade,
          job_id: A.job,
          title_id: A.title,
        },
      }),
    );
    expect(created.user_id).toBe(inOther.user_id); // one person, two tenants
    const detail = await okData(A.api('GET', 'users/staff', { query: { id: created.id } }));
    expect(detail).toMatchObject({
      id: created.id,
      user_id: created.user_id,
      user_name: '李雷',
      phone,
      status: 1,
      org_id: A.companyId,
      org_name: expect.stringContaining('子公司'),
      dept_ids: [A.deptId],
      dept_name: '测试部',
      grade_name: `P${A.tenantId}`,
      job_name: `工程师${A.tenantId}`,
      title_name: '高级工程师',
    });
    expect(detail).toHaveProperty('avatar');
    expect(detail).toHaveProperty('gender');
    expect(detail).toHaveProperty('real_name');

    const dup = await A.api('POST', 'users:post', {
      body: { name: '韩梅梅', phone, org_id: A.companyId, dept_ids: [A.deptId] },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('该手机号已存在于本组织');
    // The conflict names its input, so the staff dialog shows it under 手机号.
    expect(dup.body.data).toEqual({ fields: [{ field: 'phone', msg: '该手机号已存在于本组织' }] });
    const wrongOrg = await A.api('POST', 'users:post', {
      body: { name: '韩梅梅', phone: '13300000002', org_id: A.tenantId, dept_ids: [A.deptId] },
    });
    expect(wrongOrg.body.msg).toBe('所属部门必须属于所选公司');
  });

  it('lists with keyword prefix over name, phone and job number, status, company and department (with sub-departments)', async () => {
    const sub = (
      await okData(
        A.api('POST', 'departments:create', { body: { org_id: A.companyId, pid: A.deptId, name: '子组' } }),
      )
    ).id;
    await okData(
      A.api('POST', 'users:post', {
        body: { name: '欧阳锋', phone: '13311110000', job_no: 'XJ-9', org_id: A.companyId, dept_ids: [sub] },
      }),
    );
    const list = (q: Record<string, unknown>) =>
      okData(A.api('GET', 'users', { query: { page_num: 1, page_size: 50, ...q } }));
    expect((await list({ keyword: '欧阳' })).items.map((i: any) => i.user_name)).toEqual(['欧阳锋']);
    expect((await list({ keyword: '1331111' })).items.map((i: any) => i.user_name)).toEqual(['欧阳锋']);
    expect((await list({ keyword: 'XJ-' })).items.map((i: any) => i.user_name)).toEqual(['欧阳锋']);
    expect((await list({ keyword: '阳锋' })).items).toEqual([]); // prefix, not substring
    const byDept = await list({ dept_id: A.deptId });
    expect(byDept.items.map((i: any) => i.user_name)).toEqual(expect.arrayContaining(['欧阳锋', '李雷']));
    expect(byDept.page).toMatchObject({ page_num: 1, page_size: 50, total: byDept.items.length });
    const paged = await list({ page_size: 1, page_num: 2, org_id: A.companyId });
    expect(paged.items).toHaveLength(1);
    expect(paged.page.total).toBeGreaterThan(1);
  });

  it('pages a keyword or department list with the total of all matches, also past the last page', async () => {
    const dept = (
      await okData(A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '分页部' } }))
    ).id;
    const ids: number[] = [];
    for (const [i, phone] of ['13322220001', '13322220002', '13322220003'].entries())
      ids.push(
        (
          await okData(
            A.api('POST', 'users:post', {
              body: { name: `分页员${i}`, phone, org_id: A.companyId, dept_ids: [dept] },
            }),
          )
        ).id,
      );
    const list = (q: Record<string, unknown>) =>
      okData(A.api('GET', 'users', { query: { page_size: 2, ...q } }));
    for (const filter of [{ keyword: '分页员' }, { dept_id: dept }]) {
      const p1 = await list({ ...filter, page_num: 1 });
      expect(p1.items.map((i: any) => i.id)).toEqual([ids[2], ids[1]]);
      expect(p1.page.total).toBe(3);
      const p2 = await list({ ...filter, page_num: 2 });
      expect(p2.items.map((i: any) => i.id)).toEqual([ids[0]]);
      expect(p2.page.total).toBe(3);
      const past = await list({ ...filter, page_num: 5 });
      expect(past.items).toEqual([]);
      expect(past.page.total).toBe(3);
    }
    const none = await list({ keyword: '无此人', page_num: 1 });
    expect(none).toMatchObject({ items: [], page: { total: 0 } });
  });

  it('resigns (keeping history, revoking the person’s sessions in this tenant only) and restores', async () => {
    const phone = '13322220000';
    const s = await okData(
      A.api('POST', 'users:post', {
        body: { name: '离职者', phone, org_id: A.companyId, dept_ids: [A.deptId] },
      }),
    );
    const here = await createSession(
      t.db,
      { userId: s.user_id, tenantId: A.tenantId, staffId: s.id },
      3600_000,
    );
    const elsewhere = await createSession(
      t.db,
      { userId: s.user_id, tenantId: null, staffId: null },
      3600_000,
    );
    await okData(A.api('POST', 'users:update', { body: { id: s.id, status: 2 } }));

    const row = await t.db.selectFrom('staff').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.status).toBe(2);
    expect(row.resigned_at).not.toBeNull();
    const depts = await t.db
      .selectFrom('staff_departments')
      .select('dept_id')
      .where('staff_id', '=', s.id)
      .execute();
    expect(depts.map((d) => d.dept_id)).toEqual([A.deptId]);
    const sessions = await t.db
      .selectFrom('sessions')
      .select(['tenant_id', 'revoked_at', 'revoke_reason'])
      .where('user_id', '=', s.user_id)
      .orderBy('id')
      .execute();
    expect(sessions[0]).toMatchObject({ tenant_id: A.tenantId, revoke_reason: 'resigned' });
    expect(sessions[0].revoked_at).not.toBeNull();
    expect(sessions[1].revoked_at).toBeNull();
    const me = await t.app.inject({
      method: 'GET',
      url: '/org-arch-center/api/v1/organizations:list',
      headers: { 'x-session-token': here.token },
    });
    expect(me.statusCode).toBe(401);
    void elsewhere;

    const resigned = await okData(A.api('GET', 'users', { query: { status: 2, keyword: '离职' } }));
    expect(resigned.items.map((i: any) => i.id)).toEqual([s.id]);
    const log = await okData(
      A.api('GET', 'operation-log:list', { query: { module: 'staff', keyword: '离职者' } }),
    );
    expect(log.items[0]).toMatchObject({
      action: 'resign',
      before: expect.objectContaining({ status: 1 }),
      after: expect.objectContaining({ status: 2 }),
    });

    await okData(A.api('POST', 'users:update', { body: { id: s.id, status: 1 } }));
    expect((await okData(A.api('GET', 'users/staff', { query: { id: s.id } }))).status).toBe(1);
  });

  it('records a phone change, re-binds the staff member to the person with the new phone, and lists the history', async () => {
    const s = await okData(
      A.api('POST', 'users:post', {
        body: { name: '换号者', phone: '13344440000', org_id: A.companyId, dept_ids: [A.deptId] },
      }),
    );
    await okData(A.api('POST', 'users:update', { body: { id: s.id, phone: '13344449999' } }));
    const detail = await okData(A.api('GET', 'users/staff', { query: { id: s.id } }));
    expect(detail.phone).toBe('13344449999');
    expect(detail.user_id).not.toBe(s.user_id);
    const history = await okData(A.api('GET', 'records/users/phone', { query: { id: s.id } }));
    expect(history).toEqual([
      expect.objectContaining({
        staff_id: s.id,
        old_phone: '13344440000',
        new_phone: '13344449999',
        operator_id: A.admin.staffId,
      }),
    ]);
    const taken = await A.api('POST', 'users:update', { body: { id: s.id, phone: '13300000001' } });
    expect(taken.body.msg).toBe('该手机号已存在于本组织');
  });

  it('batch-updates departments, grade and job of several staff members in one transaction', async () => {
    const d2 = (
      await okData(A.api('POST', 'departments:create', { body: { org_id: A.companyId, name: '批量部' } }))
    ).id;
    const a = (
      await okData(
        A.api('POST', 'users:post', {
          body: { name: '批一', phone: '13355550001', org_id: A.companyId, dept_ids: [A.deptId] },
        }),
      )
    ).id;
    const b = (
      await okData(
        A.api('POST', 'users:post', {
          body: { name: '批二', phone: '13355550002', org_id: A.companyId, dept_ids: [A.deptId] },
        }),
      )
    ).id;
    await okData(
      A.api('POST', 'users:batch_update', {
        body: { ids: [a, b], dept_ids: [d2], grade_id: A.grade, job_id: A.job },
      }),
    );
    const rows = await okData(A.api('POST', 'users:staff', { body: { ids: [a, b] } }));
    for (const r of rows) expect(r).toMatchObject({ dept_ids: [d2], grade_id: A.grade, job_id: A.job });
    // A missing id refuses the whole batch.
    const bad = await A.api('POST', 'users:batch_update', { body: { ids: [a, 999999], grade_id: null } });
    expect(bad.status).toBe(404);
    expect((await okData(A.api('GET', 'users/staff', { query: { id: a } }))).grade_id).toBe(A.grade);
  });

  it('lets a staff viewer read but not write', async () => {
    const viewer = await makeStaff(t.db, A.tenantId, ['orgStaff:view']);
    const api = client(t, viewer.token);
    expect((await api('GET', 'users')).status).toBe(200);
    expect(
      (
        await api('POST', 'users:post', {
          body: { name: 'x', phone: '13366660000', org_id: A.companyId, dept_ids: [A.deptId] },
        })
      ).status,
    ).toBe(403);
  });
});
