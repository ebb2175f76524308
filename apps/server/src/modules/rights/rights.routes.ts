import type { FastifyRequest } from 'fastify';
import { signedInCaller, tenantCaller } from '../../platform/auth.js';
import { PUBLIC, SIGNED_IN, STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import { RequestValidationError, toFieldErrors } from '../../platform/validation.js';
import {
  getOrder,
  listNotInvoicedOrders,
  listOrders,
  purchaseProduct,
  purchaseVersion,
  submitTransfer,
  type RightsDeps,
} from './orders.service.js';
import {
  BankPayBody,
  BannerQuery,
  OrderIdQuery,
  OrderListBody,
  RightsPageQuery,
  ProductPurchaseBody,
  ReceiptIdBody,
  ReceiptUploadFields,
  VersionPurchaseBody,
  AddOnProductsReply,
  BannersReply,
  emptyData,
  envelopeOf,
  OrderReceipt,
  TenantOrder,
  TenantOrderPage,
  TenantProductsReply,
  TenantVersionReply,
  VersionNoticesReply,
  VersionPlansReply,
} from '@feikong/contracts';
import { RECEIPT_MAX_BYTES, rightsErrors } from './rights.errors.js';
import { deleteReceipt, uploadReceipt } from './receipts.service.js';
import {
  callerNotices,
  homeBanners,
  productCatalogue,
  productVersionCatalogue,
  publicBanners,
  queryTenantVersion,
  tenantProducts,
} from './rights.service.js';

// Paths are the spec's (§7.4). A literal ':' in a path is written '::' for Fastify's router.
const R = '/right-recharge/api/v1';
const APP_CTRL = '/app-ctrl/api/v1';
const tags = ['rights'];

/** Permissions of the 系统权益 menu entry (migration 0006): view orders, buy. */
export const RightsPerm = { view: 'rightRecharge:view', buy: 'rightRecharge:buy' } as const;

/** Product versions, add-ons, tenant orders, version notices and banners. */
export function registerRightsRoutes(app: ZodApp, deps: AppDeps) {
  const services = appServices(deps);
  const d: RightsDeps = {
    db: deps.db,
    storage: services.storage,
    clock: deps.clock ?? Date.now,
    payee: deps.config.payee,
    log: app.log,
  };
  const { db } = d;

  // ---- Catalogue ----
  app.get(
    `${R}/product-version::list`,
    {
      config: { permission: STAFF },
      schema: { response: { 200: envelopeOf(VersionPlansReply) }, tags, summary: '在售产品版本' },
    },
    async () => ok(await productVersionCatalogue(db)),
  );
  app.get(
    `${R}/product::list`,
    {
      config: { permission: STAFF },
      schema: { response: { 200: envelopeOf(AddOnProductsReply) }, tags, summary: '在售增值产品' },
    },
    async () => ok(await productCatalogue(db)),
  );

  // ---- The tenant's rights ----
  app.get(
    `${R}/tenant/product-version::query`,
    {
      config: { permission: SIGNED_IN },
      schema: {
        response: { 200: envelopeOf(TenantVersionReply) },
        tags,
        summary: '当前组织的产品版本（个人账号或未开通：null；日期为秒）',
      },
    },
    async (req) => ok(await queryTenantVersion(db, signedInCaller(req), d.clock())),
  );
  app.get(
    `${R}/tenant/product::query`,
    {
      config: { permission: STAFF },
      schema: {
        response: { 200: envelopeOf(TenantProductsReply) },
        tags,
        summary: '当前组织已购增值产品及余量',
      },
    },
    async (req) => ok(await tenantProducts(db, tenantCaller(req).tenantId)),
  );
  app.get(
    `${R}/tenant::notify`,
    {
      config: { permission: SIGNED_IN },
      schema: {
        response: { 200: envelopeOf(VersionNoticesReply) },
        tags,
        summary: '版本与增值产品提醒（按界面类型过滤）',
      },
    },
    async (req) => ok(await callerNotices(db, signedInCaller(req), d.clock())),
  );

  // ---- Orders ----
  app.post(
    `${R}/tenant/product-version::purchase`,
    {
      config: { permission: RightsPerm.buy },
      schema: {
        response: { 200: envelopeOf(TenantOrder) },
        tags,
        summary: '购买或续费产品版本：生成待支付订单',
        body: VersionPurchaseBody,
      },
    },
    async (req) => ok(await purchaseVersion(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${R}/tenant/product::purchase`,
    {
      config: { permission: RightsPerm.buy },
      schema: {
        response: { 200: envelopeOf(TenantOrder) },
        tags,
        summary: '购买增值产品：生成待支付订单',
        body: ProductPurchaseBody,
      },
    },
    async (req) => ok(await purchaseProduct(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${R}/tenant/order::list`,
    {
      config: { permission: RightsPerm.view },
      schema: {
        response: { 200: envelopeOf(TenantOrderPage) },
        tags,
        summary: '订单记录',
        body: OrderListBody,
      },
    },
    async (req) => ok(await listOrders(d, tenantCaller(req), req.body)),
  );
  app.get(
    `${R}/tenant/order::query`,
    {
      config: { permission: RightsPerm.view },
      schema: {
        response: { 200: envelopeOf(TenantOrder) },
        tags,
        summary: '订单详情',
        querystring: OrderIdQuery,
      },
    },
    async (req) => ok(await getOrder(d, tenantCaller(req), req.query.order_id)),
  );
  app.put(
    `${R}/tenant/order/bank-pay::confirm`,
    {
      config: { permission: RightsPerm.buy },
      schema: {
        response: { 200: envelopeOf(TenantOrder) },
        tags,
        summary: '提交对公转账信息（金额须等于订单金额，须附1-3个转账凭证）→ 已付款待确认',
        body: BankPayBody,
      },
    },
    async (req) => ok(await submitTransfer(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${R}/tenant/order/bank-pay/receipt::upload`,
    {
      config: { permission: RightsPerm.buy },
      schema: {
        response: { 200: envelopeOf(OrderReceipt) },
        tags,
        summary: '上传转账凭证（multipart：order_id + file；JPG、PNG 或 PDF，不超过10MB）',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const caller = tenantCaller(req);
      const form = await readReceiptForm(req);
      return ok(await uploadReceipt(d, caller, form));
    },
  );
  app.post(
    `${R}/tenant/order/bank-pay/receipt::delete`,
    {
      config: { permission: RightsPerm.buy },
      schema: {
        response: { 200: envelopeOf(emptyData) },
        tags,
        summary: '删除尚未提交的转账凭证',
        body: ReceiptIdBody,
      },
    },
    async (req) => ok(await deleteReceipt(d, tenantCaller(req), req.body.receipt_id)),
  );
  app.get(
    `${R}/tenant/not-invoiced-order::list`,
    {
      config: { permission: RightsPerm.view },
      schema: {
        response: { 200: envelopeOf(TenantOrderPage) },
        tags,
        summary: '已完成且未开票的订单',
        querystring: RightsPageQuery,
      },
    },
    async (req) => ok(await listNotInvoicedOrders(d, tenantCaller(req), req.query)),
  );

  // ---- Banners ----
  app.get(
    `${R}/public/banner::query`,
    {
      config: { permission: PUBLIC },
      schema: {
        response: { 200: envelopeOf(BannersReply) },
        tags,
        summary: '平台横幅（登录页 login / 首页 home）',
        querystring: BannerQuery,
      },
    },
    async (req) => ok(await publicBanners(db, req.query.position, d.clock())),
  );
  app.get(
    `${APP_CTRL}/banner/pc::list`,
    {
      config: { permission: STAFF },
      schema: { response: { 200: envelopeOf(BannersReply) }, tags, summary: '组织首页横幅（PC）' },
    },
    async (req) => ok(await homeBanners(db, tenantCaller(req).tenantId, d.clock())),
  );
}

/**
 * Reads a receipt upload: the field order_id and one file part `file` (in either order), the file
 * held in memory up to RECEIPT_MAX_BYTES — beyond that the upload stops with 凭证不能超过 10MB.
 */
async function readReceiptForm(req: FastifyRequest) {
  if (!req.isMultipart()) throw rightsErrors.receiptFileMissing();
  const fields: Record<string, unknown> = {};
  let file: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'file') file = { fileName: part.filename ?? '', content: await part.toBuffer() };
      else fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw rightsErrors.receiptTooLarge();
    if (code === 'FST_FILES_LIMIT') throw rightsErrors.receiptOneAtATime();
    throw err;
  }
  const parsed = ReceiptUploadFields.safeParse(fields);
  if (!parsed.success) throw new RequestValidationError(toFieldErrors(ReceiptUploadFields, parsed.error));
  if (!file) throw rightsErrors.receiptFileMissing();
  return { orderId: parsed.data.order_id, ...file };
}
