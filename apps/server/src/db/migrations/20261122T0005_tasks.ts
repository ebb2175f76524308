import { sql, type Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';

/**
 * The embedded job queue (platform/jobs, used on SQLite; PostgreSQL runs pg-boss in its own schema)
 * and the task centre's background import / export tasks (spec §3 Task, §4.3).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', jsonText, (c) => c.notNull())
    // queued → running → done | failed; a crashed worker's running job goes back to queued.
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_limit', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('singleton_key', 'varchar(200)')
    .addColumn('run_after', int8, (c) => c.notNull())
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', int8)
    .addColumn('heartbeat', int8)
    .addColumn('last_error', 'text')
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('finished_at', int8)
    .execute();
  await db.schema.createIndex('jobs_state_run_after').on('jobs').columns(['state', 'run_after']).execute();
  // At most one waiting job per singleton key and name.
  await db.schema
    .createIndex('jobs_singleton_queued')
    .on('jobs')
    .columns(['name', 'singleton_key'])
    .unique()
    .where(sql.ref('state'), '=', sql.lit('queued'))
    .execute();

  await withId(db, db.schema.createTable('tasks'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('creator_staff_id', int8, (c) => c.notNull())
    .addColumn('creator_user_id', int8, (c) => c.notNull())
    .addColumn('creator_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('operating_type', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    // 0 running (queued or working), 1 success, 2 failure (contracts TaskStatus).
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('success_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fail_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('input_key', 'varchar(300)')
    .addColumn('output_key', 'varchar(300)')
    .addColumn('output_name', 'varchar(200)')
    .addColumn('error_msg', 'varchar(500)')
    .addColumn('checkpoint', jsonText)
    .addColumn('params', jsonText, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('finished_at', int8)
    .execute();
  await db.schema
    .createIndex('tasks_tenant_creator_created')
    .on('tasks')
    .columns(['tenant_id', 'creator_staff_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tasks').execute();
  await db.schema.dropTable('jobs').execute();
}
