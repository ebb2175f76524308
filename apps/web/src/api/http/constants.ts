// Client-side constants of spec §7.1 / §8 / §9. Kept here until @feikong/contracts carries the §9
// constants; the lead will reconcile (move them there and re-export from this file).

/** §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 100_000;
/** §9: retry helper defaults (the main client never retries by itself). */
export const RETRY_DEFAULT_TIMES = 5;
export const RETRY_DEFAULT_WAIT_MS = 100;
/** §9: random ids are 32 characters. */
export const RANDOM_ID_LENGTH = 32;
/** §9: error reports are sent 3 s after the first error, messages cut to 1000 characters. */
export const ERROR_REPORT_DELAY_MS = 3_000;
export const ERROR_REPORT_MAX_CHARS = 1_000;

/** Header names (§7.1). */
export const HEADER_TOKEN = 'X-Session-Token';
export const HEADER_ENV = 'X-Env';
export const HEADER_FAKE_USER = 'X-Fake-User';
export const HEADER_REQUEST_ID = 'X-Request-Id';

/** GET requests carry this timestamp parameter so no cache answers them. */
export const TIMESTAMP_PARAM = '_t';

/** Client messages of §8. */
export const MSG_TIMEOUT = '接口请求超时,请刷新页面重试!';
export const MSG_NETWORK = '网络异常，请检查您的网络连接是否正常!';
export const MSG_SESSION_EXPIRED = '登录过期，请重新登录';
/** How long 登录过期 stays on the login page (seconds). */
export const SESSION_EXPIRED_SECONDS = 6;
export const MSG_ERROR_DIALOG_TITLE = '错误提示';
export const MSG_BAD_REPLY = '服务器返回的数据格式错误';
export const MSG_UNKNOWN = '操作失败，请稍后重试';
