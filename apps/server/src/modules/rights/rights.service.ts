import {
  DEFAULT_UI_TYPE,
  isNoticeHiddenForUi,
  isVersionExpiredAt,
  shanghaiDate,
  TenantNotifyType,
  versionLastDay,
} from '@feikong/contracts';
import { hasPermission, type Caller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { rightsErrors } from './rights.errors.js';
import {
  activePlatformBanners,
  activeTenantBanners,
  currentTenantVersion,
  debitTenantProduct,
  findProductByCode,
  listProductsOnSale,
  listTenantProducts,
  insertTenantVersion,
  listVersionsOnSale,
  tenantSettings,
  type TenantVersionRow,
} from './rights.repo.js';

/**
 * Product versions, add-on balances, version notices and banners (spec §3, §4.4, §6, §7.4).
 * A version's expiry is always computed from its dates (contracts isVersionExpiredAt), never stored;
 * the day shown for it is contracts versionLastDay, the same rule as the client's.
 */

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3600_000;
/** Days before expiry from which a warning notice is shown. */
export const EXPIRY_WARNING_DAYS = 30;
/** An add-on balance at or below this share of what was bought is "running low". */
export const LOW_BALANCE_RATIO = 0.1;

/** What a version notice is about (product_type): spec §3 names only 1 = product; 2 is the product version. */
export const NoticeProductType = { product: 1, productVersion: 2 } as const;

/** Epoch ms → YYYY-MM-DD in China time, whatever the server's time zone (not for expiry: versionLastDay). */
export const chinaDate = shanghaiDate;

/** `ms` plus whole calendar months in China time; the 31st becomes the last day of a shorter month. */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms + CHINA_OFFSET_MS);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime() - CHINA_OFFSET_MS;
}

export const isExpired = isVersionExpiredAt;

/** Whole days left before expiry, rounded up; 0 once expired. */
export function daysLeft(expiredAt: number, now: number): number {
  return isExpired(expiredAt, now) ? 0 : Math.ceil((expiredAt - now) / DAY_MS);
}

// ---- Catalogue ----

export async function productVersionCatalogue(db: Db) {
  const rows = await listVersionsOnSale(db);
  return {
    items: rows.map((v) => ({
      id: v.id,
      code: v.code,
      name: v.name,
      description: v.description,
      /** 分 per period. */
      price: v.price,
      period_months: v.period_months,
      max_users: v.max_users,
      features: v.features,
    })),
  };
}

export async function productCatalogue(db: Db) {
  const rows = await listProductsOnSale(db);
  return {
    items: rows.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      description: p.description,
      unit: p.unit,
      amount_per_unit: p.amount_per_unit,
      /** 分 per unit bought. */
      price: p.price,
      product_type: NoticeProductType.product,
    })),
  };
}

// ---- The tenant's version ----

export interface VersionView {
  product_version_name: string;
  product_version_id: number | null;
  /** Seconds (spec §3). */
  activated_date: number;
  /** Seconds (spec §3). */
  expired_date: number;
  is_test_version: number;
  /** 1 expired, 0 not (computed from expired_date). */
  status: 0 | 1;
  charging_mode: number;
  orgcode_payer_type: number;
  days_left: number;
}

function versionView(v: TenantVersionRow, payerType: number, now: number): VersionView {
  const expired = isExpired(v.expired_at, now);
  return {
    product_version_name: v.product_version_name,
    product_version_id: v.product_version_id,
    activated_date: Math.floor(v.activated_at / 1000),
    expired_date: Math.floor(v.expired_at / 1000),
    is_test_version: Number(v.is_test_version),
    status: expired ? 1 : 0,
    charging_mode: Number(v.charging_mode),
    orgcode_payer_type: payerType,
    days_left: daysLeft(v.expired_at, now),
  };
}

/** The tenant's current version; null when it has none yet. */
export async function tenantVersion(db: Db, tenantId: number, now: number): Promise<VersionView | null> {
  const [v, org] = await Promise.all([currentTenantVersion(db, tenantId), tenantSettings(db, tenantId)]);
  if (!v) return null;
  return versionView(v, Number(org?.orgcode_payer_type ?? 1), now);
}

/** GET tenant/product-version:query: null for a personal account or a tenant without a version. */
export async function queryTenantVersion(db: Db, caller: Caller, now: number) {
  return caller.tenantId === null ? null : tenantVersion(db, caller.tenantId, now);
}

// ---- Add-on balances ----

export async function tenantProducts(db: Db, tenantId: number) {
  const rows = await listTenantProducts(db, tenantId);
  return {
    items: rows.map((r) => ({
      product_id: r.product_id,
      code: r.code,
      product_name: r.name,
      unit: r.unit,
      total_amount: Number(r.total_amount),
      used_amount: Number(r.used_amount),
      remaining_amount: Number(r.total_amount) - Number(r.used_amount),
      updated_at: Number(r.updated_at),
    })),
  };
}

/**
 * Uses `amount` of an add-on (e.g. one invoice check) for another module: atomic, and refused with
 * 余量不足 when less remains. Pass the caller's transaction to make it part of their command.
 */
export async function useTenantProduct(
  db: Db,
  tenantId: number,
  code: string,
  amount: number,
  now = Date.now(),
) {
  const product = await findProductByCode(db, code);
  if (!product) throw rightsErrors.productNotFound();
  if (await debitTenantProduct(db, tenantId, product.id, amount, now)) return;
  const row = (await listTenantProducts(db, tenantId)).find((r) => r.product_id === product.id);
  throw rightsErrors.productInsufficient(
    product.name,
    row ? Number(row.total_amount) - Number(row.used_amount) : 0,
  );
}

// ---- Version notices (GET tenant:notify) ----

export interface VersionNotice {
  message: string;
  /** 1 danger, 2 warning, 3 primary. */
  notify_type: number;
  product_id: number | null;
  /** 1 add-on product, 2 product version. */
  product_type: number;
}

function versionNotices(v: TenantVersionRow, now: number): VersionNotice[] {
  const name = v.is_test_version ? `${v.product_version_name}（试用）` : v.product_version_name;
  const date = versionLastDay(v.expired_at);
  const base = { product_id: v.product_version_id, product_type: NoticeProductType.productVersion };
  if (isExpired(v.expired_at, now)) {
    return [
      {
        ...base,
        message: `您的${name}已于${date}到期，请及时续费，以免影响正常使用`,
        notify_type: TenantNotifyType.danger,
      },
    ];
  }
  const left = daysLeft(v.expired_at, now);
  if (left <= EXPIRY_WARNING_DAYS) {
    return [
      {
        ...base,
        message: `您的${name}将于${date}到期（剩余${left}天），请及时续费`,
        notify_type: TenantNotifyType.warning,
      },
    ];
  }
  if (v.is_test_version) {
    return [
      {
        ...base,
        message: `您正在试用${v.product_version_name}，试用期至${date}，如需继续使用请购买正式版本`,
        notify_type: TenantNotifyType.primary,
      },
    ];
  }
  return [];
}

function productNotices(rows: Awaited<ReturnType<typeof listTenantProducts>>): VersionNotice[] {
  const out: VersionNotice[] = [];
  for (const r of rows) {
    const total = Number(r.total_amount);
    const remaining = total - Number(r.used_amount);
    const base = { product_id: r.product_id, product_type: NoticeProductType.product };
    if (remaining <= 0) {
      out.push({ ...base, message: `${r.name}已用完，请及时购买`, notify_type: TenantNotifyType.danger });
    } else if (remaining <= total * LOW_BALANCE_RATIO) {
      out.push({
        ...base,
        message: `${r.name}余量不足，剩余${remaining}${r.unit}，请及时购买`,
        notify_type: TenantNotifyType.warning,
      });
    }
  }
  return out;
}

/**
 * The tenant's notices, most urgent first. Add-on (product type 1) notices are left out for the
 * welfare and shop_welfare interfaces (spec §6) here on the server, not only in the client.
 */
export async function tenantNotices(db: Db, tenantId: number, now: number): Promise<VersionNotice[]> {
  const [v, products, org] = await Promise.all([
    currentTenantVersion(db, tenantId),
    listTenantProducts(db, tenantId),
    tenantSettings(db, tenantId),
  ]);
  const uiType = org?.ui_type ?? DEFAULT_UI_TYPE;
  const notices = [...(v ? versionNotices(v, now) : []), ...productNotices(products)].filter(
    (n) => !isNoticeHiddenForUi(n.product_type, uiType),
  );
  return notices.sort((a, b) => a.notify_type - b.notify_type);
}

/**
 * The notices a caller sees: each is a purchase prompt (立即订购), so only those who may buy (rightRecharge:buy)
 * get them; everyone else would only be led to 您暂无购买权限.
 */
export async function callerNotices(db: Db, caller: Caller, now: number) {
  if (caller.tenantId === null || !hasPermission(caller.perms, 'rightRecharge:buy')) return [];
  return tenantNotices(db, caller.tenantId, now);
}

/** A new tenant's trial (创建组织): the catalogue's 标准版, 30 days, marked as a trial. */
export const TRIAL = { code: 'standard', days: 30 } as const;

export async function startTrial(db: Db, tenantId: number, now: number) {
  const v = (await listVersionsOnSale(db)).find((x) => x.code === TRIAL.code);
  if (!v) throw new Error(`产品版本 ${TRIAL.code} 不在售`);
  await insertTenantVersion(
    db,
    tenantId,
    {
      product_version_name: v.name,
      product_version_id: v.id,
      order_id: null,
      activated_at: now,
      expired_at: now + TRIAL.days * 86_400_000,
      is_test_version: 1,
    },
    now,
  );
  return { name: v.name, expiredAt: now + TRIAL.days * 86_400_000 };
}

// ---- Banners ----

export const BannerPosition = { login: 'login', home: 'home' } as const;
export type BannerPosition = (typeof BannerPosition)[keyof typeof BannerPosition];

function bannerView(b: Awaited<ReturnType<typeof activePlatformBanners>>[number]) {
  return {
    id: Number(b.id),
    title: b.title,
    image_url: b.image_url,
    /** Jump page type (spec §3): 1 showcase, 2 application, 3 enterprise code, 4 app, 5 store. */
    link_type: Number(b.link_type),
    link: b.link,
    sort: Number(b.sort_order),
    start_time: Number(b.start_time),
    end_time: Number(b.end_time),
  };
}

/** GET public/banner:query: the platform's banners of the login page (default) or the home page. */
export async function publicBanners(db: Db, position: BannerPosition, now: number) {
  return { items: (await activePlatformBanners(db, position, now)).map(bannerView) };
}

/** GET /app-ctrl/api/v1/banner/pc:list: the tenant home's banners (platform + the tenant's own). */
export async function homeBanners(db: Db, tenantId: number, now: number) {
  return { items: (await activeTenantBanners(db, tenantId, BannerPosition.home, now)).map(bannerView) };
}
