import type { Db } from '../../platform/db/database.js';
import type { CatalogueEntry, MenuOverride } from './menuTree.js';

/** The global menu catalogue (no tenant: every tenant shares it; migrations add entries). */
export async function listCatalogue(db: Db): Promise<CatalogueEntry[]> {
  const rows = await db
    .selectFrom('menus')
    .select([
      'name',
      'parent_name',
      'path',
      'redirect',
      'component',
      'sort_order',
      'meta',
      'perm_values',
      'ui_types',
      'ui_titles',
    ])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    sort_order: Number(r.sort_order),
    meta: JSON.parse(r.meta),
    perm_values: JSON.parse(r.perm_values) as string[],
    ui_types: r.ui_types === null ? null : (JSON.parse(r.ui_types) as CatalogueEntry['ui_types']),
    ui_titles: r.ui_titles === null ? null : (JSON.parse(r.ui_titles) as CatalogueEntry['ui_titles']),
  }));
}

export async function listOverrides(db: Db, tenantId: number): Promise<Map<string, MenuOverride>> {
  const rows = await db
    .selectFrom('menu_overrides')
    .select(['menu_name', 'title', 'sort_order', 'hidden'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.menu_name,
      {
        title: r.title,
        order: r.sort_order === null ? null : Number(r.sort_order),
        hidden: r.hidden === null ? null : r.hidden === 1,
      },
    ]),
  );
}

/** Replaces the tenant's override of each named entry; an override with nothing left is removed. */
export async function saveOverrides(
  db: Db,
  tenantId: number,
  rows: { name: string; override: MenuOverride }[],
  now: number,
) {
  if (rows.length === 0) return;
  await db
    .deleteFrom('menu_overrides')
    .where('tenant_id', '=', tenantId)
    .where(
      'menu_name',
      'in',
      rows.map((r) => r.name),
    )
    .execute();
  const kept = rows.filter(
    (r) => r.override.title !== null || r.override.order !== null || r.override.hidden !== null,
  );
  if (kept.length === 0) return;
  await db
    .insertInto('menu_overrides')
    .values(
      kept.map(({ name, override: o }) => ({
        tenant_id: tenantId,
        menu_name: name,
        title: o.title,
        sort_order: o.order,
        hidden: o.hidden === null ? null : o.hidden ? 1 : 0,
        updated_at: now,
      })),
    )
    .execute();
}
