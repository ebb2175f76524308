import {
  DueCancelBody,
  DueCandidatePage,
  DueCandidatesQuery,
  DueDetail,
  DueIdBody,
  DueIdQuery,
  DueMatchBody,
  DueOrgOptions,
  DueOrgPageQuery,
  DuePage,
  DuePageQuery,
  DueSaveBody,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import {
  cancelDue,
  dueCandidates,
  dueDetail,
  matchDue,
  orgDueOptions,
  pageMyDues,
  pageOrgDues,
  saveDue,
  unmatchDue,
  type DueDeps,
} from './due.service.js';
import { InvoicePerm as P } from '../core/invoice.service.js';

// Designed here (spec 2.3 names the screen only): docs/decisions/0018-invoice-due.md.
const DUE = '/invoice/api/web/due';
const tags = ['invoice'];

/** 待收发票: own records with invoice:view / invoice:add; the organisation's with orgInvoice:view. */
export function registerDueRoutes(app: ZodApp, deps: AppDeps) {
  const d: DueDeps = { db: deps.db, clock: deps.clock ?? Date.now };

  app.get(
    `${DUE}/pageList`,
    {
      config: { permission: P.view },
      schema: {
        querystring: DuePageQuery,
        response: { 200: envelopeOf(DuePage) },
        tags,
        summary: '我的待收发票（页签：待收、逾期、已收、已取消、全部，含数量与预计金额）',
      },
    },
    async (req) => ok(await pageMyDues(d, tenantCaller(req), req.query)),
  );
  app.get(
    `${DUE}/orgPageList`,
    {
      config: { permission: P.orgView },
      schema: {
        querystring: DueOrgPageQuery,
        response: { 200: envelopeOf(DuePage) },
        tags,
        summary: '组织待收发票（按登记人、部门筛选）',
      },
    },
    async (req) => ok(await pageOrgDues(d, tenantCaller(req), req.query)),
  );
  app.get(
    `${DUE}/orgOptions`,
    {
      config: { permission: P.orgView },
      schema: {
        response: { 200: envelopeOf(DueOrgOptions) },
        tags,
        summary: '组织待收发票的登记人与部门（筛选项）',
      },
    },
    async (req) => ok(await orgDueOptions(d, tenantCaller(req))),
  );
  app.get(
    `${DUE}/detail`,
    {
      config: { permission: [P.view, P.orgView] },
      schema: {
        querystring: DueIdQuery,
        response: { 200: envelopeOf(DueDetail) },
        tags,
        summary: '待收发票详情与操作日志',
      },
    },
    async (req) => ok(await dueDetail(d, tenantCaller(req), req.query.id)),
  );
  app.get(
    `${DUE}/candidates`,
    {
      config: { permission: P.add },
      schema: {
        querystring: DueCandidatesQuery,
        response: { 200: envelopeOf(DueCandidatePage) },
        tags,
        summary: '可匹配的本人发票（未匹配过的），并说明与该记录不符之处',
      },
    },
    async (req) => ok(await dueCandidates(d, tenantCaller(req), req.query)),
  );
  app.post(
    `${DUE}/save`,
    {
      config: { permission: P.add },
      schema: {
        body: DueSaveBody,
        response: { 200: envelopeOf(DueDetail) },
        tags,
        summary: '登记待收发票（无id）或修改待收的记录（有id）',
      },
    },
    async (req) => ok(await saveDue(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${DUE}/cancel`,
    {
      config: { permission: P.add },
      schema: {
        body: DueCancelBody,
        response: { 200: envelopeOf(DueDetail) },
        tags,
        summary: '取消待收的记录（须填原因）',
      },
    },
    async (req) => ok(await cancelDue(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${DUE}/match`,
    {
      config: { permission: P.add },
      schema: {
        body: DueMatchBody,
        response: { 200: envelopeOf(DueDetail) },
        tags,
        summary: '手工匹配本人的发票：销售方一致、金额相差不超过1%（至少1元、至多100元），一张发票只匹配一条',
      },
    },
    async (req) => ok(await matchDue(d, tenantCaller(req), req.body)),
  );
  app.post(
    `${DUE}/unmatch`,
    {
      config: { permission: P.add },
      schema: {
        body: DueIdBody,
        response: { 200: envelopeOf(DueDetail) },
        tags,
        summary: '取消匹配：已收的记录恢复为待收',
      },
    },
    async (req) => ok(await unmatchDue(d, tenantCaller(req), req.body)),
  );
}
