import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';

/**
 * 消费场景 (issue 21, module spend/scenes): the versioned design the one decision engine compiles.
 *
 * - scenes: the template row of the version store (platform/versions): name, scene_type (0 preset, 1
 *   custom), category (spec 3 Category), status (1 closed, 2 opened; `enabled` mirrors status 2 for the
 *   store), the designer's draft (scene info + rules + scope as JSON; null = nothing unpublished) and
 *   current_version (0 = never published). Soft-deleted.
 * - scene_versions: each publish is an immutable version n+1 (content JSON); an order, a card payment or
 *   a document keeps the (scene_id, version) it was decided with.
 * Quota, orders and releases refer to scenes by id within the tenant.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('scenes'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('scene_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('draft', jsonText)
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('deleted_at', int8)
    .execute();
  await db.schema.createIndex('scenes_tenant').on('scenes').columns(['tenant_id', 'status']).execute();

  await withId(db, db.schema.createTable('scene_versions'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('scene_id', int8, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', jsonText, (c) => c.notNull())
    .addColumn('published_at', int8, (c) => c.notNull())
    .addColumn('published_by', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scene_versions_scene')
    .on('scene_versions')
    .columns(['tenant_id', 'scene_id', 'version'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scene_versions').execute();
  await db.schema.dropTable('scenes').execute();
}
