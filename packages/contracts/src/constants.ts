/**
 * Business constants and limits of spec §9 (and the §2, §5, §7 numbers they belong with).
 * Server and client read the same values, so a page size or a limit cannot differ between them.
 */

// ---- Request layer (spec §7.1, §9) ----
export const REQUEST_TIMEOUT_MS = 100_000;
/** Retry helper default; the main client turns retry off. */
export const RETRY = { times: 5, waitMs: 100 } as const;
export const RANDOM_ID_LENGTH = 32;
export const ERROR_REPORT_DELAY_MS = 3000;
export const ERROR_REPORT_MAX_MESSAGE = 1000;
/** At most this many reports in one request; the client's reporter batches no more (spec §9). */
export const ERROR_REPORT_MAX_BATCH = 20;

/** Header names. The spec names only the session header; the other two are our choice. */
export const SESSION_HEADER = 'X-Session-Token';
export const ENV_HEADER = 'X-Env';
export const FAKE_USER_HEADER = 'X-Fake-User';

export const ENVIRONMENTS = ['dev', 'test', 'pre', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/**
 * Paths exempt from some common request behaviour (spec §7.1 does not say which). Written as the spec
 * lists them, without the gateway prefix (e.g. /invoice), so match with `isExemptPath`.
 */
export const EXEMPT_PATHS: readonly string[] = [
  '/api/web/invoice/saveInvoices',
  '/api/web/invoice/saveHandInput',
  '/api/web/invoice/qrcodeCheck',
  '/api/web/invoice/ocrCutting',
  '/api/web/invoice/ocrCorrect',
  '/api/web/invoice/ocrCheck',
  '/api/web/invoice/handCheck',
  '/api/web/invoice/sellerPage',
  '/api/web/invoice/pageList',
  '/api/web/invoice/pageList/bill',
  '/api/web/invoice/buyerPage',
  '/api/web/tag/select',
  '/api/web/tag/invoice/relate/num',
  '/api/app/flow/relateBillPageList',
  '/api/web/flow/relateBillPageList',
  '/api/web/consumerOrder/findByUserId',
  '/api/app/consumerOrder/findByUserId',
  '/api/web/bill/fee/saveFee',
  '/api/web/bill/fee/editFee',
  '/api/web/trip/item/saveTripItem',
  '/api/web/trip/item/editTripItem',
];

/** True when the url's path (query and hash ignored) ends with one of EXEMPT_PATHS. */
export function isExemptPath(url: string): boolean {
  const path = url.split(/[?#]/)[0].replace(/\/+$/, '');
  return EXEMPT_PATHS.some((p) => path === p || path.endsWith(p));
}

// ---- Routes (spec §2.2) ----
export const LOGIN_PATH = '/login';
/** Route names that skip the login check. */
export const PUBLIC_ROUTE_NAMES: readonly string[] = ['login', 'auth', 'bindPhone'];
/** Route names where the blocking expiry prompt does not appear. */
export const EXPIRY_EXEMPT_ROUTE_NAMES: readonly string[] = [
  'login',
  'productVersion',
  'cashier',
  'tenantOrder',
];

// ---- Page sizes (spec §9) ----
export const PAGE_SIZE = {
  organisations: 9999,
  departments: 9999,
  resignedUsers: 9999,
  grades: 999,
  jobs: 999,
  notifications: 10,
  sellerFilter: 100,
  userFilter: 9999,
} as const;
/** The user filter lists active staff only. */
export const USER_FILTER_STATUS = 1;
export const NOTIFY_CLIENT_TYPE = 'PC';

// ---- Notifications, tasks, upload ----
export const NOTIFY_BADGE_MAX = 99;
export const SEARCH_DEBOUNCE_MS = 300;
export const TASK_POLL = { firstMs: 1000, everyMs: 3000 } as const;
export const UPLOAD_SIGN_EXPIRE_S = 86_400;
export const UPLOAD_SIGN_DIR = 'invoice';
export const UPLOAD_SUCCESS_STATUS = 200;

// ---- Layout (spec §2.4, §2.5, §9) ----
export const LAYOUT = {
  headerHeight: 48,
  sidebarWidth: 184,
  sidebarCollapsedWidth: 57,
  cachedViewsMax: 2,
} as const;
export const PRINT_FRAME_MIN = { width: 1200, height: 600 } as const;
/** Two generic defaults exist in the spec (600x520 in one place, 600x700 in another). */
export const DIALOG_SIZE = {
  preview: { width: 890, height: 680 },
  print: { width: 728, height: 500 },
  generic: { width: 600, height: 520 },
  genericTall: { width: 600, height: 700 },
  min: { width: 460, height: 320 },
} as const;
export const PRINT_PREVIEW_Z_INDEX = 20002;

// ---- Image viewer and progress bar ----
/** zoomStep must be above 1 and at most 1.5 (spec §4.5). */
export const IMAGE_ZOOM = {
  zoomStep: 1.2,
  zoomStepMax: 1.5,
  minScale: 0.6,
  maxScale: 3,
  defaultScaleStep: 0.2,
  rotateDeg: 90,
} as const;
export const PROGRESS = { minimum: 0.3, speed: 1000, trickleSpeed: 200 } as const;

// ---- Printing and files (spec §5, §7.8) ----
export const INVOICES_PER_PRINT_PAGE = [1, 2, 4] as const;
/** export/custom displayMode ↔ invoices per page; TWO is the default. */
export const InvoiceDisplayMode = { ONE: 1, TWO: 2, FOUR: 4 } as const;
export type InvoiceDisplayMode = keyof typeof InvoiceDisplayMode;
export const DEFAULT_INVOICE_DISPLAY_MODE: InvoiceDisplayMode = 'TWO';
/** Attachment extensions that can be printed at all, and those merged into the print PDF. */
export const PRINTABLE_ATTACHMENT_TYPES = ['pdf', 'jpeg', 'jpg', 'png', 'ofd', 'doc', 'docx'] as const;
export const MERGEABLE_ATTACHMENT_TYPES = ['jpg', 'jpeg', 'png', 'pdf'] as const;
/** Purchase task print title = top organisation name + this word. */
export const PURCHASE_ORDER_WORD = '采购单';

// ---- Money and dates ----
export const CENTS_PER_YUAN = 100;
export const MONEY_DECIMALS = 2;
/** dayjs / our formatDateTime tokens; the spec writes the same pattern as yyyy-MM-dd HH:mm:ss. */
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_ONLY_FORMAT = 'YYYY-MM-DD';

// ---- Rule defaults (spec §9) ----
export const AIRPLANE_LOW_PRICE_CONTROL_TIME_DEFAULT = 3;
export const CLAIM_DEFAULTS = { addressRange: 100, limitTimes: 1 } as const;

// ---- Inputs and directives (spec §5) ----
export const CLICK_DEBOUNCE_MS = 2000;
export const BEHAVIOUR_LOG = { maxMessage: 200, maxName: 20, keep: 100 } as const;
/** Column autocomplete filter (configurable min chars) and the base autocomplete. */
export const AUTOCOMPLETE = { minChars: 3, baseMinChars: 2, debounceMs: 500 } as const;
