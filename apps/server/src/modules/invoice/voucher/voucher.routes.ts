import {
  envelopeOf,
  VoucherCandidatePage,
  VoucherCandidateQuery,
  VoucherDetail,
  VoucherDraftBody,
  VoucherExportBody,
  VoucherExportReply,
  VoucherIdQuery,
  VoucherOrgList,
  VoucherPage,
  VoucherPageQuery,
  VoucherPreview,
  VoucherSettings,
  VoucherSettingsBody,
  VoucherVoidBody,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../../platform/types.js';
import {
  candidates,
  create,
  detail,
  exportXlsx,
  getSettings,
  orgList,
  pageList,
  preview,
  saveSettings,
  voidOne,
  VoucherPerm as P,
} from './voucher.service.js';

// Designed here: the spec names the screen only (docs/decisions/0017-invoice-vouchers.md).
const V = '/invoice/api/web/voucher';
const tags = ['invoiceVoucher'];

/** 发票凭证: candidates, preview, create, pageList, detail, void, export, account settings. */
export function registerVoucherRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  const now = () => (deps.clock ?? Date.now)();

  app.get(
    `${V}/orgList`,
    {
      config: { permission: P.view },
      schema: {
        response: { 200: envelopeOf(VoucherOrgList) },
        tags,
        summary: '本组织的公司（凭证按公司编号）',
      },
    },
    async (req) => ok(await orgList(db, tenantCaller(req))),
  );
  app.get(
    `${V}/candidates`,
    {
      config: { permission: P.view },
      schema: {
        querystring: VoucherCandidateQuery,
        response: { 200: envelopeOf(VoucherCandidatePage) },
        tags,
        summary: '可生成凭证的组织发票（未在有效凭证中、非查验不通过）',
      },
    },
    async (req) => ok(await candidates(db, tenantCaller(req), req.query)),
  );
  app.post(
    `${V}/preview`,
    {
      config: { permission: P.view },
      schema: {
        body: VoucherDraftBody,
        response: { 200: envelopeOf(VoucherPreview) },
        tags,
        summary: '预览所选发票将生成的凭证分录（不保存）',
      },
    },
    async (req) => ok(await preview(db, tenantCaller(req), req.body, now())),
  );
  app.post(
    `${V}/create`,
    {
      config: { permission: P.edit },
      schema: {
        body: VoucherDraftBody,
        response: { 200: envelopeOf(VoucherDetail) },
        tags,
        summary: '所选发票（同一公司）生成一张记账凭证，按公司和月份连续编号',
      },
    },
    async (req) => ok(await create(db, tenantCaller(req), req.body, now())),
  );
  app.get(
    `${V}/pageList`,
    {
      config: { permission: P.view },
      schema: {
        querystring: VoucherPageQuery,
        response: { 200: envelopeOf(VoucherPage) },
        tags,
        summary: '凭证列表（公司、会计期间、状态、凭证号）',
      },
    },
    async (req) => ok(await pageList(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${V}/detail`,
    {
      config: { permission: P.view },
      schema: {
        querystring: VoucherIdQuery,
        response: { 200: envelopeOf(VoucherDetail) },
        tags,
        summary: '凭证详情：分录和关联发票',
      },
    },
    async (req) => ok(await detail(db, tenantCaller(req), req.query.id)),
  );
  app.post(
    `${V}/void`,
    {
      config: { permission: P.edit },
      schema: {
        body: VoucherVoidBody,
        response: { 200: envelopeOf(VoucherDetail) },
        tags,
        summary: '作废凭证（填写原因），释放其发票',
      },
    },
    async (req) => ok(await voidOne(db, tenantCaller(req), req.body, now())),
  );
  app.post(
    `${V}/export`,
    {
      config: { permission: P.view },
      schema: {
        body: VoucherExportBody,
        response: { 200: envelopeOf(VoucherExportReply) },
        tags,
        summary: '导出符合条件的凭证分录（xlsx，签名下载链接）',
      },
    },
    async (req) => ok(await exportXlsx(appServices(deps), tenantCaller(req), req.body, now())),
  );
  app.get(
    `${V}/accountSetting`,
    {
      config: { permission: P.view },
      schema: {
        response: { 200: envelopeOf(VoucherSettings) },
        tags,
        summary: '科目设置：会计科目表和各发票类型的入账科目',
      },
    },
    async (req) => ok(await getSettings(db, tenantCaller(req), now())),
  );
  app.post(
    `${V}/accountSetting/save`,
    {
      config: { permission: P.edit },
      schema: {
        body: VoucherSettingsBody,
        response: { 200: envelopeOf(VoucherSettings) },
        tags,
        summary: '保存科目设置',
      },
    },
    async (req) => ok(await saveSettings(db, tenantCaller(req), req.body, now())),
  );
}
