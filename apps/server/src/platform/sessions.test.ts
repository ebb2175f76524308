import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makePersonal, makeStaff, makeTenant } from '../../test/factories.js';
import { addGroupMember, createPrivilegeGroup } from '../seed/demo.js';
import { createSession, resolveToken, revokeSession } from './sessions.js';

// resolveToken reads session, staff status and every group's perms in one statement.
describe('resolveToken', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('unions the perms of all the staff member’s groups, once each', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId, ['orgStaff:view', 'orgStaff:edit']);
    const second = await createPrivilegeGroup(
      t.db,
      tenantId,
      '第二组',
      ['orgStaff:view', 'tasks:view'],
      false,
    );
    await addGroupMember(t.db, tenantId, second, s.staffId);
    const found = await resolveToken(t.db, s.token);
    expect(found.state).toBe('ok');
    if (found.state !== 'ok') return;
    expect(found.caller).toMatchObject({ userId: s.userId, staffId: s.staffId, tenantId });
    expect([...found.caller.perms].sort()).toEqual(['orgStaff:edit', 'orgStaff:view', 'tasks:view']);
  });

  it('a staff member in no group is in the tenant with no perms', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const found = await resolveToken(t.db, s.token);
    expect(found).toMatchObject({ state: 'ok', caller: { tenantId, staffId: s.staffId, perms: [] } });
  });

  it('another tenant’s group never adds perms', async () => {
    const a = await makeTenant(t.db);
    const b = await makeTenant(t.db);
    const s = await makeStaff(t.db, a.tenantId, ['home:view']);
    const foreign = await createPrivilegeGroup(t.db, b.tenantId, '别家的组', ['*'], false);
    // A corrupt membership row pointing across tenants must not leak the other tenant's perms.
    await t.db
      .insertInto('privilege_group_members')
      .values({ tenant_id: a.tenantId, group_id: foreign, staff_id: s.staffId })
      .execute();
    const found = await resolveToken(t.db, s.token);
    expect(found).toMatchObject({ state: 'ok', caller: { perms: ['home:view'] } });
  });

  it('a resigned staff member keeps a session but is outside the organisation', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId, ['*']);
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', s.staffId).execute();
    const found = await resolveToken(t.db, s.token);
    expect(found).toMatchObject({
      state: 'ok',
      caller: { userId: s.userId, tenantId: null, staffId: null, perms: [] },
    });
  });

  it('a personal account has no tenant', async () => {
    const p = await makePersonal(t.db);
    expect(await resolveToken(t.db, p.token)).toMatchObject({
      state: 'ok',
      caller: { tenantId: null, perms: [] },
    });
  });

  it('unknown, expired and revoked tokens', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId, ['*']);
    expect(await resolveToken(t.db, 'no-such-token')).toEqual({ state: 'missing' });
    const short = await createSession(t.db, { userId: s.userId, tenantId, staffId: s.staffId }, 1000, 0);
    expect(await resolveToken(t.db, short.token)).toEqual({ state: 'expired' });
    const found = await resolveToken(t.db, s.token);
    if (found.state !== 'ok') throw new Error('expected a live session');
    await revokeSession(t.db, found.caller.sessionId, 'logout');
    expect(await resolveToken(t.db, s.token)).toEqual({ state: 'expired' });
  });

  // A lookup may be served from the per-connection cache (SQLite); whoever changes the rows behind
  // it, the next lookup must see the change.
  it('after a lookup, a new group, a resignation and a lapse of time show at the next lookup', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId, ['home:view']);
    expect(await resolveToken(t.db, s.token)).toMatchObject({ caller: { perms: ['home:view'] } });

    const group = await createPrivilegeGroup(t.db, tenantId, '后加的组', ['orgStaff:view'], false);
    await addGroupMember(t.db, tenantId, group, s.staffId);
    const widened = await resolveToken(t.db, s.token);
    if (widened.state !== 'ok') throw new Error('expected a live session');
    expect([...widened.caller.perms].sort()).toEqual(['home:view', 'orgStaff:view']);

    await t.db.updateTable('privilege_groups').set({ perms: '[]' }).where('id', '=', group).execute();
    expect(await resolveToken(t.db, s.token)).toMatchObject({ caller: { perms: ['home:view'] } });

    await t.db.deleteFrom('privilege_group_members').where('group_id', '=', group).execute();
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', s.staffId).execute();
    expect(await resolveToken(t.db, s.token)).toMatchObject({ caller: { tenantId: null, perms: [] } });

    const later = Date.now() + 30 * 24 * 3600_000;
    expect(await resolveToken(t.db, s.token, later)).toEqual({ state: 'expired' });
  });

  // Another process (the ops command, a shell) writing to the same SQLite file must be seen too.
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'a change committed by another connection shows at the next lookup',
    async () => {
      const { tenantId } = await makeTenant(t.db);
      const s = await makeStaff(t.db, tenantId, ['home:view']);
      expect(await resolveToken(t.db, s.token)).toMatchObject({ caller: { perms: ['home:view'] } });
      const other = new SqliteDatabase(t.sqliteFile!);
      try {
        other.prepare('update staff set status = 2 where id = ?').run(s.staffId);
      } finally {
        other.close();
      }
      expect(await resolveToken(t.db, s.token)).toMatchObject({ caller: { tenantId: null, perms: [] } });
    },
  );
});
