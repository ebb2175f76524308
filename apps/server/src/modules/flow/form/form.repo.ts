import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import {
  countsPerTemplate,
  templateListing,
  versionStore,
  whereDesignStatus,
  type DesignStatus,
} from '../../../platform/versions/versionStore.js';
import { likeContains } from '../flow.util.js';

/** SQL of custom form templates and their versions (form.service.ts). Every query takes the tenant. */

/**
 * Publish (a published form is its bill type's form: the others are disabled), enable, versions, names and
 * copy (decision 0027). A version keeps the form's name and description beside its fields.
 */
export const formVersions = versionStore({
  templates: 'form_templates',
  versions: 'form_versions',
  key: 'form_id',
  content: 'fields',
  draft: 'draft_fields',
  scope: ['bill_type'],
  snapshot: { name: 'name', description: 'description' },
  copied: ['bill_type', 'description'],
});

export interface FormFilter {
  name?: string;
  billType?: string;
  status?: DesignStatus;
}

function filtered(db: Db, tenantId: number, f: FormFilter) {
  let q = db
    .selectFrom('form_templates as f')
    .where('f.tenant_id', '=', tenantId)
    .where('f.deleted_at', 'is', null);
  if (f.name) q = q.where(sql<boolean>`f.name like ${likeContains(f.name)} escape '\\'`);
  if (f.billType) q = q.where('f.bill_type', '=', f.billType);
  return whereDesignStatus(q, f.status);
}

const FORM_COLS = [
  'f.id',
  'f.name',
  'f.bill_type',
  'f.description',
  'f.enabled',
  'f.draft_fields',
  'f.current_version',
  'f.created_at',
  'f.updated_at',
] as const;

function withNames(db: Db, tenantId: number, f: FormFilter) {
  return filtered(db, tenantId, f)
    .leftJoin('form_versions as v', (j) =>
      j
        .onRef('v.form_id', '=', 'f.id')
        .onRef('v.version', '=', 'f.current_version')
        .on('v.tenant_id', '=', tenantId),
    )
    .leftJoin('staff as p', (j) => j.onRef('p.id', '=', 'v.published_by').on('p.tenant_id', '=', tenantId))
    .select(FORM_COLS)
    .select(['v.published_at', 'p.name as published_by_name', 'v.fields as published_fields']);
}
export type FormRowDb = NonNullable<Awaited<ReturnType<typeof getFormRow>>>;

const formList = templateListing(filtered, withNames);
export const pageForms = formList.page;
export const getFormRow = formList.row;

/** One published version with its form's bill type (a deleted form's versions stay readable by documents). */
export async function getVersion(db: Db, tenantId: number, formId: number, version: number) {
  return db
    .selectFrom('form_versions as v')
    .innerJoin('form_templates as f', (j) =>
      j.onRef('f.id', '=', 'v.form_id').on('f.tenant_id', '=', tenantId),
    )
    .select([
      'v.form_id',
      'v.version',
      'v.name',
      'v.description',
      'v.fields',
      'v.published_at',
      'f.bill_type',
    ])
    .where('v.tenant_id', '=', tenantId)
    .where('v.form_id', '=', formId)
    .where('v.version', '=', version)
    .executeTakeFirst();
}
export type FormVersionDb = NonNullable<Awaited<ReturnType<typeof getVersion>>>;

/** Documents created on each form (any version). */
export function billCounts(db: Db, tenantId: number, formIds: number[]) {
  return countsPerTemplate(db, tenantId, { table: 'bills', column: 'form_id' }, formIds);
}

/** The enabled, published form of a bill type (at most one is enabled). */
export async function enabledForm(db: Db, tenantId: number, billType: string) {
  return db
    .selectFrom('form_templates')
    .select(['id', 'current_version'])
    .where('tenant_id', '=', tenantId)
    .where('bill_type', '=', billType)
    .where('enabled', '=', 1)
    .where('deleted_at', 'is', null)
    .where('current_version', '>', 0)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}

/** Ids among `ids` of the tenant's live departments or companies (form values naming them). */
/**
 * Whether one of the staff member's own documents already holds `key` in its form values (a copied document,
 * one saved again). The JSON holds the key quoted.
 */
export async function ownBillHoldsKey(db: Db, tenantId: number, staffId: number, key: string) {
  const pattern = likeContains(`"${key}"`);
  const row = await db
    .selectFrom('bills')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('submitter_id', '=', staffId)
    .where(sql<boolean>`form_values like ${pattern} escape '\\'`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function liveIds(
  db: Db,
  tenantId: number,
  table: 'departments' | 'organizations',
  ids: number[],
) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom(table as 'departments')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}
