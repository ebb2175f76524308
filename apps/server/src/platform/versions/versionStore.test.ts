import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.js';
import type { Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { versionStore } from './versionStore.js';

// The store on two real designs' tables (flows, custom forms), on SQLite or PostgreSQL (TEST_DATABASE_URL).
const flows = versionStore({
  templates: 'flows',
  versions: 'flow_versions',
  key: 'flow_id',
  content: 'definition',
  draft: 'draft_nodes',
  scope: ['bill_type'],
  copied: ['group_id', 'bill_type', 'remark'],
  draftOfContent: (d) => JSON.stringify((JSON.parse(d) as { nodes: unknown[] }).nodes),
});
const forms = versionStore({
  templates: 'form_templates',
  versions: 'form_versions',
  key: 'form_id',
  content: 'fields',
  draft: 'draft_fields',
  scope: ['bill_type'],
  snapshot: { name: 'name', description: 'description' },
  copied: ['bill_type', 'description'],
});

let h: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const T = 7001;
const OTHER = 7002;
let seq = 0;

async function flow(tenantId: number, billType = 'expense', draft: string | null = '["a"]') {
  const r = await db
    .insertInto('flows')
    .values({
      tenant_id: tenantId,
      group_id: 1,
      name: `流程${++seq}`,
      bill_type: billType,
      enabled: 0,
      remark: '备注',
      draft_nodes: draft,
      current_version: 0,
      created_by: 1,
      created_at: 1,
      updated_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

const row = (id: number) => db.selectFrom('flows').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const def = (v: number) => JSON.stringify({ version: v, nodes: ['n'] });

beforeAll(async () => {
  h = await createTestDatabase();
  db = h.db;
  await migrateToLatest(db, { schema: h.schema });
});
afterAll(async () => h.cleanup());

describe('versionStore', () => {
  it('publishes n+1 with the content built from its number, clears the draft, lists newest first', async () => {
    const id = await flow(T);
    expect(await flows.publish(db, T, id, { content: def, by: 5, now: 100 })).toBe(1);
    expect(await flows.publish(db, T, id, { content: def, by: 6, now: 200 })).toBe(2);
    const r = await row(id);
    expect([r.current_version, r.draft_nodes, r.updated_at, r.enabled]).toEqual([2, null, 200, 0]);
    expect(await flows.content(db, T, id, 1)).toBe(def(1));
    expect(await flows.content(db, T, id, 3)).toBeUndefined();
    const list = await flows.versions(db, T, id);
    expect(list.map((v) => [v.version, v.published_by, v.published_at])).toEqual([
      [2, 6, 200],
      [1, 5, 100],
    ]);
  });

  it('keeps tenants apart: another tenant publishes, reads and lists nothing of it', async () => {
    const id = await flow(T);
    expect(await flows.publish(db, OTHER, id, { content: def, by: 1, now: 1 })).toBeNull();
    await flows.publish(db, T, id, { content: def, by: 1, now: 1 });
    expect(await flows.content(db, OTHER, id, 1)).toBeUndefined();
    expect(await flows.versions(db, OTHER, id)).toEqual([]);
    expect((await row(id)).current_version).toBe(1);
  });

  it('two publishes at once give n+1 and n+2, never the same number twice', async () => {
    const id = await flow(T);
    await flows.publish(db, T, id, { content: def, by: 1, now: 1 });
    const got = await Promise.all(
      Array.from({ length: 6 }, () => flows.publish(db, T, id, { content: def, by: 1, now: 2 })),
    );
    expect([...got].sort((a, b) => Number(a) - Number(b))).toEqual([2, 3, 4, 5, 6, 7]);
    const list = await flows.versions(db, T, id);
    expect(list.map((v) => v.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    // Each version's content names its own number.
    for (const v of list) expect(await flows.content(db, T, id, v.version)).toBe(def(v.version));
    expect((await row(id)).current_version).toBe(7);
  });

  it('enabling one disables the others of its scope only (same tenant, same bill type)', async () => {
    const a = await flow(T, 'loan');
    const b = await flow(T, 'loan');
    const c = await flow(T, 'apply');
    const d = await flow(OTHER, 'loan');
    for (const id of [a, c]) await flows.setEnabled(db, T, id, true, 10);
    await flows.setEnabled(db, OTHER, d, true, 10);
    await flows.setEnabled(db, T, b, true, 20);
    const enabled = async (id: number) => (await row(id)).enabled;
    expect([await enabled(a), await enabled(b), await enabled(c), await enabled(d)]).toEqual([0, 1, 1, 1]);
    await flows.setEnabled(db, T, b, false, 30);
    expect(await enabled(b)).toBe(0);
  });

  it('publish with enable makes it its scope’s enabled one; snapshot columns are copied into the version', async () => {
    const mk = async (name: string) => {
      const r = await db
        .insertInto('form_templates')
        .values({
          tenant_id: T,
          name,
          bill_type: 'custom',
          description: `说明${name}`,
          enabled: 0,
          draft_fields: '[{"key":"x"}]',
          current_version: 0,
          created_by: 1,
          created_at: 1,
          updated_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    };
    const f1 = await mk('表单一');
    const f2 = await mk('表单二');
    await forms.publish(db, T, f1, { content: () => '[1]', by: 1, now: 5, enable: true });
    await forms.publish(db, T, f2, { content: () => '[2]', by: 1, now: 6, enable: true });
    const rows = await db
      .selectFrom('form_templates')
      .select(['id', 'enabled', 'draft_fields'])
      .where('id', 'in', [f1, f2])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.enabled, r.draft_fields])).toEqual([
      [0, null],
      [1, null],
    ]);
    const v = await db
      .selectFrom('form_versions')
      .selectAll()
      .where('form_id', '=', f2)
      .executeTakeFirstOrThrow();
    expect([v.version, v.name, v.description, v.fields]).toEqual([1, '表单二', '说明表单二', '[2]']);
  });

  it('copies a draft: its own draft, else the published content; names 副本, 副本2; a taken name is refused', async () => {
    const src = await flow(T, 'trip', null);
    await db.updateTable('flows').set({ draft_nodes: '["x"]' }).where('id', '=', src).execute();
    await flows.publish(db, T, src, {
      content: (v) => JSON.stringify({ version: v, nodes: ['p'] }),
      by: 1,
      now: 1,
    });
    const name = (await row(src)).name;
    const c1 = Number(await flows.copy(db, T, src, { by: 9, now: 50 }));
    const c2 = Number(await flows.copy(db, T, src, { by: 9, now: 51 }));
    const r1 = await row(c1);
    expect([r1.name, r1.draft_nodes, r1.current_version, r1.enabled, r1.bill_type, r1.remark]).toEqual([
      `${name}-副本`,
      '["p"]',
      0,
      0,
      'trip',
      '备注',
    ]);
    expect((await row(c2)).name).toBe(`${name}-副本2`);
    await db.updateTable('flows').set({ draft_nodes: '["d"]' }).where('id', '=', src).execute();
    const c3 = Number(await flows.copy(db, T, src, { name: '指定名', by: 9, now: 52 }));
    expect([(await row(c3)).name, (await row(c3)).draft_nodes]).toEqual(['指定名', '["d"]']);
    expect(await flows.copy(db, T, src, { name: '指定名', by: 9, now: 53 })).toBeNull();
    expect(await flows.copy(db, OTHER, src, { by: 9, now: 53 })).toBeUndefined();
    expect(await flows.nameTaken(db, T, '指定名')).toBe(true);
    expect(await flows.nameTaken(db, T, '指定名', c3)).toBe(false);
    expect(await flows.nameTaken(db, OTHER, '指定名')).toBe(false);
  });

  it('a deleted template is neither published nor copied; its versions stay readable', async () => {
    const id = await flow(T);
    await flows.publish(db, T, id, { content: def, by: 1, now: 1 });
    await db.updateTable('flows').set({ deleted_at: 2, draft_nodes: '["z"]' }).where('id', '=', id).execute();
    expect(await flows.publish(db, T, id, { content: def, by: 1, now: 3 })).toBeNull();
    expect(await flows.copy(db, T, id, { by: 1, now: 3 })).toBeUndefined();
    expect(await flows.content(db, T, id, 1)).toBe(def(1));
  });
});
