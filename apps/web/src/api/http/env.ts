import { REQUEST_TIMEOUT_MS } from './constants';

/** Everything the request layer reads from the build environment, in one object tests can change. */
export interface ApiConfig {
  /** Gateway base address; '' = same origin. */
  baseUrl: string;
  /** Environment name sent in the X-Env header (dev, test, pre, prod). */
  appEnv: string;
  /** True only in a dev build; gates the fake-user header. */
  devMode: boolean;
  /** User to impersonate in dev mode ('' = none). */
  fakeUser: string;
  timeoutMs: number;
}

const env = import.meta.env;

export const apiConfig: ApiConfig = {
  baseUrl: (env.VITE_API_BASE ?? '').replace(/\/+$/, ''),
  appEnv: env.VITE_APP_ENV || env.MODE,
  devMode: env.DEV,
  fakeUser: env.VITE_FAKE_USER ?? '',
  timeoutMs: REQUEST_TIMEOUT_MS,
};

/** Overrides part of the configuration; returns the previous values (handy in tests). */
export function configureApi(patch: Partial<ApiConfig>): ApiConfig {
  const previous = { ...apiConfig };
  Object.assign(apiConfig, patch);
  return previous;
}
