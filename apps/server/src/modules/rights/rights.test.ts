import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode, SESSION_MISSING, versionLastDay } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makePersonal, makeStaff, makeTenant } from '../../../test/factories.js';
import { PRODUCTS, PRODUCT_VERSIONS } from '../../db/migrations/20261122T0006_rights.js';
import { seedPlatformBanners } from '../../seed/rights.js';
import { creditTenantProduct, debitTenantProduct, findProductByCode, insertBanner } from './rights.repo.js';
import { addMonths, chinaDate, useTenantProduct } from './rights.service.js';
import { RightsCode } from './rights.errors.js';
import { APP_CTRL, caller, catalogue, giveVersion, makeRightsTenant, R } from './rights.testkit.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

describe('routes', () => {
  it('each rights route names the permission it needs', () => {
    const mine = t.app.builtRoutes
      .filter((r) => (r.url.startsWith(R) || r.url.startsWith(`${APP_CTRL}/banner`)) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replaceAll('::', ':')} ${r.permission}`)
      .sort();
    expect(mine).toEqual(
      [
        `GET ${R}/product-version:list staff`,
        `GET ${R}/product:list staff`,
        `GET ${R}/tenant/product-version:query signed-in`,
        `GET ${R}/tenant/product:query staff`,
        `GET ${R}/tenant:notify signed-in`,
        `POST ${R}/tenant/product-version:purchase rightRecharge:buy`,
        `POST ${R}/tenant/product:purchase rightRecharge:buy`,
        `POST ${R}/tenant/order:list rightRecharge:view`,
        `GET ${R}/tenant/order:query rightRecharge:view`,
        `PUT ${R}/tenant/order/bank-pay:confirm rightRecharge:buy`,
        `POST ${R}/tenant/order/bank-pay/receipt:upload rightRecharge:buy`,
        `POST ${R}/tenant/order/bank-pay/receipt:delete rightRecharge:buy`,
        `GET ${R}/tenant/not-invoiced-order:list rightRecharge:view`,
        `GET ${R}/public/banner:query public`,
        `GET ${APP_CTRL}/banner/pc:list staff`,
      ].sort(),
    );
  });
});

describe('catalogue: product-version:list and product:list', () => {
  it('lists the versions and add-ons on sale with prices in 分 to any staff member', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const versions = await call(s.token, 'GET', `${R}/product-version:list`);
    expect(versions.code).toBe(200);
    expect(versions.body.data.items.map((v: any) => [v.name, v.price, v.period_months])).toEqual(
      PRODUCT_VERSIONS.map((v) => [v.name, v.price, v.period_months]),
    );
    expect(versions.body.data.items[0].features).toContain('费用报销与审批流');
    const products = await call(s.token, 'GET', `${R}/product:list`);
    expect(products.body.data.items.map((p: any) => [p.name, p.price, p.amount_per_unit, p.unit])).toEqual(
      PRODUCTS.map((p) => [p.name, p.price, p.amount_per_unit, p.unit]),
    );
    expect(products.body.data.items.every((p: any) => p.product_type === 1)).toBe(true);
  });

  it('refuses a personal account (403) and a caller without a session (401)', async () => {
    const p = await makePersonal(t.db);
    const res = await call(p.token, 'GET', `${R}/product-version:list`);
    expect(res.code).toBe(403);
    expect(res.body.status).toBe(PlatformCode.forbidden);
    const anon = await call(null, 'GET', `${R}/product:list`);
    expect(anon.code).toBe(401);
    expect(anon.body.status).toBe(SESSION_MISSING);
  });
});

describe('GET tenant/product-version:query', () => {
  it('answers the current version with dates in seconds and status computed from the dates', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const { standard } = await catalogue(t);
    const now = Date.now();
    const activatedAt = now - 10 * DAY;
    const expiredAt = now + 20 * DAY + 3600_000;
    await giveVersion(t, tenantId, { name: '标准版', versionId: standard.id, activatedAt, expiredAt });
    await t.db
      .updateTable('organizations')
      .set({ orgcode_payer_type: 0 })
      .where('id', '=', tenantId)
      .execute();

    const res = await call(s.token, 'GET', `${R}/tenant/product-version:query`);
    expect(res.code).toBe(200);
    expect(res.body.data).toEqual({
      product_version_name: '标准版',
      product_version_id: standard.id,
      activated_date: Math.floor(activatedAt / 1000),
      expired_date: Math.floor(expiredAt / 1000),
      is_test_version: 0,
      status: 0,
      charging_mode: 2,
      orgcode_payer_type: 0,
      days_left: 21,
    });

    // Only the date moves: the version is expired once now passes expired_at, with nothing stored.
    await t.db
      .updateTable('tenant_product_versions')
      .set({ expired_at: now - 1000 })
      .where('tenant_id', '=', tenantId)
      .execute();
    const after = await call(s.token, 'GET', `${R}/tenant/product-version:query`);
    expect(after.body.data).toMatchObject({ status: 1, days_left: 0 });
  });

  it('uses the latest activated version', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const now = Date.now();
    await giveVersion(t, tenantId, {
      name: '基础版',
      versionId: null,
      activatedAt: now - 400 * DAY,
      expiredAt: now - 35 * DAY,
    });
    await giveVersion(t, tenantId, {
      name: '专业版',
      versionId: null,
      activatedAt: now - DAY,
      expiredAt: now + 364 * DAY,
    });
    const res = await call(s.token, 'GET', `${R}/tenant/product-version:query`);
    expect(res.body.data).toMatchObject({ product_version_name: '专业版', status: 0 });
  });

  it('answers null for a personal account and for a tenant without a version; 401 without a session', async () => {
    const p = await makePersonal(t.db);
    expect((await call(p.token, 'GET', `${R}/tenant/product-version:query`)).body).toMatchObject({
      status: 0,
      data: null,
    });
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    expect((await call(s.token, 'GET', `${R}/tenant/product-version:query`)).body.data).toBeNull();
    expect((await call(null, 'GET', `${R}/tenant/product-version:query`)).code).toBe(401);
  });
});

describe('GET tenant:notify', () => {
  it('warns danger when expired, warning within 30 days, primary for a test version', async () => {
    const now = Date.now();
    const expired = await makeRightsTenant(t);
    await giveVersion(t, expired.tenantId, {
      name: '标准版',
      versionId: null,
      activatedAt: now - 400 * DAY,
      expiredAt: now - 3 * DAY,
    });
    const res = await call(expired.buyer.token, 'GET', `${R}/tenant:notify`);
    expect(res.code).toBe(200);
    expect(res.body.data).toEqual([
      {
        message: `您的标准版已于${versionLastDay(now - 3 * DAY)}到期，请及时续费，以免影响正常使用`,
        notify_type: 1,
        product_id: null,
        product_type: 2,
      },
    ]);

    const soon = await makeRightsTenant(t);
    const { basic } = await catalogue(t);
    await giveVersion(t, soon.tenantId, {
      name: '基础版',
      versionId: basic.id,
      activatedAt: now - 300 * DAY,
      expiredAt: now + 10 * DAY - 60_000,
    });
    const warn = await call(soon.buyer.token, 'GET', `${R}/tenant:notify`);
    expect(warn.body.data).toEqual([
      {
        message: `您的基础版将于${versionLastDay(now + 10 * DAY - 60_000)}到期（剩余10天），请及时续费`,
        notify_type: 2,
        product_id: basic.id,
        product_type: 2,
      },
    ]);

    const trial = await makeRightsTenant(t);
    await giveVersion(t, trial.tenantId, {
      name: '专业版',
      versionId: null,
      activatedAt: now,
      expiredAt: now + 60 * DAY,
      test: true,
    });
    const primary = await call(trial.buyer.token, 'GET', `${R}/tenant:notify`);
    expect(primary.body.data).toEqual([
      expect.objectContaining({ notify_type: 3, message: expect.stringContaining('您正在试用专业版') }),
    ]);

    const fine = await makeRightsTenant(t);
    await giveVersion(t, fine.tenantId, {
      name: '基础版',
      versionId: null,
      activatedAt: now,
      expiredAt: now + 200 * DAY,
    });
    expect((await call(fine.buyer.token, 'GET', `${R}/tenant:notify`)).body.data).toEqual([]);
  });

  it('reports add-ons running low (product type 1), and hides them for welfare and shop_welfare tenants', async () => {
    const a = await makeRightsTenant(t);
    const pack = (await findProductByCode(t.db, 'invoice_check_1000'))!;
    const sms = (await findProductByCode(t.db, 'sms_1000'))!;
    const now = Date.now();
    await creditTenantProduct(t.db, a.tenantId, pack.id, 1000, now);
    await debitTenantProduct(t.db, a.tenantId, pack.id, 950, now);
    await creditTenantProduct(t.db, a.tenantId, sms.id, 1000, now);
    await debitTenantProduct(t.db, a.tenantId, sms.id, 1000, now);
    await giveVersion(t, a.tenantId, {
      name: '标准版',
      versionId: null,
      activatedAt: now - 400 * DAY,
      expiredAt: now - DAY,
    });
    const res = await call(a.buyer.token, 'GET', `${R}/tenant:notify`);
    expect(res.body.data).toEqual([
      expect.objectContaining({ notify_type: 1, product_type: 2 }),
      { message: '短信包 1000条已用完，请及时购买', notify_type: 1, product_id: sms.id, product_type: 1 },
      {
        message: '电子发票查验包 1000次余量不足，剩余50次，请及时购买',
        notify_type: 2,
        product_id: pack.id,
        product_type: 1,
      },
    ]);

    for (const ui of ['welfare', 'shop_welfare']) {
      await t.db.updateTable('organizations').set({ ui_type: ui }).where('id', '=', a.tenantId).execute();
      const filtered = await call(a.buyer.token, 'GET', `${R}/tenant:notify`);
      expect(filtered.body.data.map((n: any) => n.product_type)).toEqual([2]);
    }
  });

  it('answers an empty list to a personal account', async () => {
    const p = await makePersonal(t.db);
    expect((await call(p.token, 'GET', `${R}/tenant:notify`)).body.data).toEqual([]);
    expect((await call(null, 'GET', `${R}/tenant:notify`)).code).toBe(401);
  });
});

describe('GET tenant/product:query and add-on use', () => {
  it('answers the tenant’s own balances; useTenantProduct debits atomically and refuses overdraft', async () => {
    const a = await makeRightsTenant(t);
    const b = await makeRightsTenant(t);
    const pack = (await findProductByCode(t.db, 'invoice_check_1000'))!;
    await creditTenantProduct(t.db, a.tenantId, pack.id, 1000, Date.now());
    await creditTenantProduct(t.db, a.tenantId, pack.id, 1000, Date.now());
    await useTenantProduct(t.db, a.tenantId, 'invoice_check_1000', 30);
    const res = await call(a.plain.token, 'GET', `${R}/tenant/product:query`);
    expect(res.code).toBe(200);
    expect(res.body.data.items).toEqual([
      expect.objectContaining({
        product_id: pack.id,
        product_name: '电子发票查验包 1000次',
        unit: '次',
        total_amount: 2000,
        used_amount: 30,
        remaining_amount: 1970,
      }),
    ]);
    await expect(useTenantProduct(t.db, a.tenantId, 'invoice_check_1000', 1971)).rejects.toMatchObject({
      code: RightsCode.productInsufficient,
    });
    expect((await call(b.plain.token, 'GET', `${R}/tenant/product:query`)).body.data.items).toEqual([]);
    expect((await call((await makePersonal(t.db)).token, 'GET', `${R}/tenant/product:query`)).code).toBe(403);
  });
});

describe('banners', () => {
  it('public/banner:query answers the platform’s showing login banners (or home with position)', async () => {
    await seedPlatformBanners(t.db);
    const now = Date.now();
    const tenant = await makeTenant(t.db);
    await insertBanner(
      t.db,
      null,
      {
        position: 'login',
        title: '已结束的活动',
        image_url: '/x.svg',
        link_type: 1,
        link: '',
        sort_order: 0,
        start_time: now - 10 * DAY,
        end_time: now - DAY,
      },
      now,
    );
    await insertBanner(
      t.db,
      tenant.tenantId,
      {
        position: 'home',
        title: '本公司年会通知',
        image_url: '/y.svg',
        link_type: 2,
        link: '/home/noticeList',
        sort_order: 0,
        start_time: now - DAY,
        end_time: now + DAY,
      },
      now,
    );

    const login = await call(null, 'GET', `${R}/public/banner:query`);
    expect(login.code).toBe(200);
    expect(login.body.data.items.map((b: any) => b.title)).toEqual([
      '费控一体化，让每一笔支出都有据可查',
      '发票识别与查验，报销效率提升 60%',
    ]);
    const first = login.body.data.items[0];
    expect(first.image_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(first.image_url.split(',')[1], 'base64').toString('utf8')).toContain('费控一体化');
    expect(Object.keys(first).sort()).toEqual(
      ['end_time', 'id', 'image_url', 'link', 'link_type', 'sort', 'start_time', 'title'].sort(),
    );
    const home = await call(null, 'GET', `${R}/public/banner:query?position=home`);
    expect(home.body.data.items).toHaveLength(3);
    expect(home.body.data.items.map((b: any) => b.title)).not.toContain('本公司年会通知');

    const bad = await call(null, 'GET', `${R}/public/banner:query?position=top`);
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toMatch(/^展示位置：/);
  });

  it('banner/pc:list answers the platform home banners plus the tenant’s own, never another tenant’s', async () => {
    const a = await makeRightsTenant(t);
    const b = await makeRightsTenant(t);
    const now = Date.now();
    await insertBanner(
      t.db,
      b.tenantId,
      {
        position: 'home',
        title: '乙方专属横幅',
        image_url: '/b.svg',
        link_type: 5,
        link: 'store-1',
        sort_order: 0,
        start_time: now - DAY,
        end_time: now + DAY,
      },
      now,
    );
    const resA = await call(a.plain.token, 'GET', `${APP_CTRL}/banner/pc:list`);
    expect(resA.code).toBe(200);
    expect(resA.body.data.items.map((x: any) => x.title)).not.toContain('乙方专属横幅');
    const resB = await call(b.plain.token, 'GET', `${APP_CTRL}/banner/pc:list`);
    expect(resB.body.data.items[0]).toMatchObject({ title: '乙方专属横幅', link_type: 5, link: 'store-1' });
    expect(resB.body.data.items.length).toBe(resA.body.data.items.length + 1);
    expect((await call((await makePersonal(t.db)).token, 'GET', `${APP_CTRL}/banner/pc:list`)).code).toBe(
      403,
    );
  });
});

describe('date rules', () => {
  it('adds calendar months in China time, clamping the day', () => {
    const jan31 = Date.UTC(2027, 0, 30, 16, 0, 0); // 2027-01-31 00:00 China time
    expect(chinaDate(jan31)).toBe('2027-01-31');
    expect(chinaDate(addMonths(jan31, 1))).toBe('2027-02-28');
    expect(chinaDate(addMonths(jan31, 12))).toBe('2028-01-31');
    expect(addMonths(jan31, 12) - jan31).toBe(365 * DAY);
  });
});
