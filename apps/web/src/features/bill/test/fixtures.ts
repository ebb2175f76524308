import type { Bill, BillListPage, BillListRow, TodoListPage, TodoListRow } from '@/api/bill';
import type { InvoicePage, InvoiceRow } from '@/api/invoice';
import { jsonReply } from '@/test/fetch';

/** An invoice row shaped like the server's (packages/contracts/src/invoice/replies.ts), 可用. */
export function invoiceRow(id: number, over: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id,
    type: 'vat_electronic',
    typeText: '增值税电子普通发票',
    source: 'qrcode',
    sourceText: '扫码录入',
    code: '033002000211',
    number: String(83089640 + id),
    billingDate: Date.UTC(2026, 10, 20, 16),
    amount: 51068,
    tax: 1532,
    amountTax: 52600,
    sellerName: '兰溪市悦济舫餐厅',
    sellerTaxId: '',
    buyerName: '演示科技',
    buyerTaxId: '',
    dealStatus: 2,
    dealStatusText: '查验通过',
    recentStatus: 1,
    recentStatusText: '可用',
    finishingAmount: 0,
    finishAmount: 0,
    unfinishAmount: 52600,
    userOrgId: 2,
    userOrgName: '演示科技',
    userEnterId: 11,
    userEnterName: '员工乙',
    createAt: 1_795_000_000_000,
    billId: null,
    fileKey: null,
    tags: [],
    ...over,
  };
}

export function invoicePage(items: InvoiceRow[]): Pick<InvoicePage, 'items' | 'page'> {
  return { items, page: { page_num: 1, page_size: 10, total: items.length } };
}

/** A refusal envelope as the server sends it (status code, msg, data with fields). */
export function refusal(
  http: number,
  status: number,
  msg: string,
  fields?: { field: string; msg: string }[],
) {
  return jsonReply({ status, msg, data: fields ? { fields } : null }, http);
}

export const T0 = 1_795_000_000_000;

export function billRow(id: number, over: Partial<BillListRow> = {}): BillListRow {
  return {
    id,
    billNumber: `BX20261127${String(id).padStart(4, '0')}`,
    billType: 'expense',
    billTypeText: '报销单',
    title: '上海客户拜访差旅报销',
    amount: 158050,
    status: 'draft',
    statusText: '草稿',
    createType: 1,
    createTypeText: '手动创建',
    submitterId: 3,
    submitterName: '员工乙',
    deptName: '研发部',
    orgName: '演示科技',
    flowName: '',
    currentNodeName: '',
    currentApprovers: [],
    submitTime: null,
    finishTime: null,
    createAt: T0,
    updateAt: T0,
    ...over,
  };
}

export function billPage(items: BillListRow[]): BillListPage {
  return {
    items,
    page: { page_num: 1, page_size: 20, total: items.length },
    tabs: [
      { status: 'draft', label: '草稿', count: 1 },
      { status: 'approving', label: '审批中', count: 2 },
    ],
  };
}

const NO_ACTIONS: Bill['actions'] = {
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
  canIntervene: false,
  canPrint: false,
};

export function billDetail(
  id: number,
  over: Partial<Bill> = {},
  actions: Partial<Bill['actions']> = {},
): Bill {
  return {
    ...billRow(id, {
      status: 'approving',
      statusText: '审批中',
      flowName: '报销审批',
      currentNodeName: '部门审批',
      currentApprovers: ['审批人甲'],
      submitTime: T0,
    }),
    departmentId: 8,
    companyId: 2,
    projectId: null,
    remark: '',
    formValues: {},
    loanId: null,
    loanBillNumber: '',
    relatedBills: [],
    fees: [
      {
        id: 31,
        feeType: 'traffic',
        feeTypeText: '交通费',
        amount: 1120,
        date: T0,
        remark: '打车',
        overReason: '',
        invoices: [
          {
            id: 7,
            number: '24112000000048542163',
            typeText: '数电发票（普通发票）',
            sellerName: '杭州融运科技有限公司',
            amountTax: 1120,
            billingDate: T0,
            recentStatus: 2,
            recentStatusText: '核销中',
            edits: [],
          },
        ],
      },
    ],
    trips: [
      {
        id: 41,
        peers: '',
        date: [T0, T0 + 2 * 86_400_000],
        locationCus: '上海',
        budget_traffic: 56000,
        budget_stay: 128000,
        budget_other: 0,
        budget_total: 184000,
      },
    ],
    flowId: 1,
    flowVersion: 1,
    formId: null,
    formVersion: null,
    approvalRecord: [
      {
        at: T0,
        nodeId: 'start',
        nodeName: '发起',
        actorId: 3,
        actorName: '员工乙',
        onBehalfOfText: '',
        action: 'submitted',
        actionLabel: '提交',
        toNames: [],
        opinion: '',
        reason: '',
      },
    ],
    currentTasks: [
      {
        taskId: 't1',
        nodeId: 'dept',
        nodeName: '部门审批',
        assigneeId: 2,
        assigneeName: '审批人甲',
        onBehalfOfText: '',
        status: 'running',
        statusText: '待审批',
        signType: null,
        createdAt: T0,
      },
    ],
    myTasks: [],
    removableSigns: [],
    rejectNodes: [],
    actions: { ...NO_ACTIONS, ...actions },
    printCount: 0,
    riskFlags: [],
    budgetLines: [],
    budgetPersonal: 0,
    ...over,
  };
}

export function todoRow(billId: number, over: Partial<TodoListRow> = {}): TodoListRow {
  return {
    billId,
    billNumber: `BX20261127${String(billId).padStart(4, '0')}`,
    billType: 'expense',
    billTypeText: '报销单',
    title: `报销${billId}`,
    amount: 1120,
    submitterId: 3,
    submitterName: '员工乙',
    deptName: '研发部',
    status: 'approving',
    statusText: '审批中',
    taskId: `t${billId}`,
    nodeName: '部门审批',
    onBehalfOfText: '',
    actionLabel: '',
    time: T0,
    submitTime: T0,
    riskNames: [],
    ...over,
  };
}

export const todoPage = (items: TodoListRow[]): TodoListPage => ({
  items,
  page: { page_num: 1, page_size: 20, total: items.length },
});
