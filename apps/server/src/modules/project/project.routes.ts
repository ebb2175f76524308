import {
  ProjectAddBody,
  ProjectIdBody,
  ProjectIdQuery,
  ProjectIdReply,
  ProjectInfo,
  ProjectListQuery,
  ProjectOptionList,
  ProjectOptionsQuery,
  ProjectPage,
  ProjectStatusBody,
  ProjectUpdateBody,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import * as svc from './project.service.js';
import type { ProjectUse } from './project.service.js';

// Designed here like /finobill's (the spec names the screens only): docs/decisions/0050-projects.md.
export const PROJECTS = '/finobill/api/web/project';
const tags = ['project'];
const IdReply = { 200: envelopeOf(ProjectIdReply) };

export const ProjectPerm = {
  view: 'projectList:view',
  edit: 'projectList:edit',
} as const;

/** 项目列表, 项目详情 (新增/编辑), 状态, 删除, and the pickers' choices. `projectUse`: flow's billsOfProject. */
export function registerProjectRoutes(app: ZodApp, deps: AppDeps, hooks: { projectUse: ProjectUse }) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;

  app.get(
    `${PROJECTS}/list`,
    {
      config: { permission: [ProjectPerm.view, ProjectPerm.edit] },
      schema: {
        querystring: ProjectListQuery,
        response: { 200: envelopeOf(ProjectPage) },
        tags,
        summary: '项目列表',
      },
    },
    async (req) => ok(await svc.listProjects(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${PROJECTS}/info`,
    {
      config: { permission: [ProjectPerm.view, ProjectPerm.edit] },
      schema: {
        querystring: ProjectIdQuery,
        response: { 200: envelopeOf(ProjectInfo) },
        tags,
        summary: '项目详情',
      },
    },
    async (req) => ok(await svc.projectInfo(db, tenantCaller(req), req.query.id)),
  );
  app.post(
    `${PROJECTS}/add`,
    {
      config: { permission: ProjectPerm.edit },
      schema: { body: ProjectAddBody, response: IdReply, tags, summary: '新增项目' },
    },
    async (req) => ok(await svc.addProject(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${PROJECTS}/update`,
    {
      config: { permission: ProjectPerm.edit },
      schema: { body: ProjectUpdateBody, response: IdReply, tags, summary: '修改项目' },
    },
    async (req) => ok(await svc.updateProject(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${PROJECTS}/status`,
    {
      config: { permission: ProjectPerm.edit },
      schema: { body: ProjectStatusBody, response: IdReply, tags, summary: '修改项目状态' },
    },
    async (req) => ok(await svc.setProjectStatus(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${PROJECTS}/delete`,
    {
      config: { permission: ProjectPerm.edit },
      schema: { body: ProjectIdBody, response: IdReply, tags, summary: '删除项目（无单据使用时）' },
    },
    async (req) => ok(await svc.deleteProject(db, tenantCaller(req), req.body.id, hooks.projectUse)),
  );
  // Every staff member fills documents: the 进行中 projects for a document's 项目 field.
  app.get(
    `${PROJECTS}/options`,
    {
      config: { permission: STAFF },
      schema: {
        querystring: ProjectOptionsQuery,
        response: { 200: envelopeOf(ProjectOptionList) },
        tags,
        summary: '可选项目（进行中）',
      },
    },
    async (req) => ok(await svc.projectOptions(db, tenantCaller(req), req.query.keyword)),
  );
}
