import { z } from 'zod';
import { tenantCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import * as svc from './dict.service.js';
import { GRADES, JOBS } from './dict.service.js';
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

export function registerDictRoutes(app: ZodApp, { db }: AppDeps) {
  // Job grades (job/grades) and jobs (job/jobs): the same calls (spec §7.2).
  for (const [base, kind, view, edit] of [
    ['job/grades', GRADES, OrgPerm.gradeView, OrgPerm.gradeEdit],
    ['job/jobs', JOBS, OrgPerm.gradeView, OrgPerm.gradeEdit],
  ] as const) {
    const IdQ = idBody(kind.label);
    app.get(
      path(base),
      { config: { permission: view }, schema: { querystring: NamedList, tags } },
      async (req) => ok(await svc.listNamed(db, tenantCaller(req), kind, req.query)),
    );
    app.post(
      path(`${base}:create`),
      { config: { permission: edit }, schema: { body: namedCreate(kind.label), tags } },
      async (req) => ok(await svc.createNamed(db, tenantCaller(req), kind, req.body)),
    );
    app.post(
      path(`${base}:update`),
      { config: { permission: edit }, schema: { body: namedUpdate(kind.label), tags } },
      async (req) => ok(await svc.updateNamed(db, tenantCaller(req), kind, req.body)),
    );
    app.post(
      path(`${base}:delete`),
      { config: { permission: edit }, schema: { body: IdQ, tags } },
      async (req) => ok(await svc.deleteNamed(db, tenantCaller(req), kind, req.body.id)),
    );
    app.get(
      path(`${base}/delete:check`),
      { config: { permission: view }, schema: { querystring: IdQ, tags } },
      async (req) => ok(await svc.checkNamedDelete(db, tenantCaller(req), kind, req.query.id)),
    );
  }

  const TitleId = idBody('职称');
  app.get(
    path('title:list'),
    { config: { permission: OrgPerm.titleView }, schema: { querystring: TitleList, tags } },
    async (req) => ok(await svc.listTitles(db, tenantCaller(req), req.query)),
  );
  app.post(
    path('title:create'),
    { config: { permission: OrgPerm.titleEdit }, schema: { body: TitleCreate, tags } },
    async (req) => ok(await svc.createTitle(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('title:update'),
    { config: { permission: OrgPerm.titleEdit }, schema: { body: TitleUpdate, tags } },
    async (req) => ok(await svc.updateTitle(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('title:delete'),
    { config: { permission: OrgPerm.titleEdit }, schema: { body: TitleId, tags } },
    async (req) => ok(await svc.deleteTitle(db, tenantCaller(req), req.body.id)),
  );
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

  const AccountId = idBody('账户');
  app.get(
    path('account:list'),
    { config: { permission: OrgPerm.accountView }, schema: { querystring: AccountList, tags } },
    async (req) => ok(await svc.listAccounts(db, tenantCaller(req), req.query)),
  );
  app.post(
    path('account:create'),
    { config: { permission: OrgPerm.accountEdit }, schema: { body: AccountCreate, tags } },
    async (req) => ok(await svc.createAccount(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('account:update'),
    { config: { permission: OrgPerm.accountEdit }, schema: { body: AccountUpdate, tags } },
    async (req) => ok(await svc.updateAccount(db, tenantCaller(req), req.body)),
  );
  app.post(
    path('account:delete'),
    { config: { permission: OrgPerm.accountEdit }, schema: { body: AccountId, tags } },
    async (req) => ok(await svc.deleteAccount(db, tenantCaller(req), req.body.id)),
  );

  app.get(
    path('user-group:tree'),
    { config: { permission: OrgPerm.userGroupView }, schema: { tags } },
    async (req) => ok(await svc.userGroupTree(db, tenantCaller(req))),
  );
}
