import type { Kysely } from 'kysely';

/**
 * 用户组 becomes editable: the userGroup menu gains the permission value `edit` (userGroup:edit,
 * OrgPerm.userGroupEdit) beside `view`.
 *
 * No permission group is granted the new value. Unlike syncConflict (0011), whose routes had been
 * guarded by orgStaff:* before, nobody could change user groups until now, so there is nothing to
 * carry over; giving it to view holders would widen what they may do. The builtin administrator
 * group holds `*` and has it already; others are granted it in 权限组 like any other value.
 */
async function setPermValues(db: Kysely<any>, values: string[]) {
  await db
    .updateTable('menus')
    .set({ perm_values: JSON.stringify(values) })
    .where('name', '=', 'userGroup')
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await setPermValues(db, ['view', 'edit']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await setPermValues(db, ['view']);
  const groups = await db.selectFrom('privilege_groups').select(['id', 'perms']).execute();
  for (const g of groups) {
    const perms = JSON.parse(g.perms as string) as string[];
    if (!perms.includes('userGroup:edit')) continue;
    await db
      .updateTable('privilege_groups')
      .set({ perms: JSON.stringify(perms.filter((p) => p !== 'userGroup:edit')) })
      .where('id', '=', g.id)
      .execute();
  }
}
