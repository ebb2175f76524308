import {
  OrgCityGroupBaseUpdateBody,
  OrgCityGroupCreateBody,
  OrgCityGroupIdQuery,
  OrgCityGroupList,
  OrgCityGroupListQuery,
  OrgCityGroupRelationBody,
  OrgCityGroupRelationReply,
  OrgCityGroupTree,
  OrgIdReply,
  OrgProvinceList,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import * as svc from './cityGroup.service.js';
import { OrgPerm } from '../org.perms.js';
import { path } from '../org.schemas.js';

const tags = ['org'];
const IdReply = { 200: envelopeOf(OrgIdReply) };

export function registerCityGroupRoutes(app: ZodApp, { db }: AppDeps) {
  app.get(
    path('city-group:list'),
    {
      config: { permission: OrgPerm.cityGroupView },
      schema: { querystring: OrgCityGroupListQuery, response: { 200: envelopeOf(OrgCityGroupList) }, tags },
    },
    async (req) => ok(await svc.listGroups(db, tenantCaller(req), req.query)),
  );
  app.get(
    path('city-group:tree'),
    {
      config: { permission: OrgPerm.cityGroupView },
      schema: { response: { 200: envelopeOf(OrgCityGroupTree) }, tags },
    },
    async (req) => ok(await svc.groupTree(db, tenantCaller(req))),
  );
  app.post(
    path('city-group:create'),
    {
      config: { permission: OrgPerm.cityGroupEdit },
      schema: { body: OrgCityGroupCreateBody, response: IdReply, tags },
    },
    async (req) => ok(await svc.createGroup(db, tenantCaller(req), req.body)),
  );
  app.delete(
    path('city-group:delete'),
    {
      config: { permission: OrgPerm.cityGroupEdit },
      schema: { querystring: OrgCityGroupIdQuery, response: IdReply, tags },
    },
    async (req) => ok(await svc.deleteGroup(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('city-group-data-set:list'),
    {
      config: { permission: OrgPerm.cityGroupView },
      schema: { response: { 200: envelopeOf(OrgProvinceList) }, tags },
    },
    async () => ok(svc.dataSet()),
  );
  app.put(
    path('city-group-base:update'),
    {
      config: { permission: OrgPerm.cityGroupEdit },
      schema: { body: OrgCityGroupBaseUpdateBody, response: IdReply, tags },
    },
    async (req) => ok(await svc.updateBase(db, tenantCaller(req), req.body)),
  );
  app.put(
    path('city-group-relation:update'),
    {
      config: { permission: OrgPerm.cityGroupEdit },
      schema: {
        body: OrgCityGroupRelationBody,
        response: { 200: envelopeOf(OrgCityGroupRelationReply) },
        tags,
      },
    },
    async (req) => ok(await svc.updateRelation(db, tenantCaller(req), req.body)),
  );
}
