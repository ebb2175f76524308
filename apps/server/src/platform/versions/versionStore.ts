import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction, type Db } from '../db/database.js';

/**
 * One store for versioned designs (decision 0027): a template row holds the designer's draft, the current
 * version number and an enabled flag; each publish writes an immutable version row n+1; documents keep the
 * (template, version) they were made with. Flows (flows/flow_versions) and custom forms
 * (form_templates/form_versions) use it; scenes, budgets, rule sets and platform configs are meant to.
 */

type Row<T extends keyof Database> = Database[T];
type Col<T extends keyof Database> = keyof Row<T> & string;

/** Tables that can hold templates: the columns the store reads and writes by these fixed names. */
export type TemplateTable = {
  [K in keyof Database]: Row<K> extends {
    tenant_id: number;
    name: string;
    current_version: number;
    enabled: number;
    created_by: number;
    created_at: number;
    updated_at: number;
    deleted_at: number | null;
  }
    ? K
    : never;
}[keyof Database];

/** Tables that can hold versions: one immutable row per publish. */
export type VersionTable = {
  [K in keyof Database]: Row<K> extends {
    tenant_id: number;
    version: number;
    published_at: number;
    published_by: number;
  }
    ? K
    : never;
}[keyof Database];

/** The table contract of one versioned design. Ids, tenant_id and the fixed columns above are implied. */
export interface VersionedDesign<T extends TemplateTable, V extends VersionTable> {
  /** The template table (the designer's row). */
  templates: T;
  /** The version table (unique on the template key + version). */
  versions: V;
  /** The version table's column naming its template (flow_id). */
  key: Col<V>;
  /** The version table's content column (JSON text). */
  content: Col<V>;
  /** The template's draft column (JSON text; null = nothing unpublished). */
  draft: Col<T>;
  /** Enabling a template disables the tenant's other live templates with the same values here (bill_type). */
  scope: Col<T>[];
  /** Version column ← template column, copied at publish beside the content (a form's name, description). */
  snapshot?: Partial<Record<Col<V>, Col<T>>>;
  /** Template columns a copy takes over (the name is chosen by copy itself). */
  copied: Col<T>[];
  /** A copy's draft when the source has none: from the published content (a flow's definition → its nodes). */
  draftOfContent?: (content: string) => string;
}

export interface PublishInput {
  /** The content of version n (built from the number: a flow's definition names its version). */
  content: (version: number) => string;
  /** Staff id of the publisher. */
  by: number;
  now: number;
  /** Make it the enabled one of its scope (a form is enabled on publish; a flow is enabled separately). */
  enable?: boolean;
}

export interface VersionListItem {
  version: number;
  published_at: number;
  published_by: number;
  published_by_name: string | null;
}

/** Columns the store sets itself on a new template. */
type StoreSet = 'tenant_id' | 'enabled' | 'current_version' | 'created_at' | 'updated_at';

export interface VersionStore<T extends TemplateTable = TemplateTable> {
  /** The tenant's live (not deleted) template row. */
  template(db: Db, tenantId: number, id: number): Promise<Selectable<Row<T>> | undefined>;
  /** A new template: unpublished (version 0) and disabled. Returns its id. */
  create(db: Db, tenantId: number, values: Omit<Insertable<Row<T>>, StoreSet>, now: number): Promise<number>;
  /** Changes template columns (the draft, the name, deleted_at…) and stamps updated_at. */
  update(
    db: Db,
    tenantId: number,
    id: number,
    patch: Omit<Updateable<Row<T>>, 'tenant_id' | 'updated_at'>,
    now: number,
  ): Promise<void>;
  /**
   * Publishes version current + 1 and clears the draft. The number comes from one UPDATE … SET
   * current_version = current_version + 1 on the template, so two publishes at once queue on its row and
   * get n+1 and n+2. Returns null when the tenant has no such live template.
   */
  publish(db: Db, tenantId: number, id: number, input: PublishInput): Promise<number | null>;
  /** Enables (disabling the others of its scope) or disables a template. */
  setEnabled(db: Db, tenantId: number, id: number, enabled: boolean, now: number): Promise<void>;
  /** The template's versions, newest first, with the publisher's staff name. */
  versions(db: Db, tenantId: number, id: number): Promise<VersionListItem[]>;
  /** One version's content (undefined when absent); a deleted template's versions stay readable. */
  content(db: Db, tenantId: number, id: number, version: number): Promise<string | undefined>;
  /** Is the name used by another live template of the tenant? */
  nameTaken(db: Db, tenantId: number, name: string, exceptId?: number): Promise<boolean>;
  /**
   * A new draft template from `id` (its draft, else its published content), named `name` or "<name>-副本",
   * "-副本2", …; unpublished and disabled. Null when the requested name is taken; undefined when `id` is absent.
   */
  copy(
    db: Db,
    tenantId: number,
    id: number,
    input: { name?: string; by: number; now: number },
  ): Promise<number | null | undefined>;
}

/** The store of one versioned design. */
export function versionStore<T extends TemplateTable, V extends VersionTable>(
  design: VersionedDesign<T, V>,
): VersionStore<T> {
  // The table and column names are the contract's, checked above; Kysely cannot type names held in variables.
  const q = (db: Db) => db as unknown as Kysely<any>;
  const templates: string = design.templates;
  const versions: string = design.versions;
  const key: string = design.key;
  const content: string = design.content;
  const draft: string = design.draft;

  const live = (db: Db, tenantId: number, id: number) =>
    q(db)
      .selectFrom(templates)
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();

  async function disableOthers(db: Db, tenantId: number, row: Record<string, unknown>, now: number) {
    let u = q(db)
      .updateTable(templates)
      .set({ enabled: 0, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', 1)
      .where('id', '!=', row.id);
    for (const c of design.scope as string[]) u = u.where(c, '=', row[c] as string | number);
    await u.execute();
  }

  const store: VersionStore<T> = {
    template: (db, tenantId, id) => live(db, tenantId, id) as Promise<Selectable<Row<T>> | undefined>,

    async create(db, tenantId, values, now) {
      const r = await q(db)
        .insertInto(templates)
        .values({
          tenant_id: tenantId,
          ...values,
          enabled: 0,
          current_version: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },

    async update(db, tenantId, id, patch, now) {
      await q(db)
        .updateTable(templates)
        .set({ ...patch, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    publish(db, tenantId, id, input) {
      return inTransaction(db, async (trx) => {
        const bumped = await q(trx)
          .updateTable(templates)
          .set((eb: any) => ({ current_version: eb('current_version', '+', 1), updated_at: input.now }))
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!bumped) return null;
        const version = Number(bumped.current_version);
        const snap: Record<string, unknown> = {};
        for (const [vc, tc] of Object.entries(design.snapshot ?? {})) snap[vc] = bumped[tc as string];
        await q(trx)
          .insertInto(versions)
          .values({
            tenant_id: tenantId,
            [key]: id,
            version,
            [content]: input.content(version),
            ...snap,
            published_by: input.by,
            published_at: input.now,
          })
          .execute();
        if (input.enable) await disableOthers(trx, tenantId, bumped, input.now);
        await q(trx)
          .updateTable(templates)
          .set({ [draft]: null, ...(input.enable ? { enabled: 1 } : {}) })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .execute();
        return version;
      });
    },

    setEnabled(db, tenantId, id, enabled, now) {
      return inTransaction(db, async (trx) => {
        const row = await live(trx, tenantId, id);
        if (!row) return;
        if (enabled) await disableOthers(trx, tenantId, row, now);
        await q(trx)
          .updateTable(templates)
          .set({ enabled: enabled ? 1 : 0, updated_at: now })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .execute();
      });
    },

    async versions(db, tenantId, id) {
      const rows = await q(db)
        .selectFrom(`${versions} as v`)
        .leftJoin('staff as p', (j: any) =>
          j.onRef('p.id', '=', 'v.published_by').on('p.tenant_id', '=', tenantId),
        )
        .select(['v.version', 'v.published_at', 'v.published_by', 'p.name as published_by_name'])
        .where('v.tenant_id', '=', tenantId)
        .where(`v.${key}`, '=', id)
        .orderBy('v.version', 'desc')
        .execute();
      return rows.map((r: any) => ({
        version: Number(r.version),
        published_at: Number(r.published_at),
        published_by: Number(r.published_by),
        published_by_name: r.published_by_name ?? null,
      }));
    },

    async content(db, tenantId, id, version) {
      const r = await q(db)
        .selectFrom(versions)
        .select(content)
        .where('tenant_id', '=', tenantId)
        .where(key, '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return r ? (r[content] as string) : undefined;
    },

    async nameTaken(db, tenantId, name, exceptId = 0) {
      const r = await q(db)
        .selectFrom(templates)
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('name', '=', name)
        .where('deleted_at', 'is', null)
        .where('id', '!=', exceptId)
        .executeTakeFirst();
      return r !== undefined;
    },

    copy(db, tenantId, id, input) {
      return inTransaction(db, async (trx) => {
        const src = await live(trx, tenantId, id);
        if (!src) return undefined;
        let name = input.name || `${src.name}-副本`.slice(0, 50);
        for (let i = 2; !input.name && (await store.nameTaken(trx, tenantId, name)); i++)
          name = `${src.name}-副本${i}`.slice(0, 50);
        if (await store.nameTaken(trx, tenantId, name)) return null;
        let draftText = src[draft] as string | null;
        if (draftText === null && src.current_version > 0) {
          const published = await store.content(trx, tenantId, id, Number(src.current_version));
          if (published !== undefined)
            draftText = design.draftOfContent ? design.draftOfContent(published) : published;
        }
        const values: Record<string, unknown> = {};
        for (const c of design.copied) values[c] = src[c];
        const r = await q(trx)
          .insertInto(templates)
          .values({
            tenant_id: tenantId,
            ...values,
            name,
            [draft]: draftText ?? '[]',
            enabled: 0,
            current_version: 0,
            created_by: input.by,
            created_at: input.now,
            updated_at: input.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(r.id);
      });
    },
  };
  return store;
}

/** The 草稿 / 已发布 (enabled) / 已停用 states of a template list filter, on the template alias `f`. */
export type DesignStatus = 'draft' | 'published' | 'disabled';

export function whereDesignStatus<Q extends SelectQueryBuilder<any, any, any>>(
  q: Q,
  status?: DesignStatus,
): Q {
  const r = q as SelectQueryBuilder<any, any, any>;
  if (status === 'draft') return r.where('f.current_version', '=', 0) as Q;
  if (status === 'published') return r.where('f.current_version', '>', 0).where('f.enabled', '=', 1) as Q;
  if (status === 'disabled') return r.where('f.current_version', '>', 0).where('f.enabled', '=', 0) as Q;
  return q;
}

/**
 * A design's list reads from its two queries: `filtered` (the list filter on the template alias `f`) and
 * `withNames` (the same with the published version and names joined).
 */
export function templateListing<F extends object, R>(
  filtered: (db: Db, tenantId: number, f: F) => SelectQueryBuilder<any, any, any>,
  withNames: (db: Db, tenantId: number, f: F) => SelectQueryBuilder<any, any, R>,
) {
  return {
    page: (db: Db, tenantId: number, f: F, pageNum: number, pageSize: number) =>
      pageTemplates(filtered(db, tenantId, f), withNames(db, tenantId, f), pageNum, pageSize),
    /** One template's list row, whatever the filter. */
    row: (db: Db, tenantId: number, id: number): Promise<R | undefined> =>
      withNames(db, tenantId, {} as F)
        .where('f.id', '=', id)
        .executeTakeFirst(),
  };
}

/**
 * One page of a template list: the total from `filtered` and the rows of `rows` (the same filter with the
 * names joined), newest change first.
 */
export async function pageTemplates<R>(
  filtered: SelectQueryBuilder<any, any, any>,
  rows: SelectQueryBuilder<any, any, R>,
  pageNum: number,
  pageSize: number,
): Promise<{ items: R[]; total: number }> {
  const { n } = await filtered.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const items = await rows
    .orderBy('f.updated_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { items, total: Number(n) };
}

/**
 * How many rows of `table` name each of `ids` in `column` (documents made on each template, any version),
 * with `where` narrowing them (a flow counts only its running instances).
 */
export async function countsPerTemplate(
  db: Db,
  tenantId: number,
  from: { table: 'flow_instances' | 'bills'; column: 'flow_id' | 'form_id'; status?: string },
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  let q = (db as unknown as Kysely<any>)
    .selectFrom(from.table)
    .select([from.column, (eb: any) => eb.fn.countAll().as('n')])
    .where('tenant_id', '=', tenantId)
    .where(from.column, 'in', ids);
  if (from.status !== undefined) q = q.where('status', '=', from.status);
  const rows = await q.groupBy(from.column).execute();
  return new Map(rows.map((r: any) => [Number(r[from.column]), Number(r.n)]));
}
