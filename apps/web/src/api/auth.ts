import type {
  BankCard,
  BankCreateBody,
  BankUpdateBody,
  LoginBody,
  LoginReply,
  OrgTreeEntry,
  PersonInfo,
  PersonInfoBody,
  PhoneReply,
  RetrievePasswordBody,
  SmsLoginBody,
  SmsPurpose,
  SmsSendReply,
  StaffInfo,
  UpdatePasswordBody,
  UpdatePhoneBody,
} from '@feikong/contracts';
import { http } from './http/request';

// Typed calls of the auth family (/auth-center/api/v1/, spec §7.3). Request and reply shapes are the
// contracts' (packages/contracts/src/auth), the same schemas the server validates and serializes with.

const BASE = '/auth-center/api/v1';

export type {
  BankCard,
  LoginBody,
  LoginReply,
  OrgCompany,
  OrgTreeEntry,
  PersonInfo,
  SmsLoginBody,
  SmsPurpose,
  SmsSendReply,
  StaffInfo,
  ThirdPlatform,
} from '@feikong/contracts';

/** PUT users/person/info: only the fields sent change; '' clears email and ID number. */
export type PersonInfoPatch = PersonInfoBody;
export type BankCardInput = BankCreateBody;

/** Calls whose forms place validation errors next to their fields. */
const FORM = { handleFieldErrors: true } as const;
const PUBLIC_FORM = { withToken: false, handleFieldErrors: true } as const;

export const authApi = {
  /** Password (or remembered-device) login. The form shows validation errors itself. */
  login: (body: LoginBody) => http.post<LoginReply>(`${BASE}/users:login`, body, PUBLIC_FORM),
  /** SMS-code login; a phone without an account becomes a personal account. */
  smsLogin: (body: SmsLoginBody) => http.post<LoginReply>(`${BASE}/users:login/phone`, body, PUBLIC_FORM),
  sendSmsCode: (phone: string, type: SmsPurpose = 'login') =>
    http.post<SmsSendReply>(`${BASE}/users:login/phone/send`, { phone, type }, PUBLIC_FORM),
  /** Best effort: the local session is cleared whatever the server says. */
  logout: () => http.post<null>(`${BASE}/users:logout`, {}, { silent: true }),
  /** Revokes one remembered device without touching any session (no token sent). */
  forgetDevice: (deviceToken: string) =>
    http.post<null>(
      `${BASE}/users:logout`,
      { device_token: deviceToken },
      { withToken: false, silent: true },
    ),
  staff: (signal?: AbortSignal) => http.get<StaffInfo>(`${BASE}/users/staff`, undefined, { signal }),
  organizations: (signal?: AbortSignal) =>
    http.get<OrgTreeEntry[]>(`${BASE}/users:view/organizations`, undefined, { signal }),
  /** Also the bind step for a personal session. The old token is revoked by the server. */
  switchOrganization: (orgId: number) =>
    http.post<LoginReply>(`${BASE}/users:switch/organization`, { org_id: orgId }),
  /** 创建组织: a new trial tenant with the caller as administrator; answers the session there (old token revoked). */
  createOrganization: (name: string) => http.post<LoginReply>(`${BASE}/users:create/organization`, { name }),
  /** A third-party callback code for a session. Errors are shown by the callback page itself. */
  thirdLogin: (platform: string, code: string, corpId?: string) =>
    http.post<LoginReply>(
      `${BASE}/third/${encodeURIComponent(platform)}/login`,
      corpId ? { code, corp_id: corpId } : { code },
      { withToken: false, silent: true },
    ),
  /** Sets the first password of an account that signed up by SMS. */
  setPassword: (password: string) => http.post<null>(`${BASE}/users:password`, { password }, FORM),
  retrievePassword: (body: RetrievePasswordBody) =>
    http.post<null>(`${BASE}/users:password/retrieve`, body, PUBLIC_FORM),
  updatePassword: (body: UpdatePasswordBody) => http.post<null>(`${BASE}/users:update/password`, body, FORM),
  updatePhone: (body: UpdatePhoneBody) => http.post<PhoneReply>(`${BASE}/users:update/phone`, body, FORM),
  personInfo: (signal?: AbortSignal) =>
    http.get<PersonInfo>(`${BASE}/users/person/info`, undefined, { signal }),
  updatePersonInfo: (patch: PersonInfoPatch) =>
    http.put<PersonInfo>(`${BASE}/users/person/info`, patch, FORM),
  bankList: (signal?: AbortSignal) => http.get<BankCard[]>(`${BASE}/users/bank/info`, undefined, { signal }),
  addBank: (body: BankCardInput) => http.post<BankCard>(`${BASE}/users/bank/info`, body, FORM),
  editBank: (body: BankUpdateBody) => http.put<BankCard>(`${BASE}/users/bank/info`, body, FORM),
  deleteBank: (id: number) => http.post<null>(`${BASE}/users/bank/info:delete`, { id }),
};
