/** Every server reply, success or not (spec §7.1). `status` 0 is success. */
export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export const STATUS_OK = 0;

/** Session codes that force a logout on the client (spec §8). */
export const SESSION_MISSING = 98002005;
export const SESSION_EXPIRED = 98002006;
export const SESSION_LOGOUT_CODES: readonly number[] = [SESSION_MISSING, SESSION_EXPIRED];
/** True for a reply status that must log the user out (spec §8). */
export function isSessionLogoutCode(status: unknown): boolean {
  return typeof status === 'number' && SESSION_LOGOUT_CODES.includes(status);
}

/** Platform error codes shared by every module. Module codes live in each server module's errors file. */
export const PlatformCode = {
  validation: 10000400,
  unauthorized: 10000401,
  forbidden: 10000403,
  notFound: 10000404,
  methodNotAllowed: 10000405,
  conflict: 10000409,
  payloadTooLarge: 10000413,
  unsupportedMediaType: 10000415,
  tooManyRequests: 10000429,
  internal: 10000500,
  /** The database cannot be reached right now (a restart, a failover): retry shortly. */
  serviceUnavailable: 10000503,
} as const;
export type PlatformCode = (typeof PlatformCode)[keyof typeof PlatformCode];

/** Paged list reply shape used across families (spec §7.6: items + page). */
export interface PageInfo {
  page_num: number;
  page_size: number;
  total: number;
}
export interface Paged<T> {
  items: T[];
  page: PageInfo;
}
