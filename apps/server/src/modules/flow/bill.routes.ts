import {
  AdminCopyBody,
  AdminSendBackBody,
  AdminTransferBody,
  BatchApproveResult,
  BILL_TYPE_MENU,
  BillActed,
  BillAddSignBody,
  BillApproveBody,
  BillBatchApproveBody,
  BillDelegateBody,
  BillDetail,
  BillIdBody,
  BillIdQuery,
  BillOpinionBody,
  BillPage,
  BillPageQuery,
  BillRejectBody,
  BillRemoveSignBody,
  BillResolveBody,
  BillSaveBody,
  BillSaved,
  BillSubmitBody,
  BillTransferBody,
  BillUrgeBody,
  BillWithdrawBody,
  emptyData,
  envelopeOf,
  FeeEditBody,
  FeeIdBody,
  FeeSaveBody,
  ForcePassBody,
  IntervenePage,
  IntervenePageQuery,
  LineSaved,
  RejectNodeList,
  RelateBillPage,
  RelateBillPageQuery,
  RepaymentListBody,
  RepaymentPage,
  RoutePreview,
  SubmittedPageQuery,
  TodoCount,
  TodoPage,
  TodoPageQuery,
  TripEditBody,
  TripIdBody,
  TripSaveBody,
  type BillType,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import type { PermissionString } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import * as ap from './approval/index.js';
import * as bills from './bill/index.js';
import { FINOBILL } from './design.routes.js';

const FINOBILL_APP = '/finobill/api/app';
import type { BillRulesCheck, BillSpendLines, FlowDeps } from './design/index.js';
import { billDetail, mayView } from './approval/index.js';
import * as rel from './bill/index.js';
import * as todo from './approval/index.js';

/**
 * 单据 routes (/finobill/api/web/flow/*, bill/fee/*, trip/item/*; consumerOrder/* are spend/orders') and
 * POST /finodata/api/web/flow/repayment-list. Permissions: filing needs a bill list's add (the service also
 * checks the document type's own), acting on tasks todoList:view, intervention flowIntervene:*.
 */
const tags = ['bill'];
const reply = <T extends Parameters<typeof envelopeOf>[0]>(t: T) => ({ 200: envelopeOf(t) });
const empty = reply(emptyData);
const menus = Object.values(BILL_TYPE_MENU) as string[];
const perms = (v: string) =>
  menus.map((m) => `${m}:${v}` as PermissionString) as [PermissionString, ...PermissionString[]];
const FILE = perms('add');
const EDIT_LINES = [...perms('add'), ...perms('edit')] as [PermissionString, ...PermissionString[]];
const VIEW = perms('view');
const DELETE = perms('delete');
const DETAIL = [...perms('view'), 'todoList:view', 'submittedList:view', 'flowIntervene:view'] as [
  PermissionString,
  ...PermissionString[],
];
const TODO_LIST_VIEW = 'todoList:view' as const;

export function registerBillRoutes(
  app: ZodApp,
  deps: AppDeps,
  hooks: { billRules: BillRulesCheck; spendLines?: BillSpendLines },
) {
  const d: FlowDeps = {
    db: deps.db,
    clock: deps.clock ?? Date.now,
    storage: deps.storage,
    billRules: hooks.billRules,
    spendLines: hooks.spendLines,
  };
  const P = (s: string) => `${FINOBILL}/${s}`;
  const c = tenantCaller;

  // ---- documents ----
  app.get(
    P('flow/pageList'),
    {
      config: { permission: VIEW },
      schema: {
        querystring: BillPageQuery,
        response: reply(BillPage),
        tags,
        summary: '我的单据（按状态页签）',
      },
    },
    async (req) => ok(await bills.pageMyBills(d, c(req), req.query)),
  );
  app.get(
    P('flow/submittedPageList'),
    {
      config: { permission: 'submittedList:view' },
      schema: { querystring: SubmittedPageQuery, response: reply(BillPage), tags, summary: '我发起的' },
    },
    async (req) => ok(await bills.pageMyBills(d, c(req), req.query, true)),
  );
  app.get(
    P('flow/detail'),
    {
      config: { permission: DETAIL },
      schema: {
        querystring: BillIdQuery,
        response: reply(BillDetail),
        tags,
        summary: '单据详情（含审批记录、当前任务与可执行操作）',
      },
    },
    async (req) => ok(await billDetail(d, c(req), req.query.id)),
  );
  app.get(
    P('flow/previewRoute'),
    {
      config: { permission: FILE },
      schema: {
        querystring: BillIdQuery,
        response: reply(RoutePreview),
        tags,
        summary: '提交前预览审批路线',
      },
    },
    async (req) => ok(await ap.previewRoute(d, c(req), req.query.id)),
  );
  app.post(
    P('flow/save'),
    {
      config: { permission: FILE },
      schema: {
        body: BillSaveBody,
        response: reply(BillSaved),
        tags,
        summary: '保存单据草稿（含费用明细、行程）',
      },
    },
    async (req) =>
      ok(await bills.saveBill(d, c(req), { ...req.body, billType: req.body.billType as BillType })),
  );
  app.post(
    P('flow/submit'),
    {
      config: { permission: FILE },
      schema: { body: BillSubmitBody, response: reply(BillActed), tags, summary: '提交审批' },
    },
    async (req) => ok(await ap.submitBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/withdraw'),
    {
      config: { permission: FILE },
      schema: { body: BillWithdrawBody, response: reply(BillActed), tags, summary: '撤回' },
    },
    async (req) => ok(await ap.withdrawBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/urge'),
    {
      config: { permission: FILE },
      schema: { body: BillUrgeBody, response: reply(BillActed), tags, summary: '催办' },
    },
    async (req) => ok(await ap.urgeBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/copy'),
    {
      config: { permission: FILE },
      schema: { body: BillIdBody, response: reply(BillSaved), tags, summary: '复制为新草稿' },
    },
    async (req) => ok(await bills.copyBill(d, c(req), req.body.id)),
  );
  app.post(
    P('flow/delete'),
    {
      config: { permission: DELETE },
      schema: { body: BillIdBody, response: empty, tags, summary: '删除草稿或已撤回的单据' },
    },
    async (req) => ok(await bills.deleteBill(d, c(req), req.body.id)),
  );

  // ---- approval ----
  app.post(
    P('flow/approve'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: { body: BillApproveBody, response: reply(BillActed), tags, summary: '审批通过' },
    },
    async (req) => ok(await ap.approveBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/reject'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: { body: BillRejectBody, response: reply(BillActed), tags, summary: '驳回（结束或退回到节点）' },
    },
    async (req) => ok(await ap.rejectBill(d, c(req), req.body)),
  );
  app.get(
    P('flow/rejectNodeList'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: { querystring: BillIdQuery, response: reply(RejectNodeList), tags, summary: '可退回的节点' },
    },
    async (req) => ok(await ap.rejectNodeList(d, c(req), req.query.id)),
  );
  app.post(
    P('flow/opinion'),
    {
      config: { permission: DETAIL },
      schema: { body: BillOpinionBody, response: empty, tags, summary: '评论（不审批）' },
    },
    async (req) => {
      const caller = c(req);
      return ok(await ap.opinionBill(d, caller, req.body, (trx, b) => mayView(trx, caller, b)));
    },
  );
  app.post(
    P('flow/transfer'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: { body: BillTransferBody, response: reply(BillActed), tags, summary: '转办' },
    },
    async (req) => ok(await ap.transferBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/delegate'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: { body: BillDelegateBody, response: reply(BillActed), tags, summary: '委派' },
    },
    async (req) => ok(await ap.delegateBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/resolve'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: { body: BillResolveBody, response: reply(BillActed), tags, summary: '委派处理完成，交回' },
    },
    async (req) => ok(await ap.resolveBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/addSign'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: { body: BillAddSignBody, response: reply(BillActed), tags, summary: '加签（向前/向后）' },
    },
    async (req) => ok(await ap.addSignBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/removeSign'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: { body: BillRemoveSignBody, response: reply(BillActed), tags, summary: '减签' },
    },
    async (req) => ok(await ap.removeSignBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/batchApprove'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: {
        body: BillBatchApproveBody,
        response: reply(BatchApproveResult),
        tags,
        summary: '批量审批（每100张一个事务，逐张返回结果）',
      },
    },
    async (req) => ok(await ap.batchApprove(d, c(req), req.body)),
  );

  // ---- to-do ----
  app.get(
    P('flow/todoPageList'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: {
        querystring: TodoPageQuery,
        response: reply(TodoPage),
        tags,
        summary: '我的待办（待审批、已审批、知会/抄送我的）',
      },
    },
    async (req) => ok(await todo.pageTodo(d, c(req), req.query)),
  );
  app.get(
    P('flow/todoCount'),
    {
      config: { permission: TODO_LIST_VIEW },
      schema: { response: reply(TodoCount), tags, summary: '待审批数与未读知会数' },
    },
    async (req) => ok(await todo.todoCount(d, c(req))),
  );

  // ---- intervention ----
  app.get(
    P('flow/intervenePageList'),
    {
      config: { permission: 'flowIntervene:view' },
      schema: {
        querystring: IntervenePageQuery,
        response: reply(IntervenePage),
        tags,
        summary: '流程干预：审批中的单据',
      },
    },
    async (req) => ok(await todo.pageIntervene(d, c(req), req.query)),
  );
  app.post(
    P('flow/forcePass'),
    {
      config: { permission: 'flowIntervene:edit' },
      schema: {
        body: ForcePassBody,
        response: reply(BillActed),
        tags,
        summary: '流程干预：强制通过当前节点',
      },
    },
    async (req) => ok(await todo.forcePass(d, c(req), req.body)),
  );
  app.post(
    P('flow/adminTransfer'),
    {
      config: { permission: 'flowIntervene:edit' },
      schema: { body: AdminTransferBody, response: reply(BillActed), tags, summary: '流程干预：转办' },
    },
    async (req) => ok(await todo.adminTransferBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/adminSendBack'),
    {
      config: { permission: 'flowIntervene:edit' },
      schema: { body: AdminSendBackBody, response: reply(BillActed), tags, summary: '流程干预：退回' },
    },
    async (req) => ok(await todo.adminSendBackBill(d, c(req), req.body)),
  );
  app.post(
    P('flow/adminCopy'),
    {
      config: { permission: 'flowIntervene:edit' },
      schema: { body: AdminCopyBody, response: reply(BillActed), tags, summary: '流程干预：抄送' },
    },
    async (req) => ok(await todo.adminCopyBill(d, c(req), req.body)),
  );

  // ---- lines ----
  app.post(
    P('bill/fee/saveFee'),
    {
      config: { permission: EDIT_LINES },
      schema: { body: FeeSaveBody, response: reply(LineSaved), tags, summary: '新增费用明细' },
    },
    async (req) => ok(await bills.saveFee(d, c(req), req.body)),
  );
  app.post(
    P('bill/fee/editFee'),
    {
      config: { permission: EDIT_LINES },
      schema: { body: FeeEditBody, response: reply(LineSaved), tags, summary: '修改费用明细' },
    },
    async (req) => ok(await bills.editFee(d, c(req), req.body)),
  );
  app.post(
    P('bill/fee/deleteFee'),
    {
      config: { permission: EDIT_LINES },
      schema: { body: FeeIdBody, response: reply(LineSaved), tags, summary: '删除费用明细' },
    },
    async (req) => ok(await bills.deleteFee(d, c(req), req.body.id)),
  );
  app.post(
    P('trip/item/saveTripItem'),
    {
      config: { permission: EDIT_LINES },
      schema: { body: TripSaveBody, response: reply(LineSaved), tags, summary: '新增行程' },
    },
    async (req) => ok(await bills.saveTrip(d, c(req), req.body)),
  );
  app.post(
    P('trip/item/editTripItem'),
    {
      config: { permission: EDIT_LINES },
      schema: { body: TripEditBody, response: reply(LineSaved), tags, summary: '修改行程' },
    },
    async (req) => ok(await bills.editTrip(d, c(req), req.body)),
  );
  app.post(
    P('trip/item/deleteTripItem'),
    {
      config: { permission: EDIT_LINES },
      schema: { body: TripIdBody, response: reply(LineSaved), tags, summary: '删除行程' },
    },
    async (req) => ok(await bills.deleteTrip(d, c(req), req.body.id)),
  );

  // ---- connected documents, repayments ----
  // The app family (/finobill/api/app/, spec 7.1) answers the same list to the mobile client.
  for (const path of [P('flow/relateBillPageList'), `${FINOBILL_APP}/flow/relateBillPageList`]) {
    app.get(
      path,
      {
        config: { permission: FILE },
        schema: {
          querystring: RelateBillPageQuery,
          response: reply(RelateBillPage),
          tags,
          summary: '可关联的单据（本人已审批通过的单据）',
        },
      },
      async (req) => ok(await rel.relateBillPage(d, c(req), req.query)),
    );
  }
  app.post(
    '/finodata/api/web/flow/repayment-list',
    {
      config: { permission: FILE },
      schema: {
        body: RepaymentListBody,
        response: reply(RepaymentPage),
        tags,
        summary: '本人借款及剩余未还金额',
      },
    },
    async (req) => ok(await rel.repaymentList(d, c(req), req.body)),
  );
}
