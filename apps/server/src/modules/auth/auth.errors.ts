import { AppError, platformErrors } from '../../platform/errors.js';

/**
 * Error codes of the auth module (login, SMS codes, passwords, sessions, person and bank info,
 * third-party login). 98001xxx, next to the platform's session codes 98002005 / 98002006.
 * Validation errors of request fields are the platform's (10000400), not listed here.
 */
export const AuthCode = {
  badCredentials: 98001001,
  loginLocked: 98001002,
  deviceTokenInvalid: 98001003,
  smsTooFrequent: 98001010,
  smsIpTooFrequent: 98001011,
  smsCodeInvalid: 98001012,
  smsCodeBurned: 98001013,
  smsSendFailed: 98001014,
  passwordAlreadySet: 98001020,
  passwordNotSet: 98001021,
  oldPasswordWrong: 98001022,
  samePassword: 98001023,
  accountNotFound: 98001024,
  phoneTaken: 98001030,
  phoneUnchanged: 98001031,
  orgNotJoined: 98001040,
  oneTimeCodeInvalid: 98001050,
  bankNotFound: 98001060,
  bankDuplicate: 98001061,
  bankLimit: 98001062,
  thirdPartyFailed: 98001070,
  thirdPartyNotConfigured: 98001071,
  thirdPartyNoStaff: 98001072,
  orgAlreadyFounded: 98001080,
} as const;
export type AuthCode = (typeof AuthCode)[keyof typeof AuthCode];

/** Limits the messages name; the services read the same numbers. */
export const AUTH_LIMITS = {
  /**
   * Login failures of one phone from one client address within the window before that pair is
   * locked: first for a minute, then each further failure locks it again for twice as long, up to
   * 30 minutes (docs/decisions/0014-login-throttling.md).
   */
  phoneFailures: 5,
  failureWindowMs: 15 * 60_000,
  firstLockMs: 60_000,
  maxLockMs: 30 * 60_000,
  /** Strikes are forgotten after a day without failures. */
  strikeResetMs: 24 * 3600_000,
  /**
   * Failures of one phone from all addresses together within an hour before the phone is locked for
   * everyone but its remembered devices (a guess spread over many addresses): 5 minutes, doubling to 60.
   */
  phoneWideFailures: 20,
  phoneWideWindowMs: 3600_000,
  phoneWideLockMs: 5 * 60_000,
  phoneWideMaxLockMs: 60 * 60_000,
  /** Login failures per client IP (all phones together) within the window before the IP is locked. */
  ipFailures: 20,
  ipLockMs: 5 * 60_000,
  ipMaxLockMs: 60 * 60_000,
  /** SMS sends per client IP within the window (all phones together). */
  smsPerIp: 30,
  smsIpWindowMs: 15 * 60_000,
  smsResendMs: 60_000,
  smsTtlMs: 5 * 60_000,
  smsMaxFailures: 5,
  deviceTokenTtlMs: 30 * 24 * 3600_000,
  oneTimeCodeTtlMs: 60_000,
  bankAccountsPerPerson: 20,
} as const;

const SMS_PURPOSE_LABEL: Record<string, string> = {
  login: '登录',
  retrieve: '找回密码',
  update_phone: '更换手机号',
};

/** Every message of the module, in one place. */
export const authMessages = {
  badCredentials: '手机号或密码错误',
  loginLocked: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`,
  deviceTokenInvalid: '记住的登录已失效，请输入密码登录',
  smsTooFrequent: `发送过于频繁，请${AUTH_LIMITS.smsResendMs / 1000}秒后再试`,
  smsIpTooFrequent: '发送过于频繁，请稍后再试',
  smsCodeInvalid: '验证码错误或已失效',
  smsCodeBurned: '验证码错误次数过多，请重新获取',
  smsSendFailed: '短信发送失败，请稍后重试',
  passwordAlreadySet: '您已设置过密码，请通过修改密码进行更改',
  passwordNotSet: '您还未设置密码，请先设置密码',
  oldPasswordWrong: '原密码错误',
  samePassword: '新密码不能与原密码相同',
  accountNotFound: '该手机号尚未注册，请使用验证码登录',
  phoneTaken: '该手机号已被其他账号使用',
  phoneUnchanged: '新手机号不能与当前手机号相同',
  orgNotJoined: '您不是该组织的在职员工',
  orgAlreadyFounded: '您已创建过组织，每人只能创建一个组织；如需加入其他组织，请让其管理员添加您的手机号',
  oneTimeCodeInvalid: '授权码无效或已过期',
  bankNotFound: '银行卡信息不存在或已被删除',
  bankDuplicate: '该银行卡已添加',
  bankLimit: `最多可添加${AUTH_LIMITS.bankAccountsPerPerson}张银行卡`,
  thirdPartyFailed: (detail: string) => `第三方登录失败：${detail}`,
  thirdPartyNotConfigured: '该平台未配置第三方登录，请联系管理员',
  thirdPartyNoStaff: '未找到与该第三方账号对应的在职员工，请联系管理员',
  /** SMS text; the code is the only variable part. */
  smsContent: (code: string, purpose: string) =>
    `【费控】您的${SMS_PURPOSE_LABEL[purpose] ?? ''}验证码为${code}，${AUTH_LIMITS.smsTtlMs / 60_000}分钟内有效。如非本人操作，请忽略本短信。`,
} as const;

export const authErrors = {
  badCredentials: () => new AppError(AuthCode.badCredentials, authMessages.badCredentials, 401),
  /** `until`: when the lock ends; the message names the minutes left, rounded up. */
  loginLocked: (until: number, now: number) =>
    new AppError(
      AuthCode.loginLocked,
      authMessages.loginLocked(Math.max(1, Math.ceil((until - now) / 60_000))),
      429,
    ),
  deviceTokenInvalid: () => new AppError(AuthCode.deviceTokenInvalid, authMessages.deviceTokenInvalid, 401),
  smsTooFrequent: () => new AppError(AuthCode.smsTooFrequent, authMessages.smsTooFrequent, 429),
  smsIpTooFrequent: () => new AppError(AuthCode.smsIpTooFrequent, authMessages.smsIpTooFrequent, 429),
  smsCodeInvalid: () => new AppError(AuthCode.smsCodeInvalid, authMessages.smsCodeInvalid, 400),
  smsCodeBurned: () => new AppError(AuthCode.smsCodeBurned, authMessages.smsCodeBurned, 400),
  smsSendFailed: () => new AppError(AuthCode.smsSendFailed, authMessages.smsSendFailed, 502),
  passwordAlreadySet: () => new AppError(AuthCode.passwordAlreadySet, authMessages.passwordAlreadySet, 409),
  passwordNotSet: () => new AppError(AuthCode.passwordNotSet, authMessages.passwordNotSet, 409),
  oldPasswordWrong: () => new AppError(AuthCode.oldPasswordWrong, authMessages.oldPasswordWrong, 400),
  samePassword: () => new AppError(AuthCode.samePassword, authMessages.samePassword, 400),
  accountNotFound: () => new AppError(AuthCode.accountNotFound, authMessages.accountNotFound, 404),
  phoneTaken: () => platformErrors.fieldConflict(AuthCode.phoneTaken, 'phone', authMessages.phoneTaken),
  phoneUnchanged: () => new AppError(AuthCode.phoneUnchanged, authMessages.phoneUnchanged, 400),
  orgNotJoined: () => new AppError(AuthCode.orgNotJoined, authMessages.orgNotJoined, 403),
  oneTimeCodeInvalid: () => new AppError(AuthCode.oneTimeCodeInvalid, authMessages.oneTimeCodeInvalid, 401),
  bankNotFound: () => new AppError(AuthCode.bankNotFound, authMessages.bankNotFound, 404),
  bankDuplicate: () => new AppError(AuthCode.bankDuplicate, authMessages.bankDuplicate, 409),
  bankLimit: () => new AppError(AuthCode.bankLimit, authMessages.bankLimit, 409),
  thirdPartyFailed: (detail: string) =>
    new AppError(AuthCode.thirdPartyFailed, authMessages.thirdPartyFailed(detail), 400),
  thirdPartyNotConfigured: () =>
    new AppError(AuthCode.thirdPartyNotConfigured, authMessages.thirdPartyNotConfigured, 400),
  thirdPartyNoStaff: () => new AppError(AuthCode.thirdPartyNoStaff, authMessages.thirdPartyNoStaff, 403),
  orgAlreadyFounded: () => new AppError(AuthCode.orgAlreadyFounded, authMessages.orgAlreadyFounded, 409),
};
