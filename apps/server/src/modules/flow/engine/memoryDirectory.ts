import type { Directory, StaffId } from './types.js';

export interface MatrixRow {
  matrixId: string;
  /** Absent: any company / department. */
  companyId?: string;
  departmentId?: string;
  /** Amount band in 分, inclusive low, exclusive high (absent = open). */
  minAmount?: number;
  maxAmount?: number;
  approvers: StaffId[];
}

export interface DirectoryData {
  staff: { id: StaffId; supervisorId?: StaffId; departmentId?: string; active?: boolean }[];
  departmentHeads?: Record<string, StaffId>;
  groups?: Record<string, StaffId[]>;
  matrix?: MatrixRow[];
  administrators?: StaffId[];
}

/**
 * A Directory over plain data: the tests use it, and a DB layer can fill it from one tenant snapshot.
 * Matrix: the most specific row wins (department over company over any), the first in order among equals.
 */
export function createMemoryDirectory(data: DirectoryData): Directory {
  const byId = new Map(data.staff.map((s) => [s.id, s]));
  return {
    supervisorOf(staffId, levels) {
      let cur: StaffId | undefined = staffId;
      for (let i = 0; i < levels && cur; i++) cur = byId.get(cur)?.supervisorId;
      return cur === staffId ? undefined : cur;
    },
    departmentOf: (staffId) => byId.get(staffId)?.departmentId,
    headOfDepartment: (departmentId) => data.departmentHeads?.[departmentId],
    membersOfGroup: (groupId) => data.groups?.[groupId] ?? [],
    matrixLookup({ matrixId, companyId, departmentId, amount }) {
      const rows = (data.matrix ?? []).filter(
        (r) =>
          r.matrixId === matrixId &&
          (r.companyId === undefined || r.companyId === companyId) &&
          (r.departmentId === undefined || r.departmentId === departmentId) &&
          (r.minAmount === undefined || amount >= r.minAmount) &&
          (r.maxAmount === undefined || amount < r.maxAmount),
      );
      const rank = (r: MatrixRow) => (r.departmentId ? 2 : r.companyId ? 1 : 0);
      const best = rows.reduce<MatrixRow | undefined>((a, r) => (!a || rank(r) > rank(a) ? r : a), undefined);
      return best?.approvers ?? [];
    },
    administrators: () => data.administrators ?? [],
    isActive: (staffId) => byId.get(staffId)?.active !== false && byId.has(staffId),
  };
}
