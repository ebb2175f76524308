import {
  BillPaymentQuery,
  BillPaymentReply,
  envelopeOf,
  PaymentBatchCreateBody,
  PaymentBatchDetail,
  PaymentBatchIdBody,
  PaymentBatchIdQuery,
  PaymentBatchListQuery,
  PaymentBatchPage,
  PaymentResultBody,
  PaymentResultReply,
  PaymentWaitingPage,
  PaymentWaitingQuery,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { STAFF } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../../platform/types.js';
import { registerPaymentTaskHandlers } from './payment.file.js';
import {
  batchDetail,
  billPayment,
  cancelBatch,
  createBatch,
  listBatches,
  PaymentPerm,
  recordResults,
  waitingList,
} from './payment.service.js';

// Designed here (the spec names no payment paths): docs/decisions/0045-paying-approved-documents.md.
const PAY = '/finobill/api/web/payment';
const tags = ['payment'];

/**
 * 付款管理: 待支付单据, 生成付款批次, 付款批次 list/detail, 登记支付结果 (one line or several), 取消批次, a
 * document's 支付信息; the bank file (task 40) and the result import (task 41) go through the task centre.
 */
export function registerPaymentRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;
  registerPaymentTaskHandlers(appServices(deps).taskHandlers, { clock });

  app.get(
    `${PAY}/waiting/list`,
    {
      config: { permission: PaymentPerm.waitingView },
      schema: {
        querystring: PaymentWaitingQuery,
        response: { 200: envelopeOf(PaymentWaitingPage) },
        tags,
        summary: '待支付单据',
      },
    },
    async (req) => ok(await waitingList(db, tenantCaller(req), req.query)),
  );
  app.post(
    `${PAY}/batch/create`,
    {
      config: { permission: PaymentPerm.waitingPay },
      schema: {
        body: PaymentBatchCreateBody,
        response: { 200: envelopeOf(PaymentBatchDetail) },
        tags,
        summary: '生成付款批次',
      },
    },
    async (req) => ok(await createBatch(db, tenantCaller(req), req.body, clock())),
  );
  app.get(
    `${PAY}/batch/list`,
    {
      config: { permission: PaymentPerm.batchView },
      schema: {
        querystring: PaymentBatchListQuery,
        response: { 200: envelopeOf(PaymentBatchPage) },
        tags,
        summary: '付款批次列表',
      },
    },
    async (req) => ok(await listBatches(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${PAY}/batch/detail`,
    {
      config: { permission: PaymentPerm.batchView },
      schema: {
        querystring: PaymentBatchIdQuery,
        response: { 200: envelopeOf(PaymentBatchDetail) },
        tags,
        summary: '付款批次详情',
      },
    },
    async (req) => ok(await batchDetail(db, tenantCaller(req), req.query.id)),
  );
  app.post(
    `${PAY}/batch/result`,
    {
      config: { permission: PaymentPerm.batchPay },
      schema: {
        body: PaymentResultBody,
        response: { 200: envelopeOf(PaymentResultReply) },
        tags,
        summary: '登记支付结果',
      },
    },
    async (req) => ok(await recordResults(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${PAY}/batch/cancel`,
    {
      config: { permission: PaymentPerm.batchPay },
      schema: {
        body: PaymentBatchIdBody,
        response: { 200: envelopeOf(PaymentBatchDetail) },
        tags,
        summary: '取消付款批次',
      },
    },
    async (req) => ok(await cancelBatch(db, tenantCaller(req), req.body.id, clock())),
  );
  app.get(
    `${PAY}/bill`,
    {
      // Any staff member asks; the service answers the submitter and finance only (null otherwise).
      config: { permission: STAFF },
      schema: {
        querystring: BillPaymentQuery,
        response: { 200: envelopeOf(BillPaymentReply) },
        tags,
        summary: '单据支付信息',
      },
    },
    async (req) => ok(await billPayment(db, tenantCaller(req), req.query.billId)),
  );
}
