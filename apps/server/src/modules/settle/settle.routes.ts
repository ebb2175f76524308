import {
  envelopeOf,
  EXPRESS_COMPANIES,
  ExpressCompaniesReply,
  SettleApplyBody,
  SettleContentBody,
  SettleContentReply,
  SettleInvoiceDetail,
  SettleInvoiceIdBody,
  SettleInvoicePage,
  SettleModesReply,
  SettleOrderDetailBody,
  SettleOrderPage,
  SettleReApplyBody,
  SettleRecordsBody,
  SettleRemarkReply,
  SettleReturnBody,
  SettleTitleInfo,
  SettleUnInvoicingBody,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import { expressName } from './settle.operator.js';
import * as svc from './settle.service.js';

/**
 * 开票 of the tenant (spec 7.9; decision 0059): every call of /org-settle-center/api/v1/ is a POST except
 * un-invoice/remark; /pub-svc-center/api/v1/express-company/list names the express companies. Reading needs
 * 系统权益's view permission, applying and returning its buy permission (the one who pays asks for the 发票).
 */
export const SETTLE = '/org-settle-center/api/v1';
export const EXPRESS_LIST = '/pub-svc-center/api/v1/express-company/list';
export const SettlePerm = { view: 'rightRecharge:view', apply: 'rightRecharge:buy' } as const;
const tags = ['settle'];

export function registerSettleRoutes(app: ZodApp, deps: AppDeps) {
  const d: svc.SettleDeps = {
    db: deps.db,
    storage: appServices(deps).storage,
    clock: deps.clock ?? Date.now,
  };
  const detail = (caller: ReturnType<typeof tenantCaller>, id: number) =>
    svc.getInvoice(d, caller, id, expressName);

  app.post(
    `${SETTLE}/invoice/records`,
    {
      config: { permission: SettlePerm.view },
      schema: {
        body: SettleRecordsBody,
        response: { 200: envelopeOf(SettleInvoicePage) },
        tags,
        summary: '开票记录',
      },
    },
    async (req) => ok(await svc.listInvoices(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${SETTLE}/invoice::apply`,
    {
      config: { permission: SettlePerm.apply },
      schema: {
        body: SettleApplyBody,
        response: { 200: envelopeOf(SettleInvoiceDetail) },
        tags,
        summary: '申请开票（金额为所选订单之和；每笔订单只能开票一次）',
      },
    },
    async (req) => {
      const caller = tenantCaller(req);
      return ok(await detail(caller, await svc.applyInvoice(d, caller, req.body)));
    },
  );
  app.post(
    `${SETTLE}/invoice::reApply`,
    {
      config: { permission: SettlePerm.apply },
      schema: {
        body: SettleReApplyBody,
        response: { 200: envelopeOf(SettleInvoiceDetail) },
        tags,
        summary: '已驳回的开票申请修改后重新申请',
      },
    },
    async (req) => {
      const caller = tenantCaller(req);
      return ok(await detail(caller, await svc.reApplyInvoice(d, caller, req.body)));
    },
  );
  app.post(
    `${SETTLE}/invoice/content`,
    {
      config: { permission: SettlePerm.view },
      schema: {
        body: SettleContentBody,
        response: { 200: envelopeOf(SettleContentReply) },
        tags,
        summary: '所选订单的开票内容与合计金额',
      },
    },
    async (req) => ok(await svc.contentPreview(d, tenantCaller(req), req.body.orders)),
  );
  app.post(
    `${SETTLE}/invoice/info`,
    {
      config: { permission: SettlePerm.view },
      schema: {
        response: { 200: envelopeOf(SettleTitleInfo) },
        tags,
        summary: '开票抬头信息（上次申请所填）',
      },
    },
    async (req) => ok(await svc.titleInfo(d, tenantCaller(req))),
  );
  app.post(
    `${SETTLE}/invoice/productDetail`,
    {
      config: { permission: SettlePerm.view },
      schema: {
        body: SettleInvoiceIdBody,
        response: { 200: envelopeOf(SettleContentReply) },
        tags,
        summary: '开票申请的开票内容',
      },
    },
    async (req) => ok(await svc.productDetail(d, tenantCaller(req), req.body.invoice_id)),
  );
  app.post(
    `${SETTLE}/invoice/orderDetail`,
    {
      config: { permission: SettlePerm.view },
      schema: {
        body: SettleOrderDetailBody,
        response: { 200: envelopeOf(SettleOrderPage) },
        tags,
        summary: '开票申请包含的订单',
      },
    },
    async (req) => ok(await svc.orderDetail(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${SETTLE}/invoice/detail`,
    {
      config: { permission: SettlePerm.view },
      schema: {
        body: SettleInvoiceIdBody,
        response: { 200: envelopeOf(SettleInvoiceDetail) },
        tags,
        summary: '开票详情（状态、快递信息、发票下载链接）',
      },
    },
    async (req) => ok(await detail(tenantCaller(req), req.body.invoice_id)),
  );
  app.post(
    `${SETTLE}/invoice::return`,
    {
      config: { permission: SettlePerm.apply },
      schema: {
        body: SettleReturnBody,
        response: { 200: envelopeOf(SettleInvoiceDetail) },
        tags,
        summary: '退回发票（撤回待开票申请或退回已开发票，订单可重新开票）',
      },
    },
    async (req) => {
      const caller = tenantCaller(req);
      await svc.returnInvoice(d.db, caller.tenantId, req.body.invoice_id, req.body.reason, d.clock());
      return ok(await detail(caller, req.body.invoice_id));
    },
  );
  app.post(
    `${SETTLE}/bill/unInvoicing`,
    {
      config: { permission: SettlePerm.view },
      schema: {
        body: SettleUnInvoicingBody,
        response: { 200: envelopeOf(SettleOrderPage) },
        tags,
        summary: '已支付未开票的订单（系统权益订单、企业账户充值、服务费）',
      },
    },
    async (req) => ok(await svc.unInvoicedOrders(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${SETTLE}/invoice/mode`,
    {
      config: { permission: SettlePerm.view },
      schema: { response: { 200: envelopeOf(SettleModesReply) }, tags, summary: '开票方式' },
    },
    async () => ok(svc.invoiceModes()),
  );
  app.get(
    `${SETTLE}/un-invoice/remark`,
    {
      config: { permission: SettlePerm.view },
      schema: { response: { 200: envelopeOf(SettleRemarkReply) }, tags, summary: '未开票订单提示' },
    },
    async (req) => ok(await svc.unInvoicedRemark(d, tenantCaller(req))),
  );
  app.get(
    EXPRESS_LIST,
    {
      config: { permission: STAFF },
      schema: { response: { 200: envelopeOf(ExpressCompaniesReply) }, tags, summary: '快递公司' },
    },
    async () => ok({ items: EXPRESS_COMPANIES.map((c) => ({ ...c })) }),
  );
}
