import type { ApproveMode, ApproverSource, FlowNode } from './types';

/** Names the designer knows for ids (staff, groups, matrices, departments); the id itself otherwise. */
export interface Names {
  staff?: (id: string) => string | undefined;
  group?: (id: string) => string | undefined;
  matrix?: (id: string) => string | undefined;
  department?: (id: string) => string | undefined;
}

export const SOURCE_TEXT: Record<ApproverSource['kind'], string> = {
  staff: '指定成员',
  supervisor: '上级主管',
  departmentHead: '部门负责人',
  group: '权限组',
  matrix: '审批矩阵',
  chosen: '发起人自选',
};

export function describeSource(s: ApproverSource, names: Names = {}): string {
  switch (s.kind) {
    case 'staff':
      return s.staffIds.length ? s.staffIds.map((id) => names.staff?.(id) ?? id).join('、') : '未指定成员';
    case 'supervisor':
      return s.levels === 1 ? '直属上级' : `第${s.levels}级上级`;
    case 'departmentHead':
      return s.departmentId
        ? `${names.department?.(s.departmentId) ?? s.departmentId}负责人`
        : '发起人部门负责人';
    case 'group':
      return `权限组：${(s.groupId && names.group?.(s.groupId)) || s.groupId || '未选择'}`;
    case 'matrix':
      return `审批矩阵：${(s.matrixId && names.matrix?.(s.matrixId)) || s.matrixId || '未选择'}`;
    case 'chosen':
      return '发起人自选';
  }
}

export function describeMode(m: ApproveMode): string {
  if (m.kind === 'orSign') return '或签';
  if (m.kind === 'sequential') return '依次审批';
  const r = m.passRatio ?? 1;
  return r >= 1 ? '会签（全部同意）' : `会签（${Math.round(r * 100)}%同意）`;
}

/** The one-line summary on a node's card. */
export function summarize(n: FlowNode, names: Names = {}): string {
  if (n.type === 'start') return '所有人';
  if (n.type === 'end' || n.type === 'condition') return '';
  const who =
    n.sources.map((s) => describeSource(s, names)).join('、') ||
    (n.type === 'cc' ? '请设置抄送人' : '请设置审批人');
  return n.type === 'approver' ? `${who} · ${describeMode(n.mode)}` : who;
}
