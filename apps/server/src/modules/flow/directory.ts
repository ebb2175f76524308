import type { Db } from '../../platform/db/database.js';
import * as repo from './directory.repo.js';
import { createMemoryDirectory, type Directory, type MatrixRow } from './engine/index.js';
import { parseJson, sid } from './flow.util.js';

/**
 * The engine's Directory over one tenant snapshot, read in one go (the engine asks synchronously):
 * active staff with their direct supervisor (staff.supervisor_id) and first department, department heads
 * (departments.leader_id), permission-group members (groupId = privilege group id), approval-matrix rows,
 * and administrators = members of the builtin administrator group.
 */
export async function loadDirectory(db: Db, tenantId: number): Promise<Directory> {
  const s = await repo.snapshot(db, tenantId);
  const deptOf = new Map<number, number>();
  for (const d of s.depts) if (!deptOf.has(d.staff_id)) deptOf.set(d.staff_id, d.dept_id);
  const groups: Record<string, string[]> = {};
  const administrators: string[] = [];
  for (const m of s.members) {
    (groups[sid(m.group_id)] ??= []).push(sid(m.staff_id));
    if (m.is_builtin) administrators.push(sid(m.staff_id));
  }
  const matrix: MatrixRow[] = s.matrix.map((r) => ({
    matrixId: sid(r.matrix_id),
    ...(r.company_id !== null ? { companyId: sid(r.company_id) } : {}),
    ...(r.department_id !== null ? { departmentId: sid(r.department_id) } : {}),
    ...(r.min_amount !== null ? { minAmount: Number(r.min_amount) } : {}),
    ...(r.max_amount !== null ? { maxAmount: Number(r.max_amount) } : {}),
    approvers: parseJson<number[]>(r.approver_ids, []).map(sid),
  }));
  const departmentHeads: Record<string, string> = {};
  for (const h of s.heads) departmentHeads[sid(h.id)] = sid(h.leader_id!);
  return createMemoryDirectory({
    staff: s.staff.map((r) => ({
      id: sid(r.id),
      ...(r.supervisor_id !== null ? { supervisorId: sid(r.supervisor_id) } : {}),
      ...(deptOf.has(r.id) ? { departmentId: sid(deptOf.get(r.id)!) } : {}),
      active: r.status === 1,
    })),
    departmentHeads,
    groups,
    matrix,
    administrators,
  });
}

/** The directory with extra administrators (an intervening caller holding flowIntervene:edit). */
export function withAdministrators(dir: Directory, extra: string[]): Directory {
  return { ...dir, administrators: () => [...new Set([...dir.administrators(), ...extra])] };
}

export const staffNames = repo.staffNames;
export const activeStaff = repo.activeStaff;
export const activeStaffUsers = repo.activeStaffUsers;
