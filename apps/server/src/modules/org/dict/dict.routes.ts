import {
  OrgAccountCreateBody,
  OrgAccountListQuery,
  OrgAccountPage,
  OrgAccountUpdateBody,
  OrgDeleteCheck,
  OrgIdReply,
  OrgNamedListQuery,
  OrgNamedPage,
  OrgTitle,
  OrgTitleCreateBody,
  OrgTitleIdQuery,
  OrgTitleList,
  OrgTitleListQuery,
  OrgTitlePage,
  OrgTitleUpdateBody,
  OrgTitlesByOrgQuery,
  envelopeOf,
  orgDictIdBody,
  orgNamedCreateBody,
  orgNamedUpdateBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import { tenantCaller } from '../../../platform/auth.js';
import type { RoutePermission } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import * as svc from './dict.service.js';
import { ACCOUNTS, GRADES, JOBS, TITLES } from './dict.service.js';
import { OrgPerm } from '../org.perms.js';
import { path } from '../org.schemas.js';

const tags = ['org'];
const IdReply = { 200: envelopeOf(OrgIdReply) };

/** The calls of one dictionary: list, create, update, delete (paths as the spec writes them). */
interface DictRoutes {
  kind: svc.DictKind;
  view: RoutePermission;
  edit: RoutePermission;
  /** GET path of the list. */
  list: string;
  /** `<base>:create`, `<base>:update`, `<base>:delete`. */
  base: string;
  schemas: { list: z.ZodType; create: z.ZodType; update: z.ZodType };
  /** The paged list's reply (`{items, page}`). */
  page: z.ZodType;
  /** GET `<base>/delete:check`. */
  deleteCheck?: boolean;
}

export function registerDictRoutes(app: ZodApp, { db }: AppDeps) {
  const crud = (r: DictRoutes) => {
    const { kind, view, edit } = r;
    const IdQ = orgDictIdBody(kind.label);
    app.get(
      path(r.list),
      {
        config: { permission: view },
        schema: { querystring: r.schemas.list, response: { 200: envelopeOf(r.page) }, tags },
      },
      async (req) => ok(await svc.listDict(db, tenantCaller(req), kind, req.query as any)),
    );
    app.post(
      path(`${r.base}:create`),
      { config: { permission: edit }, schema: { body: r.schemas.create, response: IdReply, tags } },
      async (req) => ok(await svc.createDict(db, tenantCaller(req), kind, req.body as object)),
    );
    app.post(
      path(`${r.base}:update`),
      { config: { permission: edit }, schema: { body: r.schemas.update, response: IdReply, tags } },
      async (req) => ok(await svc.updateDict(db, tenantCaller(req), kind, req.body as { id: number })),
    );
    app.post(
      path(`${r.base}:delete`),
      { config: { permission: edit }, schema: { body: IdQ, response: IdReply, tags } },
      async (req) => ok(await svc.deleteDict(db, tenantCaller(req), kind, req.body.id)),
    );
    if (r.deleteCheck)
      app.get(
        path(`${r.base}/delete:check`),
        {
          config: { permission: view },
          schema: { querystring: IdQ, response: { 200: envelopeOf(OrgDeleteCheck) }, tags },
        },
        async (req) => ok(await svc.checkDictDelete(db, tenantCaller(req), kind, req.query.id)),
      );
  };

  // Job grades (job/grades) and jobs (job/jobs): the same calls (spec §7.2).
  for (const [base, kind] of [
    ['job/grades', GRADES],
    ['job/jobs', JOBS],
  ] as const)
    crud({
      kind,
      view: OrgPerm.gradeView,
      edit: OrgPerm.gradeEdit,
      list: base,
      base,
      schemas: {
        list: OrgNamedListQuery,
        create: orgNamedCreateBody(kind.label),
        update: orgNamedUpdateBody(kind.label),
      },
      page: OrgNamedPage,
      deleteCheck: true,
    });

  crud({
    kind: TITLES,
    view: OrgPerm.titleView,
    edit: OrgPerm.titleEdit,
    list: 'title:list',
    base: 'title',
    schemas: { list: OrgTitleListQuery, create: OrgTitleCreateBody, update: OrgTitleUpdateBody },
    page: OrgTitlePage,
  });
  app.get(
    path('title:detail'),
    {
      config: { permission: OrgPerm.titleView },
      schema: { querystring: OrgTitleIdQuery, response: { 200: envelopeOf(OrgTitle) }, tags },
    },
    async (req) => ok(await svc.titleDetail(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('title:byOrgId'),
    {
      config: { permission: OrgPerm.titleView },
      schema: { querystring: OrgTitlesByOrgQuery, response: { 200: envelopeOf(OrgTitleList) }, tags },
    },
    async (req) => ok(await svc.titlesByOrg(db, tenantCaller(req), req.query.org_id)),
  );

  crud({
    kind: ACCOUNTS,
    view: OrgPerm.accountView,
    edit: OrgPerm.accountEdit,
    list: 'account:list',
    base: 'account',
    schemas: { list: OrgAccountListQuery, create: OrgAccountCreateBody, update: OrgAccountUpdateBody },
    page: OrgAccountPage,
  });
}
