import type { Kysely } from 'kysely';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 同步冲突处理 (设置中心 › 组织架构): the screen that resolves third-party directory users the sync
 * could not match to staff. Its permission values form syncConflict:view / syncConflict:edit
 * (SyncConflictPerm in modules/org/thirdUsers.routes.ts); it sits after 操作日志 (order 9).
 *
 * The third-users routes used orgStaff:view / orgStaff:edit before this migration, so every
 * permission group holding those keeps what it could do: it gains the matching syncConflict
 * value. (The builtin administrator group holds `*` and needs nothing.)
 */
export const SYNC_CONFLICT_MENUS: MenuEntrySeed[] = [
  {
    name: 'syncConflict',
    parent: 'orgStructure',
    path: '/setcenter/org/syncConflict',
    component: 'org/SyncConflict',
    perms: ['view', 'edit'],
    meta: { title: '同步冲突处理', order: 9 },
  },
];

const CARRIED_OVER: [from: string, to: string][] = [
  ['orgStaff:view', 'syncConflict:view'],
  ['orgStaff:edit', 'syncConflict:edit'],
];

async function rewriteGroupPerms(db: Kysely<any>, change: (perms: string[]) => string[]) {
  const groups = await db.selectFrom('privilege_groups').select(['id', 'perms']).execute();
  for (const g of groups) {
    const perms = JSON.parse(g.perms as string) as string[];
    const next = change(perms);
    if (next.length === perms.length && next.every((p, i) => p === perms[i])) continue;
    await db
      .updateTable('privilege_groups')
      .set({ perms: JSON.stringify(next) })
      .where('id', '=', g.id)
      .execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await addMenuEntries(db, SYNC_CONFLICT_MENUS);
  await rewriteGroupPerms(db, (perms) => {
    const added = CARRIED_OVER.filter(([from, to]) => perms.includes(from) && !perms.includes(to));
    return [...perms, ...added.map(([, to]) => to)];
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewriteGroupPerms(db, (perms) => perms.filter((p) => !p.startsWith('syncConflict:')));
  await removeMenuEntries(db, ['syncConflict']);
}
