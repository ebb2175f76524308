import {
  envelopeOf,
  PlatformAddBody,
  PlatformCatalogue,
  PlatformConfigAndServeNum,
  PlatformConfigListQuery,
  PlatformIdBody,
  PlatformIdQuery,
  PlatformIdReply,
  PlatformIdsReply,
  PlatformList,
  PlatformOrgConfigBatchBody,
  PlatformOrgConfigEditBody,
  PlatformOrgConfigEnableBody,
  PlatformOrgConfigIdBody,
  PlatformOrgConfigPage,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import * as svc from './platforms.service.js';

/** Designed in the spec's style (7.5 names the calls only; reads GET, writes POST): decision 0061. */
export const PLATFORM_CONFIG = '/integration-center/api/web/platformConfig';
const tags = ['integration'];

export const IntegrationPlatformPerm = {
  view: 'integrationPlatform:view',
  edit: 'integrationPlatform:edit',
} as const;

export function platformSvcOf(deps: AppDeps): svc.PlatformSvc {
  return { db: deps.db, signingSecret: deps.config.signingSecret, clock: deps.clock ?? Date.now };
}

export function registerPlatformRoutes(app: ZodApp, deps: AppDeps) {
  const s = platformSvcOf(deps);
  const read = { permission: [IntegrationPlatformPerm.view, IntegrationPlatformPerm.edit] as const };
  const edit = { permission: IntegrationPlatformPerm.edit };
  const P = PLATFORM_CONFIG;
  const IdReply = { 200: envelopeOf(PlatformIdReply) };

  app.get(
    `${P}/getAllPlatform`,
    {
      config: read,
      schema: { response: { 200: envelopeOf(PlatformCatalogue) }, tags, summary: '可接入的平台' },
    },
    async (req) => ok(await svc.allPlatforms(deps.db, tenantCaller(req))),
  );
  app.get(
    `${P}/getPlatformList`,
    {
      config: read,
      schema: { response: { 200: envelopeOf(PlatformList) }, tags, summary: '已添加的平台（id、running）' },
    },
    async (req) => ok(await svc.platformList(deps.db, tenantCaller(req))),
  );
  app.post(
    `${P}/addPlatform`,
    { config: edit, schema: { body: PlatformAddBody, response: IdReply, tags, summary: '添加平台' } },
    async (req) => ok(await svc.addPlatform(s, tenantCaller(req), req.body.platform)),
  );
  app.post(
    `${P}/delPlatform`,
    { config: edit, schema: { body: PlatformIdBody, response: IdReply, tags, summary: '删除平台' } },
    async (req) => ok(await svc.delPlatform(s, tenantCaller(req), req.body.id)),
  );
  app.get(
    `${P}/getPlatformConfigList`,
    {
      config: read,
      schema: {
        querystring: PlatformConfigListQuery,
        response: { 200: envelopeOf(PlatformOrgConfigPage) },
        tags,
        summary: '平台的组织配置列表（密钥打码）',
      },
    },
    async (req) => ok(await svc.configList(deps.db, tenantCaller(req), req.query)),
  );
  app.get(
    `${P}/getConfigAndServeNum`,
    {
      config: read,
      schema: {
        querystring: PlatformIdQuery,
        response: { 200: envelopeOf(PlatformConfigAndServeNum) },
        tags,
        summary: '已配置组织数与启用数',
      },
    },
    async (req) => ok(await svc.configAndServeNum(deps.db, tenantCaller(req), req.query.platform_id)),
  );
  app.post(
    `${P}/batchAddPlatformOrgConfig`,
    {
      config: edit,
      schema: {
        body: PlatformOrgConfigBatchBody,
        response: { 200: envelopeOf(PlatformIdsReply) },
        tags,
        summary: '批量添加组织配置',
      },
    },
    async (req) => ok(await svc.batchAddConfigs(s, tenantCaller(req), req.body)),
  );
  app.post(
    `${P}/editPlatformOrgConfig`,
    {
      config: edit,
      schema: { body: PlatformOrgConfigEditBody, response: IdReply, tags, summary: '编辑组织配置' },
    },
    async (req) => ok(await svc.editConfig(s, tenantCaller(req), req.body)),
  );
  app.post(
    `${P}/enablePlatformOrgConfig`,
    {
      config: edit,
      schema: { body: PlatformOrgConfigEnableBody, response: IdReply, tags, summary: '启用或停用组织配置' },
    },
    async (req) => ok(await svc.enableConfig(s, tenantCaller(req), req.body.id, req.body.enabled)),
  );
  app.post(
    `${P}/delPlatformOrgConfig`,
    {
      config: edit,
      schema: { body: PlatformOrgConfigIdBody, response: IdReply, tags, summary: '删除组织配置' },
    },
    async (req) => ok(await svc.delConfig(s, tenantCaller(req), req.body.id)),
  );
}
