// 集成中心 · 第三方平台 (issue 24, spec 7.5 platformConfig; decision 0061): DingTalk / WeCom / Feishu per
// organisation with encrypted app credentials. The integration module's index.ts registers it.
export {
  IntegrationPlatformPerm,
  PLATFORM_CONFIG,
  platformSvcOf,
  registerPlatformRoutes,
} from './platforms.routes.js';
export { IntegrationPlatformCode, platformErrors } from './platforms.errors.js';
export {
  enabledAppOf,
  mustGetConfig,
  sealPlatformSecret,
  secretOf,
  type ConfigRow,
  type PlatformSvc,
} from './platforms.service.js';
