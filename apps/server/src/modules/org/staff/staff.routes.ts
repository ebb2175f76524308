import {
  BaseUser,
  BaseUserPage,
  BaseUserQuery,
  OrgIdReply,
  OrgCountReply,
  OrgPhoneRecordList,
  OrgStaff,
  OrgStaffBatchBody,
  OrgStaffCreateBody,
  OrgStaffCreated,
  OrgStaffIdQuery,
  OrgStaffIdsBody,
  OrgStaffList,
  OrgStaffListQuery,
  OrgStaffPage,
  OrgStaffUpdateBody,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { STAFF } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import { buildMemberTemplate, sendXlsx } from '../importExport/org.excel.js';
import { OrgPerm } from '../org.perms.js';
import { path } from '../org.schemas.js';
import * as svc from './staff.service.js';

const tags = ['org'];

export function registerStaffRoutes(app: ZodApp, { db }: AppDeps) {
  app.get(
    path('users'),
    {
      config: { permission: OrgPerm.staffPick },
      schema: { querystring: OrgStaffListQuery, response: { 200: envelopeOf(OrgStaffPage) }, tags },
    },
    async (req) => ok(await svc.listStaff(db, tenantCaller(req), req.query)),
  );
  app.get(
    '/finobase/api/v1/users',
    {
      config: { permission: STAFF },
      schema: {
        querystring: BaseUserQuery,
        response: { 200: envelopeOf(BaseUserPage) },
        tags,
        summary: '同事查询（转办、委派、加签、抄送、选择审批人）：本组织在职员工，不含手机号',
      },
    },
    async (req) => {
      const page = await svc.listStaff(db, tenantCaller(req), { ...req.query, status: 1 });
      return ok({ ...page, items: page.items.map((s) => BaseUser.parse(s)) });
    },
  );
  app.post(
    path('users:post'),
    {
      config: { permission: OrgPerm.staffEdit },
      schema: { body: OrgStaffCreateBody, response: { 200: envelopeOf(OrgStaffCreated) }, tags },
    },
    async (req) => ok(await svc.createStaff(db, tenantCaller(req), req.body)),
  );
  // Staff rows by ids (ids of another tenant are left out of the answer).
  app.post(
    path('users:staff'),
    {
      config: { permission: OrgPerm.staffPick },
      schema: { body: OrgStaffIdsBody, response: { 200: envelopeOf(OrgStaffList) }, tags },
    },
    async (req) => ok(await svc.staffByIds(db, tenantCaller(req), req.body.ids)),
  );
  app.post(
    path('users:update'),
    {
      config: { permission: OrgPerm.staffEdit },
      schema: { body: OrgStaffUpdateBody, response: { 200: envelopeOf(OrgIdReply) }, tags },
    },
    async (req) => ok(await svc.updateStaff(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('users:batch_update'),
    {
      config: { permission: OrgPerm.staffEdit },
      schema: { body: OrgStaffBatchBody, response: { 200: envelopeOf(OrgCountReply) }, tags },
    },
    async (req) => ok(await svc.batchUpdateStaff(db, tenantCaller(req), req.body)),
  );
  app.get(
    path('users/staff'),
    {
      config: { permission: OrgPerm.staffView },
      schema: { querystring: OrgStaffIdQuery, response: { 200: envelopeOf(OrgStaff) }, tags },
    },
    async (req) => ok(await svc.staffDetail(db, tenantCaller(req), req.query.id)),
  );
  // The phone-change history of one staff member (newest first).
  app.get(
    path('records/users/phone'),
    {
      config: { permission: OrgPerm.staffView },
      schema: { querystring: OrgStaffIdQuery, response: { 200: envelopeOf(OrgPhoneRecordList) }, tags },
    },
    async (req) => ok(await svc.phoneHistory(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('users:import/template'),
    { config: { permission: OrgPerm.staffEdit, rawReply: true }, schema: { tags } },
    async (_req, reply) => sendXlsx(reply, '成员导入模板.xlsx', await buildMemberTemplate()),
  );
}
