import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MIGRATIONS, sql, type Kysely } from 'kysely';
import { createMigrator, migrateToLatest, withSchemaIntrospection } from '../src/platform/db/migrator.js';
import { migrations } from '../src/db/migrations/index.js';
import { createTestDatabase } from './harness.js';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
let h: Handle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(async () => h?.cleanup());

async function tableExists(db: Kysely<any>, name: string) {
  // On PostgreSQL other test files' schemas come and go meanwhile: introspect ours alone.
  const inspected = h.schema ? withSchemaIntrospection(db, h.schema) : db;
  const tables = await inspected.introspection.getTables();
  return tables.some((t) => t.name === name);
}

describe('migrations', () => {
  it('apply every migration, then go down and up again', async () => {
    const applied = await migrateToLatest(h.db, { schema: h.schema });
    expect(applied).toEqual(Object.keys(migrations));
    expect(await tableExists(h.db, 'sessions')).toBe(true);
    const down = await createMigrator(h.db, { schema: h.schema }).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await tableExists(h.db, 'sessions')).toBe(false);
    expect(await migrateToLatest(h.db, { schema: h.schema })).toEqual(Object.keys(migrations));
  });

  it('a failing migration leaves the database as it was', async () => {
    const broken = {
      ...migrations,
      '29991231T0000_broken': {
        async up(db: Kysely<any>) {
          await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
          await sql`this is not sql`.execute(db);
        },
        async down() {},
      },
    };
    await expect(migrateToLatest(h.db, { list: broken, schema: h.schema })).rejects.toThrow(
      /数据库迁移失败（29991231T0000_broken）/,
    );
    expect(await tableExists(h.db, 'half_done')).toBe(false);
    const executed = await h.db
      .selectFrom('kysely_migration' as never)
      .select('name' as any)
      .execute();
    expect(executed.map((r: any) => r.name)).not.toContain('29991231T0000_broken');
  });
});
