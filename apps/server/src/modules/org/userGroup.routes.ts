import { z } from 'zod';
import { tenantCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { OrgPerm } from './org.perms.js';
import { id, keyword, name, opt, order, pageNum, pageSize, path } from './org.schemas.js';
import * as svc from './userGroup.service.js';

const tags = ['org'];

/** 0 = top level. */
const pid = z.coerce.number().int().min(0).describe('上级用户组');
const GroupId = z.object({ id: id('用户组ID') });
const GroupCreate = z.object({ name: name('用户组名称'), pid: pid.optional().describe('上级用户组'), order });
const GroupUpdate = z.object({
  id: id('用户组ID'),
  name: opt(name('用户组名称')),
  pid: pid.optional().describe('上级用户组'),
  order,
});
const GroupOrder = z.object({
  pid: pid.describe('上级用户组'),
  ids: z
    .array(id('用户组ID'))
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { message: '用户组ID不能重复' })
    .describe('用户组ID'),
});
const MemberList = z.object({
  group_id: id('用户组ID'),
  keyword,
  page_num: pageNum,
  page_size: pageSize(200),
});
/** Staff ids; each element carries the label too, so a bad element's message names the field. */
const staffIds = z.array(id('员工ID')).min(1).max(1000).describe('员工ID');
const MemberChange = z.object({ group_id: id('用户组ID'), ids: staffIds });

export function registerUserGroupRoutes(app: ZodApp, { db }: AppDeps) {
  app.get(
    path('user-group:tree'),
    { config: { permission: OrgPerm.userGroupView }, schema: { tags } },
    async (req) => ok(await svc.userGroupTree(db, tenantCaller(req))),
  );
  app.post(
    path('user-group:create'),
    { config: { permission: OrgPerm.userGroupEdit }, schema: { body: GroupCreate, tags } },
    async (req) => ok(await svc.createGroup(db, tenantCaller(req), req.body)),
  );
  app.put(
    path('user-group:update'),
    { config: { permission: OrgPerm.userGroupEdit }, schema: { body: GroupUpdate, tags } },
    async (req) => ok(await svc.updateGroup(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('user-group:order'),
    { config: { permission: OrgPerm.userGroupEdit }, schema: { body: GroupOrder, tags } },
    async (req) => ok(await svc.orderGroups(db, tenantCaller(req), req.body)),
  );
  app.delete(
    path('user-group:delete'),
    { config: { permission: OrgPerm.userGroupEdit }, schema: { querystring: GroupId, tags } },
    async (req) => ok(await svc.deleteGroup(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('user-group:delete:check'),
    { config: { permission: OrgPerm.userGroupView }, schema: { querystring: GroupId, tags } },
    async (req) => ok(await svc.checkDelete(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('user-group/members'),
    { config: { permission: OrgPerm.userGroupView }, schema: { querystring: MemberList, tags } },
    async (req) => ok(await svc.listMembers(db, tenantCaller(req), req.query)),
  );
  app.post(
    path('user-group/members:add'),
    { config: { permission: OrgPerm.userGroupEdit }, schema: { body: MemberChange, tags } },
    async (req) => ok(await svc.addMembers(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('user-group/members:remove'),
    { config: { permission: OrgPerm.userGroupEdit }, schema: { body: MemberChange, tags } },
    async (req) => ok(await svc.removeMembers(db, tenantCaller(req), req.body)),
  );
}
