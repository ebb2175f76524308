import type { AgentRow, BillDetail, FlowDetail, FlowRow, InterveneRow, SimRow } from '@/api/flow';
import { jsonReply } from '@/test/fetch';
import { newDefinition } from '../rules/ops';

/** Replies shaped like the server's (packages/contracts/src/flow/design.ts, bill.ts). */
export const B = '/finobill/api/web';

export function flowRow(id: number, over: Partial<FlowRow> = {}): FlowRow {
  return {
    id,
    name: '差旅报销审批',
    groupId: 1,
    groupName: '费用报销',
    billType: 'expense',
    billTypeText: '报销单',
    enabled: true,
    version: 2,
    hasDraft: false,
    publishedAt: 1_795_000_000_000,
    publishedByName: '管理员',
    remark: '',
    runningCount: 0,
    createAt: 1_795_000_000_000,
    updateAt: 1_795_000_000_000,
    ...over,
  };
}

export function flowDetail(id: number, over: Partial<FlowDetail> = {}): FlowDetail {
  const definition = { ...newDefinition(String(id), '差旅报销审批'), version: 2 };
  return {
    ...flowRow(id),
    definition,
    published: definition,
    versions: [
      { version: 1, publishedAt: 1_794_000_000_000, publishedByName: '管理员' },
      { version: 2, publishedAt: 1_795_000_000_000, publishedByName: '管理员' },
    ],
    ...over,
  };
}

export function simRow(billId: number, over: Partial<SimRow> = {}): SimRow {
  return {
    billId,
    billNumber: `BX2026112700${billId}`,
    title: '上海出差报销',
    submitterName: '员工乙',
    amount: 128000,
    submitTime: 1_795_000_000_000,
    steps: [
      {
        nodeId: 'approver_1',
        name: '审批人',
        kind: 'approver',
        staff: [{ id: 2, name: '审批人甲' }],
        modeText: '或签',
        autoPass: null,
        note: '',
        toAdministrators: false,
        chosenMissing: false,
      },
    ],
    endNodeId: 'end',
    endNodeName: '流程结束',
    ...over,
  };
}

export function agentRow(id: number, over: Partial<AgentRow> = {}): AgentRow {
  return {
    id,
    principalId: 2,
    principalName: '审批人甲',
    agentId: 3,
    agentName: '员工乙',
    startAt: 1_795_000_000_000,
    endAt: 1_795_600_000_000,
    flowIds: [],
    flowNames: [],
    reason: '出差',
    status: 'active',
    statusText: '生效中',
    createdByName: '审批人甲',
    createAt: 1_795_000_000_000,
    cancelledAt: null,
    canCancel: true,
    ...over,
  };
}

export function interveneRow(id: number, over: Partial<InterveneRow> = {}): InterveneRow {
  return {
    id,
    billNumber: `BX20261127000${id}`,
    billType: 'expense',
    billTypeText: '报销单',
    title: '北京客户拜访',
    amount: 86000,
    status: 'approving',
    statusText: '审批中',
    createType: 1,
    createTypeText: '手动创建',
    submitterId: 3,
    submitterName: '员工乙',
    deptName: '研发部',
    orgName: '演示科技',
    flowName: '差旅报销审批',
    currentNodeName: '部门审批',
    currentApprovers: ['审批人甲'],
    submitTime: 1_795_000_000_000,
    finishTime: null,
    createAt: 1_795_000_000_000,
    updateAt: 1_795_000_000_000,
    ...over,
  };
}

export const pageOf = <T>(items: T[]) => ({
  items,
  page: { page_num: 1, page_size: 20, total: items.length },
});

export function refusal(http: number, status: number, msg: string) {
  return jsonReply({ status, msg, data: null }, http);
}

const NO_ACTIONS: BillDetail['actions'] = {
  canEdit: false,
  canSubmit: false,
  canDelete: false,
  canCopy: false,
  canWithdraw: false,
  canUrge: false,
  canApprove: false,
  canReject: false,
  canTransfer: false,
  canDelegate: false,
  canResolve: false,
  canAddSign: false,
  canRemoveSign: false,
  canOpinion: false,
  canIntervene: true,
  canPrint: true,
};

/** A document in approval as flow/detail answers it (the 流程干预 row plus its detail). */
export function billDetail(id: number, over: Partial<BillDetail> = {}): BillDetail {
  return {
    ...interveneRow(id),
    departmentId: 8,
    companyId: 2,
    projectId: null,
    remark: '',
    formValues: {},
    formId: null,
    formVersion: null,
    loanId: null,
    loanBillNumber: '',
    relatedBills: [],
    fees: [],
    trips: [],
    flowId: 1,
    flowVersion: 2,
    approvalRecord: [],
    currentTasks: [],
    myTasks: [],
    removableSigns: [],
    rejectNodes: [],
    actions: NO_ACTIONS,
    printCount: 0,
    riskFlags: [],
    budgetLines: [],
    budgetPersonal: 0,
    ...over,
  };
}
