import {
  AgentIdBody,
  AgentPage,
  AgentPageQuery,
  AgentSaveBody,
  AgentSaved,
  emptyData,
  envelopeOf,
  FlowCopyBody,
  FlowDetail,
  FlowEnableBody,
  FlowGroupIdBody,
  FlowGroupList,
  FlowGroupOrderBody,
  FlowGroupSaveBody,
  FlowIdBody,
  FlowIdQuery,
  FlowPage,
  FlowPageQuery,
  FlowPublished,
  FlowSaveBody,
  FlowSaved,
  FlowSimulateBody,
  FlowSimulation,
  MatrixDetail,
  MatrixIdBody,
  MatrixIdQuery,
  MatrixList,
  MatrixListQuery,
  MatrixSaveBody,
  MatrixSaved,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { cancelAgent, pageAgents, saveAgent } from './approval/index.js';
import * as svc from './design/index.js';
import type { FlowNode } from './engine/index.js';
import { deleteMatrix, listMatrices, matrixDetail, saveMatrix } from './design/index.js';
import { simulateFlow } from './approval/index.js';

/** 审批流设计 routes (/finobill/api/web/): group/*, flowDesign/*, matrix/*, agent/*. */
export const FINOBILL = '/finobill/api/web';
const tags = ['flow'];
const reply = <T extends Parameters<typeof envelopeOf>[0]>(t: T) => ({ 200: envelopeOf(t) });
const empty = reply(emptyData);

export function registerFlowDesignRoutes(app: ZodApp, deps: AppDeps) {
  const d: svc.FlowDeps = { db: deps.db, clock: deps.clock ?? Date.now };
  const P = (s: string) => `${FINOBILL}/${s}`;

  // ---- groups ----
  app.get(
    P('group/list'),
    {
      config: { permission: ['flowGroup:view', 'flowList:view'] },
      schema: { response: reply(FlowGroupList), tags, summary: '流程分组列表' },
    },
    async (req) => ok(await svc.listGroups(d, tenantCaller(req))),
  );
  app.post(
    P('group/save'),
    {
      config: { permission: 'flowGroup:edit' },
      schema: { body: FlowGroupSaveBody, response: reply(FlowSaved), tags, summary: '新增或重命名流程分组' },
    },
    async (req) => ok(await svc.saveGroup(d, tenantCaller(req), req.body)),
  );
  app.post(
    P('group/delete'),
    {
      config: { permission: 'flowGroup:edit' },
      schema: { body: FlowGroupIdBody, response: empty, tags, summary: '删除流程分组（分组下无流程时）' },
    },
    async (req) => ok(await svc.deleteGroup(d, tenantCaller(req), req.body.id)),
  );
  app.post(
    P('group/order'),
    {
      config: { permission: 'flowGroup:edit' },
      schema: { body: FlowGroupOrderBody, response: reply(FlowGroupList), tags, summary: '流程分组排序' },
    },
    async (req) => ok(await svc.orderGroups(d, tenantCaller(req), req.body.ids)),
  );

  // ---- flows ----
  app.get(
    P('flowDesign/pageList'),
    {
      config: { permission: 'flowList:view' },
      schema: { querystring: FlowPageQuery, response: reply(FlowPage), tags, summary: '审批流程列表' },
    },
    async (req) => ok(await svc.pageFlows(d, tenantCaller(req), req.query)),
  );
  app.get(
    P('flowDesign/detail'),
    {
      config: { permission: 'flowList:view' },
      schema: {
        querystring: FlowIdQuery,
        response: reply(FlowDetail),
        tags,
        summary: '流程设计详情（草稿与已发布版本）',
      },
    },
    async (req) => ok(await svc.flowDetail(d, tenantCaller(req), req.query.id)),
  );
  app.post(
    P('flowDesign/save'),
    {
      config: { permission: ['flowList:add', 'flowList:edit'] },
      schema: { body: FlowSaveBody, response: reply(FlowSaved), tags, summary: '保存流程草稿' },
    },
    async (req) =>
      ok(await svc.saveFlow(d, tenantCaller(req), { ...req.body, nodes: req.body.nodes as FlowNode[] })),
  );
  app.post(
    P('flowDesign/publish'),
    {
      config: { permission: 'flowList:edit' },
      schema: {
        body: FlowIdBody,
        response: reply(FlowPublished),
        tags,
        summary: '发布流程（生成新版本，审批中的单据沿用原版本）',
      },
    },
    async (req) => ok(await svc.publishFlow(d, tenantCaller(req), req.body.id)),
  );
  app.post(
    P('flowDesign/enable'),
    {
      config: { permission: 'flowList:edit' },
      schema: { body: FlowEnableBody, response: empty, tags, summary: '启用或停用流程' },
    },
    async (req) => ok(await svc.enableFlow(d, tenantCaller(req), req.body.id, req.body.enabled)),
  );
  app.post(
    P('flowDesign/copy'),
    {
      config: { permission: 'flowList:add' },
      schema: { body: FlowCopyBody, response: reply(FlowSaved), tags, summary: '复制流程' },
    },
    async (req) => ok(await svc.copyFlow(d, tenantCaller(req), req.body)),
  );
  app.post(
    P('flowDesign/delete'),
    {
      config: { permission: 'flowList:delete' },
      schema: { body: FlowIdBody, response: empty, tags, summary: '删除流程（有审批中的单据时拒绝）' },
    },
    async (req) => ok(await svc.deleteFlow(d, tenantCaller(req), req.body.id)),
  );
  app.post(
    P('flowDesign/simulate'),
    {
      config: { permission: ['flowList:add', 'flowList:edit'] },
      schema: {
        body: FlowSimulateBody,
        response: reply(FlowSimulation),
        tags,
        summary: '流程模拟（最近N张单据）',
      },
    },
    async (req) =>
      ok(await simulateFlow(d, tenantCaller(req), { ...req.body, nodes: req.body.nodes as FlowNode[] })),
  );

  // ---- approval matrix ----
  app.get(
    P('matrix/list'),
    {
      config: { permission: ['flowMatrix:view', 'flowList:view'] },
      schema: { querystring: MatrixListQuery, response: reply(MatrixList), tags, summary: '审批矩阵列表' },
    },
    async (req) => ok(await listMatrices(d, tenantCaller(req), req.query.dimension)),
  );
  app.get(
    P('matrix/detail'),
    {
      config: { permission: ['flowMatrix:view', 'flowList:view'] },
      schema: { querystring: MatrixIdQuery, response: reply(MatrixDetail), tags, summary: '审批矩阵详情' },
    },
    async (req) => ok(await matrixDetail(d, tenantCaller(req), req.query.id)),
  );
  app.post(
    P('matrix/save'),
    {
      config: { permission: 'flowMatrix:edit' },
      schema: {
        body: MatrixSaveBody,
        response: reply(MatrixSaved),
        tags,
        summary: '保存审批矩阵（整表替换矩阵行）',
      },
    },
    async (req) => ok(await saveMatrix(d, tenantCaller(req), req.body)),
  );
  app.post(
    P('matrix/delete'),
    {
      config: { permission: 'flowMatrix:edit' },
      schema: { body: MatrixIdBody, response: empty, tags, summary: '删除审批矩阵（被流程使用时拒绝）' },
    },
    async (req) => ok(await deleteMatrix(d, tenantCaller(req), req.body.id)),
  );

  // ---- agents: own windows for every staff member; anyone's with flowAgent:edit (checked in the service) ----
  app.get(
    P('agent/pageList'),
    {
      config: { permission: STAFF },
      schema: { querystring: AgentPageQuery, response: reply(AgentPage), tags, summary: '审批代理列表' },
    },
    async (req) => ok(await pageAgents(d, tenantCaller(req), req.query)),
  );
  app.post(
    P('agent/save'),
    {
      config: { permission: STAFF },
      schema: { body: AgentSaveBody, response: reply(AgentSaved), tags, summary: '新增审批代理' },
    },
    async (req) => ok(await saveAgent(d, tenantCaller(req), req.body)),
  );
  app.post(
    P('agent/cancel'),
    {
      config: { permission: STAFF },
      schema: { body: AgentIdBody, response: empty, tags, summary: '取消审批代理（未处理的任务交回）' },
    },
    async (req) => ok(await cancelAgent(d, tenantCaller(req), req.body.id)),
  );
}
