import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.js';

/**
 * SQLite only: every change to a row that decides who a session's caller is calls
 * feikong_auth_changed() (registered on each connection by platform/db/dialect.ts), so the auth
 * hook's cache of resolved callers (platform/sessions.ts) is dropped at once, whoever wrote.
 * New sessions and staff rows need no trigger: nothing cached can depend on them yet.
 */
const TRIGGERS: [name: string, event: string, table: string][] = [
  ['sessions_auth_upd', 'update', 'sessions'],
  ['sessions_auth_del', 'delete', 'sessions'],
  ['staff_auth_upd', 'update of status, tenant_id', 'staff'],
  ['staff_auth_del', 'delete', 'staff'],
  ['privilege_groups_auth_ins', 'insert', 'privilege_groups'],
  ['privilege_groups_auth_upd', 'update', 'privilege_groups'],
  ['privilege_groups_auth_del', 'delete', 'privilege_groups'],
  ['privilege_members_auth_ins', 'insert', 'privilege_group_members'],
  ['privilege_members_auth_upd', 'update', 'privilege_group_members'],
  ['privilege_members_auth_del', 'delete', 'privilege_group_members'],
];

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const [name, event, table] of TRIGGERS) {
    await sql
      .raw(`create trigger ${name} after ${event} on ${table} begin select feikong_auth_changed(); end`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const [name] of TRIGGERS) await sql.raw(`drop trigger ${name}`).execute(db);
}
