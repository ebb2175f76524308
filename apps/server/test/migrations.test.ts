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

  it('20261129T1600_fee_types gives a tenant that existed before it the nine fee types as roots', async () => {
    await migrateToLatest(h.db, { schema: h.schema });
    const back = await createMigrator(h.db, { schema: h.schema }).migrateTo('20261129T1300_projects');
    expect(back.error).toBeUndefined();
    expect(await tableExists(h.db, 'fee_types')).toBe(false);
    const now = Date.now();
    const { id } = await h.db
      .insertInto('organizations')
      .values({
        tenant_id: 0,
        pid: 0,
        name: '迁移前的集团',
        full_name: '迁移前的集团',
        tax_id: null,
        org_type: 'group',
        sort_order: 0,
        source: 0,
        ui_type: 'fee_control',
        orgcode_payer_type: 1,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.updateTable('organizations').set({ tenant_id: id }).where('id', '=', id).execute();
    await migrateToLatest(h.db, { schema: h.schema });
    const rows = await h.db
      .selectFrom('fee_types')
      .select(['code', 'name', 'parent_id', 'enabled'])
      .where('tenant_id', '=', Number(id))
      .orderBy('sort')
      .execute();
    expect(rows.map((r) => [r.code, r.name])).toEqual([
      ['travel', '差旅费'],
      ['traffic', '交通费'],
      ['hotel', '住宿费'],
      ['meal', '餐饮费'],
      ['entertain', '业务招待费'],
      ['office', '办公费'],
      ['communication', '通讯费'],
      ['training', '培训费'],
      ['other', '其他'],
    ]);
    expect(rows.every((r) => Number(r.parent_id) === 0 && r.enabled === 1)).toBe(true);
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
