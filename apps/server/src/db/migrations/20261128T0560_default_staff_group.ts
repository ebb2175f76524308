import type { Kysely } from 'kysely';
import { int8 } from '../../platform/db/ddl.js';
import { FLOW_STAFF_PERMS } from './20261127T0141_flow_bill.js';

/**
 * Everyone can start (issue 20, part 7; docs/decisions/0039-nobody-approves-own-spend.md).
 *
 * 1. `privilege_groups.is_default`: the tenant's default group, which every new staff member joins (file
 *    documents, my invoices, my to-dos). The administrator edits its permissions and members like any group
 *    and may make another group the default. Each tenant gets one: an existing non-builtin 普通员工 group
 *    becomes it, otherwise a new 普通员工 is made with DEFAULT_STAFF_PERMS. Active staff in no group at all
 *    (who could open nothing but 工作台) join it.
 * 2. `organizations.founder_user_id`: the person who made the tenant through 创建组织, unique, so a person
 *    founds at most one organisation (two racing requests cannot both succeed).
 */
export const DEFAULT_GROUP_NAME = '普通员工';
export const DEFAULT_STAFF_PERMS = [
  'invoice:view',
  'invoice:add',
  'invoice:delete',
  'invoice:export',
  'invoiceCenter:view',
  ...FLOW_STAFF_PERMS,
].sort();

export async function assignDefaultGroups(db: Kysely<any>, now = Date.now()): Promise<void> {
  const tenants = await db.selectFrom('organizations').select('id').where('pid', '=', 0).execute();
  for (const { id: tenantId } of tenants) {
    let group = await db
      .selectFrom('privilege_groups')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_default', '=', 1)
      .executeTakeFirst();
    if (!group) {
      group = await db
        .selectFrom('privilege_groups')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('name', '=', DEFAULT_GROUP_NAME)
        .where('is_builtin', '=', 0)
        .executeTakeFirst();
      if (group) {
        await db.updateTable('privilege_groups').set({ is_default: 1 }).where('id', '=', group.id).execute();
      } else {
        group = await db
          .insertInto('privilege_groups')
          .values({
            tenant_id: tenantId,
            name: DEFAULT_GROUP_NAME,
            description: '新成员默认加入：填报单据、我的发票、我的待办',
            perms: JSON.stringify(DEFAULT_STAFF_PERMS),
            is_builtin: 0,
            is_default: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      }
    }
    const groupId = group.id;
    await db
      .insertInto('privilege_group_members')
      .columns(['tenant_id', 'group_id', 'staff_id'])
      .expression((eb) =>
        eb
          .selectFrom('staff as s')
          .select([eb.val(tenantId).as('tenant_id'), eb.val(groupId).as('group_id'), 's.id'])
          .where('s.tenant_id', '=', tenantId)
          .where('s.status', '=', 1)
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom('privilege_group_members as m')
                  .select('m.staff_id')
                  .whereRef('m.staff_id', '=', 's.id')
                  .where('m.tenant_id', '=', tenantId),
              ),
            ),
          ),
      )
      .execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('privilege_groups')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('organizations').addColumn('founder_user_id', int8).execute();
  await db.schema
    .createIndex('organizations_founder')
    .on('organizations')
    .column('founder_user_id')
    .unique()
    .execute();
  await assignDefaultGroups(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('organizations_founder').execute();
  await db.schema.alterTable('organizations').dropColumn('founder_user_id').execute();
  await db.schema.alterTable('privilege_groups').dropColumn('is_default').execute();
}
