import {
  BudgetControlLabel,
  BudgetDimensionLabel,
  BudgetLedgerKindLabel,
  BudgetModeLabel,
  BudgetPeriodTypeLabel,
  BudgetStatusLabel,
  budgetPeriodText,
  budgetPeriods,
  type BudgetAddBody,
  type BudgetControl,
  type BudgetDimension,
  type BudgetInfo,
  type BudgetLedgerKind,
  type BudgetMode,
  type BudgetPeriodType,
  type BudgetRow,
  type BudgetStatus,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { departmentNames, deptsOfStaff, staffUsers } from '../../org/index.js';
import { projectNames } from '../../project/index.js';
import { feeTypeIndex } from '../feeTypes/index.js';
import { availableOf, previewBudget, type SpendDoc } from '../ledger/index.js';
import { budgetErrors, budgetImportErrors } from './budgets.errors.js';
import * as repo from './budgets.repo.js';

/**
 * 预算 (issue 22, decision 0052): a budget is a versioned design (draft → publish as version n+1, who and
 * when) over a tree of nodes with stable ids; each node has one dimension value under its parent and an
 * amount per period. Publishing writes the nodes and the per-period budgets of the balance rows; the ledger
 * (ledger/) moves occupied and used.
 */

/** What the routes need of documents, handed in by modules/index.ts (flow imports budget, not back). */
export interface BudgetHooks {
  /** The caller's own document as the budget sees it (null: none such). */
  ownSpend: (db: Db, caller: TenantCaller, billId: number) => Promise<SpendDoc | null>;
  /** Number, title, submitter, department and status of documents by id (the ledger's drill-down). */
  billRefs: (
    db: Db,
    tenantId: number,
    ids: number[],
  ) => Promise<
    Map<number, { number: string; title: string; submitterName: string; deptName: string; status: string }>
  >;
}

type Input = Omit<BudgetAddBody, 'status'> & { nodes: NonNullable<BudgetAddBody['nodes']> };
type Parsed = {
  name: string;
  year: number;
  period_type: string;
  budget_mode: number;
  fee_dimension: boolean;
  control: number;
  overrun_pct: number;
  cumulative: boolean;
  remark: string;
  nodes: {
    key: string;
    parent: string | null;
    id?: number;
    dimension: BudgetDimension;
    value: string;
    label: string;
    /** The node's own 超支控制; null follows the budget's. */
    control: number | null;
    amounts: Record<string, number>;
  }[];
};

async function mustGet(db: Db, tenantId: number, id: number) {
  const b = await repo.getBudget(db, tenantId, id);
  if (!b) throw budgetErrors.notFound();
  return b;
}

/** The tree is a tree (one root, parents known, no cycle, no twin siblings), amounts in the year's periods. */
async function checkNodes(db: Db, tenantId: number, input: Parsed) {
  const periods = new Set(budgetPeriods(input.year, input.period_type as BudgetPeriodType));
  const byKey = new Map<string, Parsed['nodes'][number]>();
  for (const n of input.nodes) {
    if (byKey.has(n.key)) throw budgetErrors.badNodes(`节点标识「${n.key}」重复`);
    byKey.set(n.key, { ...n, parent: n.parent || null });
  }
  const roots = [...byKey.values()].filter((n) => n.parent === null);
  if (roots.length !== 1 || roots[0]!.dimension !== 'root')
    throw budgetErrors.badNodes('预算节点须有且只有一个根节点（维度为全部）');
  const twins = new Set<string>();
  for (const n of byKey.values()) {
    if (n.parent !== null) {
      if (n.dimension === 'root') throw budgetErrors.badNodes('只有根节点的维度可以为全部');
      if (!byKey.has(n.parent)) throw budgetErrors.badNodes(`节点「${n.label || n.key}」的上级节点不存在`);
      if (!n.value) throw budgetErrors.badNodes(`节点「${n.label || n.key}」缺少维度值`);
      const twin = `${n.parent}|${n.dimension}|${n.value}`;
      if (twins.has(twin)) throw budgetErrors.badNodes(`节点「${n.label || n.value}」在同一上级下重复`);
      twins.add(twin);
      // no cycle: walking up ends at the root
      let up: string | null = n.parent;
      for (let i = 0; up !== null; i++) {
        if (i > byKey.size) throw budgetErrors.badNodes('预算节点不能形成循环');
        up = byKey.get(up)!.parent;
      }
    }
    for (const p of Object.keys(n.amounts))
      if (!periods.has(p))
        throw budgetErrors.badNodes(
          `期间「${p}」不属于${input.year}年的${BudgetPeriodTypeLabel[input.period_type as BudgetPeriodType]}预算`,
        );
  }
  // Every value is the tenant's: another tenant's id is refused like a missing one.
  const valuesOf = (d: BudgetDimension) =>
    [...byKey.values()].filter((n) => n.dimension === d).map((n) => n.value);
  const asIds = (d: BudgetDimension) => {
    const vs = valuesOf(d);
    for (const v of vs)
      if (!/^\d{1,15}$/.test(v)) throw budgetErrors.badNodes(`${BudgetDimensionLabel[d]}「${v}」不存在`);
    return [...new Set(vs.map(Number))];
  };
  const depts = await departmentNames(db, tenantId, asIds('department'));
  const projects = await projectNames(db, tenantId, asIds('project'));
  const people = await staffUsers(db, tenantId, asIds('person'));
  const feeTypes = await feeTypeIndex(db, tenantId);
  const name = (n: Parsed['nodes'][number]): string | undefined => {
    switch (n.dimension) {
      case 'root':
        return '全部';
      case 'department':
        return depts.get(Number(n.value));
      case 'project':
        return projects.get(Number(n.value));
      case 'person':
        return people.get(Number(n.value))?.name;
      case 'fee_type':
        return feeTypes.has(n.value) ? feeTypes.nameOf(n.value) : undefined;
    }
  };
  for (const n of byKey.values()) {
    const found = name(n);
    if (found === undefined)
      throw budgetErrors.badNodes(`${BudgetDimensionLabel[n.dimension]}「${n.label || n.value}」不存在`);
    n.label = (n.label || found).slice(0, 100);
  }
  return [...byKey.values()];
}

/** Writes the tree (stable ids), the period budgets and version n+1. */
async function publish(trx: Db, caller: TenantCaller, budgetId: number, input: Parsed, now: number) {
  const nodes = await checkNodes(trx, caller.tenantId, input);
  const existing = new Map((await repo.nodesOf(trx, caller.tenantId, budgetId)).map((n) => [n.id, n]));
  const idOf = new Map<string, number>();
  for (const [i, n] of nodes.entries()) {
    if (n.id !== undefined) {
      if (!existing.has(n.id)) throw budgetErrors.badNodes(`节点（ID ${n.id}）不属于该预算`);
      idOf.set(n.key, n.id);
    } else
      idOf.set(
        n.key,
        await repo.insertNode(trx, {
          tenant_id: caller.tenantId,
          budget_id: budgetId,
          dimension: n.dimension,
          value: n.value,
          label: n.label,
          control: n.control,
          sort_order: i,
        }),
      );
  }
  const periods = budgetPeriods(input.year, input.period_type as BudgetPeriodType);
  const kept = new Set(idOf.values());
  const content: unknown[] = [];
  const budgets: { nodeId: number; period: string; budget: number | null }[] = [];
  for (const [i, n] of nodes.entries()) {
    const id = idOf.get(n.key)!;
    const parent = n.parent === null ? null : idOf.get(n.parent)!;
    await repo.updateNode(trx, caller.tenantId, id, {
      parent_id: parent,
      dimension: n.dimension,
      value: n.value,
      label: n.label,
      control: n.control,
      sort_order: i,
      removed: 0,
    });
    for (const p of periods) budgets.push({ nodeId: id, period: p, budget: n.amounts[p] ?? null });
    content.push({
      id,
      parent_id: parent,
      dimension: n.dimension,
      value: n.value,
      label: n.label,
      control: n.control,
      amounts: n.amounts,
    });
  }
  await repo.setPeriodBudgets(trx, caller.tenantId, budgetId, budgets);
  for (const id of existing.keys())
    if (!kept.has(id)) await repo.updateNode(trx, caller.tenantId, id, { removed: 1 });
  const { nodes: _n, ...settings } = input;
  const version = await repo.budgetVersions.publish(trx, caller.tenantId, budgetId, {
    content: (n) => JSON.stringify({ version: n, ...settings, nodes: content }),
    by: caller.staffId,
    now,
  });
  if (version === null) throw budgetErrors.notFound();
  return version;
}

const columns = (input: Parsed) => ({
  name: input.name,
  year: input.year,
  period_type: input.period_type,
  budget_mode: input.budget_mode,
  fee_dimension: input.fee_dimension ? 1 : 0,
  control: input.control,
  overrun_pct: input.overrun_pct,
  cumulative: input.cumulative ? 1 : 0,
  remark: input.remark,
});

export async function addBudget(
  db: Db,
  caller: TenantCaller,
  body: Input & { status?: number },
  now: number,
) {
  const input = body as unknown as Parsed & { status: number };
  return inTransaction(db, async (trx) => {
    if (await repo.budgetVersions.nameTaken(trx, caller.tenantId, input.name))
      throw budgetErrors.nameTaken(input.name);
    const id = await repo.budgetVersions.create(
      trx,
      caller.tenantId,
      {
        ...columns(input),
        status: input.status,
        draft: JSON.stringify(input),
        created_by: caller.staffId,
        updated_by: caller.staffId,
      },
      now,
    );
    const version = await publish(trx, caller, id, input, now);
    return { id, version };
  });
}

/** 修改: a new version n+1; year and period type stay once documents occupy the budget. */
export async function updateBudget(db: Db, caller: TenantCaller, body: Input & { id: number }, now: number) {
  const input = body as unknown as Parsed & { id: number };
  return inTransaction(db, async (trx) => {
    // The budget's row lock first (as 预算导入, decision 0054): concurrent publishes read each other's nodes.
    if (!(await repo.lockBudget(trx, caller.tenantId, input.id, now))) throw budgetErrors.notFound();
    const b = await mustGet(trx, caller.tenantId, input.id);
    if (await repo.budgetVersions.nameTaken(trx, caller.tenantId, input.name, b.id))
      throw budgetErrors.nameTaken(input.name);
    if (
      (b.year !== input.year || b.period_type !== input.period_type) &&
      (await repo.hasLedger(trx, caller.tenantId, b.id))
    )
      throw budgetErrors.inUse(b.name, '修改年度或期间');
    await repo.budgetVersions.update(
      trx,
      caller.tenantId,
      b.id,
      { ...columns(input), draft: JSON.stringify(input), updated_by: caller.staffId },
      now,
    );
    const version = await publish(trx, caller, b.id, input, now);
    return { id: b.id, version };
  });
}

export async function setBudgetStatus(
  db: Db,
  caller: TenantCaller,
  body: { id: number; status: number },
  now: number,
) {
  const b = await mustGet(db, caller.tenantId, body.id);
  if (!(await repo.setStatus(db, caller.tenantId, b.id, body.status, caller.staffId, now)))
    throw budgetErrors.notFound();
  return { id: b.id, version: b.current_version };
}

export async function deleteBudget(db: Db, caller: TenantCaller, id: number, now: number) {
  return inTransaction(db, async (trx) => {
    const b = await mustGet(trx, caller.tenantId, id);
    if (await repo.hasLedger(trx, caller.tenantId, b.id)) throw budgetErrors.inUse(b.name, '删除');
    await repo.deleteBudgetRows(trx, caller.tenantId, b.id, now);
    return { id: b.id, version: b.current_version };
  });
}

function rowOut(
  b: repo.BudgetDb,
  roots: Map<number, { budget: number | null; occupied: number; used: number }>,
  who: string,
): BudgetRow {
  const t = roots.get(b.id) ?? { budget: null, occupied: 0, used: 0 };
  return {
    id: b.id,
    name: b.name,
    year: b.year,
    period_type: b.period_type,
    periodTypeText: BudgetPeriodTypeLabel[b.period_type as BudgetPeriodType] ?? '',
    budget_mode: b.budget_mode,
    modeText: BudgetModeLabel[b.budget_mode as BudgetMode] ?? '',
    control: b.control,
    controlText: BudgetControlLabel[b.control as BudgetControl] ?? '',
    overrun_pct: b.overrun_pct,
    cumulative: b.cumulative === 1,
    status: b.status,
    statusText: BudgetStatusLabel[b.status as BudgetStatus] ?? '',
    version: b.current_version,
    total_budget: t.budget,
    total_occupied: t.occupied,
    total_used: t.used,
    updated_at: Number(b.updated_at),
    updated_by_name: who,
  };
}

/**
 * The year's figures per budget: occupied and used at the root (every spend of the budget reaches it); the
 * budget is the root's own when it has one, else the sum of its direct children's (a department budget).
 */
async function rootTotals(db: Db, tenantId: number, budgets: repo.BudgetDb[]) {
  const out = new Map<number, { budget: number | null; occupied: number; used: number }>();
  const children = new Map<number, number | null>();
  for (const r of await repo.rootTotalsOf(
    db,
    tenantId,
    budgets.map((b) => b.id),
  )) {
    if (!r.root) {
      children.set(r.budget_id, r.budget);
      continue;
    }
    out.set(r.budget_id, { budget: r.budget, occupied: r.occupied, used: r.used });
  }
  for (const [id, t] of out) t.budget ??= children.get(id) ?? null;
  return out;
}

export async function listBudgets(
  db: Db,
  caller: TenantCaller,
  q: { keyword?: string; year?: number; status?: number; page_num: number; page_size: number },
) {
  const { items, total } = await repo.pageBudgets(db, caller.tenantId, {
    keyword: q.keyword || undefined,
    year: q.year,
    status: q.status,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  const [totals, users] = await Promise.all([
    rootTotals(db, caller.tenantId, items),
    staffUsers(db, caller.tenantId, [...new Set(items.map((b) => b.updated_by))]),
  ]);
  return {
    items: items.map((b) => rowOut(b, totals, users.get(b.updated_by)?.name ?? '')),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

export async function budgetInfo(db: Db, caller: TenantCaller, id: number): Promise<BudgetInfo> {
  const b = await mustGet(db, caller.tenantId, id);
  const nodes = (await repo.nodesOf(db, caller.tenantId, b.id)).filter((n) => !n.removed);
  const balances = await repo.balancesOfBudget(db, caller.tenantId, [b.id]);
  const fig = new Map(balances.map((r) => [`${r.node_id}|${r.period}`, r]));
  const periods = budgetPeriods(b.year, b.period_type as BudgetPeriodType);
  const [totals, users, versions, used] = await Promise.all([
    rootTotals(db, caller.tenantId, [b]),
    staffUsers(db, caller.tenantId, [b.updated_by]),
    repo.budgetVersions.versions(db, caller.tenantId, b.id),
    repo.hasLedger(db, caller.tenantId, b.id),
  ]);
  return {
    ...rowOut(b, totals, users.get(b.updated_by)?.name ?? ''),
    fee_dimension: b.fee_dimension === 1,
    remark: b.remark,
    periods: periods.map((p) => ({ key: p, text: budgetPeriodText(p) })),
    nodes: nodes.map((n) => ({
      id: n.id,
      parent_id: n.parent_id,
      dimension: n.dimension,
      value: n.value,
      label: n.label,
      control: n.control,
      figures: periods.map((p) => {
        const f = fig.get(`${n.id}|${p}`) ?? { budget: null, occupied: 0, used: 0 };
        return {
          period: p,
          budget: f.budget,
          occupied: f.occupied,
          used: f.used,
          available: availableOf(b, p, (q) => fig.get(`${n.id}|${q}`)),
        };
      }),
    })),
    versions: versions.map((v) => ({
      version: v.version,
      published_at: Number(v.published_at),
      published_by_name: v.published_by_name ?? '',
    })),
    has_ledger: used,
  };
}

/**
 * 预算预览: the caller's own document (its saved lines), or lines not yet saved — the caller as submitter, the
 * named department (the tenant's) or the caller's first one, the named project; with both, the lines stand
 * in for that document's (its own occupation is not counted against it). Nothing is written.
 */
export async function checkBill(
  db: Db,
  caller: TenantCaller,
  body: {
    bill_id?: number;
    lines?: { fee_type: string; amount: number; date: string }[];
    department_id?: number;
    project_id?: number;
  },
  hooks: BudgetHooks,
) {
  const own = body.bill_id === undefined ? null : await hooks.ownSpend(db, caller, body.bill_id);
  if (body.bill_id !== undefined && !own) throw budgetErrors.billNotFound();
  if (!body.lines) return previewBudget(db, own!);
  let departmentId = own?.departmentId ?? null;
  if (body.department_id !== undefined) {
    if (!(await departmentNames(db, caller.tenantId, [body.department_id])).has(body.department_id))
      throw budgetErrors.badField('department_id', '费用承担部门不存在');
    departmentId = body.department_id;
  } else if (!own)
    departmentId =
      (await deptsOfStaff(db, caller.tenantId, [caller.staffId])).get(caller.staffId)?.[0]?.id ?? null;
  let projectId = own?.projectId ?? null;
  if (body.project_id !== undefined) {
    if (!(await projectNames(db, caller.tenantId, [body.project_id])).has(body.project_id))
      throw budgetErrors.badField('project_id', '项目不存在');
    projectId = body.project_id;
  }
  return previewBudget(db, {
    tenantId: caller.tenantId,
    sourceId: own?.sourceId ?? 0,
    submitterId: caller.staffId,
    departmentId,
    projectId,
    lines: body.lines.map((l, i) => ({
      id: i + 1,
      feeType: l.fee_type,
      amount: l.amount,
      date: Date.parse(`${l.date}T12:00:00+08:00`),
    })),
  });
}

export async function ledgerRows(
  db: Db,
  caller: TenantCaller,
  q: { node_id: number; period?: string; page_num: number; page_size: number },
  hooks: BudgetHooks,
) {
  if (!(await repo.nodeOfTenant(db, caller.tenantId, q.node_id))) throw budgetErrors.notFound();
  const { items, total } = await repo.pageLedger(db, caller.tenantId, {
    nodeId: q.node_id,
    period: q.period,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  const refs = await hooks.billRefs(db, caller.tenantId, [...new Set(items.map((r) => Number(r.source_id)))]);
  return {
    items: items.map((r) => {
      const ref = refs.get(Number(r.source_id));
      return {
        id: Number(r.id),
        period: r.period,
        kind: r.kind,
        kindText: BudgetLedgerKindLabel[r.kind as BudgetLedgerKind] ?? r.kind,
        amount: Number(r.amount),
        over_amount: Number(r.over_amount),
        personal_amount: Number(r.personal_amount),
        bill_id: Number(r.source_id),
        bill_number: ref?.number ?? '',
        bill_title: ref?.title ?? '',
        submitter_name: ref?.submitterName ?? '',
        created_at: Number(r.created_at),
      };
    }),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

/** A node of an imported budget table: its key is its path from the root ('root', 'root/department:12', …). */
export interface TableNode {
  key: string;
  parent: string | null;
  dimension: BudgetDimension;
  value: string;
  amounts: Record<string, number>;
  /** The table's 超支控制 of the node: undefined keeps the node's own (a new node follows the budget). */
  control?: number | null;
}

/**
 * 预算导入 (decision 0054): the table becomes the budget's whole tree as ONE new version, through the same
 * publish as 修改 — in one transaction that first takes the budget's row lock, so two imports of one budget
 * publish n+1 and n+2, the second over the first's nodes. A node on the same path as an existing one keeps
 * its id (the ledger keys on it); nodes the table leaves out are marked removed, their ledger rows stay.
 */
export async function importBudgetTable(
  db: Db,
  caller: TenantCaller,
  budgetId: number,
  table: TableNode[],
  now: number,
) {
  return inTransaction(db, async (trx) => {
    if (!(await repo.lockBudget(trx, caller.tenantId, budgetId, now))) throw budgetImportErrors.notFound();
    const b = await mustGet(trx, caller.tenantId, budgetId);
    const existing = await repo.nodesOf(trx, caller.tenantId, b.id);
    const byId = new Map(existing.map((n) => [n.id, n]));
    const paths = new Map<number, string>();
    const pathOf = (id: number, depth = 0): string => {
      const known = paths.get(id);
      if (known !== undefined) return known;
      const n = byId.get(id)!;
      const parent = n.parent_id === null ? undefined : byId.get(n.parent_id);
      const p =
        n.parent_id === null || !parent || depth > 50
          ? n.dimension === 'root'
            ? 'root'
            : `?${n.id}`
          : `${pathOf(parent.id, depth + 1)}/${n.dimension}:${n.value}`;
      paths.set(id, p);
      return p;
    };
    const idOfPath = new Map<string, { id: number; removed: boolean }>();
    for (const n of existing) {
      const p = pathOf(n.id);
      const had = idOfPath.get(p);
      if (!had || (had.removed && !n.removed)) idOfPath.set(p, { id: n.id, removed: !!n.removed });
    }
    const input: Parsed = {
      name: b.name,
      year: b.year,
      period_type: b.period_type,
      budget_mode: b.budget_mode,
      fee_dimension: table.some((n) => n.dimension === 'fee_type'),
      control: b.control,
      overrun_pct: b.overrun_pct,
      cumulative: b.cumulative === 1,
      remark: b.remark,
      // A row without 超支控制 keeps the node's own (a new node follows the budget); a row with one sets it.
      nodes: table.map(({ control, ...n }) => {
        const id = idOfPath.get(n.key)?.id;
        const kept = id === undefined ? null : (byId.get(id)?.control ?? null);
        return { ...n, id, label: '', control: control === undefined ? kept : control };
      }),
    };
    await repo.budgetVersions.update(
      trx,
      caller.tenantId,
      b.id,
      { ...columns(input), draft: JSON.stringify(input), updated_by: caller.staffId },
      now,
    );
    const version = await publish(trx, caller, b.id, input, now);
    return { id: b.id, version };
  });
}

/** A node of a budget table pulled from an external system (decision 0056): the tree without our node ids. */
export interface PulledNode {
  key: string;
  parent: string | null;
  dimension: BudgetDimension;
  value: string;
  label: string;
  amounts: Record<string, number>;
}

/**
 * 预算同步 (integration's pull, decision 0056): the pulled tree published as version n+1 of the budget, its
 * settings (name, year, period, control, …) unchanged. A pulled node takes the id of the existing node with the
 * same parent, dimension and value, so the ledger's rows keep their nodes; the rest is `updateBudget`'s checks
 * (a bad tree is refused and nothing is written). The caller's transaction, when given, holds it all.
 */
export async function publishPulledTable(
  db: Db,
  caller: TenantCaller,
  budgetId: number,
  nodes: PulledNode[],
  now: number,
) {
  return inTransaction(db, async (trx) => {
    const b = await mustGet(trx, caller.tenantId, budgetId);
    const existing = await repo.nodesOf(trx, caller.tenantId, b.id);
    const byKey = new Map(nodes.map((n) => [n.key, n]));
    const resolved = new Map<string, number | undefined>();
    const idOf = (n: PulledNode, depth = 0): number | undefined => {
      if (resolved.has(n.key)) return resolved.get(n.key);
      if (depth > nodes.length) return undefined;
      const parentNode = n.parent ? byKey.get(n.parent) : undefined;
      if (n.parent && !parentNode) return undefined;
      const parentId = parentNode ? idOf(parentNode, depth + 1) : null;
      const found =
        parentId === undefined
          ? undefined
          : existing.find(
              (e) =>
                e.parent_id === parentId &&
                e.dimension === n.dimension &&
                (n.dimension === 'root' || e.value === n.value),
            )?.id;
      resolved.set(n.key, found);
      return found;
    };
    const input = {
      id: b.id,
      name: b.name,
      year: b.year,
      period_type: b.period_type,
      budget_mode: b.budget_mode,
      fee_dimension: b.fee_dimension === 1,
      control: b.control,
      overrun_pct: b.overrun_pct,
      cumulative: b.cumulative === 1,
      remark: b.remark,
      // A pulled table carries no 超支控制: a node kept by its path keeps its own.
      nodes: nodes.map((n) => {
        const id = idOf(n);
        return { ...n, id, control: existing.find((e) => e.id === id)?.control ?? null };
      }),
    };
    return updateBudget(trx, caller, input as never, now);
  });
}
