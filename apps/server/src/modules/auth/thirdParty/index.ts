import { dingtalkAdapter } from './dingtalk.js';
import { feishuAdapter } from './feishu.js';
import type { ThirdPartyAdapter, ThirdPlatform } from './types.js';
import { wecomAdapter } from './wecom.js';

export const THIRD_PARTY_ADAPTERS: Record<ThirdPlatform, ThirdPartyAdapter> = {
  dingtalk: dingtalkAdapter,
  wecom: wecomAdapter,
  feishu: feishuAdapter,
};

export * from './types.js';
