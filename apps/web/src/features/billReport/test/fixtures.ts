import type { EfficiencyDetailRow, EfficiencyReport } from '@/api/billReport';

/** 单据分析's replies as the tests of its screen and its printable pages stub them. */
const stat = (key: string, name: string, documents: number, avgHours: number | null, overdue = 0) => ({
  key,
  name,
  documents,
  finished: documents,
  running: 0,
  avgHours,
  p90Hours: avgHours,
  overdue,
});
export const REPORT: EfficiencyReport = {
  summary: { ...stat('all', '全部', 4, 23, 2), finished: 3, running: 1, p90Hours: 60 },
  byType: [stat('expense', '报销单', 3, 33), stat('apply', '申请单', 1, 3)],
  byDepartment: [stat('1', '研发部', 2, 33, 1), stat('2', '市场部', 2, 3, 1)],
  byPerson: [stat('7', '张三', 2, 33)],
  byApprover: [
    {
      approverId: 9,
      approverName: '王经理',
      handled: 4,
      pending: 0,
      avgHours: 3.5,
      p90Hours: 10,
      overdue: 0,
    },
  ],
  byWeek: [
    { week: '2026-11-02', documents: 2, avgHours: 33 },
    { week: '2026-11-09', documents: 2, avgHours: 3 },
  ],
};
export const DETAIL: EfficiencyDetailRow = {
  id: 11,
  billNumber: 'BX202611020001',
  title: '上海出差报销',
  billType: 'expense',
  billTypeText: '报销单',
  submitterName: '张三',
  deptName: '研发部',
  amount: 35000,
  status: 'approved',
  statusText: '已通过',
  submitTime: 1_793_581_200_000,
  finishTime: 1_793_602_800_000,
  totalHours: 6,
  overdue: false,
  nodes: [
    {
      nodeId: 'dept',
      nodeName: '部门审批',
      approvers: '王经理',
      receivedAt: 1_793_581_200_000,
      leftAt: 1_793_588_400_000,
      waitHours: 2,
      handleHours: 2,
      overdue: false,
    },
  ],
};
