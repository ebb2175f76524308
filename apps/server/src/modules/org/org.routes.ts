import {
  OrgAddressCreateBody,
  OrgAddressIdQuery,
  OrgAddressList,
  OrgAddressUpdateBody,
  OrgCountReply,
  OrgCreateBody,
  OrgDeleteCheck,
  OrgDeptBatchBody,
  OrgDeptCreateBody,
  OrgDeptIdQuery,
  OrgDeptSaved,
  OrgDeptOrderBody,
  OrgDeptTreeQuery,
  OrgDeptUpdateBody,
  OrgIdQuery,
  OrgIdReply,
  OrgInfo,
  OrgInfoQuery,
  OrgOperationLogPage,
  OrgOperationLogQuery,
  OrgOrderBody,
  OrgPayInfo,
  OrgStatistics,
  OrgTree,
  OrgTreeQuery,
  OrgUpdateBody,
  envelopeOf,
} from '@feikong/contracts';
import type { FastifyReply } from 'fastify';
import { tenantCaller } from '../../platform/auth.js';
import { STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerCityGroupRoutes } from './cityGroups/cityGroup.routes.js';
import { registerDictRoutes } from './dict/dict.routes.js';
import { buildOrgTemplate, sendXlsx } from './importExport/org.excel.js';
import { OrgPerm, privModuleOf } from './org.perms.js';
import { path } from './org.schemas.js';
import * as svc from './units/org.service.js';
import { listLogs } from './oplog/oplog.service.js';
import { registerStaffRoutes } from './staff/staff.routes.js';
import { registerThirdUserRoutes } from './thirdUsers/thirdUsers.routes.js';
import { registerUserGroupRoutes } from './userGroups/userGroup.routes.js';

const tags = ['org'];
/** The envelope of ok(data) around data that is already JSON. */
const OK_HEAD = Buffer.from(JSON.stringify(ok(null)).replace(/null\}$/, ''));
const OK_TAIL = Buffer.from('}');

/** Sends JSON that is already bytes: a Buffer skips the reply serializer (and its typing). */
function sendJsonBytes(reply: FastifyReply, body: Buffer) {
  return reply.type('application/json; charset=utf-8').send(body);
}

const TreeReply = { 200: envelopeOf(OrgTree) };
const IdReply = { 200: envelopeOf(OrgIdReply) };
const CountReply = { 200: envelopeOf(OrgCountReply) };
const DeleteCheckReply = { 200: envelopeOf(OrgDeleteCheck) };

/** Every route of /org-arch-center/api/v1/ (spec §7.2). */
export function registerOrgRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  registerUnitRoutes(app, deps);
  registerStaffRoutes(app, deps);
  registerDictRoutes(app, deps);
  registerCityGroupRoutes(app, deps);
  registerUserGroupRoutes(app, deps);

  app.get(
    path('operation-log:list'),
    {
      config: { permission: OrgPerm.operationLogView },
      schema: { querystring: OrgOperationLogQuery, response: { 200: envelopeOf(OrgOperationLogPage) }, tags },
    },
    async (req) => ok(await listLogs(db, tenantCaller(req), req.query)),
  );
  app.get(
    path('tenant/pay-info'),
    {
      config: { permission: OrgPerm.companyView },
      schema: { response: { 200: envelopeOf(OrgPayInfo) }, tags },
    },
    async (req) => ok(await svc.payInfo(db, tenantCaller(req))),
  );
  registerThirdUserRoutes(app, deps);
}

function registerUnitRoutes(app: ZodApp, { db }: AppDeps) {
  // Trees: read-only pickers used everywhere, so any staff member may read them.
  app.get(
    path('organizations:list'),
    { config: { permission: STAFF }, schema: { querystring: OrgTreeQuery, response: TreeReply, tags } },
    async (req) =>
      ok(await svc.orgTree(db, tenantCaller(req), { ...req.query, module: privModuleOf(req.headers) })),
  );
  // Sent as bytes: the tree is serialised once per revision of the tenant's organisation (org.treeCache.ts).
  // A Buffer bypasses the reply serializer; the schema still documents and types the reply.
  app.get(
    path('departments:list'),
    { config: { permission: STAFF }, schema: { querystring: OrgDeptTreeQuery, response: TreeReply, tags } },
    async (req, reply) => {
      const data = await svc.deptTreeJson(db, tenantCaller(req), {
        ...req.query,
        module: privModuleOf(req.headers),
      });
      return sendJsonBytes(reply, Buffer.concat([OK_HEAD, data, OK_TAIL]));
    },
  );
  app.post(
    path('organizations:create'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: OrgCreateBody, response: IdReply, tags } },
    async (req) => ok(await svc.createOrg(db, tenantCaller(req), req.body)),
  );
  app.put(
    path('organizations:update'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: OrgUpdateBody, response: IdReply, tags } },
    async (req) => ok(await svc.updateOrg(db, tenantCaller(req), req.body)),
  );
  app.delete(
    path('organizations:delete'),
    {
      config: { permission: OrgPerm.staffEdit },
      schema: { querystring: OrgIdQuery, response: IdReply, tags },
    },
    async (req) => ok(await svc.deleteOrg(db, tenantCaller(req), req.query.org_id)),
  );
  app.get(
    path('organizations:check_can_delete'),
    {
      config: { permission: OrgPerm.staffView },
      schema: { querystring: OrgIdQuery, response: DeleteCheckReply, tags },
    },
    async (req) => ok(await svc.checkOrgDelete(db, tenantCaller(req), req.query.org_id)),
  );
  app.post(
    path('organizations:order'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: OrgOrderBody, response: CountReply, tags } },
    async (req) => ok(await svc.orderOrgs(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('departments:create'),
    {
      config: { permission: OrgPerm.staffEdit },
      schema: { body: OrgDeptCreateBody, response: { 200: envelopeOf(OrgDeptSaved) }, tags },
    },
    async (req) => ok(await svc.createDept(db, tenantCaller(req), req.body)),
  );
  app.put(
    path('departments:update'),
    {
      config: { permission: OrgPerm.staffEdit },
      schema: { body: OrgDeptUpdateBody, response: { 200: envelopeOf(OrgDeptSaved) }, tags },
    },
    async (req) => ok(await svc.updateDept(db, tenantCaller(req), req.body)),
  );
  app.delete(
    path('departments:delete'),
    {
      config: { permission: OrgPerm.staffEdit },
      schema: { querystring: OrgDeptIdQuery, response: IdReply, tags },
    },
    async (req) => ok(await svc.deleteDept(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('departments:check_can_delete'),
    {
      config: { permission: OrgPerm.staffView },
      schema: { querystring: OrgDeptIdQuery, response: DeleteCheckReply, tags },
    },
    async (req) => ok(await svc.checkDeptDelete(db, tenantCaller(req), req.query.id)),
  );
  app.post(
    path('departments:order'),
    {
      config: { permission: OrgPerm.staffEdit },
      schema: { body: OrgDeptOrderBody, response: CountReply, tags },
    },
    async (req) => ok(await svc.orderDepts(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('departments:batch_update'),
    {
      config: { permission: OrgPerm.staffEdit },
      schema: { body: OrgDeptBatchBody, response: CountReply, tags },
    },
    async (req) => ok(await svc.batchUpdateDepts(db, tenantCaller(req), req.body)),
  );
  app.get(
    path('organizations/statistics'),
    {
      config: { permission: OrgPerm.staffView },
      schema: { response: { 200: envelopeOf(OrgStatistics) }, tags },
    },
    async (req) => ok(await svc.statistics(db, tenantCaller(req))),
  );
  app.get(
    path('organizations/info'),
    {
      config: { permission: OrgPerm.companyView },
      schema: { querystring: OrgInfoQuery, response: { 200: envelopeOf(OrgInfo) }, tags },
    },
    async (req) => ok(await svc.orgInfo(db, tenantCaller(req), req.query.org_id)),
  );
  app.get(
    path('organizations/address:list'),
    {
      config: { permission: OrgPerm.companyView },
      schema: { querystring: OrgIdQuery, response: { 200: envelopeOf(OrgAddressList) }, tags },
    },
    async (req) => ok(await svc.listAddresses(db, tenantCaller(req), req.query.org_id)),
  );
  app.post(
    path('organizations/address:create'),
    {
      config: { permission: OrgPerm.companyEdit },
      schema: { body: OrgAddressCreateBody, response: IdReply, tags },
    },
    async (req) => ok(await svc.createAddress(db, tenantCaller(req), req.body)),
  );
  app.put(
    path('organizations/address:update'),
    {
      config: { permission: OrgPerm.companyEdit },
      schema: { body: OrgAddressUpdateBody, response: IdReply, tags },
    },
    async (req) => ok(await svc.updateAddress(db, tenantCaller(req), req.body)),
  );
  app.delete(
    path('organizations/address:delete'),
    {
      config: { permission: OrgPerm.companyEdit },
      schema: { querystring: OrgAddressIdQuery, response: IdReply, tags },
    },
    async (req) => ok(await svc.deleteAddress(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('organizations:import/template'),
    { config: { permission: OrgPerm.staffEdit, rawReply: true }, schema: { tags } },
    async (req, reply) => sendXlsx(reply, '组织导入模板.xlsx', await buildOrgTemplate()),
  );
}
