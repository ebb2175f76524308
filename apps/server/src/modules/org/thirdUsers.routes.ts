import { z } from 'zod';
import { tenantCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import {
  id,
  idList,
  keyword,
  mobile,
  name,
  opt,
  optionalId,
  pageNum,
  pageSize,
  path,
} from './org.schemas.js';
import * as svc from './thirdUsers.service.js';

/**
 * Permission strings of 同步冲突处理 (设置中心 › 组织架构), formed like the other org screens'
 * (`menuName:perm`, see org.perms.ts) from the menu entry `syncConflict` (migration 0011).
 * Binding a platform account to a staff member decides who may sign in as them, so it is a
 * permission of its own rather than part of orgStaff:edit.
 */
export const SyncConflictPerm = {
  view: 'syncConflict:view',
  edit: 'syncConflict:edit',
} as const;

export const PLATFORMS = ['dingtalk', 'wecom', 'feishu'] as const;

const tags = ['org'];

const SyncListQuery = z.object({
  status: z.coerce.number().int().min(1).max(2).optional().describe('状态'),
  platform: z.enum(PLATFORMS).optional().describe('平台'),
  keyword,
  page_num: pageNum,
  page_size: pageSize(200),
});

const SyncHandleBody = z
  .object({
    id: id('同步记录ID'),
    action: z.enum(['bind', 'create', 'ignore']).describe('处理方式'),
    staff_id: optionalId('关联员工'),
    name: opt(name('姓名')),
    phone: opt(mobile()),
    org_id: optionalId('所属公司'),
    dept_ids: opt(idList('所属部门', 50)),
  })
  .superRefine((b, ctx) => {
    const need = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (b.action === 'bind' && b.staff_id === undefined) need('staff_id', '请选择要关联的员工');
    if (b.action === 'create') {
      if (b.org_id === undefined) need('org_id', '请选择公司');
      if (b.dept_ids === undefined) need('dept_ids', '请选择部门');
    }
  });

/** GET third-users/has-sync-handle, GET third-users/sync-handle-list, POST third-users/sync-handle (spec §7.2). */
export function registerThirdUserRoutes(app: ZodApp, { db }: AppDeps) {
  app.get(
    path('third-users/has-sync-handle'),
    { config: { permission: SyncConflictPerm.view }, schema: { tags } },
    async (req) => ok(await svc.hasSyncHandle(db, tenantCaller(req))),
  );
  app.get(
    path('third-users/sync-handle-list'),
    { config: { permission: SyncConflictPerm.view }, schema: { querystring: SyncListQuery, tags } },
    async (req) => ok(await svc.syncHandleList(db, tenantCaller(req), req.query)),
  );
  app.post(
    path('third-users/sync-handle'),
    { config: { permission: SyncConflictPerm.edit }, schema: { body: SyncHandleBody, tags } },
    async (req) => ok(await svc.syncHandle(db, tenantCaller(req), req.body)),
  );
}
