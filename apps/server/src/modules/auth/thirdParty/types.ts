import type { ThirdPlatform } from '@feikong/contracts';

/** Third-party login: one adapter per platform, all behind this interface. */
export type { ThirdPlatform };

/** The app the callback code was issued for: the platform's API base and the app's credentials. */
export interface ThirdApp {
  apiBase: string;
  /** The organisation on the platform (DingTalk corpId, WeCom corpid); '' when unknown. */
  corpId: string;
  /** DingTalk AppKey, WeCom corpid, Feishu app_id. */
  appKey: string;
  /** DingTalk AppSecret, WeCom app secret, Feishu app_secret. */
  appSecret: string;
  timeoutMs: number;
}

/** Who the platform says the code belongs to. */
export interface ThirdIdentity {
  /** DingTalk userid, WeCom userid, Feishu user_id (or open_id when user_id is not granted). */
  thirdUserId: string;
  /** Mainland mobile without country code, or null when the platform did not give one. */
  mobile: string | null;
  name: string | null;
  /** The organisation on the platform, when the platform says (Feishu tenant_key). */
  corpId: string | null;
}

export interface ThirdPartyAdapter {
  readonly platform: ThirdPlatform;
  /** Exchanges the login callback code for the platform user. Throws ThirdPartyError. */
  identify(app: ThirdApp, code: string): Promise<ThirdIdentity>;
}

/** A platform answered with an error (errcode / code != 0) or could not be reached. */
export class ThirdPartyError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'ThirdPartyError';
  }
}

/** "+86 138-0000-0000", "0086…", "138 0000 0000" → "13800000000"; anything else as given. */
export function normaliseMobile(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const digits = raw.replace(/[\s-]/g, '').replace(/^(\+86|0086)/, '');
  return digits === '' ? null : digits;
}
