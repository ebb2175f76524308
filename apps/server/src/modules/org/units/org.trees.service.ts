import { createHash } from 'node:crypto';
import type { OrgTreeNode } from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { orgErrors } from '../org.errors.js';
import { hasModulePriv } from '../org.perms.js';
import * as repo from './org.repo.js';
import type { DeptNodeRow, OrgRow } from './org.repo.js';
import { treeCacheOf } from './org.treeCache.js';
import { nestByPid } from './org.tree.js';

/** Organisation and department trees as the screens and pickers read them (module privileges applied). */

/** A node of the organisation / department trees; its shape is the contract's (packages/contracts). */
export type UnitNode = z.infer<typeof OrgTreeNode>;

function orgNode(o: OrgRow, priv: boolean): UnitNode {
  return {
    key: `org-${o.id}`,
    id: o.id,
    pid: o.pid,
    name: o.name,
    full_name: o.full_name,
    order: o.sort_order,
    has_priv: priv,
    source: o.source,
    org_type: o.org_type as UnitNode['org_type'],
    org_id: o.id,
    tax_id: o.tax_id,
    children: [],
  };
}

/** Names of the active staff heading departments (部门负责人), by staff id. */
type LeaderNames = ReadonlyMap<number, string>;

async function leaderNames(db: Db, tenantId: number): Promise<LeaderNames> {
  return new Map((await repo.listDeptLeaders(db, tenantId)).map((s) => [s.id, s.name]));
}

function deptNode(d: DeptNodeRow, priv: boolean, leaders: LeaderNames): UnitNode {
  return {
    key: `dept-${d.id}`,
    id: d.id,
    pid: d.pid,
    name: d.name,
    full_name: d.name,
    order: d.sort_order,
    has_priv: priv,
    source: d.source,
    org_type: 'dept',
    org_id: d.org_id,
    leader_id: d.leader_id,
    // '' when there is none, or the head has left (flows then find no head there).
    leader_name: d.leader_id ? (leaders.get(d.leader_id) ?? '') : '',
    children: [],
  };
}

export interface TreeQuery {
  only_priv?: number;
  module?: string;
}

export async function orgTree(db: Db, caller: TenantCaller, q: TreeQuery): Promise<UnitNode[]> {
  const priv = hasModulePriv(caller, q.module);
  if (q.only_priv === 1 && !priv) return [];
  const orgs = await repo.listOrgs(db, caller.tenantId);
  return nestByPid(orgs.map((o) => orgNode(o, priv)));
}

/**
 * Departments of one company as a tree (roots have pid 0), or — without org_id — the whole
 * architecture: organisations with their departments nested (departments before child companies).
 */
export async function deptTree(
  db: Db,
  caller: TenantCaller,
  q: TreeQuery & { org_id?: number },
  leaders?: LeaderNames,
): Promise<UnitNode[]> {
  const priv = hasModulePriv(caller, q.module);
  if (q.only_priv === 1 && !priv) return [];
  const heads = leaders ?? (await leaderNames(db, caller.tenantId));
  if (q.org_id !== undefined) {
    if (!(await repo.getOrg(db, caller.tenantId, q.org_id))) throw orgErrors.orgNotFound();
    const depts = await repo.listDeptNodes(db, caller.tenantId, q.org_id);
    return nestByPid(depts.map((d) => deptNode(d, priv, heads)));
  }
  const orgs = await repo.listOrgs(db, caller.tenantId);
  const depts = await repo.listDeptNodes(db, caller.tenantId);
  const orgNodes = orgs.map((o) => orgNode(o, priv));
  const orgById = new Map<number, UnitNode>();
  for (const n of orgNodes) orgById.set(n.id, n);
  // Department roots first (in order) under their company, then child companies after them.
  for (const root of nestByPid(depts.map((d) => deptNode(d, priv, heads))))
    orgById.get(root.org_id)?.children.push(root);
  return nestByPid(orgNodes);
}

const EMPTY_TREE = Buffer.from('[]');

/**
 * deptTree as UTF-8 JSON, from memory while the tenant's tree revision is unchanged (read before
 * the tree, so a copy is never labelled newer than its data). The heads' names live in staff, whose
 * writes do not bump the revision: the key holds a digest of them (renamed or departed heads make a
 * new copy; the old one ages out of the LRU).
 */
export async function deptTreeJson(
  db: Db,
  caller: TenantCaller,
  q: TreeQuery & { org_id?: number },
): Promise<Buffer> {
  const priv = hasModulePriv(caller, q.module);
  if (q.only_priv === 1 && !priv) return EMPTY_TREE;
  const rev = await repo.treeRevision(db, caller.tenantId);
  const leaders = await leaderNames(db, caller.tenantId);
  const digest = createHash('sha1')
    .update(JSON.stringify([...leaders]))
    .digest('base64url');
  const key = `${caller.tenantId}|${q.org_id ?? ''}|${priv ? 1 : 0}|${digest}`;
  const cache = treeCacheOf(db);
  const hit = cache.get(key, rev);
  if (hit) return hit;
  const body = Buffer.from(JSON.stringify(await deptTree(db, caller, q, leaders)));
  cache.set(key, rev, body);
  return body;
}
