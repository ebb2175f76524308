import { z } from 'zod';
import { checkCitizenId, EMAIL_ERROR, isEmail, isMobile, MOBILE_ERROR } from '../validators.js';
import { PayerType, UiType } from '../enums.js';

/**
 * Request schemas of the auth routes (/auth-center/api/v1, spec §7.3). Every field names itself in
 * Chinese (`describe`), so a validation message reads "手机号：手机号格式错误".
 */

/** 8-20 printable characters with at least one letter and one digit (spec §4.1). */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
export const PASSWORD_RULE_MESSAGE = '须为8-20位，且同时包含字母和数字';

/** What an SMS code is for; the server binds the code to it. */
export const SMS_PURPOSES = ['login', 'retrieve', 'update_phone'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const THIRD_PLATFORMS = ['dingtalk', 'wecom', 'feishu'] as const;
export type ThirdPlatform = (typeof THIRD_PLATFORMS)[number];

/** "不能为空" for a missing field instead of zod's "expected string, received undefined". */
const required = {
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? '不能为空' : undefined,
};

/** `.optional()` drops the field's description; this keeps it, so the message still names the field. */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().describe(schema.description ?? '');

const text = (label: string, max: number) =>
  z.string(required).min(1, '不能为空').max(max, `不能超过${max}个字符`).describe(label);

const optionalText = (label: string, max: number) =>
  z.string().max(max, `不能超过${max}个字符`).nullable().optional().describe(label);

/** true/false also as 'true'/'false'/'1'/'0' (form-urlencoded bodies). */
const bool = (label: string) =>
  z
    .preprocess(
      (v) =>
        v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v,
      z.boolean(),
    )
    .describe(label);

const id = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.number(required).int('应为整数').positive('应为正整数'),
    )
    .describe(label);

export const phoneField = z.string(required).refine(isMobile, MOBILE_ERROR).describe('手机号');
const newPassword = (label: string) =>
  z.string(required).regex(PASSWORD_RE, PASSWORD_RULE_MESSAGE).describe(label);
const anyPassword = (label: string) => text(label, 100);
const smsCode = z
  .string(required)
  .regex(/^\d{6}$/, '应为6位数字')
  .describe('验证码');

export const LoginBody = z
  .object({
    phone: phoneField,
    password: optional(anyPassword('密码')),
    device_token: optional(text('设备令牌', 200)),
    remember: optional(bool('记住密码')),
  })
  .superRefine((v, ctx) => {
    if (v.password === undefined && v.device_token === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: '不能为空' });
    }
  })
  .describe('登录信息');

export const SmsLoginBody = z.object({ phone: phoneField, code: smsCode }).describe('登录信息');

export const SmsSendBody = z
  .object({ phone: phoneField, type: z.enum(SMS_PURPOSES).default('login').describe('验证码类型') })
  .describe('发送验证码');

export const LogoutBody = z
  .object({ forget_device: optional(bool('忘记此设备')), device_token: optional(text('设备令牌', 200)) })
  .nullable() // no body at all arrives as null
  .describe('退出登录');

export const SetPasswordBody = z.object({ password: newPassword('密码') }).describe('设置密码');

export const RetrievePasswordBody = z
  .object({ phone: phoneField, code: smsCode, password: newPassword('新密码') })
  .describe('找回密码');

export const UpdatePasswordBody = z
  .object({ old_password: anyPassword('原密码'), password: newPassword('新密码') })
  .describe('修改密码');

export const UpdatePhoneBody = z
  .object({ phone: phoneField.describe('新手机号'), code: smsCode })
  .describe('更换手机号');

export const OrganizationsQuery = z
  .object({
    org_ids: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
        z.array(z.coerce.number().int('应为整数').positive('应为正整数')).max(200, '最多200个'),
      )
      .optional()
      .describe('组织ID'),
  })
  .describe('查询条件');

export const OrgIdBody = z.object({ org_id: id('组织ID') }).describe('组织');

/** POST users:create/organization (创建组织): a personal account makes its own organisation (trial version). */
export const CreateOrganizationBody = z
  .object({
    name: z
      .string(required)
      .trim()
      .min(2, '请输入2-50个字符的组织名称')
      .max(50, '组织名称不能超过50个字符')
      .describe('组织名称'),
    ui_type: z
      .enum(UiType, { error: '界面类型应为 fee_control、welfare 或 shop_welfare' })
      .optional()
      .describe('界面类型：fee_control 费控（默认）、welfare 福利、shop_welfare 商城福利'),
    orgcode_payer_type: z
      .union([z.literal(PayerType.provider), z.literal(PayerType.organisation)], {
        error: '支付方式应为 0（服务商支付）或 1（企业自付）',
      })
      .optional()
      .describe('支付方式：0 服务商支付，1 企业自付（默认）'),
  })
  .describe('创建组织');

export const PersonInfoBody = z
  .object({
    real_name: optional(text('姓名', 50)),
    email: z
      .string()
      .max(100, '不能超过100个字符')
      .refine((v) => v === '' || isEmail(v), EMAIL_ERROR)
      .nullable()
      .optional()
      .describe('邮箱'),
    gender: z.coerce
      .number()
      .int('应为整数')
      .refine((v) => v === 0 || v === 1 || v === 2, '应为0（未知）、1（男）或2（女）')
      .optional()
      .describe('性别'),
    avatar: optionalText('头像', 500),
    id_card: z
      .string()
      .refine((v) => v === '' || checkCitizenId(v).ok, '身份证号格式错误')
      .nullable()
      .optional()
      .describe('身份证号'),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), '请至少填写一项')
  .describe('个人信息');

const cardNo = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v),
    z.string(required).regex(/^\d{12,30}$/, '应为12-30位数字'),
  )
  .describe('银行卡号');

export const BankCreateBody = z
  .object({
    account_name: text('开户名', 50),
    bank_name: text('开户银行', 100),
    branch_name: optionalText('开户支行', 100),
    card_no: cardNo,
    is_default: optional(bool('是否默认')),
  })
  .describe('银行卡信息');

export const BankUpdateBody = z
  .object({
    id: id('银行卡ID'),
    account_name: optional(text('开户名', 50)),
    bank_name: optional(text('开户银行', 100)),
    branch_name: optionalText('开户支行', 100),
    card_no: optional(cardNo),
    is_default: optional(bool('是否默认')),
  })
  .describe('银行卡信息');

export const BankDeleteBody = z.object({ id: id('银行卡ID') }).describe('银行卡');

export const GuideFinishBody = z
  .object({ guide: z.enum(['show_guide', 'show_guide_group']).optional().describe('引导类型') })
  .nullable()
  .describe('完成引导');

export const CheckCodeBody = z.object({ code: text('授权码', 100) }).describe('授权码');

export const ThirdParams = z.object({ platform: z.enum(THIRD_PLATFORMS).describe('第三方平台') });

export const ThirdLoginInput = z
  .object({ code: text('授权码', 512), corp_id: optional(text('企业ID', 100)) })
  .describe('第三方登录');

// What the client sends (zod input types: before defaults and coercion).
export type LoginBody = z.input<typeof LoginBody>;
export type SmsLoginBody = z.input<typeof SmsLoginBody>;
export type RetrievePasswordBody = z.input<typeof RetrievePasswordBody>;
export type UpdatePasswordBody = z.input<typeof UpdatePasswordBody>;
export type UpdatePhoneBody = z.input<typeof UpdatePhoneBody>;
export type PersonInfoBody = z.input<typeof PersonInfoBody>;
export type BankCreateBody = z.input<typeof BankCreateBody>;
export type BankUpdateBody = z.input<typeof BankUpdateBody>;
