import {
  BILL_TYPE_LABEL,
  FEE_TYPE_MAX_DEPTH,
  type BillType,
  type FeeTypeNode,
  type FeeTypeOption,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { registerProcessCache } from '../../../platform/processCaches.js';
import { feeTypeErrors } from './feeTypes.errors.js';
import * as repo from './feeTypes.repo.js';
import type { FeeTypeRowDb } from './feeTypes.repo.js';
import { FeeTree } from './feeTypes.tree.js';

/**
 * 费用类型 (issue 22 "Fee types", decision 0051): a tenant's tree of fee types. The code is unique in the tenant
 * (the unique index decides two concurrent adds) and never changes; a node may be moved under another (no
 * cycles, at most FEE_TYPE_MAX_DEPTH levels); 停用 stops the whole subtree, 启用 needs an enabled parent; 删除 is
 * refused while it has children or any document's fee line uses its code. Fee lines may use any enabled node
 * allowed for their bill type; standards and audit rules key on the nine root categories (feeTypeAncestors).
 */

/** How many documents have a fee line with the code, and the first numbers (flow's billsOfFeeType, handed in). */
export type FeeTypeUse = (
  db: Db,
  tenantId: number,
  code: string,
) => Promise<{ count: number; numbers: string[] }>;

export interface FeeTypeInput {
  name: string;
  parent_id: number;
  subject_code: string;
  bill_types: string[];
  sort: number;
}

const tree = async (db: Db, tenantId: number) => new FeeTree(await repo.allFeeTypes(db, tenantId));
/** The tree inside a write's transaction, locked against the tenant's other tree writes (repo.allFeeTypes). */
const lockedTree = async (trx: Db, tenantId: number) =>
  new FeeTree(await repo.allFeeTypes(trx, tenantId, true));

async function mapCodeClash<T>(code: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw feeTypeErrors.codeTaken(code);
    throw e;
  }
}

const billTypesText = (types: string[]) =>
  types.length === 0 ? '全部' : types.map((t) => BILL_TYPE_LABEL[t as BillType] ?? t).join('、');

function nodeOut(n: FeeTypeRowDb, level: number): FeeTypeNode {
  return {
    id: n.id,
    code: n.code,
    name: n.name,
    parent_id: n.parent_id,
    level,
    enabled: n.enabled,
    statusText: n.enabled ? '启用' : '停用',
    subject_code: n.subject_code,
    bill_types: n.bill_types,
    billTypesText: billTypesText(n.bill_types),
    sort: n.sort,
    updated_at: n.updated_at,
  };
}

const valuesOf = (input: FeeTypeInput): repo.FeeTypeValues => ({
  name: input.name,
  parent_id: input.parent_id,
  subject_code: input.subject_code,
  bill_types: [...new Set(input.bill_types)],
  sort: input.sort,
});

/** The whole tree, parents before their children (the settings screen nests it). */
export async function feeTypeTree(db: Db, caller: TenantCaller) {
  const t = await tree(db, caller.tenantId);
  return { items: t.ordered().map(({ node, level }) => nodeOut(node, level)) };
}

export async function feeTypeInfo(db: Db, caller: TenantCaller, id: number) {
  const t = await tree(db, caller.tenantId);
  const n = t.byId.get(id);
  if (!n) throw feeTypeErrors.notFound();
  return nodeOut(n, t.level(id));
}

/** The parent named by an add or a move: the tenant's, and the tree no deeper than allowed. */
function checkParent(t: FeeTree<FeeTypeRowDb>, parentId: number, height: number) {
  if (parentId === 0) return null;
  const p = t.byId.get(parentId);
  if (!p) throw feeTypeErrors.badParent(`上级费用类型（ID ${parentId}）不存在`);
  if (t.level(parentId) + height > FEE_TYPE_MAX_DEPTH)
    throw feeTypeErrors.badParent(`费用类型最多${FEE_TYPE_MAX_DEPTH}级，「${p.name}」下不能再添加`);
  return p;
}

export async function addFeeType(
  db: Db,
  caller: TenantCaller,
  input: FeeTypeInput & { code: string },
  now = Date.now(),
) {
  return mapCodeClash(input.code, () =>
    db.transaction().execute(async (trx) => {
      const t = await lockedTree(trx, caller.tenantId);
      const parent = checkParent(t, input.parent_id, 1);
      // under a stopped parent a new node starts stopped too (停用 holds for the whole subtree)
      const enabled = parent ? parent.enabled : 1;
      const id = await repo.insertFeeType(
        trx,
        caller.tenantId,
        { ...valuesOf(input), code: input.code, enabled },
        caller.staffId,
        now,
      );
      return { id };
    }),
  );
}

/** Name, parent (a move), subject, bill types, sort; never the code. */
export async function updateFeeType(
  db: Db,
  caller: TenantCaller,
  input: FeeTypeInput & { id: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const t = await lockedTree(trx, caller.tenantId);
    const n = t.byId.get(input.id);
    if (!n) throw feeTypeErrors.notFound();
    if (input.parent_id !== n.parent_id) {
      if (t.subtree(n.id).some((x) => x.id === input.parent_id))
        throw feeTypeErrors.badParent('上级费用类型不能是它自己或它的下级');
      checkParent(t, input.parent_id, t.height(n.id));
    }
    await repo.updateFeeType(trx, caller.tenantId, input.id, valuesOf(input), caller.staffId, now);
    return { id: input.id };
  });
}

/**
 * 停用 stops the node and its whole subtree (a stopped category cannot hide usable children); 启用 starts the
 * node only, and is refused under a stopped parent. Answers the ids that changed.
 */
export async function setFeeTypeStatus(
  db: Db,
  caller: TenantCaller,
  input: { id: number; enabled: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const t = await lockedTree(trx, caller.tenantId);
    const n = t.byId.get(input.id);
    if (!n) throw feeTypeErrors.notFound();
    let ids: number[];
    if (input.enabled === 0) {
      ids = t
        .subtree(n.id)
        .filter((x) => x.enabled)
        .map((x) => x.id);
    } else {
      const parent = t.byId.get(n.parent_id);
      if (parent && !parent.enabled)
        throw feeTypeErrors.refused(`上级费用类型「${parent.name}」已停用，请先启用上级`);
      ids = n.enabled ? [] : [n.id];
    }
    await repo.setEnabled(trx, caller.tenantId, ids, input.enabled, caller.staffId, now);
    return { id: n.id, changed: ids };
  });
}

/** Refused while it has children or any document's fee line uses its code (naming them); stopping is the way. */
export async function deleteFeeType(db: Db, caller: TenantCaller, id: number, use: FeeTypeUse) {
  return db.transaction().execute(async (trx) => {
    const t = await lockedTree(trx, caller.tenantId);
    const n = t.byId.get(id);
    if (!n) throw feeTypeErrors.notFound();
    const kids = t.children(id);
    if (kids.length > 0) {
      const names = kids.slice(0, 3).map((k) => k.name);
      throw feeTypeErrors.refused(
        `费用类型「${n.name}」有${kids.length}个下级（${names.join('、')}${kids.length > 3 ? '等' : ''}），请先删除下级`,
      );
    }
    const used = await use(trx, caller.tenantId, n.code);
    if (used.count > 0)
      throw feeTypeErrors.refused(
        `费用类型「${n.name}」已被${used.count}张单据使用（${used.numbers.join('、')}${used.count > used.numbers.length ? '等' : ''}），不能删除，可将其停用`,
      );
    await repo.deleteFeeType(trx, caller.tenantId, id);
    return { id };
  });
}

/** Whether a node may be used on a document of this bill type: it and every ancestor allow the type. */
const allows = (t: FeeTree<FeeTypeRowDb>, id: number, billType?: string) =>
  !billType || t.ancestors(id).every((a) => a.bill_types.length === 0 || a.bill_types.includes(billType));

/**
 * The pickers' choices: enabled nodes (under enabled parents) allowed for the bill type, in tree order; with a
 * keyword, the matches on code or name and their parents (so the tree keeps its shape).
 */
export async function feeTypeOptions(
  db: Db,
  caller: TenantCaller,
  q: { bill_type?: string; keyword?: string },
): Promise<FeeTypeOption[]> {
  const t = await tree(db, caller.tenantId);
  const usable = (id: number) => t.ancestors(id).every((a) => a.enabled) && allows(t, id, q.bill_type);
  let keep: Set<number> | null = null;
  const kw = q.keyword?.toLowerCase();
  if (kw) {
    keep = new Set();
    for (const n of t.byId.values())
      if (n.code.toLowerCase().includes(kw) || n.name.toLowerCase().includes(kw))
        for (const a of t.ancestors(n.id)) keep.add(a.id);
  }
  return t
    .ordered()
    .filter(({ node }) => usable(node.id) && (!keep || keep.has(node.id)))
    .map(({ node, level }) => ({
      id: node.id,
      code: node.code,
      name: node.name,
      parent_id: node.parent_id,
      level,
    }));
}

// ---------- for other modules (through budget/index.ts) ----------

/**
 * For documents (flow): the fee-type codes of a document's fee lines must be enabled nodes of the tenant's tree
 * allowed for its bill type. Per refused code, the Chinese reason; an empty map when all may be used.
 */
export async function unusableFeeTypes(db: Db, tenantId: number, codes: string[], billType: string) {
  const wanted = [...new Set(codes)];
  const out = new Map<string, string>();
  if (wanted.length === 0) return out;
  const t = await tree(db, tenantId);
  for (const code of wanted) {
    const n = t.byCode.get(code);
    if (!n) out.set(code, `费用类型「${code}」不存在`);
    else if (!t.ancestors(n.id).every((a) => a.enabled)) out.set(code, `费用类型「${n.name}」已停用`);
    else if (!allows(t, n.id, billType))
      out.set(code, `费用类型「${n.name}」不适用于${BILL_TYPE_LABEL[billType as BillType] ?? billType}`);
  }
  return out;
}

/** What other modules read of a tenant's tree, with one read: by code, any status. */
export interface FeeTypeIndex {
  /** Whether the code is one of the tenant's fee types (any status). */
  has(code: string): boolean;
  /** The name, the code itself when unknown. */
  nameOf(code: string): string;
  /** The code first, then its parents up to the root; [code] when unknown. */
  line(code: string): string[];
  /** The root category's code (itself for a root or an unknown code). */
  rootOf(code: string): string;
  /** The code and every code below it. */
  under(code: string): string[];
}

/**
 * The index per tenant, kept while the tree's stamp is unchanged (one small aggregate instead of reading and
 * building a 500-node tree on every fee line check and budget check). Bounded: the oldest tenant goes first.
 */
const indexCache = new Map<number, { stamp: string; index: FeeTypeIndex }>();
const INDEX_CACHE_MAX = 1000;
registerProcessCache(() => indexCache.clear());

export async function feeTypeIndex(db: Db, tenantId: number): Promise<FeeTypeIndex> {
  const stamp = await repo.treeStamp(db, tenantId);
  const hit = indexCache.get(tenantId);
  if (hit && hit.stamp === stamp) return hit.index;
  const index = buildIndex(await tree(db, tenantId));
  indexCache.delete(tenantId);
  indexCache.set(tenantId, { stamp, index });
  if (indexCache.size > INDEX_CACHE_MAX) indexCache.delete(indexCache.keys().next().value!);
  return index;
}

function buildIndex(t: FeeTree<FeeTypeRowDb>): FeeTypeIndex {
  const line = (code: string) => {
    const n = t.byCode.get(code);
    return n ? t.ancestors(n.id).map((a) => a.code) : [code];
  };
  return {
    has: (code) => t.byCode.has(code),
    nameOf: (code) => t.byCode.get(code)?.name ?? code,
    line,
    rootOf: (code) => line(code).at(-1) ?? code,
    under: (code) => {
      const n = t.byCode.get(code);
      return n ? t.subtree(n.id).map((x) => x.code) : [code];
    },
  };
}

/** The tenant's fee-type names by code (any status): a fee line's 费用类型 in words, the code when unknown. */
export async function feeTypeNames(db: Db, tenantId: number) {
  return (await feeTypeIndex(db, tenantId)).nameOf;
}

/**
 * A code's line up the tree: the code first, then its parents up to the root (budget lines match a fee line's
 * code or any ancestor). An unknown code answers itself alone.
 */
export async function feeTypeAncestors(db: Db, tenantId: number, code: string): Promise<string[]> {
  return (await feeTypeIndex(db, tenantId)).line(code);
}

/**
 * The root category of each code (standards and audit rules key on the nine roots): a function code → the
 * root's code (the code itself when unknown or a root).
 */
export async function feeTypeRootOf(db: Db, tenantId: number) {
  return (await feeTypeIndex(db, tenantId)).rootOf;
}
