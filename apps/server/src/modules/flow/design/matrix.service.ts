import { MATRIX_DIMENSION_LABEL, type MatrixDimension } from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import { inTransaction } from '../../../platform/db/database.js';
import * as designRepo from './design.repo.js';
import type { FlowDeps } from './design.service.js';
import { activeStaff, staffNames } from '../directory.js';
import { flowErrors } from '../flow.errors.js';
import { parseJson } from '../flow.util.js';
import * as repo from './matrix.repo.js';

/**
 * 审批矩阵: who approves by company or by department and amount band [min, max) in 分. An approver node
 * with source { kind: 'matrix' } looks it up (the most specific row wins: department over company over any).
 */

function summary(r: Awaited<ReturnType<typeof repo.listMatrices>>[number]) {
  return {
    id: r.id,
    name: r.name,
    dimension: r.dimension,
    dimensionText: MATRIX_DIMENSION_LABEL[r.dimension as MatrixDimension] ?? r.dimension,
    remark: r.remark,
    rowCount: Number(r.row_count),
    updateAt: r.updated_at,
  };
}

export async function listMatrices(d: FlowDeps, caller: TenantCaller, dimension?: string) {
  return (await repo.listMatrices(d.db, caller.tenantId, dimension)).map(summary);
}

export async function matrixDetail(d: FlowDeps, caller: TenantCaller, id: number) {
  const m = await repo.getMatrix(d.db, caller.tenantId, id);
  if (!m) throw flowErrors.matrixNotFound();
  const rows = await repo.rowsOf(d.db, caller.tenantId, id);
  const approvers = rows.map((r) => parseJson<number[]>(r.approver_ids, []));
  const names = await staffNames(d.db, caller.tenantId, approvers.flat());
  return {
    ...summary({ ...m, row_count: rows.length }),
    rows: rows.map((r, i) => ({
      id: r.id,
      companyId: r.company_id,
      companyName: r.company_name ?? '',
      departmentId: r.department_id,
      departmentName: r.department_name ?? '',
      minAmount: r.min_amount === null ? null : Number(r.min_amount),
      maxAmount: r.max_amount === null ? null : Number(r.max_amount),
      approverIds: approvers[i],
      approverNames: approvers[i].map((a) => names.get(a) ?? ''),
    })),
  };
}

export interface MatrixSave {
  id?: number;
  name: string;
  dimension: MatrixDimension;
  remark: string;
  rows: {
    companyId?: number;
    departmentId?: number;
    minAmount?: number;
    maxAmount?: number;
    approverIds: number[];
  }[];
}

export async function saveMatrix(d: FlowDeps, caller: TenantCaller, body: MatrixSave) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    if (body.id !== undefined && !(await repo.getMatrix(trx, caller.tenantId, body.id)))
      throw flowErrors.matrixNotFound();
    if (await repo.nameTaken(trx, caller.tenantId, body.name, body.id ?? 0))
      throw flowErrors.nameTaken('审批矩阵');
    const byCompany = body.dimension === 'company';
    for (const [i, r] of body.rows.entries()) {
      if (byCompany && r.departmentId !== undefined)
        throw flowErrors.badInput(`rows.${i}.departmentId`, `第${i + 1}行：按公司的矩阵不能指定部门`);
      if (!byCompany && r.companyId !== undefined)
        throw flowErrors.badInput(`rows.${i}.companyId`, `第${i + 1}行：按部门的矩阵不能指定公司`);
    }
    const companies = await designRepo.existing(
      trx,
      caller.tenantId,
      'organizations',
      body.rows.flatMap((r) => (r.companyId ? [r.companyId] : [])),
    );
    const depts = await designRepo.existing(
      trx,
      caller.tenantId,
      'departments',
      body.rows.flatMap((r) => (r.departmentId ? [r.departmentId] : [])),
    );
    const staff = await activeStaff(
      trx,
      caller.tenantId,
      body.rows.flatMap((r) => r.approverIds),
    );
    for (const [i, r] of body.rows.entries()) {
      if (r.companyId !== undefined && !companies.has(r.companyId))
        throw flowErrors.badInput(`rows.${i}.companyId`, `第${i + 1}行：公司不存在`);
      if (r.departmentId !== undefined && !depts.has(r.departmentId))
        throw flowErrors.badInput(`rows.${i}.departmentId`, `第${i + 1}行：部门不存在`);
      if (r.approverIds.some((a) => !staff.has(a)))
        throw flowErrors.badInput(`rows.${i}.approverIds`, `第${i + 1}行：审批人不存在或已离职`);
    }
    const v = { name: body.name, dimension: body.dimension, remark: body.remark };
    const id = body.id ?? (await repo.insertMatrix(trx, caller.tenantId, v, now));
    if (body.id !== undefined) await repo.updateMatrix(trx, caller.tenantId, id, v, now);
    await repo.replaceRows(
      trx,
      caller.tenantId,
      id,
      body.rows.map((r) => ({
        company_id: r.companyId ?? null,
        department_id: r.departmentId ?? null,
        min_amount: r.minAmount ?? null,
        max_amount: r.maxAmount ?? null,
        approver_ids: JSON.stringify([...new Set(r.approverIds)]),
      })),
    );
    return { id };
  });
}

/** Refused while a flow (its draft or its current version) uses the matrix. */
export async function deleteMatrix(d: FlowDeps, caller: TenantCaller, id: number) {
  return inTransaction(d.db, async (trx) => {
    if (!(await repo.getMatrix(trx, caller.tenantId, id))) throw flowErrors.matrixNotFound();
    const users = await designRepo.flowsMentioning(trx, caller.tenantId, `"matrixId":"${id}"`);
    if (users.length)
      throw flowErrors.inUse(`流程「${users.map((u) => u.name).join('、')}」正在使用该审批矩阵，不能删除`);
    await repo.deleteMatrix(trx, caller.tenantId, id);
    return null;
  });
}
