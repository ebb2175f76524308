import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';

/**
 * Who uploaded each file (issue 19, part 4; docs/decisions/0033-ownership-and-hostile-text.md). Every signed
 * upload form now names a random directory of its own, `<dir>/t<tenant>/<32 hex>/`, recorded here with the
 * staff member it was signed for: a key belongs to the grant whose directory it starts with, and its random
 * segment makes it unguessable. Keys written before this migration have no grant (only the objects they are
 * attached to vouch for them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('upload_grants'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('dir', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_grants_dir').on('upload_grants').column('dir').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_grants').execute();
}
