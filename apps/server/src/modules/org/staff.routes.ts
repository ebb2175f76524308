import { z } from 'zod';
import { tenantCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { buildMemberTemplate, sendXlsx } from './org.excel.js';
import { OrgPerm } from './org.perms.js';
import {
  clearableId,
  id,
  idList,
  keyword,
  mobile,
  name,
  optionalEmail,
  optionalId,
  opt,
  pageNum,
  pageSize,
  partialOf,
  path,
} from './org.schemas.js';
import * as svc from './staff.service.js';

const tags = ['org'];
const status = z.coerce.number().int().min(1).max(2).describe('状态');

const ListQuery = z.object({
  keyword,
  page_num: pageNum,
  page_size: pageSize(9999),
  status: opt(status),
  org_id: optionalId('公司ID'),
  dept_id: optionalId('部门ID'),
});
const StaffCreate = z.object({
  name: name('姓名'),
  phone: mobile(),
  email: optionalEmail,
  job_no: z.string().max(50).optional().describe('工号'),
  org_id: id('所属公司'),
  dept_ids: idList('所属部门', 50),
  grade_id: clearableId('职级'),
  job_id: clearableId('职位'),
  title_id: clearableId('职称'),
});
const StaffUpdate = partialOf(StaffCreate).extend({ id: id('员工ID'), status: opt(status) });
const IdsBody = z.object({ ids: idList('员工ID') });
const BatchBody = z.object({
  ids: idList('员工ID'),
  dept_ids: opt(idList('所属部门', 50)),
  grade_id: clearableId('职级'),
  job_id: clearableId('职位'),
  status: opt(status),
});
const StaffIdQuery = z.object({ id: id('员工ID') });

export function registerStaffRoutes(app: ZodApp, { db }: AppDeps) {
  app.get(
    path('users'),
    { config: { permission: OrgPerm.staffPick }, schema: { querystring: ListQuery, tags } },
    async (req) => ok(await svc.listStaff(db, tenantCaller(req), req.query)),
  );
  app.post(
    path('users:post'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: StaffCreate, tags } },
    async (req) => ok(await svc.createStaff(db, tenantCaller(req), req.body)),
  );
  // Staff rows by ids (ids of another tenant are left out of the answer).
  app.post(
    path('users:staff'),
    { config: { permission: OrgPerm.staffPick }, schema: { body: IdsBody, tags } },
    async (req) => ok(await svc.staffByIds(db, tenantCaller(req), req.body.ids)),
  );
  app.post(
    path('users:update'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: StaffUpdate, tags } },
    async (req) => ok(await svc.updateStaff(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('users:batch_update'),
    { config: { permission: OrgPerm.staffEdit }, schema: { body: BatchBody, tags } },
    async (req) => ok(await svc.batchUpdateStaff(db, tenantCaller(req), req.body)),
  );
  app.get(
    path('users/staff'),
    { config: { permission: OrgPerm.staffView }, schema: { querystring: StaffIdQuery, tags } },
    async (req) => ok(await svc.staffDetail(db, tenantCaller(req), req.query.id)),
  );
  // The phone-change history of one staff member (newest first).
  app.get(
    path('records/users/phone'),
    { config: { permission: OrgPerm.staffView }, schema: { querystring: StaffIdQuery, tags } },
    async (req) => ok(await svc.phoneHistory(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('users:import/template'),
    { config: { permission: OrgPerm.staffEdit }, schema: { tags } },
    async (_req, reply) => sendXlsx(reply, '成员导入模板.xlsx', await buildMemberTemplate()),
  );
}
