import { z } from 'zod';
import { tenantCaller } from '../../platform/auth.js';
import { STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerCityGroupRoutes } from './cityGroup.routes.js';
import { registerDictRoutes } from './dict.routes.js';
import { buildOrgTemplate, sendXlsx } from './org.excel.js';
import { OrgPerm, privModuleOf } from './org.perms.js';
import {
  id,
  keyword,
  name,
  onlyPriv,
  optionalId,
  order,
  opt,
  pageNum,
  pageSize,
  partialOf,
  path,
  taxId,
} from './org.schemas.js';
import * as svc from './org.service.js';
import { listLogs } from './oplog.service.js';
import { registerStaffRoutes } from './staff.routes.js';
import { registerThirdUserRoutes } from './thirdUsers.routes.js';
import { registerUserGroupRoutes } from './userGroup.routes.js';

const tags = ['org'];
/** The envelope of ok(data) around data that is already JSON. */
const OK_HEAD = Buffer.from(JSON.stringify(ok(null)).replace(/null\}$/, ''));
const OK_TAIL = Buffer.from('}');

const TreeQuery = z.object({ only_priv: onlyPriv });
const DeptTreeQuery = z.object({ only_priv: onlyPriv, org_id: optionalId('公司ID') });
const OrgCreate = z.object({
  name: name('公司名称', 100),
  full_name: z.string().max(200).optional().describe('公司全称'),
  pid: optionalId('上级组织'),
  tax_id: taxId,
  order,
});
const OrgUpdate = partialOf(OrgCreate).extend({ id: id('公司ID') });
const OrderBody = z.object({
  pid: z.coerce.number().int().min(0).describe('上级ID'),
  ids: z.array(z.coerce.number().int().positive()).min(1).max(5000).describe('排序后的ID'),
});
const DeptCreate = z.object({
  org_id: id('所属公司'),
  pid: z.coerce.number().int().min(0).optional().describe('上级部门'),
  name: name('部门名称', 100),
  order,
});
const DeptUpdate = z.object({
  id: id('部门ID'),
  pid: z.coerce.number().int().min(0).optional().describe('上级部门'),
  name: opt(name('部门名称', 100)),
  order,
});
const DeptOrder = OrderBody.extend({ org_id: id('所属公司') });
const DeptBatch = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(1000).describe('部门ID'),
  pid: z.coerce.number().int().min(0).describe('上级部门'),
});
const OrgIdQuery = z.object({ org_id: id('公司ID') });
const DeptIdQuery = z.object({ id: id('部门ID') });
const InfoQuery = z.object({ org_id: optionalId('公司ID') });
const contactPhone = z
  .string()
  .regex(/^[\d+\-() ]{7,20}$/, '联系电话格式错误')
  .describe('联系电话');
const AddressCreate = z.object({
  org_id: id('公司ID'),
  name: name('地址名称', 100),
  address: name('详细地址', 300),
  contact: name('联系人', 50),
  phone: contactPhone,
  is_default: z.boolean().optional().describe('是否默认'),
});
const AddressUpdate = partialOf(AddressCreate.omit({ org_id: true })).extend({ id: id('地址ID') });
const AddressIdQuery = z.object({ id: id('地址ID') });
const LogQuery = z.object({
  keyword,
  module: z.string().max(30).optional().describe('模块'),
  start: z.coerce.number().int().min(0).optional().describe('开始时间'),
  end: z.coerce.number().int().min(0).optional().describe('结束时间'),
  page_num: pageNum,
  page_size: pageSize(200),
});

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
    { config: { permission: OrgPerm.operationLogView }, schema: { querystring: LogQuery, tags } },
    async (req) => ok(await listLogs(db, tenantCaller(req), req.query)),
  );
  app.get(
    path('tenant/pay-info'),
    { config: { permission: OrgPerm.companyView }, schema: { tags } },
    async (req) => ok(await svc.payInfo(db, tenantCaller(req))),
  );
  registerThirdUserRoutes(app, deps);
}

function registerUnitRoutes(app: ZodApp, { db }: AppDeps) {
  // Trees: read-only pickers used everywhere, so any staff member may read them.
  app.get(
    path('organizations:list'),
    { config: { permission: STAFF }, schema: { querystring: TreeQuery, tags } },
    async (req) =>
      ok(await svc.orgTree(db, tenantCaller(req), { ...req.query, module: privModuleOf(req.headers) })),
  );
  // Sent as bytes: the tree is serialised once per revision of the tenant's organisation (org.treeCache.ts).
  app.get(
    path('departments:list'),
    { config: { permission: STAFF }, schema: { querystring: DeptTreeQuery, tags } },
    async (req, reply) => {
      const data = await svc.deptTreeJson(db, tenantCaller(req), {
        ...req.query,
        module: privModuleOf(req.headers),
      });
      return reply.type('application/json; charset=utf-8').send(Buffer.concat([OK_HEAD, data, OK_TAIL]));
    },
  );
  app.post(
    path('organizations:create'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: OrgCreate, tags } },
    async (req) => ok(await svc.createOrg(db, tenantCaller(req), req.body)),
  );
  app.put(
    path('organizations:update'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: OrgUpdate, tags } },
    async (req) => ok(await svc.updateOrg(db, tenantCaller(req), req.body)),
  );
  app.delete(
    path('organizations:delete'),
    { config: { permission: OrgPerm.staffEdit }, schema: { querystring: OrgIdQuery, tags } },
    async (req) => ok(await svc.deleteOrg(db, tenantCaller(req), req.query.org_id)),
  );
  app.get(
    path('organizations:check_can_delete'),
    { config: { permission: OrgPerm.staffView }, schema: { querystring: OrgIdQuery, tags } },
    async (req) => ok(await svc.checkOrgDelete(db, tenantCaller(req), req.query.org_id)),
  );
  app.post(
    path('organizations:order'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: OrderBody, tags } },
    async (req) => ok(await svc.orderOrgs(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('departments:create'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: DeptCreate, tags } },
    async (req) => ok(await svc.createDept(db, tenantCaller(req), req.body)),
  );
  app.put(
    path('departments:update'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: DeptUpdate, tags } },
    async (req) => ok(await svc.updateDept(db, tenantCaller(req), req.body)),
  );
  app.delete(
    path('departments:delete'),
    { config: { permission: OrgPerm.staffEdit }, schema: { querystring: DeptIdQuery, tags } },
    async (req) => ok(await svc.deleteDept(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('departments:check_can_delete'),
    { config: { permission: OrgPerm.staffView }, schema: { querystring: DeptIdQuery, tags } },
    async (req) => ok(await svc.checkDeptDelete(db, tenantCaller(req), req.query.id)),
  );
  app.post(
    path('departments:order'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: DeptOrder, tags } },
    async (req) => ok(await svc.orderDepts(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('departments:batch_update'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: DeptBatch, tags } },
    async (req) => ok(await svc.batchUpdateDepts(db, tenantCaller(req), req.body)),
  );
  app.get(
    path('organizations/statistics'),
    { config: { permission: OrgPerm.staffView }, schema: { tags } },
    async (req) => ok(await svc.statistics(db, tenantCaller(req))),
  );
  app.get(
    path('organizations/info'),
    { config: { permission: OrgPerm.companyView }, schema: { querystring: InfoQuery, tags } },
    async (req) => ok(await svc.orgInfo(db, tenantCaller(req), req.query.org_id)),
  );
  app.get(
    path('organizations/address:list'),
    { config: { permission: OrgPerm.companyView }, schema: { querystring: OrgIdQuery, tags } },
    async (req) => ok(await svc.listAddresses(db, tenantCaller(req), req.query.org_id)),
  );
  app.post(
    path('organizations/address:create'),
    { config: { permission: OrgPerm.companyEdit }, schema: { body: AddressCreate, tags } },
    async (req) => ok(await svc.createAddress(db, tenantCaller(req), req.body)),
  );
  app.put(
    path('organizations/address:update'),
    { config: { permission: OrgPerm.companyEdit }, schema: { body: AddressUpdate, tags } },
    async (req) => ok(await svc.updateAddress(db, tenantCaller(req), req.body)),
  );
  app.delete(
    path('organizations/address:delete'),
    { config: { permission: OrgPerm.companyEdit }, schema: { querystring: AddressIdQuery, tags } },
    async (req) => ok(await svc.deleteAddress(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('organizations:import/template'),
    { config: { permission: OrgPerm.staffEdit }, schema: { tags } },
    async (req, reply) => sendXlsx(reply, '组织导入模板.xlsx', await buildOrgTemplate()),
  );
}
