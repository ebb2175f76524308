import { signedInCaller, tenantCaller } from '../../platform/auth.js';
import { PUBLIC, SIGNED_IN, STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { smsSenderOf } from '../../platform/sms.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { requestMeta, type AuthDeps, type TenantSetup } from './auth.context.js';
import {
  BankCard,
  BankCardList,
  BankCreateBody,
  BankDeleteBody,
  BankUpdateBody,
  CheckCodeBody,
  GuideFinishBody,
  LoginBody,
  LogoutBody,
  OrganizationsQuery,
  OrgIdBody,
  CreateOrganizationBody,
  PersonInfoBody,
  RetrievePasswordBody,
  SetPasswordBody,
  SmsLoginBody,
  SmsSendBody,
  ThirdLoginInput,
  ThirdParams,
  UpdatePasswordBody,
  UpdatePhoneBody,
  emptyData,
  EnterpriseGuide,
  envelopeOf,
  GuideFlagsReply,
  LoginCodeReply,
  LoginReply,
  OrgTreeReply,
  PersonInfo,
  PhoneReply,
  SmsSendReply,
  StaffInfo,
} from '@feikong/contracts';
import { addBank, editBank, listBank, removeBank } from './bank.service.js';
import { logout, passwordLogin, smsLogin } from './login.service.js';
import {
  changePassword,
  changePhone,
  getPersonInfo,
  retrievePassword,
  setPassword,
  updatePersonInfo,
} from './person.service.js';
import {
  enterpriseGuideInfo,
  finishGuide,
  issueLoginCode,
  organizationTree,
  redeemLoginCode,
  staffInfo,
  switchOrganization,
} from './session.service.js';
import { sendSmsCode } from './smsCode.service.js';
import { thirdPartyLogin } from './thirdLogin.service.js';
import { createOrganization } from './tenant.service.js';

// Paths are the spec's (§7.3). A literal ':' in a path is written '::' for Fastify's router.
const P = '/auth-center/api/v1';
const tags = ['auth'];

/** Login, sessions, person and bank info, one-time codes, third-party login (privileges/menus: another module). */
export function registerAuthRoutes(app: ZodApp, deps: AppDeps, opts: { tenantSetup?: TenantSetup } = {}) {
  const d: AuthDeps = {
    db: deps.db,
    config: deps.config,
    clock: deps.clock ?? Date.now,
    sms: smsSenderOf(deps, app.log),
    tenantSetup: opts.tenantSetup,
  };

  // ---- Sign-in ----
  app.post(
    `${P}/users::login`,
    {
      config: { permission: PUBLIC },
      schema: { body: LoginBody, tags, response: { 200: envelopeOf(LoginReply) } },
    },
    async (req) => ok(await passwordLogin(d, req.body, requestMeta(req))),
  );
  app.post(
    `${P}/users::login/phone`,
    {
      config: { permission: PUBLIC },
      schema: { body: SmsLoginBody, tags, response: { 200: envelopeOf(LoginReply) } },
    },
    async (req) => ok(await smsLogin(d, req.body, requestMeta(req))),
  );
  app.post(
    `${P}/users::login/phone/send`,
    {
      config: { permission: PUBLIC },
      schema: { body: SmsSendBody, tags, response: { 200: envelopeOf(SmsSendReply) } },
    },
    async (req) => ok(await sendSmsCode(d, req.body.phone, req.body.type, requestMeta(req))),
  );
  // Public: a client whose token already expired can still log out (and forget its device).
  app.post(
    `${P}/users::logout`,
    {
      config: { permission: PUBLIC },
      schema: { body: LogoutBody, tags, response: { 200: envelopeOf(emptyData) } },
    },
    async (req) => ok(await logout(d, req.caller, req.body ?? {})),
  );
  app.post(
    `${P}/users::check/code`,
    {
      config: { permission: PUBLIC },
      schema: { body: CheckCodeBody, tags, response: { 200: envelopeOf(LoginReply) } },
    },
    async (req) => ok(await redeemLoginCode(d, req.body.code, requestMeta(req))),
  );
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: `${P}/third/:platform/login`,
      config: { permission: PUBLIC },
      schema:
        method === 'GET'
          ? {
              params: ThirdParams,
              querystring: ThirdLoginInput,
              tags,
              response: { 200: envelopeOf(LoginReply) },
            }
          : { params: ThirdParams, body: ThirdLoginInput, tags, response: { 200: envelopeOf(LoginReply) } },
      handler: async (req) => {
        const input = (method === 'GET' ? req.query : req.body) as { code: string; corp_id?: string };
        const { platform } = req.params as { platform: 'dingtalk' | 'wecom' | 'feishu' };
        return ok(await thirdPartyLogin(d, platform, input, requestMeta(req)));
      },
    });
  }

  // ---- Passwords and phone ----
  app.post(
    `${P}/users::password`,
    {
      config: { permission: SIGNED_IN },
      schema: { body: SetPasswordBody, tags, response: { 200: envelopeOf(emptyData) } },
    },
    async (req) => ok(await setPassword(d, signedInCaller(req), req.body.password)),
  );
  app.post(
    `${P}/users::password/retrieve`,
    {
      config: { permission: PUBLIC },
      schema: { body: RetrievePasswordBody, tags, response: { 200: envelopeOf(emptyData) } },
    },
    async (req) => ok(await retrievePassword(d, req.body)),
  );
  app.post(
    `${P}/users::update/password`,
    {
      config: { permission: SIGNED_IN },
      schema: { body: UpdatePasswordBody, tags, response: { 200: envelopeOf(emptyData) } },
    },
    async (req) => ok(await changePassword(d, signedInCaller(req), req.body, requestMeta(req))),
  );
  app.post(
    `${P}/users::update/phone`,
    {
      config: { permission: SIGNED_IN },
      schema: { body: UpdatePhoneBody, tags, response: { 200: envelopeOf(PhoneReply) } },
    },
    async (req) => ok(await changePhone(d, signedInCaller(req), req.body)),
  );

  // ---- Session: who, where, switching, hand-over codes, guides ----
  // Signed-in, not staff: a personal account reads its own info here too (userStatus 0/1, org fields null).
  app.get(
    `${P}/users/staff`,
    { config: { permission: SIGNED_IN }, schema: { tags, response: { 200: envelopeOf(StaffInfo) } } },
    async (req) => ok(await staffInfo(d, signedInCaller(req))),
  );
  app.get(
    `${P}/users::view/organizations`,
    {
      config: { permission: SIGNED_IN },
      schema: { querystring: OrganizationsQuery, tags, response: { 200: envelopeOf(OrgTreeReply) } },
    },
    async (req) => ok(await organizationTree(d, signedInCaller(req), req.query.org_ids)),
  );
  app.post(
    `${P}/users::switch/organization`,
    {
      config: { permission: SIGNED_IN },
      schema: { body: OrgIdBody, tags, response: { 200: envelopeOf(LoginReply) } },
    },
    async (req) => ok(await switchOrganization(d, signedInCaller(req), req.body.org_id, requestMeta(req))),
  );
  app.post(
    `${P}/users::create/organization`,
    {
      config: { permission: SIGNED_IN },
      schema: {
        body: CreateOrganizationBody,
        tags,
        summary: '创建组织：试用版，本人为管理员，并切换到新组织',
        response: { 200: envelopeOf(LoginReply) },
      },
    },
    async (req) =>
      ok(
        await createOrganization(
          d,
          signedInCaller(req),
          {
            name: req.body.name,
            mode: { ui_type: req.body.ui_type, orgcode_payer_type: req.body.orgcode_payer_type },
          },
          requestMeta(req),
        ),
      ),
  );
  app.post(
    `${P}/users::login/code`,
    { config: { permission: SIGNED_IN }, schema: { tags, response: { 200: envelopeOf(LoginCodeReply) } } },
    async (req) => ok(await issueLoginCode(d, signedInCaller(req))),
  );
  app.post(
    `${P}/users::login/code/v2`,
    {
      config: { permission: SIGNED_IN },
      schema: { body: OrgIdBody, tags, response: { 200: envelopeOf(LoginCodeReply) } },
    },
    async (req) => ok(await issueLoginCode(d, signedInCaller(req), req.body.org_id)),
  );
  app.post(
    `${P}/users::guide/finish`,
    {
      config: { permission: SIGNED_IN },
      schema: { body: GuideFinishBody, tags, response: { 200: envelopeOf(GuideFlagsReply) } },
    },
    async (req) => ok(await finishGuide(d, signedInCaller(req), req.body?.guide)),
  );
  app.get(
    `${P}/users::enterprise/guide/info`,
    { config: { permission: STAFF }, schema: { tags, response: { 200: envelopeOf(EnterpriseGuide) } } },
    async (req) => ok(await enterpriseGuideInfo(d, tenantCaller(req))),
  );

  // ---- Person and bank info (the person's own, whichever organisation the session is in) ----
  app.get(
    `${P}/users/person/info`,
    { config: { permission: SIGNED_IN }, schema: { tags, response: { 200: envelopeOf(PersonInfo) } } },
    async (req) => ok(await getPersonInfo(d, signedInCaller(req))),
  );
  app.put(
    `${P}/users/person/info`,
    {
      config: { permission: SIGNED_IN },
      schema: { body: PersonInfoBody, tags, response: { 200: envelopeOf(PersonInfo) } },
    },
    async (req) => {
      const b = req.body;
      return ok(
        await updatePersonInfo(d, signedInCaller(req), {
          real_name: b.real_name,
          email: b.email === undefined ? undefined : b.email || null,
          gender: b.gender,
          avatar: b.avatar === undefined ? undefined : b.avatar || null,
          id_card: b.id_card === undefined ? undefined : b.id_card?.toUpperCase() || null,
        }),
      );
    },
  );
  app.get(
    `${P}/users/bank/info`,
    { config: { permission: SIGNED_IN }, schema: { tags, response: { 200: envelopeOf(BankCardList) } } },
    async (req) => ok(await listBank(d, signedInCaller(req))),
  );
  app.post(
    `${P}/users/bank/info`,
    {
      config: { permission: SIGNED_IN },
      schema: { body: BankCreateBody, tags, response: { 200: envelopeOf(BankCard) } },
    },
    async (req) => ok(await addBank(d, signedInCaller(req), req.body)),
  );
  app.put(
    `${P}/users/bank/info`,
    {
      config: { permission: SIGNED_IN },
      schema: { body: BankUpdateBody, tags, response: { 200: envelopeOf(BankCard) } },
    },
    async (req) => {
      const { id, ...patch } = req.body;
      return ok(await editBank(d, signedInCaller(req), id, patch));
    },
  );
  app.post(
    `${P}/users/bank/info::delete`,
    {
      config: { permission: SIGNED_IN },
      schema: { body: BankDeleteBody, tags, response: { 200: envelopeOf(emptyData) } },
    },
    async (req) => ok(await removeBank(d, signedInCaller(req), req.body.id)),
  );
}
