import { AppError, platformErrors } from '../../../platform/errors.js';

/**
 * Error codes of third-party sync conflicts (同步冲突处理) beyond the org module's shared ones
 * (conflictNotFound, alreadyResolved, bindNeedsStaff, staffNotFound… in org.errors.ts).
 * Same scheme as org.errors.ts (1010xxxx, last three digits = HTTP meaning); the running numbers
 * 20–29 are kept for this file so the two lists never collide.
 */
export const SyncCode = {
  staffResigned: 10120400,
  staffHasOtherAccount: 10120409,
  accountBoundElsewhere: 10121409,
} as const;

/** dingtalk | wecom | feishu → the name users know. */
export const PLATFORM_NAMES: Record<string, string> = { dingtalk: '钉钉', wecom: '企业微信', feishu: '飞书' };
export const platformName = (p: string) => PLATFORM_NAMES[p] ?? p;

export const syncErrors = {
  staffResigned: (name: string) =>
    new AppError(SyncCode.staffResigned, `员工「${name}」已离职，请先在组织与员工中恢复在职后再关联`, 400),
  staffHasOtherAccount: (name: string, platform: string) =>
    new AppError(
      SyncCode.staffHasOtherAccount,
      `员工「${name}」已关联其他${platformName(platform)}账号，不能重复关联`,
      409,
    ),
  accountBoundElsewhere: (platform: string) =>
    new AppError(SyncCode.accountBoundElsewhere, `该${platformName(platform)}账号已关联其他组织的员工`, 409),
  /** A field the action needs was not sent (the route schema checks these too). */
  required: (field: string, label: string, hint: string) =>
    platformErrors.validation(`${label}：${hint}`, [{ field, msg: `${label}：${hint}` }]),
};
