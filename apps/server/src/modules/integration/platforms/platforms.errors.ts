import { AppError } from '../../../platform/errors.js';

/** Error codes of 集成中心 · 第三方平台 and 通讯录同步 (1165xxxx; the last three digits follow the HTTP meaning). */
export const IntegrationPlatformCode = {
  platformNotFound: 11650404,
  badField: 11650400,
  platformAdded: 11650409,
  /** 删除平台 while organisations are still configured on it. */
  platformInUse: 11651409,
  configNotFound: 11652404,
  /** The organisation already has this platform configured. */
  orgConfigured: 11652409,
  /** The corp id (app) is configured already, here or in another tenant. */
  corpTaken: 11653409,
  orgNotFound: 11654404,
  /** 同步 of a configuration that is not enabled. */
  configDisabled: 11655400,
  /** A sync of this configuration is already running. */
  syncRunning: 11655409,
  runNotFound: 11656404,
  /** 应用 of a run that is not waiting for review. */
  runNotInReview: 11656409,
} as const;

const fieldError = (code: number, field: string, msg: string, status = 400) =>
  new AppError(code, msg, status, { fields: [{ field, msg }] });

export const platformErrors = {
  platformNotFound: () => new AppError(IntegrationPlatformCode.platformNotFound, '平台不存在或已被删除', 404),
  platformAdded: (name: string) =>
    fieldError(IntegrationPlatformCode.platformAdded, 'platform', `已添加平台「${name}」`, 409),
  platformInUse: () =>
    new AppError(IntegrationPlatformCode.platformInUse, '该平台还有组织配置，请先删除组织配置', 409),
  configNotFound: () => new AppError(IntegrationPlatformCode.configNotFound, '平台配置不存在或已被删除', 404),
  orgConfigured: (name: string) =>
    fieldError(IntegrationPlatformCode.orgConfigured, 'org_id', `组织「${name}」已配置该平台`, 409),
  corpTaken: (field: string) =>
    fieldError(IntegrationPlatformCode.corpTaken, field, '该企业应用已被配置', 409),
  orgNotFound: () => fieldError(IntegrationPlatformCode.orgNotFound, 'org_id', '组织不存在或已被删除', 404),
  missingField: (field: string, label: string) =>
    fieldError(IntegrationPlatformCode.badField, field, `${label}不能为空`),
  configDisabled: () =>
    new AppError(IntegrationPlatformCode.configDisabled, '该平台配置未启用，不能同步', 400),
  syncRunning: () =>
    new AppError(IntegrationPlatformCode.syncRunning, '该组织的通讯录正在同步，请稍后再试', 409),
  runNotFound: () => new AppError(IntegrationPlatformCode.runNotFound, '同步记录不存在', 404),
  runNotInReview: () =>
    new AppError(IntegrationPlatformCode.runNotInReview, '该同步不在待确认状态，不能应用', 409),
};
