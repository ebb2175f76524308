import type { UiType } from '../stores/session';
import { http } from './request';

// Typed calls of the auth family (/auth-center/api/v1/, spec §7.3). Paths, fields and replies follow
// apps/server/src/modules/auth (auth.routes.ts, auth.schemas.ts, session.service.ts).

const BASE = '/auth-center/api/v1';

/** Password login, or a remembered device instead of the password (never both stored). */
export interface LoginBody {
  phone: string;
  password?: string;
  /** The revocable token a previous `remember: true` login answered. */
  device_token?: string;
  /** Ask the server for a device token (记住密码). */
  remember?: boolean;
}

export interface SmsLoginBody {
  phone: string;
  code: string;
}

/** What the SMS code is for; the server binds the code to it. */
export type SmsPurpose = 'login' | 'retrieve' | 'update_phone';

export interface SmsSendReply {
  /** Seconds the code stays valid. */
  expires_in: number;
  /** Seconds before the same phone may ask again. */
  resend_in: number;
}

/** Every sign-in answers this: login, SMS login, device login, switch, check/code, third-party login. */
export interface LoginReply {
  token: string;
  expires_at?: number;
  user_id?: number;
  staff_id?: number | null;
  username?: string;
  phone?: string;
  ui_type?: UiType;
  /** 0 personal without password, 1 personal with password, 2 organisation member. */
  userStatus?: number;
  orgcode_payer_type?: number | null;
  show_guide?: boolean | number;
  show_guide_group?: boolean | number;
  last_logged_org?: number | string | null;
  top_org_id?: number | string | null;
  top_org_name?: string;
  /** Only when the login asked to remember the device. */
  device_token?: string;
}

/** GET users/staff: who is logged in, and where (a personal account has null organisation fields). */
export interface StaffInfo {
  user_id?: number;
  staff_id?: number | null;
  user_name?: string;
  real_name?: string;
  username?: string;
  phone?: string;
  email?: string | null;
  gender?: number | null;
  avatar?: string | null;
  job_no?: string | null;
  org_id?: number | null;
  org_name?: string;
  dept_ids?: number[];
  dept_names?: string[];
  dept_name?: string;
  top_org_id?: number | null;
  top_org_name?: string;
  ui_type?: UiType;
  orgcode_payer_type?: number | null;
  show_guide?: number;
  show_guide_group?: number;
  userStatus?: number;
  last_logged_org?: number | null;
  has_password?: boolean;
  product_version_name?: string | null;
  expired?: boolean;
}

/** A company under an organisation (users:view/organizations children). */
export interface OrgCompany {
  org_id: number;
  org_name: string;
  tax_id: string | null;
}

/** One organisation the caller is active staff of (spec §3 organisation tree entry). */
export interface OrgTreeEntry extends OrgCompany {
  expired: boolean;
  is_current?: boolean;
  product_version_name?: string | null;
  children: OrgCompany[];
}

/** GET users/person/info. */
export interface PersonInfo {
  user_id: number;
  phone: string;
  real_name: string;
  email: string | null;
  gender: number | null;
  avatar: string | null;
  id_card: string | null;
  has_password: boolean;
  userStatus: number;
}

/** PUT users/person/info: only the fields sent change; '' clears email and ID number. */
export interface PersonInfoPatch {
  real_name?: string;
  email?: string | null;
  gender?: number;
  avatar?: string | null;
  id_card?: string | null;
}

export interface BankCard {
  id: number;
  account_name: string;
  bank_name: string;
  branch_name: string | null;
  /** Digits only, as stored; shown in groups of 4 (spec §5). */
  card_no: string;
  is_default: number | boolean;
}

export interface BankCardInput {
  account_name: string;
  bank_name: string;
  branch_name?: string | null;
  card_no: string;
  is_default?: boolean;
}

export type ThirdPlatform = 'dingtalk' | 'wecom' | 'feishu';

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
  /** A third-party callback code for a session. Errors are shown by the callback page itself. */
  thirdLogin: (platform: string, code: string, corpId?: string) =>
    http.post<LoginReply>(
      `${BASE}/third/${encodeURIComponent(platform)}/login`,
      corpId ? { code, corp_id: corpId } : { code },
      { withToken: false, silent: true },
    ),
  /** Sets the first password of an account that signed up by SMS. */
  setPassword: (password: string) => http.post<null>(`${BASE}/users:password`, { password }, FORM),
  retrievePassword: (body: { phone: string; code: string; password: string }) =>
    http.post<null>(`${BASE}/users:password/retrieve`, body, PUBLIC_FORM),
  updatePassword: (body: { old_password: string; password: string }) =>
    http.post<null>(`${BASE}/users:update/password`, body, FORM),
  updatePhone: (body: { phone: string; code: string }) =>
    http.post<{ phone: string }>(`${BASE}/users:update/phone`, body, FORM),
  personInfo: (signal?: AbortSignal) =>
    http.get<PersonInfo>(`${BASE}/users/person/info`, undefined, { signal }),
  updatePersonInfo: (patch: PersonInfoPatch) =>
    http.put<PersonInfo>(`${BASE}/users/person/info`, patch, FORM),
  bankList: (signal?: AbortSignal) => http.get<BankCard[]>(`${BASE}/users/bank/info`, undefined, { signal }),
  addBank: (body: BankCardInput) => http.post<BankCard>(`${BASE}/users/bank/info`, body, FORM),
  editBank: (body: Partial<BankCardInput> & { id: number }) =>
    http.put<BankCard>(`${BASE}/users/bank/info`, body, FORM),
  deleteBank: (id: number) => http.post<null>(`${BASE}/users/bank/info:delete`, { id }),
};
