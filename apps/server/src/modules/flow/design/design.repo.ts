import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { countsPerTemplate, templateListing, versionStore } from '../../../platform/versions/versionStore.js';
import { likeContains } from '../flow.util.js';

/** SQL of flow groups, flows and their versions (design.service.ts). Every query takes the tenant. */

// ---- groups ----

export async function listGroups(db: Db, tenantId: number) {
  return db
    .selectFrom('flow_groups as g')
    .leftJoin('flows as f', (j) =>
      j.onRef('f.group_id', '=', 'g.id').on('f.tenant_id', '=', tenantId).on('f.deleted_at', 'is', null),
    )
    .select(['g.id', 'g.name', 'g.sort_order'])
    .select((eb) => eb.fn.count<number>('f.id').as('flow_count'))
    .where('g.tenant_id', '=', tenantId)
    .groupBy(['g.id', 'g.name', 'g.sort_order'])
    .orderBy('g.sort_order')
    .orderBy('g.id')
    .execute();
}

export async function getGroup(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('flow_groups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function groupNameTaken(db: Db, tenantId: number, name: string, exceptId = 0) {
  const r = await db
    .selectFrom('flow_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return r !== undefined;
}

export async function insertGroup(db: Db, tenantId: number, name: string, now: number) {
  const max = await db
    .selectFrom('flow_groups')
    .select((eb) => eb.fn.max('sort_order').as('m'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const r = await db
    .insertInto('flow_groups')
    .values({
      tenant_id: tenantId,
      name,
      sort_order: Number(max?.m ?? 0) + 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function renameGroup(db: Db, tenantId: number, id: number, name: string, now: number) {
  await db
    .updateTable('flow_groups')
    .set({ name, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteGroup(db: Db, tenantId: number, id: number) {
  await db.deleteFrom('flow_groups').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function setGroupOrder(db: Db, tenantId: number, ids: number[], now: number) {
  for (const [i, id] of ids.entries())
    await db
      .updateTable('flow_groups')
      .set({ sort_order: i + 1, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
}

export async function groupIds(db: Db, tenantId: number) {
  const rows = await db.selectFrom('flow_groups').select('id').where('tenant_id', '=', tenantId).execute();
  return rows.map((r) => r.id);
}

// ---- flows ----

/**
 * Publish, enable (one flow per bill type), versions and copy (decision 0027). A version's content is the
 * engine's FlowDefinition; a copy's draft is its nodes.
 */
export const flowVersions = versionStore({
  templates: 'flows',
  versions: 'flow_versions',
  key: 'flow_id',
  content: 'definition',
  draft: 'draft_nodes',
  scope: ['bill_type'],
  copied: ['group_id', 'bill_type', 'remark'],
  draftOfContent: (definition) =>
    JSON.stringify((JSON.parse(definition) as { nodes?: unknown[] }).nodes ?? []),
});

export interface FlowFilter {
  groupId?: number;
  name?: string;
  billType?: string;
  enabled?: boolean;
}

function filtered(db: Db, tenantId: number, f: FlowFilter) {
  let q = db.selectFrom('flows as f').where('f.tenant_id', '=', tenantId).where('f.deleted_at', 'is', null);
  if (f.groupId !== undefined) q = q.where('f.group_id', '=', f.groupId);
  if (f.name) q = q.where(sql<boolean>`f.name like ${likeContains(f.name)} escape '\\'`);
  if (f.billType) q = q.where('f.bill_type', '=', f.billType);
  if (f.enabled !== undefined) q = q.where('f.enabled', '=', f.enabled ? 1 : 0);
  return q;
}

const FLOW_COLS = [
  'f.id',
  'f.name',
  'f.group_id',
  'f.bill_type',
  'f.enabled',
  'f.remark',
  'f.draft_nodes',
  'f.current_version',
  'f.created_at',
  'f.updated_at',
] as const;

function withNames(db: Db, tenantId: number, f: FlowFilter) {
  return filtered(db, tenantId, f)
    .leftJoin('flow_groups as g', (j) => j.onRef('g.id', '=', 'f.group_id').on('g.tenant_id', '=', tenantId))
    .leftJoin('flow_versions as v', (j) =>
      j.onRef('v.flow_id', '=', 'f.id').onRef('v.version', '=', 'f.current_version'),
    )
    .leftJoin('staff as p', (j) => j.onRef('p.id', '=', 'v.published_by').on('p.tenant_id', '=', tenantId))
    .select(FLOW_COLS)
    .select(['g.name as group_name', 'v.published_at', 'p.name as published_by_name', 'v.definition']);
}
export type FlowRowDb = Awaited<ReturnType<typeof getFlowRow>>;

const flowList = templateListing(filtered, withNames);
export const pageFlows = flowList.page;
export const getFlowRow = flowList.row;

export async function getVersion(db: Db, tenantId: number, flowId: number, version: number) {
  return db
    .selectFrom('flow_versions')
    .select(['definition', 'version', 'flow_id'])
    .where('tenant_id', '=', tenantId)
    .where('flow_id', '=', flowId)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function insertVersion(
  db: Db,
  tenantId: number,
  v: { flow_id: number; version: number; definition: string; published_by: number },
  now: number,
) {
  await db
    .insertInto('flow_versions')
    .values({ tenant_id: tenantId, ...v, published_at: now })
    .execute();
}

/**
 * A flow published at once as version 1 (definition = its nodes): demo data and tests that write documents
 * directly. `deleted_at` set keeps it out of every list while documents still read its version.
 */
export async function insertPublishedFlow(
  db: Db,
  tenantId: number,
  v: {
    group_id: number;
    name: string;
    bill_type: string;
    remark: string;
    enabled: boolean;
    deleted_at: number | null;
    created_by: number;
    nodes: unknown[];
  },
  now: number,
) {
  const { nodes, enabled, ...flow } = v;
  const r = await db
    .insertInto('flows')
    .values({
      tenant_id: tenantId,
      ...flow,
      enabled: enabled ? 1 : 0,
      draft_nodes: null,
      current_version: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const definition = { flowId: String(r.id), version: 1, name: v.name, nodes };
  await insertVersion(
    db,
    tenantId,
    { flow_id: r.id, version: 1, definition: JSON.stringify(definition), published_by: v.created_by },
    now,
  );
  return Number(r.id);
}

/** Documents 审批中 per flow (any version). */
export function runningCounts(db: Db, tenantId: number, flowIds: number[]) {
  return countsPerTemplate(
    db,
    tenantId,
    { table: 'flow_instances', column: 'flow_id', status: 'running' },
    flowIds,
  );
}

/** The enabled, published flow of a bill type (at most one is enabled). */
export async function enabledFlow(db: Db, tenantId: number, billType: string) {
  return db
    .selectFrom('flows')
    .select(['id', 'name', 'current_version'])
    .where('tenant_id', '=', tenantId)
    .where('bill_type', '=', billType)
    .where('enabled', '=', 1)
    .where('deleted_at', 'is', null)
    .where('current_version', '>', 0)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}

/** Flows (draft or current version) whose definition mentions `needle` (a matrix or group reference). */
export async function flowsMentioning(db: Db, tenantId: number, needle: string) {
  const like = `%${needle}%`;
  return db
    .selectFrom('flows as f')
    .leftJoin('flow_versions as v', (j) =>
      j.onRef('v.flow_id', '=', 'f.id').onRef('v.version', '=', 'f.current_version'),
    )
    .select(['f.id', 'f.name'])
    .where('f.tenant_id', '=', tenantId)
    .where('f.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('f.draft_nodes', 'like', like), eb('v.definition', 'like', like)]))
    .execute();
}

/** Ids among `ids` that exist in the tenant's table (reference checks of a definition). */
export async function existing(
  db: Db,
  tenantId: number,
  table: 'privilege_groups' | 'approval_matrices' | 'departments' | 'organizations',
  ids: number[],
) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom(table as 'approval_matrices')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}
