import { z } from 'zod';
import { UiType } from '../enums.js';

/**
 * Reply data of the auth routes (/auth-center/api/v1, spec §7.3). The server declares these on its
 * routes (undeclared fields are dropped), the web infers its types from them.
 */

/** Every sign-in answers this: login, SMS login, device login, switch, check/code, third-party login. */
export const LoginReply = z.object({
  token: z.string(),
  /** ms. */
  expires_at: z.number(),
  user_id: z.number(),
  staff_id: z.number().nullable(),
  phone: z.string(),
  username: z.string(),
  /** 0 personal without password, 1 personal with password, 2 organisation member. */
  userStatus: z.number(),
  last_logged_org: z.number().nullable(),
  top_org_id: z.number().nullable(),
  top_org_name: z.string(),
  ui_type: z.enum(UiType),
  orgcode_payer_type: z.number().nullable(),
  show_guide: z.number(),
  show_guide_group: z.number(),
  /** Only when the login asked to remember the device. */
  device_token: z.string().optional(),
});
export type LoginReply = z.infer<typeof LoginReply>;

export const SmsSendReply = z.object({
  /** Seconds the code stays valid. */
  expires_in: z.number(),
  /** Seconds before the same phone may ask again. */
  resend_in: z.number(),
});
export type SmsSendReply = z.infer<typeof SmsSendReply>;

export const PhoneReply = z.object({ phone: z.string() });
export type PhoneReply = z.infer<typeof PhoneReply>;

/** GET users/staff: who is logged in, and where (a personal account has null organisation fields). */
export const StaffInfo = z.object({
  user_id: z.number(),
  staff_id: z.number().nullable(),
  phone: z.string(),
  real_name: z.string(),
  user_name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  gender: z.number(),
  avatar: z.string().nullable(),
  job_no: z.string().nullable(),
  org_id: z.number().nullable(),
  org_name: z.string(),
  top_org_id: z.number().nullable(),
  top_org_name: z.string(),
  dept_ids: z.array(z.number()),
  dept_names: z.array(z.string()),
  dept_name: z.string(),
  ui_type: z.enum(UiType),
  orgcode_payer_type: z.number().nullable(),
  show_guide: z.number(),
  show_guide_group: z.number(),
  userStatus: z.number(),
  last_logged_org: z.number().nullable(),
  has_password: z.boolean(),
  product_version_name: z.string().nullable(),
  expired: z.boolean(),
});
export type StaffInfo = z.infer<typeof StaffInfo>;

/** A company under an organisation (users:view/organizations children). */
export const OrgCompany = z.object({
  org_id: z.number(),
  org_name: z.string(),
  tax_id: z.string().nullable(),
});
export type OrgCompany = z.infer<typeof OrgCompany>;

/** One organisation the caller is active staff of (spec §3 organisation tree entry). */
export const OrgTreeEntry = OrgCompany.extend({
  expired: z.boolean(),
  is_current: z.boolean(),
  product_version_name: z.string().nullable(),
  children: z.array(OrgCompany),
});
export type OrgTreeEntry = z.infer<typeof OrgTreeEntry>;
export const OrgTreeReply = z.array(OrgTreeEntry);

/** users:login/code(/v2): a one-time code that hands the session over to another client. */
export const LoginCodeReply = z.object({ code: z.string(), expires_in: z.number(), expires_at: z.number() });
export type LoginCodeReply = z.infer<typeof LoginCodeReply>;

export const GuideFlagsReply = z.object({ show_guide: z.number(), show_guide_group: z.number() });
export type GuideFlagsReply = z.infer<typeof GuideFlagsReply>;

export const GuideStep = z.object({ key: z.string(), title: z.string(), done: z.boolean() });
export type GuideStep = z.infer<typeof GuideStep>;

/** users:enterprise/guide/info: the first-use guide of an organisation. */
export const EnterpriseGuide = z.object({
  show_guide_group: z.number(),
  company_count: z.number(),
  department_count: z.number(),
  staff_count: z.number(),
  has_company: z.boolean(),
  has_department: z.boolean(),
  has_staff: z.boolean(),
  steps: z.array(GuideStep),
  finished: z.boolean(),
});
export type EnterpriseGuide = z.infer<typeof EnterpriseGuide>;

/** GET/PUT users/person/info. */
export const PersonInfo = z.object({
  user_id: z.number(),
  phone: z.string(),
  real_name: z.string(),
  email: z.string().nullable(),
  gender: z.number(),
  avatar: z.string().nullable(),
  id_card: z.string().nullable(),
  has_password: z.boolean(),
  userStatus: z.number(),
});
export type PersonInfo = z.infer<typeof PersonInfo>;

export const BankCard = z.object({
  id: z.number(),
  account_name: z.string(),
  bank_name: z.string(),
  branch_name: z.string().nullable(),
  /** Digits only, as stored; shown in groups of 4 (spec §5). */
  card_no: z.string(),
  /** 1 the default card, 0 not. */
  is_default: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type BankCard = z.infer<typeof BankCard>;
export const BankCardList = z.array(BankCard);
