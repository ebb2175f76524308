import {
  AuditCheckBody,
  AuditResult,
  AuditRule,
  AuditRuleAddBody,
  AuditRuleUpdateBody,
  AuditRuleEnableBody,
  AuditRuleIdBody,
  AuditRuleList,
  AuditRuleListQuery,
  BILL_TYPE_MENU,
  ClaimSetting,
  ClaimSettingBody,
  emptyData,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import type { PermissionString } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { claimSetting, saveClaimSetting } from '../flow/index.js';
import { checkOwnBill } from './auditRule.check.js';
import {
  addAuditRule,
  deleteAuditRule,
  enableAuditRule,
  listAuditRules,
  updateAuditRule,
} from './auditRule.service.js';

// Designed here (spec names the screen only): docs/decisions/0023-audit-rules-and-bill-analysis.md.
const RULE = '/finobill/api/web/auditRule';
const tags = ['auditRule'];
export const AuditRulePerm = { view: 'auditRule:view', edit: 'auditRule:edit' } as const;
/** Whoever may fill in a document of some type may check their own documents. */
const BILL_ADD_PERMS = Object.values(BILL_TYPE_MENU).map((m) => `${m}:add` as PermissionString) as [
  PermissionString,
  ...PermissionString[],
];

/** 智能规则集: list, add, update, enable, delete; check a draft before submitting. */
export function registerAuditRuleRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;

  app.get(
    `${RULE}/list`,
    {
      config: { permission: AuditRulePerm.view },
      schema: {
        querystring: AuditRuleListQuery,
        response: { 200: envelopeOf(AuditRuleList) },
        tags,
        summary: '智能规则集列表',
      },
    },
    async (req) => ok(await listAuditRules(db, tenantCaller(req), req.query)),
  );
  app.post(
    `${RULE}/add`,
    {
      config: { permission: AuditRulePerm.edit },
      schema: { body: AuditRuleAddBody, response: { 200: envelopeOf(AuditRule) }, tags, summary: '新增规则' },
    },
    async (req) => ok(await addAuditRule(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${RULE}/update`,
    {
      config: { permission: AuditRulePerm.edit },
      schema: {
        body: AuditRuleUpdateBody,
        response: { 200: envelopeOf(AuditRule) },
        tags,
        summary: '修改规则',
      },
    },
    async (req) => ok(await updateAuditRule(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${RULE}/enable`,
    {
      config: { permission: AuditRulePerm.edit },
      schema: {
        body: AuditRuleEnableBody,
        response: { 200: envelopeOf(AuditRule) },
        tags,
        summary: '启用或停用规则',
      },
    },
    async (req) => ok(await enableAuditRule(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${RULE}/delete`,
    {
      config: { permission: AuditRulePerm.edit },
      schema: { body: AuditRuleIdBody, response: { 200: envelopeOf(emptyData) }, tags, summary: '删除规则' },
    },
    async (req) => ok(await deleteAuditRule(db, tenantCaller(req), req.body.id)),
  );
  // 超额报销 policy: the setting lives with the documents (flow), edited from this page.
  app.get(
    `${RULE}/setting`,
    {
      config: { permission: AuditRulePerm.view },
      schema: { response: { 200: envelopeOf(ClaimSetting) }, tags, summary: '超额报销设置' },
    },
    async (req) => ok(await claimSetting(db, tenantCaller(req).tenantId)),
  );
  app.post(
    `${RULE}/setting`,
    {
      config: { permission: AuditRulePerm.edit },
      schema: {
        body: ClaimSettingBody,
        response: { 200: envelopeOf(ClaimSetting) },
        tags,
        summary: '修改超额报销设置',
      },
    },
    async (req) => ok(await saveClaimSetting(db, tenantCaller(req), req.body.allowOverClaim, clock())),
  );
  app.post(
    `${RULE}/check`,
    {
      config: { permission: BILL_ADD_PERMS },
      schema: {
        body: AuditCheckBody,
        response: { 200: envelopeOf(AuditResult) },
        tags,
        summary: '按智能规则集检查单据（提交前）',
      },
    },
    async (req) => {
      const caller = tenantCaller(req);
      return ok(await checkOwnBill(db, caller.tenantId, caller.staffId, req.body.id, clock()));
    },
  );
}
