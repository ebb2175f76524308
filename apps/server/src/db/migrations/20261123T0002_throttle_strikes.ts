import type { Kysely } from 'kysely';

/**
 * Login limits lengthen their lock step by step instead of one fixed 15-minute lock: `strikes`
 * counts the locks a key has had since its last quiet day (docs/decisions/0014-login-throttling.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('auth_throttles')
    .addColumn('strikes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_throttles').dropColumn('strikes').execute();
}
