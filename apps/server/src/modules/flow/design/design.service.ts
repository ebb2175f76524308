import {
  BILL_TYPE_LABEL,
  type AuditResult,
  type BillType,
  type FlowDefinitionData,
  type FlowNodeInput,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import type { SpendLine } from '../../budget/index.js';
import type { FileStorage } from '../../../platform/storage/types.js';
import * as repo from './design.repo.js';
import { activeStaff } from '../directory.js';
import {
  validateDefinition,
  type DefinitionIssue,
  type FlowDefinition,
  type FlowNode,
} from '../engine/index.js';
import { flowErrors } from '../flow.errors.js';
import { nid, pageOf, parseJson, sid } from '../flow.util.js';

/**
 * 审批流设计: flow groups, flows (draft nodes + published versions), enable, copy, delete.
 * Publishing validates with the engine (validateDefinition) and the tenant's references (staff, groups,
 * matrices, departments), then stores a new version; documents in flight keep the version they started with.
 */

export interface FlowDeps {
  db: Db;
  clock: () => number;
  /** File storage: form attachments must exist (absent: only the tenant prefix is checked). */
  storage?: FileStorage;
  /**
   * 智能规则集 on submit: billReport's enforceBillRules, handed in by modules/index.ts (billReport reads
   * documents through this module's index, so flow may not import it back). Absent when services are
   * called without the app (the demo seed, benches): no audit rule applies then.
   */
  billRules?: BillRulesCheck;
  /**
   * Budget lines a document spends besides its fee lines (a 采购申请's purchase lines), occupied with them at
   * submit: purchasing's purchaseSpendLines, handed in by modules/index.ts. Absent: fee lines only.
   */
  spendLines?: BillSpendLines;
}

/** What a document spends beyond its fee lines, as budget lines (ids that never meet a fee line's). */
export type BillSpendLines = (db: Db, tenantId: number, billId: number) => Promise<SpendLine[]>;

/**
 * Throws when a 禁止提交 rule hits, or a 提示 rule hits and the submitter has not confirmed; else answers
 * the check (its 提示 and 标记风险 hits become the document's risk flags).
 */
export type BillRulesCheck = (
  db: Db,
  tenantId: number,
  billId: number,
  opts: { confirmed: boolean; now: number },
) => Promise<AuditResult>;

// The contracts' definition schema infers the engine's types (checked here at compile time).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameNodes: Same<FlowNodeInput, FlowNode> = true;
const sameDef: Same<FlowDefinitionData, FlowDefinition> = true;
void sameNodes;
void sameDef;

// ---------- groups ----------

export async function listGroups(d: FlowDeps, caller: TenantCaller) {
  const rows = await repo.listGroups(d.db, caller.tenantId);
  return rows.map((r) => ({ id: r.id, name: r.name, sort: r.sort_order, flowCount: Number(r.flow_count) }));
}

export async function saveGroup(d: FlowDeps, caller: TenantCaller, body: { id?: number; name: string }) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    if (body.id !== undefined && !(await repo.getGroup(trx, caller.tenantId, body.id)))
      throw flowErrors.groupNotFound();
    if (await repo.groupNameTaken(trx, caller.tenantId, body.name, body.id ?? 0))
      throw flowErrors.nameTaken('分组');
    if (body.id !== undefined) {
      await repo.renameGroup(trx, caller.tenantId, body.id, body.name, now);
      return { id: body.id };
    }
    return { id: await repo.insertGroup(trx, caller.tenantId, body.name, now) };
  });
}

export async function deleteGroup(d: FlowDeps, caller: TenantCaller, id: number) {
  return inTransaction(d.db, async (trx) => {
    if (!(await repo.getGroup(trx, caller.tenantId, id))) throw flowErrors.groupNotFound();
    const { total } = await repo.pageFlows(trx, caller.tenantId, { groupId: id }, 1, 1);
    if (total > 0) throw flowErrors.inUse(`该分组下还有${total}个流程，请先移出或删除流程`);
    await repo.deleteGroup(trx, caller.tenantId, id);
    return null;
  });
}

export async function orderGroups(d: FlowDeps, caller: TenantCaller, ids: number[]) {
  return inTransaction(d.db, async (trx) => {
    const all = new Set(await repo.groupIds(trx, caller.tenantId));
    const given = new Set(ids);
    if (given.size !== ids.length || ids.some((i) => !all.has(i))) throw flowErrors.groupNotFound();
    if (given.size !== all.size) throw flowErrors.badInput('ids', '请传入全部分组的新顺序');
    await repo.setGroupOrder(trx, caller.tenantId, ids, d.clock());
    return listGroups({ ...d, db: trx }, caller);
  });
}

// ---------- flows ----------

function nodesOf(r: { draft_nodes: string | null; definition: string | null }): FlowNode[] {
  if (r.draft_nodes) return parseJson<FlowNode[]>(r.draft_nodes, []);
  return parseJson<FlowDefinition | null>(r.definition, null)?.nodes ?? [];
}

function rowOut(r: NonNullable<repo.FlowRowDb>, running: number) {
  return {
    id: r.id,
    name: r.name,
    groupId: r.group_id,
    groupName: r.group_name ?? '',
    billType: r.bill_type,
    billTypeText: BILL_TYPE_LABEL[r.bill_type as BillType] ?? r.bill_type,
    enabled: r.enabled === 1,
    version: r.current_version,
    hasDraft: r.draft_nodes !== null || r.current_version === 0,
    publishedAt: r.published_at ?? null,
    publishedByName: r.published_by_name ?? '',
    remark: r.remark,
    runningCount: running,
    createAt: r.created_at,
    updateAt: r.updated_at,
  };
}

export async function pageFlows(
  d: FlowDeps,
  caller: TenantCaller,
  q: { pageNum: number; pageSize: number } & repo.FlowFilter,
) {
  const { items, total } = await repo.pageFlows(d.db, caller.tenantId, q, q.pageNum, q.pageSize);
  const running = await repo.runningCounts(
    d.db,
    caller.tenantId,
    items.map((r) => r.id),
  );
  return pageOf(
    items.map((r) => rowOut(r, running.get(r.id) ?? 0)),
    q.pageNum,
    q.pageSize,
    total,
  );
}

export async function flowDetail(d: FlowDeps, caller: TenantCaller, id: number) {
  const r = await repo.getFlowRow(d.db, caller.tenantId, id);
  if (!r) throw flowErrors.flowNotFound();
  const running = await repo.runningCounts(d.db, caller.tenantId, [id]);
  const versions = await repo.flowVersions.versions(d.db, caller.tenantId, id);
  const published = parseJson<FlowDefinition | null>(r.definition, null);
  return {
    ...rowOut(r, running.get(id) ?? 0),
    definition: { flowId: sid(id), version: r.current_version, name: r.name, nodes: nodesOf(r) },
    published,
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: v.published_at,
      publishedByName: v.published_by_name ?? '',
    })),
  };
}

export interface FlowSave {
  id?: number;
  name: string;
  groupId: number;
  billType: string;
  remark: string;
  nodes: FlowNode[];
}

export async function saveFlow(d: FlowDeps, caller: TenantCaller, body: FlowSave) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    if (!(await repo.getGroup(trx, caller.tenantId, body.groupId))) throw flowErrors.groupNotFound();
    if (await repo.flowVersions.nameTaken(trx, caller.tenantId, body.name, body.id ?? 0))
      throw flowErrors.nameTaken('流程');
    const nodes = JSON.stringify(body.nodes);
    if (body.id === undefined) {
      const id = await repo.flowVersions.create(
        trx,
        caller.tenantId,
        {
          group_id: body.groupId,
          name: body.name,
          bill_type: body.billType,
          remark: body.remark,
          draft_nodes: nodes,
          created_by: caller.staffId,
        },
        now,
      );
      return { id };
    }
    const flow = await repo.flowVersions.template(trx, caller.tenantId, body.id);
    if (!flow) throw flowErrors.flowNotFound();
    if (flow.bill_type !== body.billType && flow.current_version > 0)
      throw flowErrors.badInput('billType', '已发布的流程不能修改单据类型，请复制后修改');
    await repo.flowVersions.update(
      trx,
      caller.tenantId,
      body.id,
      {
        group_id: body.groupId,
        name: body.name,
        bill_type: body.billType,
        remark: body.remark,
        draft_nodes: nodes,
      },
      now,
    );
    return { id: body.id };
  });
}

/** Issues of the tenant's references: every staff member, group, matrix and department named must exist. */
export async function referenceIssues(
  db: Db,
  tenantId: number,
  nodes: FlowNode[],
): Promise<DefinitionIssue[]> {
  const issues: DefinitionIssue[] = [];
  const staff = new Map<string, string>();
  const refs = {
    group: new Map<string, string>(),
    matrix: new Map<string, string>(),
    dept: new Map<string, string>(),
  };
  for (const n of nodes) {
    if (n.type !== 'approver' && n.type !== 'cc') continue;
    for (const s of n.sources) {
      if (s.kind === 'staff') for (const x of s.staffIds) staff.set(x, n.id);
      if (s.kind === 'group') refs.group.set(s.groupId, n.id);
      if (s.kind === 'matrix') refs.matrix.set(s.matrixId, n.id);
      if (s.kind === 'departmentHead' && s.departmentId) refs.dept.set(s.departmentId, n.id);
    }
  }
  const active = await activeStaff(db, tenantId, [...staff.keys()].map(nid));
  for (const [id, node] of staff)
    if (!active.has(nid(id))) issues.push({ nodeId: node, message: `审批人（ID ${id}）不存在或已离职` });
  const check = async (
    table: 'privilege_groups' | 'approval_matrices' | 'departments',
    m: Map<string, string>,
    what: string,
  ) => {
    const found = await repo.existing(db, tenantId, table, [...m.keys()].map(nid));
    for (const [id, node] of m)
      if (!found.has(nid(id))) issues.push({ nodeId: node, message: `${what}（ID ${id}）不存在` });
  };
  await check('privilege_groups', refs.group, '权限组');
  await check('approval_matrices', refs.matrix, '审批矩阵');
  await check('departments', refs.dept, '部门');
  return issues;
}

/** 发布: the draft becomes version current + 1 (validated); documents in flight keep their version. */
export async function publishFlow(d: FlowDeps, caller: TenantCaller, id: number) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const flow = await repo.flowVersions.template(trx, caller.tenantId, id);
    if (!flow) throw flowErrors.flowNotFound();
    if (flow.draft_nodes === null) throw flowErrors.billState('流程没有未发布的修改');
    const nodes = parseJson<FlowNode[]>(flow.draft_nodes, []);
    const def: FlowDefinition = {
      flowId: sid(id),
      version: flow.current_version + 1,
      name: flow.name,
      nodes,
    };
    const issues = [...validateDefinition(def), ...(await referenceIssues(trx, caller.tenantId, nodes))];
    if (issues.length) throw flowErrors.badDefinition(issues, new Map(nodes.map((n) => [n.id, n.name])));
    const version = await repo.flowVersions.publish(trx, caller.tenantId, id, {
      content: (v) => JSON.stringify({ ...def, version: v }),
      by: caller.staffId,
      now,
    });
    return { id, version: version ?? def.version };
  });
}

export async function enableFlow(d: FlowDeps, caller: TenantCaller, id: number, enabled: boolean) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const flow = await repo.flowVersions.template(trx, caller.tenantId, id);
    if (!flow) throw flowErrors.flowNotFound();
    if (enabled && flow.current_version === 0) throw flowErrors.neverPublished();
    await repo.flowVersions.setEnabled(trx, caller.tenantId, id, enabled, now);
    return null;
  });
}

export async function copyFlow(d: FlowDeps, caller: TenantCaller, body: { id: number; name?: string }) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const id = await repo.flowVersions.copy(trx, caller.tenantId, body.id, {
      name: body.name,
      by: caller.staffId,
      now,
    });
    if (id === undefined) throw flowErrors.flowNotFound();
    if (id === null) throw flowErrors.nameTaken('流程');
    return { id };
  });
}

export async function deleteFlow(d: FlowDeps, caller: TenantCaller, id: number) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    if (!(await repo.flowVersions.template(trx, caller.tenantId, id))) throw flowErrors.flowNotFound();
    const running = (await repo.runningCounts(trx, caller.tenantId, [id])).get(id) ?? 0;
    if (running > 0) throw flowErrors.inUse(`还有${running}张单据正在使用该流程审批，不能删除`);
    await repo.flowVersions.update(trx, caller.tenantId, id, { enabled: 0, deleted_at: now }, now);
    return null;
  });
}

/** The published definition a document runs on. */
export async function definitionOf(db: Db, tenantId: number, flowId: number, version: number) {
  const v = await repo.getVersion(db, tenantId, flowId, version);
  if (!v) throw flowErrors.flowNotFound();
  return JSON.parse(v.definition) as FlowDefinition;
}

export const enabledFlow = repo.enabledFlow;
