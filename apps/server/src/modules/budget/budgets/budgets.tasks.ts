import {
  BUDGET_TABLE_AMOUNT,
  BUDGET_TABLE_CONTROL,
  BUDGET_TABLE_CONTROL_WORDS,
  budgetTableControlWord,
  BUDGET_TABLE_DIMENSION_COLUMNS,
  BUDGET_TABLE_FIGURES,
  BUDGET_TABLE_LEVELS,
  BUDGET_TABLE_PERIOD,
  BUDGET_TABLE_REASON,
  BudgetExportParams,
  BudgetImportParams,
  TaskOperatingType,
  budgetPeriods,
  formatMoney,
  type BudgetDimension,
  type BudgetPeriodType,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import {
  TASK_FAILED_CODE,
  taskFailure,
  type TaskResult,
  type TaskRunContext,
} from '../../../platform/tasks.js';
import type { AppServices } from '../../../platform/types.js';
import { readFirstSheet, withLocalCopy, XlsxFormatError } from '../../../platform/xlsx/reader.js';
import { writeSheet } from '../../../platform/xlsx/writer.js';
import { activeStaffByPhones, departmentNames, departmentsByName, staffPhones } from '../../org/index.js';
import { projectCodes, projectIdsByCode } from '../../project/index.js';
import { feeTypeIndex } from '../feeTypes/index.js';
import { availableOf } from '../ledger/index.js';
import * as repo from './budgets.repo.js';
import { importBudgetTable, type TableNode } from './budgets.service.js';
import { amountOfCell, headerKey, periodOfCell } from './budgets.table.js';

/**
 * 预算's background tasks (decision 0054): 150 预算导入 — an .xlsx budget table (a row per node and period)
 * becomes ONE new version of the budget, or, when any row fails, nothing is published and the failure file
 * lists every failed row with its reason; 151 预算导出 — the budget's nodes × periods with 预算, 预占, 已用, 可用
 * in yuan (with `template`: the import columns only, filled with the current amounts).
 */

type Level = (typeof BUDGET_TABLE_LEVELS)[number];
/** More rows than this are refused before anything is checked. */
export const BUDGET_IMPORT_MAX_ROWS = 100_000;
/** Header cells read (the table's columns in any order; unknown ones are ignored). */
const WIDTH = 24;

const callerOf = (ctx: TaskRunContext): TenantCaller => ({
  sessionId: 0,
  userId: ctx.task.creatorUserId,
  tenantId: ctx.task.tenantId,
  staffId: ctx.task.creatorStaffId,
  perms: [],
});

async function budgetOf(ctx: TaskRunContext, budgetId: number) {
  const b = await repo.getBudget(ctx.db, ctx.task.tenantId, budgetId);
  if (!b) throw taskFailure('预算不存在或已被删除');
  return b;
}

interface Row {
  rowNumber: number;
  cells: string[];
}

async function importTable(ctx: TaskRunContext): Promise<TaskResult> {
  const parsed = BudgetImportParams.safeParse(ctx.task.params ?? {});
  if (!parsed.success) throw taskFailure('导入参数不正确：请在预算详情中导入');
  const { tenantId } = ctx.task;
  const b = await budgetOf(ctx, parsed.data.budget_id);
  if (!ctx.task.inputKey) throw taskFailure('请上传导入文件');

  // 1. Read the file: the header row, then every data row (bounded: BUDGET_IMPORT_MAX_ROWS).
  let header: string[] | null = null;
  const rows: Row[] = [];
  try {
    const input = await ctx.openInput(ctx.task.inputKey);
    for await (const r of withLocalCopy(input, (file) => readFirstSheet(file, WIDTH))) {
      if (header === null) {
        header = r.cells;
        continue;
      }
      if (rows.length >= BUDGET_IMPORT_MAX_ROWS)
        throw taskFailure(`导入文件最多${BUDGET_IMPORT_MAX_ROWS}行预算数据`);
      rows.push(r);
    }
  } catch (e) {
    if (e instanceof XlsxFormatError) throw taskFailure(e.message);
    throw e;
  }
  if (header === null) throw taskFailure('导入文件是空的，请下载模板填写后再导入');
  const col = new Map<string, number>();
  header.forEach((h, i) => {
    const k = headerKey(h);
    if (k && !col.has(k)) col.set(k, i);
  });
  const at = (name: string) => col.get(headerKey(name));
  const need = [BUDGET_TABLE_PERIOD, BUDGET_TABLE_AMOUNT].filter((c) => at(c) === undefined);
  const modeDim: Level = b.budget_mode === 3 ? 'project' : 'department';
  const [modeCode, modeName] = BUDGET_TABLE_DIMENSION_COLUMNS[modeDim];
  if (at(modeCode) === undefined && (modeDim !== 'department' || at(modeName) === undefined))
    need.unshift(modeCode);
  if (need.length > 0) throw taskFailure(`导入文件缺少列：${need.join('、')}，请下载模板填写后再导入`);
  const levels = BUDGET_TABLE_LEVELS.filter((d) =>
    BUDGET_TABLE_DIMENSION_COLUMNS[d].some((c) => at(c) !== undefined),
  );
  const cell = (r: Row, name: string) => {
    const i = at(name);
    return i === undefined ? '' : (r.cells[i] ?? '');
  };

  // 2. Look up every value the file names once, in sets (the tenant's own only).
  const codes = (d: Level) => [
    ...new Set(rows.map((r) => cell(r, BUDGET_TABLE_DIMENSION_COLUMNS[d][0])).filter(Boolean)),
  ];
  const deptIds = codes('department')
    .filter((c) => /^\d{1,15}$/.test(c))
    .map(Number);
  const deptNames = [
    ...new Set(
      rows
        .filter((r) => !cell(r, '部门编码'))
        .map((r) => cell(r, '部门名称'))
        .filter(Boolean),
    ),
  ];
  const [depts, deptsNamed, projects, feeTypes, people] = await Promise.all([
    departmentNames(ctx.db, tenantId, deptIds),
    departmentsByName(ctx.db, tenantId, deptNames),
    projectIdsByCode(ctx.db, tenantId, codes('project')),
    feeTypeIndex(ctx.db, tenantId),
    activeStaffByPhones(ctx.db, tenantId, codes('person')),
  ]);
  const valueOf = (d: Level, code: string, name: string): { value: string } | { error: string } | null => {
    switch (d) {
      case 'department': {
        if (code)
          return /^\d{1,15}$/.test(code) && depts.has(Number(code))
            ? { value: code }
            : { error: `部门编码「${code}」不存在` };
        if (!name) return null;
        const found = deptsNamed.get(name) ?? [];
        if (found.length === 0) return { error: `部门「${name}」不存在` };
        if (found.length > 1) return { error: `部门名称「${name}」有${found.length}个，请填写部门编码` };
        return { value: String(found[0]) };
      }
      case 'project': {
        if (!code) return name ? { error: '请填写项目编码' } : null;
        const p = projects.get(code);
        return p ? { value: String(p.id) } : { error: `项目编码「${code}」不存在` };
      }
      case 'fee_type':
        if (!code) return name ? { error: '请填写费用类型编码' } : null;
        return feeTypes.has(code) ? { value: code } : { error: `费用类型编码「${code}」不存在` };
      case 'person': {
        if (!code) return name ? { error: '请填写人员手机号' } : null;
        const s = people.get(code);
        return s ? { value: String(s.staffId) } : { error: `手机号「${code}」不是本组织的在职员工` };
      }
    }
  };

  // 3. Check every row; build the tree from the good ones (nothing is written while any row fails).
  const nodes = new Map<string, TableNode>([
    ['root', { key: 'root', parent: null, dimension: 'root', value: '', amounts: {} }],
  ]);
  const seen = new Map<string, number>();
  const controls = new Map<string, { control: number | null; row: number }>();
  const failures: (string | number)[][] = [];
  for (const r of rows) {
    const why: string[] = [];
    let path = 'root';
    const steps: { key: string; parent: string; dimension: BudgetDimension; value: string }[] = [];
    for (const d of levels) {
      const [codeCol, nameCol] = BUDGET_TABLE_DIMENSION_COLUMNS[d];
      const v = valueOf(d, cell(r, codeCol), cell(r, nameCol));
      if (v === null) continue;
      if ('error' in v) {
        why.push(v.error);
        continue;
      }
      const key = `${path}/${d}:${v.value}`;
      steps.push({ key, parent: path, dimension: d, value: v.value });
      path = key;
    }
    const period = periodOfCell(cell(r, BUDGET_TABLE_PERIOD), b.year, b.period_type as BudgetPeriodType);
    if ('error' in period) why.push(period.error);
    const amount = amountOfCell(cell(r, BUDGET_TABLE_AMOUNT));
    if ('error' in amount) why.push(amount.error);
    const controlWord = cell(r, BUDGET_TABLE_CONTROL).replace(/\s+/g, '');
    const control = controlWord === '' ? undefined : BUDGET_TABLE_CONTROL_WORDS[controlWord];
    if (control === undefined && controlWord !== '')
      why.push(`超支控制「${controlWord}」不正确，可填：同预算、合并标记、个人承担、禁止`);
    else if (control !== undefined) {
      const earlier = controls.get(path);
      if (earlier && earlier.control !== control)
        why.push(`与第${earlier.row}行的超支控制不一致（同一预算节点）`);
      else if (why.length === 0) controls.set(path, { control, row: r.rowNumber });
    }
    if (why.length === 0 && 'period' in period) {
      const twin = seen.get(`${path}|${period.period}`);
      if (twin !== undefined) why.push(`与第${twin}行重复（同一预算节点、同一期间）`);
      else seen.set(`${path}|${period.period}`, r.rowNumber);
    }
    if (why.length > 0) {
      failures.push([r.rowNumber, ...header.map((_, i) => r.cells[i] ?? ''), why.join('；')]);
      continue;
    }
    for (const s of steps) if (!nodes.has(s.key)) nodes.set(s.key, { ...s, amounts: {} });
    if (control !== undefined) nodes.get(path)!.control = control;
    if ('amount' in amount && amount.amount !== null && 'period' in period)
      nodes.get(path)!.amounts[period.period] = amount.amount;
  }

  if (failures.length > 0) {
    const width = header.reduce((n, h, i) => (h ? i + 1 : n), 0);
    const attachment = await ctx.saveOutput('预算导入失败明细.xlsx', (out) =>
      writeSheet(
        out,
        '失败明细',
        ['行号', ...header.slice(0, width), BUDGET_TABLE_REASON],
        [failures.map((f) => [f[0]!, ...f.slice(1, width + 1), f[f.length - 1]!])],
      ),
    );
    await ctx.progress({ success_amount: 0, fail_amount: failures.length });
    return { success_amount: 0, fail_amount: failures.length, attachment };
  }
  if (rows.length === 0) throw taskFailure('导入文件中没有预算数据');
  try {
    await importBudgetTable(ctx.db, callerOf(ctx), b.id, [...nodes.values()], Date.now());
  } catch (e) {
    // A value that went away between the check and the publish (a department deleted): nothing was written.
    if (e instanceof AppError && e.code !== TASK_FAILED_CODE) throw taskFailure(e.msg);
    throw e;
  }
  await ctx.progress({ success_amount: rows.length, fail_amount: 0 });
  return { success_amount: rows.length, fail_amount: 0 };
}

async function exportTable(ctx: TaskRunContext): Promise<TaskResult> {
  const parsed = BudgetExportParams.safeParse(ctx.task.params ?? {});
  if (!parsed.success) throw taskFailure('导出条件不正确：请选择预算');
  const { tenantId } = ctx.task;
  const b = await budgetOf(ctx, parsed.data.budget_id);
  const template = parsed.data.template;
  const nodes = (await repo.nodesOf(ctx.db, tenantId, b.id)).filter((n) => !n.removed);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const used = new Set(nodes.map((n) => n.dimension));
  const modeDim: Level = b.budget_mode === 3 ? 'project' : 'department';
  const levels = BUDGET_TABLE_LEVELS.filter(
    (d) => d === modeDim || used.has(d) || (d === 'fee_type' && b.fee_dimension === 1),
  );
  const valuesOf = (d: string) => nodes.filter((n) => n.dimension === d).map((n) => Number(n.value));
  const [projects, people] = await Promise.all([
    projectCodes(ctx.db, tenantId, valuesOf('project')),
    staffPhones(ctx.db, tenantId, valuesOf('person')),
  ]);
  const codeAndName = (n: (typeof nodes)[number]): [string, string] => {
    switch (n.dimension) {
      case 'project': {
        const p = projects.get(Number(n.value));
        return [p?.code ?? '', p?.name ?? n.label];
      }
      case 'person': {
        const s = people.get(Number(n.value));
        return [s?.phone ?? '', s?.name ?? n.label];
      }
      default:
        return [n.value, n.label];
    }
  };
  const balances = await repo.balancesOfBudget(ctx.db, tenantId, [b.id]);
  const fig = new Map(balances.map((r) => [`${r.node_id}|${r.period}`, r]));
  const periods = budgetPeriods(b.year, b.period_type as BudgetPeriodType);
  const header = [
    ...levels.flatMap((d) => BUDGET_TABLE_DIMENSION_COLUMNS[d]),
    BUDGET_TABLE_PERIOD,
    BUDGET_TABLE_AMOUNT,
    BUDGET_TABLE_CONTROL,
    ...(template ? [] : BUDGET_TABLE_FIGURES),
  ];
  const yuan = (v: number | null | undefined) => (v === null || v === undefined ? '' : formatMoney(v));
  let count = 0;
  function* pages() {
    for (const n of nodes) {
      const dims = new Map<string, [string, string]>();
      for (let at: typeof n | undefined = n, i = 0; at && i < 50; i++) {
        if (at.dimension !== 'root') dims.set(at.dimension, codeAndName(at));
        at = at.parent_id === null ? undefined : byId.get(at.parent_id);
      }
      const lead = levels.flatMap((d) => dims.get(d) ?? ['', '']);
      const page: (string | number)[][] = [];
      for (const p of periods) {
        const f = fig.get(`${n.id}|${p}`);
        const row: (string | number)[] = [
          ...lead,
          p,
          yuan(f?.budget),
          budgetTableControlWord(n.control ?? null),
        ];
        if (!template)
          row.push(
            yuan(f?.occupied ?? 0),
            yuan(f?.used ?? 0),
            yuan(availableOf(b, p, (q) => fig.get(`${n.id}|${q}`))),
          );
        page.push(row);
      }
      count += page.length;
      yield page;
    }
  }
  const name = ctx.task.fileName || `${b.name}${template ? '导入模板' : ''}.xlsx`;
  const attachment = await ctx.saveOutput(name, (out) =>
    writeSheet(out, template ? '预算导入模板' : '预算', header, pages()),
  );
  await ctx.progress({ success_amount: count, fail_amount: 0 });
  return { success_amount: count, fail_amount: 0, attachment };
}

export function registerBudgetTasks(services: AppServices) {
  services.taskHandlers.register(TaskOperatingType.budgetImport, importTable);
  services.taskHandlers.register(TaskOperatingType.budgetExport, exportTable);
}
