import { z } from 'zod';
import { tenantCaller } from '../../platform/auth.js';
import type { RoutePermission } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import * as svc from './dict.service.js';
import { ACCOUNTS, GRADES, JOBS, TITLES } from './dict.service.js';
import { OrgPerm } from './org.perms.js';
import {
  id,
  keyword,
  name,
  optionalId,
  optionalText,
  order,
  pageNum,
  pageSize,
  partialOf,
  path,
} from './org.schemas.js';

const tags = ['org'];

const NamedList = z.object({ keyword, page_num: pageNum, page_size: pageSize(999, 999) });
const namedCreate = (label: string) =>
  z.object({ name: name(`${label}名称`), description: optionalText('描述'), order });
const namedUpdate = (label: string) => partialOf(namedCreate(label)).extend({ id: id(`${label}ID`) });
const idBody = (label: string) => z.object({ id: id(`${label}ID`) });

const TitleList = z.object({
  keyword,
  org_id: z.coerce.number().int().min(0).optional().describe('公司ID'),
  page_num: pageNum,
  page_size: pageSize(999),
});
const TitleCreate = namedCreate('职称').extend({
  org_id: z.coerce.number().int().min(0).optional().describe('所属公司'),
});
const TitleUpdate = partialOf(TitleCreate).extend({ id: id('职称ID') });
const accountNo = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6,32}$/, '银行账号格式错误'))
  .describe('银行账号');
const AccountList = z.object({
  keyword,
  org_id: optionalId('公司ID'),
  page_num: pageNum,
  page_size: pageSize(999),
});
const AccountCreate = z.object({
  org_id: id('所属公司'),
  account_name: name('账户名称', 100),
  bank_name: name('开户银行', 100),
  account_no: accountNo,
});
const AccountUpdate = partialOf(AccountCreate).extend({ id: id('账户ID') });

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
  /** GET `<base>/delete:check`. */
  deleteCheck?: boolean;
}

export function registerDictRoutes(app: ZodApp, { db }: AppDeps) {
  const crud = (r: DictRoutes) => {
    const { kind, view, edit } = r;
    const IdQ = idBody(kind.label);
    app.get(
      path(r.list),
      { config: { permission: view }, schema: { querystring: r.schemas.list, tags } },
      async (req) => ok(await svc.listDict(db, tenantCaller(req), kind, req.query as any)),
    );
    app.post(
      path(`${r.base}:create`),
      { config: { permission: edit }, schema: { body: r.schemas.create, tags } },
      async (req) => ok(await svc.createDict(db, tenantCaller(req), kind, req.body as object)),
    );
    app.post(
      path(`${r.base}:update`),
      { config: { permission: edit }, schema: { body: r.schemas.update, tags } },
      async (req) => ok(await svc.updateDict(db, tenantCaller(req), kind, req.body as { id: number })),
    );
    app.post(
      path(`${r.base}:delete`),
      { config: { permission: edit }, schema: { body: IdQ, tags } },
      async (req) => ok(await svc.deleteDict(db, tenantCaller(req), kind, req.body.id)),
    );
    if (r.deleteCheck)
      app.get(
        path(`${r.base}/delete:check`),
        { config: { permission: view }, schema: { querystring: IdQ, tags } },
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
      schemas: { list: NamedList, create: namedCreate(kind.label), update: namedUpdate(kind.label) },
      deleteCheck: true,
    });

  crud({
    kind: TITLES,
    view: OrgPerm.titleView,
    edit: OrgPerm.titleEdit,
    list: 'title:list',
    base: 'title',
    schemas: { list: TitleList, create: TitleCreate, update: TitleUpdate },
  });
  const TitleId = idBody('职称');
  app.get(
    path('title:detail'),
    { config: { permission: OrgPerm.titleView }, schema: { querystring: TitleId, tags } },
    async (req) => ok(await svc.titleDetail(db, tenantCaller(req), req.query.id)),
  );
  app.get(
    path('title:byOrgId'),
    {
      config: { permission: OrgPerm.titleView },
      schema: { querystring: z.object({ org_id: id('公司ID') }), tags },
    },
    async (req) => ok(await svc.titlesByOrg(db, tenantCaller(req), req.query.org_id)),
  );

  crud({
    kind: ACCOUNTS,
    view: OrgPerm.accountView,
    edit: OrgPerm.accountEdit,
    list: 'account:list',
    base: 'account',
    schemas: { list: AccountList, create: AccountCreate, update: AccountUpdate },
  });
}
