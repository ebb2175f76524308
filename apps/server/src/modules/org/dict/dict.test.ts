import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { createUserGroup } from '../userGroups/userGroup.service.js';
import { recordSyncConflict } from '../thirdUsers/thirdUsers.service.js';
import { okData, orgFixture, type OrgFixture } from '../org.testkit.js';

let t: TestApp;
let A: OrgFixture;
beforeAll(async () => {
  t = await createTestApp();
  A = await orgFixture(t);
});
afterAll(async () => t?.close());

describe('grades, jobs and titles', () => {
  it('lists grades with active staff counts, blocks deleting one in use, deletes a free one', async () => {
    const list = await okData(A.api('GET', 'job/grades'));
    expect(list.page.page_size).toBe(999);
    expect(list.items.find((g: any) => g.id === A.grade).staff_count).toBe(1);
    expect(await okData(A.api('GET', 'job/grades/delete:check', { query: { id: A.grade } }))).toEqual({
      can_delete: false,
      reason: '该职级下还有1名员工，不能删除',
    });
    const refused = await A.api('POST', 'job/grades:delete', { body: { id: A.grade } });
    expect(refused.status).toBe(409);
    const dup = await A.api('POST', 'job/grades:create', { body: { name: `P${A.tenantId}` } });
    expect(dup.body.msg).toBe('职级名称已存在');
    await okData(A.api('POST', 'job/jobs:update', { body: { id: A.job, name: '架构师', order: 9 } }));
    const jobs = await okData(A.api('GET', 'job/jobs', { query: { keyword: '架构' } }));
    expect(jobs.items).toEqual([expect.objectContaining({ id: A.job, name: '架构师', order: 9 })]);
    const log = await okData(A.api('GET', 'operation-log:list', { query: { module: 'job' } }));
    expect(log.items[0]).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ name: `工程师${A.tenantId}` }),
      after: expect.objectContaining({ name: '架构师' }),
    });
  });

  it('gives a company its own titles plus the tenant-wide ones', async () => {
    const own = (
      await okData(A.api('POST', 'title:create', { body: { name: '注册会计师', org_id: A.companyId } }))
    ).id;
    const other = (await okData(A.api('POST', 'organizations:create', { body: { name: '别的公司' } }))).id;
    await okData(A.api('POST', 'title:create', { body: { name: '律师', org_id: other } }));
    const titles = await okData(A.api('GET', 'title:byOrgId', { query: { org_id: A.companyId } }));
    expect(titles.map((x: any) => x.name).sort()).toEqual(['注册会计师', '高级工程师'].sort());
    expect(await okData(A.api('GET', 'title:detail', { query: { id: own } }))).toMatchObject({
      org_id: A.companyId,
      org_name: expect.stringContaining('子公司'),
    });
    const general = await okData(A.api('GET', 'title:list', { query: { org_id: 0 } }));
    expect(general.items.map((x: any) => x.org_name)).toEqual(['全部公司']);
  });

  it('keeps bank accounts per company, normalises the account number, and blocks deleting a company with accounts', async () => {
    const acc = await okData(A.api('GET', 'account:list', { query: { org_id: A.companyId } }));
    expect(acc.items[0]).toMatchObject({
      account_no: '6225880123456789',
      org_name: expect.stringContaining('子公司'),
    });
    const org = (await okData(A.api('POST', 'organizations:create', { body: { name: '有账户公司' } }))).id;
    await okData(
      A.api('POST', 'account:create', {
        body: { org_id: org, account_name: '基本户', bank_name: '中国银行', account_no: '1234567890' },
      }),
    );
    expect(
      (await okData(A.api('GET', 'organizations:check_can_delete', { query: { org_id: org } }))).reason,
    ).toBe('该公司下还有1个银行账户，不能删除');
  });
});

describe('user groups and third-party sync conflicts', () => {
  it('returns user groups as a tree with active member counts', async () => {
    const root = await createUserGroup(t.db, A.tenantId, {
      name: '全体',
      staffIds: [A.staff, A.admin.staffId],
    });
    await createUserGroup(t.db, A.tenantId, { pid: root, name: '审批组', staffIds: [A.staff] });
    const tree = await okData(A.api('GET', 'user-group:tree'));
    expect(tree).toEqual([
      expect.objectContaining({
        name: '全体',
        member_count: 2,
        children: [expect.objectContaining({ name: '审批组', member_count: 1, children: [] })],
      }),
    ]);
  });

  it('records conflicts, lists them, and resolves by binding or ignoring exactly once', async () => {
    expect(await okData(A.api('GET', 'third-users/has-sync-handle'))).toEqual({ has_handle: true, count: 1 });
    const second = await recordSyncConflict(t.db, A.tenantId, {
      platform: 'wecom',
      third_user_id: 'w1',
      name: '企微用户',
      phone: '13377770000',
      reason: '手机号重复',
    });
    const list = await okData(A.api('GET', 'third-users/sync-handle-list', { query: { status: 1 } }));
    expect(list.page.total).toBe(2);
    const noStaff = await A.api('POST', 'third-users/sync-handle', { body: { id: second, action: 'bind' } });
    expect(noStaff.status).toBe(400);
    await okData(A.api('POST', 'third-users/sync-handle', { body: { id: second, action: 'ignore' } }));
    await okData(
      A.api('POST', 'third-users/sync-handle', {
        body: { id: A.conflict, action: 'bind', staff_id: A.staff },
      }),
    );
    const again = await A.api('POST', 'third-users/sync-handle', { body: { id: second, action: 'ignore' } });
    expect(again.status).toBe(409);
    expect(await okData(A.api('GET', 'third-users/has-sync-handle'))).toEqual({
      has_handle: false,
      count: 0,
    });
    const row = await t.db
      .selectFrom('third_user_sync_conflicts')
      .selectAll()
      .where('id', '=', A.conflict)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 2,
      resolution: 'bind',
      staff_id: A.staff,
      resolved_by: A.admin.staffId,
    });
  });
});
