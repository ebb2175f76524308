import {
  envelopeOf,
  PurchaseApplyDecideBody,
  PurchaseApplyIdQuery,
  PurchaseApplyInfo,
  PurchaseApplyLinesBody,
  PurchaseApplyListQuery,
  PurchaseApplyPage,
  PurchaseExportReply,
  PurchaseOrderCreateBody,
  PurchaseOrderFilter,
  PurchaseOrderIdQuery,
  PurchaseOrderInfo,
  PurchaseOrderListBody,
  PurchaseOrderPage,
  PurchaseTaskFilter,
  PurchaseTaskIdBody,
  PurchaseTaskInfo,
  PurchaseTaskListBody,
  PurchaseTaskPage,
  PurchaseTaskStopReply,
  PurchaseDetailBody,
  PurchaseUpdateBody,
  TaskOperatingType,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import { createModuleTask } from '../tasks/index.js';
import * as apply from './apply.service.js';
import * as order from './order.service.js';
import { registerPurchasingExports } from './purchasing.export.js';
import * as task from './task.service.js';

/**
 * 采购管理's routes (spec 7.7, 7.10; decision 0058): purchaseApply/* under /finobill/api/web/ (list and export
 * are the spec's; lines, info and decide are designed beside them), purchaseTask/* and purchase-order/* under
 * /lcb-purchase-center/api/v1/web/ (purchase-order/create designed beside list, info and export), and
 * /consume-quota-center/api/v1/purchase/{detail,update} (an order's detail; its payment time, supplier, remark).
 */
export const APPLY = '/finobill/api/web/purchaseApply';
export const PURCHASE = '/lcb-purchase-center/api/v1/web';
/** 消费额度中心's view of purchases (spec 7.10: purchase/detail and purchase/update, POST). */
export const QUOTA_PURCHASE = '/consume-quota-center/api/v1/purchase';
const tags = ['purchasing'];

export const PurchasingPerm = {
  applyView: 'purchaseApply:view',
  taskView: 'purchaseTask:view',
  taskEdit: 'purchaseTask:edit',
  orderView: 'purchaseOrder:view',
  orderEdit: 'purchaseOrder:edit',
} as const;

export function registerPurchasingRoutes(app: ZodApp, deps: AppDeps) {
  const services = appServices(deps);
  const now = () => (deps.clock ?? Date.now)();
  registerPurchasingExports(services.taskHandlers);

  // ---------- 采购申请 ----------
  app.get(
    `${APPLY}/list`,
    {
      config: { permission: PurchasingPerm.applyView },
      schema: {
        querystring: PurchaseApplyListQuery,
        response: { 200: envelopeOf(PurchaseApplyPage) },
        tags,
        summary: '采购申请列表',
      },
    },
    async (req) => ok(await apply.listApplies(deps.db, tenantCaller(req), req.query)),
  );
  app.get(
    `${APPLY}/export`,
    {
      config: { permission: PurchasingPerm.applyView },
      schema: { response: { 200: envelopeOf(PurchaseExportReply) }, tags, summary: '导出采购申请（任务30）' },
    },
    async (req) => {
      const t = await createModuleTask(services, tenantCaller(req), {
        operatingType: TaskOperatingType.purchaseApplyExport,
        fileName: '采购申请.xlsx',
        params: {},
      });
      return ok({ task_id: t.id });
    },
  );
  app.get(
    `${APPLY}/info`,
    {
      // Its submitter, a current approver, or whoever sees every application: the service decides.
      config: { permission: ['billPurchase:view', 'todoList:view', PurchasingPerm.applyView] },
      schema: {
        querystring: PurchaseApplyIdQuery,
        response: { 200: envelopeOf(PurchaseApplyInfo) },
        tags,
        summary: '采购申请明细',
      },
    },
    async (req) => ok(await apply.applyInfo(deps.db, tenantCaller(req), req.query.bill_id)),
  );
  app.post(
    `${APPLY}/lines`,
    {
      config: { permission: ['billPurchase:add', 'billPurchase:edit'] },
      schema: {
        body: PurchaseApplyLinesBody,
        response: { 200: envelopeOf(PurchaseApplyInfo) },
        tags,
        summary: '保存采购明细',
      },
    },
    async (req) => ok(await apply.saveLines(deps.db, tenantCaller(req), req.body, now())),
  );
  app.post(
    `${APPLY}/decide`,
    {
      config: { permission: 'todoList:view' },
      schema: {
        body: PurchaseApplyDecideBody,
        response: { 200: envelopeOf(PurchaseApplyInfo) },
        tags,
        summary: '逐行审批（不同意的明细）',
      },
    },
    async (req) => ok(await apply.decideLines(deps.db, tenantCaller(req), req.body, now())),
  );

  // ---------- 采购任务 ----------
  const T = `${PURCHASE}/purchaseTask`;
  const taskRead = { permission: [PurchasingPerm.taskView, PurchasingPerm.taskEdit] as const };
  app.post(
    `${T}/list`,
    {
      config: taskRead,
      schema: {
        body: PurchaseTaskListBody,
        response: { 200: envelopeOf(PurchaseTaskPage) },
        tags,
        summary: '采购任务列表',
      },
    },
    async (req) => ok(await task.listTasks(deps.db, tenantCaller(req), req.body as never)),
  );
  app.post(
    `${T}/info`,
    {
      config: taskRead,
      schema: {
        body: PurchaseTaskIdBody,
        response: { 200: envelopeOf(PurchaseTaskInfo) },
        tags,
        summary: '采购任务详情',
      },
    },
    async (req) => ok(await task.taskInfo(deps.db, tenantCaller(req), req.body.purchase_task_id)),
  );
  app.post(
    `${T}/stopTask`,
    {
      config: { permission: PurchasingPerm.taskEdit },
      schema: {
        body: PurchaseTaskIdBody,
        response: { 200: envelopeOf(PurchaseTaskStopReply) },
        tags,
        summary: '终止采购任务',
      },
    },
    async (req) => ok(await task.stopTask(deps.db, tenantCaller(req), req.body.purchase_task_id, now())),
  );
  app.post(
    `${T}/list-export`,
    {
      config: taskRead,
      schema: {
        body: PurchaseTaskFilter,
        response: { 200: envelopeOf(PurchaseExportReply) },
        tags,
        summary: '导出采购任务（任务154）',
      },
    },
    async (req) => {
      const t = await createModuleTask(services, tenantCaller(req), {
        operatingType: TaskOperatingType.purchaseTaskExport,
        fileName: '采购任务.xlsx',
        params: req.body,
      });
      return ok({ task_id: t.id });
    },
  );

  // ---------- 采购订单 ----------
  const O = `${PURCHASE}/purchase-order`;
  const orderRead = { permission: [PurchasingPerm.orderView, PurchasingPerm.orderEdit] as const };
  app.post(
    `${O}/list`,
    {
      config: orderRead,
      schema: {
        body: PurchaseOrderListBody,
        response: { 200: envelopeOf(PurchaseOrderPage) },
        tags,
        summary: '采购订单列表',
      },
    },
    async (req) => ok(await order.listOrders(deps.db, tenantCaller(req), req.body as never)),
  );
  app.get(
    `${O}/info`,
    {
      config: orderRead,
      schema: {
        querystring: PurchaseOrderIdQuery,
        response: { 200: envelopeOf(PurchaseOrderInfo) },
        tags,
        summary: '采购订单详情',
      },
    },
    async (req) => ok(await order.orderInfo(deps.db, tenantCaller(req), req.query.purchase_order_id)),
  );
  app.post(
    `${O}/create`,
    {
      config: { permission: PurchasingPerm.orderEdit },
      schema: {
        body: PurchaseOrderCreateBody,
        response: { 200: envelopeOf(PurchaseOrderInfo) },
        tags,
        summary: '下采购订单（按任务明细，可合并多个任务）',
      },
    },
    async (req) => ok(await order.createOrder(deps.db, tenantCaller(req), req.body, now())),
  );
  app.post(
    `${QUOTA_PURCHASE}/detail`,
    {
      config: orderRead,
      schema: {
        body: PurchaseDetailBody,
        response: { 200: envelopeOf(PurchaseOrderInfo) },
        tags,
        summary: '采购订单详情（消费额度中心）',
      },
    },
    async (req) => ok(await order.orderInfo(deps.db, tenantCaller(req), req.body.purchase_order_id)),
  );
  app.post(
    `${QUOTA_PURCHASE}/update`,
    {
      config: { permission: PurchasingPerm.orderEdit },
      schema: {
        body: PurchaseUpdateBody,
        response: { 200: envelopeOf(PurchaseOrderInfo) },
        tags,
        summary: '更新采购订单的付款时间、供应商、备注（消费额度中心）',
      },
    },
    async (req) => ok(await order.updateOrder(deps.db, tenantCaller(req), req.body)),
  );
  app.post(
    `${O}/export`,
    {
      config: orderRead,
      schema: {
        body: PurchaseOrderFilter,
        response: { 200: envelopeOf(PurchaseExportReply) },
        tags,
        summary: '导出采购订单（任务155）',
      },
    },
    async (req) => {
      const t = await createModuleTask(services, tenantCaller(req), {
        operatingType: TaskOperatingType.purchaseOrderExport,
        fileName: '采购订单.xlsx',
        params: req.body,
      });
      return ok({ task_id: t.id });
    },
  );
}
