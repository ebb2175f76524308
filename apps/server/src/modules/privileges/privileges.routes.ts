import { signedInCaller, tenantCaller } from '../../platform/auth.js';
import { SIGNED_IN, STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { adminMenus, updateMenus, userMenus, type UiTypeOf } from './menus.service.js';
import {
  FunctionPermQuery,
  GradeCheckQuery,
  GroupCreateBody,
  GroupIdQuery,
  GroupListQuery,
  GroupPermsBody,
  GroupUpdateBody,
  MemberListQuery,
  MembersBody,
  MenuOverridesBody,
  AdminMenusReply,
  envelopeOf,
  FunctionPermReply,
  GradeCheckReply,
  GroupDeleteCheck,
  GroupIdReply,
  GroupMemberPage,
  GroupOptionsReply,
  MembersAddedReply,
  MembersRemovedReply,
  PermissionGroup,
  PermissionGroupPage,
  UserMenusReply,
} from '@feikong/contracts';
import {
  addMembers,
  checkDelete,
  checkGrades,
  createGroup,
  editGroup,
  groupFunctionPermissions,
  groupOptions,
  listGroups,
  listMembers,
  removeGroup,
  removeMembers,
  replaceGroupPerms,
} from './privileges.service.js';

const PREFIX = '/auth-center/api/v1/privileges';
const tags = ['auth: privileges'];

/**
 * Menus (spec §2.1) and permission groups, function permissions and members (spec §6, §7.3).
 * A colon inside a path segment is written `::` (find-my-way's escape for a literal colon).
 */
export function registerPrivilegeRoutes(app: ZodApp, { db }: AppDeps, { uiTypeOf }: { uiTypeOf: UiTypeOf }) {
  // ---- Menus ----
  app.get(
    `${PREFIX}/user/menus`,
    {
      config: { permission: SIGNED_IN },
      schema: { response: { 200: envelopeOf(UserMenusReply) }, tags, summary: '当前用户的菜单与权限' },
    },
    async (request) => {
      const caller = signedInCaller(request);
      return ok(await userMenus(db, caller, await uiTypeOf(db, caller.tenantId)));
    },
  );
  app.get(
    `${PREFIX}/menus`,
    {
      config: { permission: 'menuSetting:view' },
      schema: {
        response: { 200: envelopeOf(AdminMenusReply) },
        tags,
        summary: '菜单管理：本组织的完整菜单树',
      },
    },
    async (request) => {
      const caller = tenantCaller(request);
      return ok(await adminMenus(db, caller, await uiTypeOf(db, caller.tenantId)));
    },
  );
  app.put(
    `${PREFIX}/menus`,
    {
      config: { permission: 'menuSetting:edit' },
      schema: {
        response: { 200: envelopeOf(AdminMenusReply) },
        tags,
        summary: '菜单管理：修改名称、排序、隐藏',
        body: MenuOverridesBody,
      },
    },
    async (request) => {
      const caller = tenantCaller(request);
      return ok(await updateMenus(db, caller, request.body.items, await uiTypeOf(db, caller.tenantId)));
    },
  );

  // ---- Permission groups ----
  app.get(
    PREFIX,
    {
      config: { permission: 'permissionGroup:view' },
      schema: {
        response: { 200: envelopeOf(PermissionGroupPage) },
        tags,
        summary: '权限组列表',
        querystring: GroupListQuery,
      },
    },
    async (request) => ok(await listGroups(db, tenantCaller(request), request.query)),
  );
  app.get(
    `${PREFIX}/options`,
    {
      config: { permission: STAFF },
      schema: {
        response: { 200: envelopeOf(GroupOptionsReply) },
        tags,
        summary: '权限组选项（功能权限、成员管理、权限组任一查看权限）',
      },
    },
    async (request) => ok(await groupOptions(db, tenantCaller(request))),
  );
  app.post(
    PREFIX,
    {
      config: { permission: 'permissionGroup:add' },
      schema: {
        response: { 200: envelopeOf(PermissionGroup) },
        tags,
        summary: '新增权限组',
        body: GroupCreateBody,
      },
    },
    async (request) => ok(await createGroup(db, tenantCaller(request), request.body)),
  );
  app.put(
    PREFIX,
    {
      config: { permission: 'permissionGroup:edit' },
      schema: {
        response: { 200: envelopeOf(PermissionGroup) },
        tags,
        summary: '修改权限组',
        body: GroupUpdateBody,
      },
    },
    async (request) => ok(await editGroup(db, tenantCaller(request), request.body)),
  );
  app.delete(
    PREFIX,
    {
      config: { permission: 'permissionGroup:delete' },
      schema: {
        response: { 200: envelopeOf(GroupIdReply) },
        tags,
        summary: '删除权限组',
        querystring: GroupIdQuery,
      },
    },
    async (request) => ok(await removeGroup(db, tenantCaller(request), request.query.id)),
  );
  app.get(
    `${PREFIX}/delete::check`,
    {
      config: { permission: 'permissionGroup:delete' },
      schema: {
        response: { 200: envelopeOf(GroupDeleteCheck) },
        tags,
        summary: '权限组能否删除',
        querystring: GroupIdQuery,
      },
    },
    async (request) => ok(await checkDelete(db, tenantCaller(request), request.query.id)),
  );

  // ---- Function permissions ----
  app.get(
    `${PREFIX}/value`,
    {
      config: { permission: 'functionPermission:view' },
      schema: {
        response: { 200: envelopeOf(FunctionPermReply) },
        tags,
        summary: '功能权限：菜单权限值与权限组已有的权限',
        querystring: FunctionPermQuery,
      },
    },
    async (request) => ok(await groupFunctionPermissions(db, tenantCaller(request), request.query.group_id)),
  );
  app.put(
    `${PREFIX}::value::batch_update`,
    {
      config: { permission: 'functionPermission:edit' },
      schema: {
        response: { 200: envelopeOf(PermissionGroup) },
        tags,
        summary: '功能权限：替换权限组的权限',
        body: GroupPermsBody,
      },
    },
    async (request) => ok(await replaceGroupPerms(db, tenantCaller(request), request.body)),
  );

  // ---- Members ----
  app.get(
    `${PREFIX}/members`,
    {
      config: { permission: 'memberManagement:view' },
      schema: {
        response: { 200: envelopeOf(GroupMemberPage) },
        tags,
        summary: '成员管理：权限组成员',
        querystring: MemberListQuery,
      },
    },
    async (request) => ok(await listMembers(db, tenantCaller(request), request.query)),
  );
  app.post(
    `${PREFIX}/members::add`,
    {
      config: { permission: 'memberManagement:edit' },
      schema: {
        response: { 200: envelopeOf(MembersAddedReply) },
        tags,
        summary: '成员管理：添加成员',
        body: MembersBody,
      },
    },
    async (request) => ok(await addMembers(db, tenantCaller(request), request.body)),
  );
  app.post(
    `${PREFIX}/members::remove`,
    {
      config: { permission: 'memberManagement:edit' },
      schema: {
        response: { 200: envelopeOf(MembersRemovedReply) },
        tags,
        summary: '成员管理：移除成员',
        body: MembersBody,
      },
    },
    async (request) => ok(await removeMembers(db, tenantCaller(request), request.body)),
  );

  // ---- "May I?" ----
  app.get(
    `${PREFIX}/user/grade::check`,
    {
      config: { permission: STAFF },
      schema: {
        response: { 200: envelopeOf(GradeCheckReply) },
        tags,
        summary: '当前用户是否拥有这些权限',
        querystring: GradeCheckQuery,
      },
    },
    async (request) => {
      const perms = [
        ...new Set(
          request.query.perms
            .split(',')
            .map((p) => p.trim())
            .filter((p) => p !== ''),
        ),
      ];
      return ok(checkGrades(tenantCaller(request), perms));
    },
  );
}
