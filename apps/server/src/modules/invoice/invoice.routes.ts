import {
  AttachmentDeleteBody,
  AttachmentUploadBody,
  BankCardInfo,
  BankCodeQuery,
  BankCodeReply,
  BankNameQuery,
  BankPage,
  BillInvoicePageQuery,
  CompanyNamePage,
  ComplianceAddBody,
  ComplianceDeleteBody,
  ComplianceListQuery,
  ComplianceRule,
  ComplianceRuleList,
  ComplianceUpdateBody,
  CounterpartyPageQuery,
  emptyData,
  envelopeOf,
  HandCheckReply,
  HandInputBody,
  InvoiceDetail,
  InvoiceEnumList,
  InvoiceIdQuery,
  InvoiceIdsBody,
  InvoiceLogList,
  InvoicePage,
  InvoicePageQuery,
  InvoiceRow,
  InvoiceSimplePageQuery,
  InvoiceTagList,
  NamePageQuery,
  RemovedInvoices,
  SavedInvoices,
  SaveInvoicesBody,
  SupportInvoiceBody,
  SupportRecordPage,
  SupportReply,
  TagRelateBody,
  TagRelateNum,
  TagSelectQuery,
  VerificationRecordPage,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { STAFF, type TenantCaller } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import { isTenantKey, signedFileUrl } from '../files/index.js';
import { mayUseFileKey } from './fileKey.service.js';
import { invoiceErrors } from './invoice.errors.js';
import {
  addComplianceRule,
  deleteComplianceRule,
  listComplianceRules,
  updateComplianceRule,
} from './compliance/compliance.service.js';
import {
  billPageList,
  counterpartyPage,
  enumList,
  listCounterpartyPage,
  pageList,
  supportPage,
  tagRelateNum,
  tagSelect,
  verificationPage,
} from './core/invoice.query.service.js';
import {
  deleteAttachment,
  handCheck,
  invoiceDetail,
  invoiceLogs,
  InvoicePerm as P,
  relateTags,
  removeInOrg,
  removeOwn,
  saveHandInput,
  saveInvoices,
  supportInvoices,
  uploadAttachment,
  type InvoiceDeps,
  type SupportBillLookup,
} from './core/invoice.service.js';
import { registerRecognitionRoutes } from './recognise/recognise.routes.js';
import { fileReader } from './recognise/recognise.service.js';
import { bankPageList, queryBankCode, queryBankName, searchCompany } from './taxRisk/taxRisk.service.js';
import { localVerificationProvider, type VerificationProvider } from './verification/verification.service.js';
import { registerVoucherRoutes } from './voucher/voucher.routes.js';

/**
 * Each file an invoice or attachment names is one the caller may name (uploaded by them, or the file of an
 * invoice they may read: fileKey.service.ts) and was really uploaded; a key that is not theirs gets the same
 * 文件不存在 as a missing one. The key's prefix is checked by its schema and the service. Checked here, not in
 * saveInvoices, which the mail intake also runs for files the server stored itself.
 */
async function requireUploaded(deps: AppDeps, caller: TenantCaller, items: { fileKey?: string }[]) {
  const { storage } = appServices(deps);
  for (const [i, item] of items.entries()) {
    if (!item.fileKey || !item.fileKey.startsWith(`invoice/t${caller.tenantId}/`)) continue;
    const mine = await mayUseFileKey(deps.db, caller, item.fileKey);
    if (!mine || !(await storage.stat(item.fileKey)))
      throw invoiceErrors.fileNotFound(items.length > 1 ? i : undefined);
  }
}

// Paths are the spec's (§7.8); compliance and tags are designed here (docs/decisions/0015).
const W = '/invoice/api/web/invoice';
const APP = '/invoice/api/app/invoice';
const TAG = '/invoice/api/web/tag';
const RISK = '/invoice/api/web/taxRisk';
const COMPLIANCE = '/invoice/api/web/compliance';
const tags = ['invoice'];
const anyList = [P.view, P.orgView, P.centerView] as const;

/**
 * Invoices: entry, verification, lists, detail, attachments, tags, 补录, compliance rules, taxRisk.
 * `billOf`: the document a 补录 names (flow's billHead, handed in by modules/index.ts so invoice never imports
 * flow back); `provider`: the verification provider (the local one by default).
 */
export function registerInvoiceRoutes(
  app: ZodApp,
  deps: AppDeps,
  opts: { billOf?: SupportBillLookup; provider?: VerificationProvider } = {},
) {
  const services = appServices(deps);
  const d: InvoiceDeps = {
    db: deps.db,
    provider: opts.provider ?? localVerificationProvider,
    billOf: opts.billOf,
    clock: deps.clock ?? Date.now,
    signFile: (tenantId, key, fileName) => {
      // A key outside the tenant's directories (never written so) gets no link rather than failing the detail.
      if (!isTenantKey(tenantId, key)) return null;
      return signedFileUrl(services, tenantId, key, { fileName });
    },
  };
  const { db } = d;
  registerRecognitionRoutes(app, deps);
  registerVoucherRoutes(app, deps);

  // ---- Entry and verification ----
  app.post(
    `${W}/saveHandInput`,
    {
      config: { permission: P.add },
      schema: {
        body: HandInputBody,
        response: { 200: envelopeOf(InvoiceRow) },
        tags,
        summary: '手工录入发票（类型、代码、号码、日期、金额、校验码后6位）：查验后保存，使用1次查验次数',
      },
    },
    async (req) => ok(await saveHandInput(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${W}/handCheck`,
    {
      config: { permission: P.add },
      schema: {
        body: HandInputBody,
        response: { 200: envelopeOf(HandCheckReply) },
        tags,
        summary: '查验手工录入的发票（不保存），使用1次查验次数',
      },
    },
    async (req) => ok(await handCheck(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${W}/saveInvoices`,
    {
      config: { permission: P.add },
      schema: {
        body: SaveInvoicesBody,
        response: { 200: envelopeOf(SavedInvoices) },
        tags,
        summary: '保存识别的发票（一次事务：全部保存或全部不保存），每张使用1次查验次数',
      },
    },
    async (req) => {
      const caller = tenantCaller(req);
      await requireUploaded(deps, caller, req.body.invoices);
      return ok(await saveInvoices(d, caller, req.body.invoices, fileReader(appServices(deps), caller)));
    },
  );
  app.post(
    `${W}/remove`,
    {
      config: { permission: P.remove },
      schema: {
        body: InvoiceIdsBody,
        response: { 200: envelopeOf(RemovedInvoices) },
        tags,
        summary: '删除本人的发票（核销中、已核销不可删除）',
      },
    },
    async (req) => ok(await removeOwn(d, tenantCaller(req), req.body.invoiceIds)),
  );
  app.post(
    `${W}/orgRemove`,
    {
      config: { permission: P.orgRemove },
      schema: {
        body: InvoiceIdsBody,
        response: { 200: envelopeOf(RemovedInvoices) },
        tags,
        summary: '组织发票：删除发票',
      },
    },
    async (req) => ok(await removeInOrg(d, tenantCaller(req), req.body.invoiceIds)),
  );

  // ---- Reading ----
  app.get(
    `${W}/detail`,
    {
      config: { permission: anyList },
      schema: {
        querystring: InvoiceIdQuery,
        response: { 200: envelopeOf(InvoiceDetail) },
        tags,
        summary: '发票详情',
      },
    },
    async (req) => ok(await invoiceDetail(d, tenantCaller(req), req.query.invoiceId)),
  );
  app.get(
    `${W}/enumList`,
    {
      config: { permission: anyList },
      schema: {
        response: { 200: envelopeOf(InvoiceEnumList) },
        tags,
        summary: '发票枚举：类型、来源、查验状态、报销状态、可筛选的组织',
      },
    },
    async (req) => ok(await enumList(db, tenantCaller(req))),
  );
  app.get(
    `${W}/pageList`,
    {
      config: { permission: anyList },
      schema: {
        querystring: InvoicePageQuery,
        response: { 200: envelopeOf(InvoicePage) },
        tags,
        summary: '发票列表（scope=person 我的发票 / org 组织发票；筛选、排序、页签金额）',
      },
    },
    async (req) => ok(await pageList(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${W}/pageList/bill`,
    {
      config: { permission: P.view },
      schema: {
        querystring: BillInvoicePageQuery,
        response: { 200: envelopeOf(InvoicePage.pick({ items: true, page: true })) },
        tags,
        summary: '可关联到单据的本人发票（可用）',
      },
    },
    async (req) => ok(await billPageList(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${W}/record/pageList`,
    {
      config: { permission: anyList },
      schema: {
        querystring: InvoiceSimplePageQuery,
        response: { 200: envelopeOf(VerificationRecordPage) },
        tags,
        summary: '查验记录',
      },
    },
    async (req) => ok(await verificationPage(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${W}/support/pageList`,
    {
      config: { permission: P.view },
      schema: {
        querystring: InvoiceSimplePageQuery,
        response: { 200: envelopeOf(SupportRecordPage) },
        tags,
        summary: '补录发票记录',
      },
    },
    async (req) => ok(await supportPage(db, tenantCaller(req), req.query)),
  );
  app.post(
    `${W}/support/invoice`,
    {
      config: { permission: P.add },
      schema: {
        body: SupportInvoiceBody,
        response: { 200: envelopeOf(SupportReply) },
        tags,
        summary: '补录发票：为已报销的单据补交发票，发票直接核销',
      },
    },
    async (req) => ok(await supportInvoices(d, tenantCaller(req), req.body)),
  );
  app.get(
    `${W}/logList`,
    {
      config: { permission: anyList },
      schema: {
        querystring: InvoiceIdQuery,
        response: { 200: envelopeOf(InvoiceLogList) },
        tags,
        summary: '发票操作日志',
      },
    },
    async (req) => ok(await invoiceLogs(d, tenantCaller(req), req.query.invoiceId)),
  );
  app.get(
    `${W}/orgSellerPage`,
    {
      config: { permission: P.orgView },
      schema: {
        querystring: NamePageQuery,
        response: { 200: envelopeOf(CompanyNamePage) },
        tags,
        summary: '组织发票的销售方（每页100）',
      },
    },
    async (req) => ok(await counterpartyPage(db, tenantCaller(req), 'seller', 'tenant', req.query)),
  );
  for (const side of ['seller', 'buyer'] as const) {
    app.get(
      `${W}/${side}Page`,
      {
        config: { permission: anyList },
        schema: {
          querystring: CounterpartyPageQuery,
          response: { 200: envelopeOf(CompanyNamePage) },
          tags,
          summary: `发票列表筛选的${side === 'seller' ? '销售方' : '购买方'}（scope=person 本人 / org 组织；每页100）`,
        },
      },
      async (req) => ok(await listCounterpartyPage(db, tenantCaller(req), side, req.query)),
    );
  }
  app.get(
    `${APP}/sellerPage`,
    {
      config: { permission: P.view },
      schema: {
        querystring: NamePageQuery,
        response: { 200: envelopeOf(CompanyNamePage) },
        tags,
        summary: '本人发票的销售方',
      },
    },
    async (req) => ok(await counterpartyPage(db, tenantCaller(req), 'seller', 'own', req.query)),
  );
  app.get(
    `${APP}/buyerPage`,
    {
      config: { permission: P.view },
      schema: {
        querystring: NamePageQuery,
        response: { 200: envelopeOf(CompanyNamePage) },
        tags,
        summary: '本人发票的购买方',
      },
    },
    async (req) => ok(await counterpartyPage(db, tenantCaller(req), 'buyer', 'own', req.query)),
  );

  // ---- Attachments (files uploaded through the signed upload; referenced by storage key) ----
  app.post(
    `${W}/attachment/upload`,
    {
      config: { permission: P.add },
      schema: {
        body: AttachmentUploadBody,
        response: { 200: envelopeOf(InvoiceDetail) },
        tags,
        summary: '为本人发票添加附件（已上传文件的存储路径）',
      },
    },
    async (req) => {
      const caller = tenantCaller(req);
      await requireUploaded(deps, caller, [req.body]);
      return ok(await uploadAttachment(d, caller, req.body));
    },
  );
  app.post(
    `${W}/attachment/delete`,
    {
      config: { permission: P.add },
      schema: {
        body: AttachmentDeleteBody,
        response: { 200: envelopeOf(InvoiceDetail) },
        tags,
        summary: '删除本人发票的附件',
      },
    },
    async (req) => ok(await deleteAttachment(d, tenantCaller(req), req.body)),
  );

  // ---- Tags ----
  app.get(
    `${TAG}/select`,
    {
      config: { permission: P.view },
      schema: {
        querystring: TagSelectQuery,
        response: { 200: envelopeOf(InvoiceTagList) },
        tags,
        summary: '发票标签（按关键字）',
      },
    },
    async (req) => ok(await tagSelect(db, tenantCaller(req), req.query.keyword)),
  );
  app.post(
    `${TAG}/select`,
    {
      config: { permission: P.add },
      schema: {
        body: TagRelateBody,
        response: { 200: envelopeOf(InvoiceTagList) },
        tags,
        summary: '为本人发票设置标签（按名称，新名称自动创建）',
      },
    },
    async (req) => ok(await relateTags(d, tenantCaller(req), req.body)),
  );
  app.get(
    `${TAG}/invoice/relate/num`,
    {
      config: { permission: P.view },
      schema: { response: { 200: envelopeOf(TagRelateNum) }, tags, summary: '每个标签下本人的发票数' },
    },
    async (req) => ok(await tagRelateNum(db, tenantCaller(req))),
  );

  // ---- 发票合规 (settings centre) ----
  app.get(
    `${COMPLIANCE}/list`,
    {
      config: { permission: P.complianceView },
      schema: {
        querystring: ComplianceListQuery,
        response: { 200: envelopeOf(ComplianceRuleList) },
        tags,
        summary: '发票合规黑名单',
      },
    },
    async (req) => ok(await listComplianceRules(db, tenantCaller(req), req.query.ruleKind)),
  );
  app.post(
    `${COMPLIANCE}/add`,
    {
      config: { permission: P.complianceEdit },
      schema: {
        body: ComplianceAddBody,
        response: { 200: envelopeOf(ComplianceRule) },
        tags,
        summary: '新增合规规则',
      },
    },
    async (req) => ok(await addComplianceRule(db, tenantCaller(req), req.body, d.clock())),
  );
  app.post(
    `${COMPLIANCE}/update`,
    {
      config: { permission: P.complianceEdit },
      schema: {
        body: ComplianceUpdateBody,
        response: { 200: envelopeOf(ComplianceRule) },
        tags,
        summary: '修改合规规则',
      },
    },
    async (req) => ok(await updateComplianceRule(db, tenantCaller(req), req.body, d.clock())),
  );
  app.post(
    `${COMPLIANCE}/delete`,
    {
      config: { permission: P.complianceEdit },
      schema: {
        body: ComplianceDeleteBody,
        response: { 200: envelopeOf(emptyData) },
        tags,
        summary: '删除合规规则',
      },
    },
    async (req) => ok(await deleteComplianceRule(db, tenantCaller(req), req.body.id)),
  );

  // ---- taxRisk ----
  app.get(
    `${RISK}/searchCompany`,
    {
      config: { permission: STAFF },
      schema: {
        querystring: NamePageQuery,
        response: { 200: envelopeOf(CompanyNamePage) },
        tags,
        summary: '企业名称与税号（本企业公司及发票的销售方、购买方）',
      },
    },
    async (req) => ok(await searchCompany(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${RISK}/queryBankName`,
    {
      config: { permission: STAFF },
      schema: {
        querystring: BankNameQuery,
        response: { 200: envelopeOf(BankCardInfo.nullable()) },
        tags,
        summary: '按银行卡号查开户银行（卡BIN）',
      },
    },
    async (req) => ok(queryBankName(req.query.cardNo)),
  );
  app.get(
    `${RISK}/queryBankCode`,
    {
      config: { permission: STAFF },
      schema: {
        querystring: BankCodeQuery,
        response: { 200: envelopeOf(BankCodeReply) },
        tags,
        summary: '按银行名称查银行编码',
      },
    },
    async (req) => ok(queryBankCode(req.query.bankName)),
  );
  app.get(
    `${RISK}/bankPageList`,
    {
      config: { permission: STAFF },
      schema: {
        querystring: NamePageQuery,
        response: { 200: envelopeOf(BankPage) },
        tags,
        summary: '银行列表',
      },
    },
    async (req) => ok(bankPageList(req.query)),
  );
}
