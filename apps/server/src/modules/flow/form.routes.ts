import {
  emptyData,
  envelopeOf,
  FormCopyBody,
  FormDetail,
  FormEnableBody,
  FormForBillType,
  FormForBillTypeQuery,
  FormIdBody,
  FormIdQuery,
  FormPage,
  FormPageQuery,
  FormPublished,
  FormSaveBody,
  FormSaved,
  FormVersion,
  FormVersionQuery,
  type FormField,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { FINOBILL } from './design.routes.js';
import type { FlowDeps } from './design/index.js';
import * as svc from './form/index.js';

/**
 * 自定义表单 routes (/finobill/api/web/form/*). The designer's routes take the flow design permissions
 * (审批流管理: flowList:*); the runtime reads (version, forBillType) any signed-in staff member of the tenant.
 */
const tags = ['flow'];
const reply = <T extends Parameters<typeof envelopeOf>[0]>(t: T) => ({ 200: envelopeOf(t) });
const empty = reply(emptyData);

export function registerFormRoutes(app: ZodApp, deps: AppDeps) {
  const d: FlowDeps = { db: deps.db, clock: deps.clock ?? Date.now, storage: deps.storage };
  const P = (s: string) => `${FINOBILL}/form/${s}`;

  app.get(
    P('pageList'),
    {
      config: { permission: 'flowList:view' },
      schema: { querystring: FormPageQuery, response: reply(FormPage), tags, summary: '表单列表' },
    },
    async (req) => ok(await svc.pageForms(d, tenantCaller(req), req.query)),
  );
  app.get(
    P('detail'),
    {
      config: { permission: 'flowList:view' },
      schema: {
        querystring: FormIdQuery,
        response: reply(FormDetail),
        tags,
        summary: '表单设计详情（草稿与已发布版本）',
      },
    },
    async (req) => ok(await svc.formDetail(d, tenantCaller(req), req.query.id)),
  );
  app.post(
    P('save'),
    {
      config: { permission: ['flowList:add', 'flowList:edit'] },
      schema: { body: FormSaveBody, response: reply(FormSaved), tags, summary: '保存表单草稿' },
    },
    async (req) =>
      ok(await svc.saveForm(d, tenantCaller(req), { ...req.body, fields: req.body.fields as FormField[] })),
  );
  app.post(
    P('publish'),
    {
      config: { permission: 'flowList:edit' },
      schema: {
        body: FormIdBody,
        response: reply(FormPublished),
        tags,
        summary: '发布表单（生成新版本并启用，已有单据沿用原版本）',
      },
    },
    async (req) => ok(await svc.publishForm(d, tenantCaller(req), req.body.id)),
  );
  app.post(
    P('enable'),
    {
      config: { permission: 'flowList:edit' },
      schema: { body: FormEnableBody, response: empty, tags, summary: '启用或停用表单' },
    },
    async (req) => ok(await svc.enableForm(d, tenantCaller(req), req.body.id, req.body.enabled)),
  );
  app.post(
    P('copy'),
    {
      config: { permission: 'flowList:add' },
      schema: { body: FormCopyBody, response: reply(FormSaved), tags, summary: '复制表单' },
    },
    async (req) => ok(await svc.copyForm(d, tenantCaller(req), req.body)),
  );
  app.post(
    P('delete'),
    {
      config: { permission: 'flowList:delete' },
      schema: { body: FormIdBody, response: empty, tags, summary: '删除表单（已有单据使用时拒绝）' },
    },
    async (req) => ok(await svc.deleteForm(d, tenantCaller(req), req.body.id)),
  );

  // ---- runtime: any staff member of the tenant ----
  app.get(
    P('version'),
    {
      config: { permission: STAFF },
      schema: {
        querystring: FormVersionQuery,
        response: reply(FormVersion),
        tags,
        summary: '表单的已发布版本（填写与查看单据用）',
      },
    },
    async (req) => ok(await svc.formVersion(d, tenantCaller(req), req.query.id, req.query.version)),
  );
  app.get(
    P('forBillType'),
    {
      config: { permission: STAFF },
      schema: {
        querystring: FormForBillTypeQuery,
        response: reply(FormForBillType),
        tags,
        summary: '新建该类型单据使用的表单（无则为null）',
      },
    },
    async (req) => ok(await svc.formForBillType(d.db, tenantCaller(req).tenantId, req.query.billType)),
  );
}
