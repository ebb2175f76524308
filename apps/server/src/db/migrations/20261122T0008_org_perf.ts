import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.js';
import { int8 } from '../../platform/db/ddl.js';

/**
 * The org module's large-tenant reads (issue budgets: 5,000 departments, 100,000 staff).
 *
 * - staff (tenant_id, id): the staff page without filters and the member export's keyset pages walk
 *   it in id order and stop after a page, instead of sorting the whole tenant; the page's COUNT(*)
 *   is a scan of this narrow index.
 * - org_tree_revisions: a counter per tenant that every insert, update or delete of its
 *   organizations or departments bumps, by trigger, whoever writes (services, imports, seeds).
 *   The department tree (departments:list) is kept in memory, serialised, per tenant and revision:
 *   a request reads one row to know the copy is current (see org.treeCache.ts).
 */
const TREE_TABLES = ['organizations', 'departments'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('staff_tenant_id').on('staff').columns(['tenant_id', 'id']).execute();

  await db.schema
    .createTable('org_tree_revisions')
    .addColumn('tenant_id', int8, (c) => c.primaryKey())
    .addColumn('rev', int8, (c) => c.notNull())
    .execute();
  const bump = (tenant: 'new' | 'old') =>
    sql.raw(
      `insert into org_tree_revisions (tenant_id, rev) values (${tenant}.tenant_id, 1) ` +
        `on conflict (tenant_id) do update set rev = org_tree_revisions.rev + 1;`,
    );
  if (dialectOf(db) === 'postgres') {
    await sql`
      create function org_tree_bump() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${bump('old')} end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.tenant_id <> old.tenant_id) then ${bump('new')} end if;
        return null;
      end $$`.execute(db);
    for (const t of TREE_TABLES) {
      await sql`create trigger ${sql.id(`${t}_tree_rev`)} after insert or update or delete on ${sql.id(t)}
        for each row execute function org_tree_bump()`.execute(db);
    }
  } else {
    for (const t of TREE_TABLES) {
      await sql`create trigger ${sql.id(`${t}_tree_rev_insert`)} after insert on ${sql.id(t)}
        begin ${bump('new')} end`.execute(db);
      await sql`create trigger ${sql.id(`${t}_tree_rev_update`)} after update on ${sql.id(t)}
        begin ${bump('old')} ${bump('new')} end`.execute(db);
      await sql`create trigger ${sql.id(`${t}_tree_rev_delete`)} after delete on ${sql.id(t)}
        begin ${bump('old')} end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const t of TREE_TABLES)
      await sql`drop trigger ${sql.id(`${t}_tree_rev`)} on ${sql.id(t)}`.execute(db);
    await sql`drop function org_tree_bump()`.execute(db);
  } else {
    for (const t of TREE_TABLES)
      for (const op of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.id(`${t}_tree_rev_${op}`)}`.execute(db);
  }
  await db.schema.dropTable('org_tree_revisions').execute();
  await db.schema.dropIndex('staff_tenant_id').execute();
}
