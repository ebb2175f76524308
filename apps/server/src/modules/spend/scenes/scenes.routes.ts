import {
  MySceneList,
  RuleTypeQuery,
  SceneAddBody,
  SceneCopyBody,
  SceneDetail,
  SceneDraftBody,
  SceneIdBody,
  SceneIdQuery,
  SceneList,
  SceneListQuery,
  ScenePublished,
  SceneRuleTypeList,
  SceneStatusBody,
  emptyData,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { STAFF } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import { visibleRuleTypes } from './presets.js';
import {
  addScene,
  copyScene,
  deleteScene,
  listScenes,
  publishScene,
  saveDraft,
  sceneDetail,
  scenesForUser,
  setSceneStatus,
} from './scenes.service.js';

// Designed here (the spec names the screens only): docs/decisions/0041-scenes-and-the-one-decision.md.
export const SCENES = '/consume-quota-center/api/v1/scenes';
const tags = ['scenes'];
export const ScenesPerm = {
  view: 'scenesRule:view',
  add: 'scenesRule:add',
  edit: 'scenesRule:edit',
  delete: 'scenesRule:delete',
} as const;

/** 场景管理 (/scenes/rule/list) and the staff member's own scenes. */
export function registerSceneRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;

  app.get(
    `${SCENES}/list`,
    {
      config: { permission: ScenesPerm.view },
      schema: {
        querystring: SceneListQuery,
        response: { 200: envelopeOf(SceneList) },
        tags,
        summary: '场景列表',
      },
    },
    async (req) => ok(await listScenes(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${SCENES}/detail`,
    {
      config: { permission: ScenesPerm.view },
      schema: {
        querystring: SceneIdQuery,
        response: { 200: envelopeOf(SceneDetail) },
        tags,
        summary: '场景详情',
      },
    },
    async (req) => ok(await sceneDetail(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    `${SCENES}/ruleTypes`,
    {
      config: { permission: ScenesPerm.view },
      schema: {
        querystring: RuleTypeQuery,
        response: { 200: envelopeOf(SceneRuleTypeList) },
        tags,
        summary: '场景规则类型',
      },
    },
    async (req) => ok(visibleRuleTypes(req.query.category)),
  );
  app.post(
    `${SCENES}/add`,
    {
      config: { permission: ScenesPerm.add },
      schema: { body: SceneAddBody, response: { 200: envelopeOf(SceneDetail) }, tags, summary: '新增场景' },
    },
    async (req) => ok(await addScene(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${SCENES}/draft`,
    {
      config: { permission: ScenesPerm.edit },
      schema: {
        body: SceneDraftBody,
        response: { 200: envelopeOf(SceneDetail) },
        tags,
        summary: '保存场景草稿',
      },
    },
    async (req) => ok(await saveDraft(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${SCENES}/publish`,
    {
      config: { permission: ScenesPerm.edit },
      schema: { body: SceneIdBody, response: { 200: envelopeOf(ScenePublished) }, tags, summary: '发布场景' },
    },
    async (req) => ok(await publishScene(db, tenantCaller(req), req.body.id, clock())),
  );
  app.post(
    `${SCENES}/status`,
    {
      config: { permission: ScenesPerm.edit },
      schema: {
        body: SceneStatusBody,
        response: { 200: envelopeOf(SceneDetail) },
        tags,
        summary: '开启或关闭场景',
      },
    },
    async (req) => ok(await setSceneStatus(db, tenantCaller(req), req.body.id, req.body.status, clock())),
  );
  app.post(
    `${SCENES}/copy`,
    {
      config: { permission: ScenesPerm.add },
      schema: { body: SceneCopyBody, response: { 200: envelopeOf(SceneDetail) }, tags, summary: '复制场景' },
    },
    async (req) => ok(await copyScene(db, tenantCaller(req), req.body.id, req.body.name, clock())),
  );
  app.post(
    `${SCENES}/delete`,
    {
      config: { permission: ScenesPerm.delete },
      schema: { body: SceneIdBody, response: { 200: envelopeOf(emptyData) }, tags, summary: '删除场景' },
    },
    async (req) => ok(await deleteScene(db, tenantCaller(req), req.body.id, clock())),
  );
  app.get(
    `${SCENES}/mine`,
    {
      config: { permission: STAFF },
      schema: { response: { 200: envelopeOf(MySceneList) }, tags, summary: '我的可用场景' },
    },
    async (req) => {
      const c = tenantCaller(req);
      return ok(await scenesForUser(db, c.tenantId, c.staffId));
    },
  );
}
