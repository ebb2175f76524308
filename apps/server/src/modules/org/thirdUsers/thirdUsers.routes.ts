import {
  OrgHasSyncHandle,
  OrgSyncConflictPage,
  OrgSyncConflictQuery,
  OrgSyncHandleBody,
  OrgSyncHandleResult,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import { path } from '../org.schemas.js';
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

const tags = ['org'];

/** GET third-users/has-sync-handle, GET third-users/sync-handle-list, POST third-users/sync-handle (spec §7.2). */
export function registerThirdUserRoutes(app: ZodApp, { db }: AppDeps) {
  app.get(
    path('third-users/has-sync-handle'),
    {
      config: { permission: SyncConflictPerm.view },
      schema: { response: { 200: envelopeOf(OrgHasSyncHandle) }, tags },
    },
    async (req) => ok(await svc.hasSyncHandle(db, tenantCaller(req))),
  );
  app.get(
    path('third-users/sync-handle-list'),
    {
      config: { permission: SyncConflictPerm.view },
      schema: { querystring: OrgSyncConflictQuery, response: { 200: envelopeOf(OrgSyncConflictPage) }, tags },
    },
    async (req) => ok(await svc.syncHandleList(db, tenantCaller(req), req.query)),
  );
  app.post(
    path('third-users/sync-handle'),
    {
      config: { permission: SyncConflictPerm.edit },
      schema: { body: OrgSyncHandleBody, response: { 200: envelopeOf(OrgSyncHandleResult) }, tags },
    },
    async (req) => ok(await svc.syncHandle(db, tenantCaller(req), req.body)),
  );
}
