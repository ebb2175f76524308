import {
  OrgCountReply,
  OrgDeleteCheck,
  OrgIdReply,
  OrgUserGroupCreateBody,
  OrgUserGroupIdQuery,
  OrgUserGroupMemberBody,
  OrgUserGroupMemberPage,
  OrgUserGroupMemberQuery,
  OrgUserGroupMembersAdded,
  OrgUserGroupMembersRemoved,
  OrgUserGroupOrderBody,
  OrgUserGroupTree,
  OrgUserGroupUpdateBody,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import { OrgPerm } from '../org.perms.js';
import { path } from '../org.schemas.js';
import * as svc from './userGroup.service.js';

const tags = ['org'];
const IdReply = { 200: envelopeOf(OrgIdReply) };

export function registerUserGroupRoutes(app: ZodApp, { db }: AppDeps) {
  app.get(
    path('user-group:tree'),
    {
      config: { permission: OrgPerm.userGroupView },
      schema: { response: { 200: envelopeOf(OrgUserGroupTree) }, tags },
    },
    async (req) => ok(await svc.userGroupTree(db, tenantCaller(req))),
  );
  app.post(
    path('user-group:create'),
    {
      config: { permission: OrgPerm.userGroupEdit },
      schema: { body: OrgUserGroupCreateBody, response: IdReply, tags },
    },
    async (req) => ok(await svc.createGroup(db, tenantCaller(req), req.body)),
  );
  app.put(
    path('user-group:update'),
    {
      config: { permission: OrgPerm.userGroupEdit },
      schema: { body: OrgUserGroupUpdateBody, response: IdReply, tags },
    },
    async (req) => ok(await svc.updateGroup(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('user-group:order'),
    {
      config: { permission: OrgPerm.userGroupEdit },
      schema: { body: OrgUserGroupOrderBody, response: { 200: envelopeOf(OrgCountReply) }, tags },
    },
    async (req) => ok(await svc.orderGroups(db, tenantCaller(req), req.body)),
  );
  app.delete(
    path('user-group:delete'),
    {
      config: { permission: OrgPerm.userGroupEdit },
      schema: { querystring: OrgUserGroupIdQuery, response: IdReply, tags },
    },
    async (req) => ok(await svc.deleteGroup(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('user-group:delete:check'),
    {
      config: { permission: OrgPerm.userGroupView },
      schema: { querystring: OrgUserGroupIdQuery, response: { 200: envelopeOf(OrgDeleteCheck) }, tags },
    },
    async (req) => ok(await svc.checkDelete(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('user-group/members'),
    {
      config: { permission: OrgPerm.userGroupView },
      schema: {
        querystring: OrgUserGroupMemberQuery,
        response: { 200: envelopeOf(OrgUserGroupMemberPage) },
        tags,
      },
    },
    async (req) => ok(await svc.listMembers(db, tenantCaller(req), req.query)),
  );
  app.post(
    path('user-group/members:add'),
    {
      config: { permission: OrgPerm.userGroupEdit },
      schema: { body: OrgUserGroupMemberBody, response: { 200: envelopeOf(OrgUserGroupMembersAdded) }, tags },
    },
    async (req) => ok(await svc.addMembers(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('user-group/members:remove'),
    {
      config: { permission: OrgPerm.userGroupEdit },
      schema: {
        body: OrgUserGroupMemberBody,
        response: { 200: envelopeOf(OrgUserGroupMembersRemoved) },
        tags,
      },
    },
    async (req) => ok(await svc.removeMembers(db, tenantCaller(req), req.body)),
  );
}
