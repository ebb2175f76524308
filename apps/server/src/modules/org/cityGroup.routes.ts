import { z } from 'zod';
import { tenantCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import * as svc from './cityGroup.service.js';
import { OrgPerm } from './org.perms.js';
import { id, keyword, name, opt, order, path } from './org.schemas.js';

const tags = ['org'];
const codes = z
  .array(z.string().regex(/^\d{6}$/, '城市编码应为6位数字'))
  .max(1000)
  .describe('城市编码');

const GroupCreate = z.object({ name: name('城市组名称'), order, codes: opt(codes) });
const BaseUpdate = z.object({ id: id('城市组ID'), name: opt(name('城市组名称')), order });
const RelationUpdate = z.object({ group_id: id('城市组ID'), codes });

export function registerCityGroupRoutes(app: ZodApp, { db }: AppDeps) {
  app.get(
    path('city-group:list'),
    { config: { permission: OrgPerm.cityGroupView }, schema: { querystring: z.object({ keyword }), tags } },
    async (req) => ok(await svc.listGroups(db, tenantCaller(req), req.query)),
  );
  app.get(
    path('city-group:tree'),
    { config: { permission: OrgPerm.cityGroupView }, schema: { tags } },
    async (req) => ok(await svc.groupTree(db, tenantCaller(req))),
  );
  app.post(
    path('city-group:create'),
    { config: { permission: OrgPerm.cityGroupEdit }, schema: { body: GroupCreate, tags } },
    async (req) => ok(await svc.createGroup(db, tenantCaller(req), req.body)),
  );
  app.delete(
    path('city-group:delete'),
    {
      config: { permission: OrgPerm.cityGroupEdit },
      schema: { querystring: z.object({ id: id('城市组ID') }), tags },
    },
    async (req) => ok(await svc.deleteGroup(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('city-group-data-set:list'),
    { config: { permission: OrgPerm.cityGroupView }, schema: { tags } },
    async () => ok(svc.dataSet()),
  );
  app.put(
    path('city-group-base:update'),
    { config: { permission: OrgPerm.cityGroupEdit }, schema: { body: BaseUpdate, tags } },
    async (req) => ok(await svc.updateBase(db, tenantCaller(req), req.body)),
  );
  app.put(
    path('city-group-relation:update'),
    { config: { permission: OrgPerm.cityGroupEdit }, schema: { body: RelationUpdate, tags } },
    async (req) => ok(await svc.updateRelation(db, tenantCaller(req), req.body)),
  );
}
