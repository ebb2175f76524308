import {
  BudgetControlLabel,
  BudgetDimensionLabel,
  BudgetModeLabel,
  budgetPeriodText,
  type BudgetChange,
  type BudgetControl,
  type BudgetDimension,
  type BudgetMode,
  type BudgetVersionChanges,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { budgetErrors } from './budgets.errors.js';
import * as repo from './budgets.repo.js';

/**
 * 变更记录 (issue 22: "adjusting a budget keeps versions and who changed what"): what a published version changed
 * against the one before it — settings, nodes added or removed, a node's dimension, value, name or 超支控制, and
 * each period's amount — read from the two versions' stored content (the store keeps every publish whole).
 */

/** A version's content as publish stores it (decision 0052); `control` is absent from versions before 0052's per-node control. */
interface VersionContent {
  name?: string;
  budget_mode?: number;
  control?: number;
  overrun_pct?: number;
  cumulative?: boolean;
  remark?: string;
  nodes?: {
    id: number;
    parent_id: number | null;
    dimension: string;
    value: string;
    label: string;
    control?: number | null;
    amounts: Record<string, number>;
  }[];
}

const yuan = (fen: number | undefined) =>
  fen === undefined
    ? '未编制'
    : `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const controlText = (c: number | null | undefined, node: boolean) =>
  c === null || c === undefined
    ? node
      ? '同预算'
      : ''
    : (BudgetControlLabel[c as BudgetControl] ?? String(c));
const dimensionText = (d: string) => BudgetDimensionLabel[d as BudgetDimension] ?? d;

/** The changes from `before` to `after` (pure; both parsed version contents). */
export function diffVersions(before: VersionContent, after: VersionContent): BudgetChange[] {
  const out: BudgetChange[] = [];
  const setting = (target: string, a: string, b: string) => {
    if (a !== b) out.push({ kind: 'setting', target, before: a, after: b });
  };
  setting('预算名称', before.name ?? '', after.name ?? '');
  setting(
    '预算模式',
    BudgetModeLabel[before.budget_mode as BudgetMode] ?? '',
    BudgetModeLabel[after.budget_mode as BudgetMode] ?? '',
  );
  setting('超支控制', controlText(before.control, false), controlText(after.control, false));
  setting('超支比例%', String(before.overrun_pct ?? 0), String(after.overrun_pct ?? 0));
  setting('累计', before.cumulative ? '是' : '否', after.cumulative ? '是' : '否');
  setting('备注', before.remark ?? '', after.remark ?? '');

  const old = new Map((before.nodes ?? []).map((n) => [n.id, n]));
  const now = new Map((after.nodes ?? []).map((n) => [n.id, n]));
  const name = (n: { parent_id: number | null; label: string; value: string }) =>
    n.parent_id === null ? '总额' : n.label || n.value;
  for (const n of after.nodes ?? []) {
    const was = old.get(n.id);
    if (!was) {
      out.push({ kind: 'added', target: name(n), before: '', after: dimensionText(n.dimension) });
      for (const [p, v] of Object.entries(n.amounts))
        out.push({
          kind: 'amount',
          target: `${name(n)} ${budgetPeriodText(p)}`,
          before: yuan(undefined),
          after: yuan(v),
        });
      continue;
    }
    const node = (field: string, a: string, b: string) => {
      if (a !== b) out.push({ kind: 'node', target: `${name(n)} ${field}`, before: a, after: b });
    };
    node('维度', dimensionText(was.dimension), dimensionText(n.dimension));
    if (was.dimension === n.dimension) node('维度值', was.label || was.value, n.label || n.value);
    node('上级节点', String(was.parent_id ?? ''), String(n.parent_id ?? ''));
    node('超支控制', controlText(was.control, true), controlText(n.control, true));
    const periods = [...new Set([...Object.keys(was.amounts), ...Object.keys(n.amounts)])].sort();
    for (const p of periods)
      if (was.amounts[p] !== n.amounts[p])
        out.push({
          kind: 'amount',
          target: `${name(n)} ${budgetPeriodText(p)}`,
          before: yuan(was.amounts[p]),
          after: yuan(n.amounts[p]),
        });
  }
  for (const n of before.nodes ?? [])
    if (!now.has(n.id))
      out.push({ kind: 'removed', target: name(n), before: dimensionText(n.dimension), after: '' });
  // A moved node names its parent by id above; say it by name instead where the parent is known.
  const label = new Map([...old, ...now].map(([id, n]) => [String(id), name(n)]));
  for (const c of out)
    if (c.target.endsWith(' 上级节点')) {
      c.before = label.get(c.before) ?? c.before;
      c.after = label.get(c.after) ?? c.after;
    }
  return out;
}

const parse = (text: string | undefined): VersionContent =>
  text ? (JSON.parse(text) as VersionContent) : {};

/** GET budget/versionChanges: version `version` of the caller's budget against the version before it. */
export async function versionChanges(
  db: Db,
  caller: TenantCaller,
  q: { id: number; version: number },
): Promise<BudgetVersionChanges> {
  if (!(await repo.getBudget(db, caller.tenantId, q.id))) throw budgetErrors.notFound();
  const listed = await repo.budgetVersions.versions(db, caller.tenantId, q.id);
  const mine = listed.find((v) => v.version === q.version);
  if (!mine) throw budgetErrors.versionNotFound(q.version);
  const previous = listed
    .filter((v) => v.version < q.version)
    .reduce<number | null>((m, v) => (m === null || v.version > m ? v.version : m), null);
  const [after, before] = await Promise.all([
    repo.budgetVersions.content(db, caller.tenantId, q.id, q.version),
    previous === null ? undefined : repo.budgetVersions.content(db, caller.tenantId, q.id, previous),
  ]);
  return {
    version: q.version,
    previous,
    published_at: Number(mine.published_at),
    published_by_name: mine.published_by_name ?? '',
    changes: previous === null ? [] : diffVersions(parse(before), parse(after)),
  };
}
