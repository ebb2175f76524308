import type { FastifyRequest } from 'fastify';
import {
  emptyData,
  envelopeOf,
  OrgAccountOverview,
  OrgBillQuery,
  OrgCompanyBill,
  OrgLedgerPage,
  OrgLedgerQuery,
  OrgThresholdBody,
  RechargeDetail,
  RechargeIdQuery,
  RechargeListQuery,
  RechargePage,
  RechargeReceipt,
  RechargeReceiptIdBody,
  RechargeSubmitBody,
  ServiceFeePage,
  ServiceFeeQuery,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../../platform/types.js';
import { companyBill, ledgerList, overview, serviceFeeBill, setThreshold } from './account.service.js';
import { registerRechargeExport } from './export.js';
import { orgAccountErrors, RECEIPT_MAX_BYTES } from './orgAccount.errors.js';
import {
  deleteRechargeReceipt,
  listRechargePage,
  rechargeDetail,
  submitRecharge,
  uploadRechargeReceipt,
} from './recharge.service.js';
import type { OrgAccountDeps } from './account.service.js';

// Paths are designed under the spec's consume-quota-center family (issue 21); ':' literal written '::'.
const R = '/consume-quota-center/api/v1/orgAccount';
const tags = ['spend'];

/** Permissions of the 企业账户 menu entry (migration 20261128T0630). */
export const OrgAccountPerm = {
  view: 'orgAccount:view',
  recharge: 'orgAccount:recharge',
  export: 'orgAccount:export',
  edit: 'orgAccount:edit',
} as const;

export function registerOrgAccountRoutes(app: ZodApp, deps: AppDeps) {
  const services = appServices(deps);
  const d: OrgAccountDeps = {
    db: deps.db,
    storage: services.storage,
    clock: deps.clock ?? Date.now,
    payee: deps.config.payee,
  };
  registerRechargeExport(services.taskHandlers);

  app.get(
    `${R}/overview`,
    {
      config: { permission: OrgAccountPerm.view },
      schema: {
        response: { 200: envelopeOf(OrgAccountOverview) },
        tags,
        summary: '企业账户概览：余额、预警阈值、最近流水',
      },
    },
    async (req) => ok(await overview(d, tenantCaller(req))),
  );
  app.put(
    `${R}/threshold`,
    {
      config: { permission: OrgAccountPerm.edit },
      schema: {
        body: OrgThresholdBody,
        response: { 200: envelopeOf(OrgAccountOverview) },
        tags,
        summary: '设置余额预警阈值（分）',
      },
    },
    async (req) => ok(await setThreshold(d, tenantCaller(req), req.body.warn_threshold)),
  );
  app.get(
    `${R}/flow`,
    {
      config: { permission: OrgAccountPerm.view },
      schema: {
        querystring: OrgLedgerQuery,
        response: { 200: envelopeOf(OrgLedgerPage) },
        tags,
        summary: '消费流水（账户流水）',
      },
    },
    async (req) => ok(await ledgerList(d, tenantCaller(req), req.query)),
  );
  app.get(
    `${R}/bill`,
    {
      config: { permission: OrgAccountPerm.view },
      schema: {
        querystring: OrgBillQuery,
        response: { 200: envelopeOf(OrgCompanyBill) },
        tags,
        summary: '企业账单（月结单）',
      },
    },
    async (req) => ok(await companyBill(d, tenantCaller(req), req.query.month)),
  );
  app.get(
    `${R}/serviceFee`,
    {
      config: { permission: OrgAccountPerm.view },
      schema: {
        querystring: ServiceFeeQuery,
        response: { 200: envelopeOf(ServiceFeePage) },
        tags,
        summary: '服务费账单',
      },
    },
    async (req) => ok(await serviceFeeBill(d, tenantCaller(req), req.query)),
  );
  app.get(
    `${R}/recharge/list`,
    {
      config: { permission: OrgAccountPerm.view },
      schema: {
        querystring: RechargeListQuery,
        response: { 200: envelopeOf(RechargePage) },
        tags,
        summary: '充值记录',
      },
    },
    async (req) => ok(await listRechargePage(d, tenantCaller(req), req.query)),
  );
  app.get(
    `${R}/recharge/detail`,
    {
      config: { permission: OrgAccountPerm.view },
      schema: {
        querystring: RechargeIdQuery,
        response: { 200: envelopeOf(RechargeDetail) },
        tags,
        summary: '充值详情',
      },
    },
    async (req) => ok(await rechargeDetail(d, tenantCaller(req), req.query.id)),
  );
  app.post(
    `${R}/recharge`,
    {
      config: { permission: OrgAccountPerm.recharge },
      schema: {
        body: RechargeSubmitBody,
        response: { 200: envelopeOf(RechargeDetail) },
        tags,
        summary: '提交对公转账充值（附转账凭证）',
      },
    },
    async (req) => ok(await submitRecharge(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${R}/recharge/receipt::upload`,
    {
      config: { permission: OrgAccountPerm.recharge },
      schema: {
        response: { 200: envelopeOf(RechargeReceipt) },
        tags,
        summary: '上传转账凭证（multipart：file；JPG、PNG 或 PDF，不超过10MB）',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => ok(await uploadRechargeReceipt(d, tenantCaller(req), await readReceiptFile(req))),
  );
  app.post(
    `${R}/recharge/receipt::delete`,
    {
      config: { permission: OrgAccountPerm.recharge },
      schema: {
        body: RechargeReceiptIdBody,
        response: { 200: envelopeOf(emptyData) },
        tags,
        summary: '删除尚未提交的转账凭证',
      },
    },
    async (req) => ok(await deleteRechargeReceipt(d, tenantCaller(req), req.body.receipt_id)),
  );
}

async function readReceiptFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw orgAccountErrors.receiptEmpty();
  let file: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') file = { fileName: part.filename ?? '', content: await part.toBuffer() };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw orgAccountErrors.receiptTooLarge();
    if (code === 'FST_FILES_LIMIT') throw orgAccountErrors.receiptType();
    throw err;
  }
  if (!file) throw orgAccountErrors.receiptEmpty();
  return file;
}
