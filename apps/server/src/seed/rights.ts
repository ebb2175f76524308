import { xmlSafe } from '@feikong/contracts';
import type { Db } from '../platform/db/database.js';
import { staffIdByPhone } from '../modules/org/index.js';
import { insertOrder, staffUserId } from '../modules/rights/orders.repo.js';
import { newOrderNo } from '../modules/rights/orders.service.js';
import { OrderStatus, OrderType } from '../modules/rights/rights.errors.js';
import {
  creditTenantProduct,
  currentTenantVersion,
  debitTenantProduct,
  findProductByCode,
  insertBanner,
  insertTenantVersion,
  linkTenantVersion,
  listVersionsOnSale,
} from '../modules/rights/rights.repo.js';
import { addMonths } from '../modules/rights/rights.service.js';

const DAY = 86_400_000;

/**
 * A banner image drawn as SVG and served as a data URL, so the server needs no image files and the
 * client needs nothing but an <img>.
 */
export function bannerImage(b: {
  title: string;
  subtitle: string;
  from: string;
  to: string;
  width?: number;
  height?: number;
}) {
  const w = b.width ?? 1200;
  const h = b.height ?? 300;
  const font = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif";
  const esc = (t: string) => xmlSafe(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w - 160}" cy="${h / 2}" r="${h * 0.42}" fill="#ffffff" fill-opacity="0.12"/>
<circle cx="${w - 60}" cy="${h * 0.15}" r="${h * 0.22}" fill="#ffffff" fill-opacity="0.10"/>
<text x="64" y="${h * 0.46}" font-family="${font}" font-size="${Math.round(h * 0.15)}" font-weight="700" fill="#ffffff">${esc(b.title)}</text>
<text x="64" y="${h * 0.68}" font-family="${font}" font-size="${Math.round(h * 0.075)}" fill="#ffffff" fill-opacity="0.9">${esc(b.subtitle)}</text>
</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** Platform banners: two on the login page, three on every tenant's home. */
export async function seedPlatformBanners(db: Db, now = Date.now()) {
  const start = now - DAY;
  const end = addMonths(now, 12);
  const banners = [
    {
      position: 'login',
      title: '费控一体化，让每一笔支出都有据可查',
      image_url: bannerImage({
        title: '费控一体化',
        subtitle: '让每一笔支出都有据可查 · 事前申请 · 事中管控 · 事后报销',
        from: '#1677ff',
        to: '#0a3d91',
        width: 760,
        height: 480,
      }),
      link_type: 1,
      link: '',
    },
    {
      position: 'login',
      title: '发票识别与查验，报销效率提升 60%',
      image_url: bannerImage({
        title: '智能发票查验',
        subtitle: '拍照识别 · 扫码查验 · 重复报销自动拦截',
        from: '#13c2c2',
        to: '#08646b',
        width: 760,
        height: 480,
      }),
      link_type: 1,
      link: '',
    },
    {
      position: 'home',
      title: '标准版限时续费：预算管理与差旅管控全面升级',
      image_url: bannerImage({
        title: '续费享预算与差旅管控',
        subtitle: '设置中心 → 系统权益，在线下单，对公转账即可开通',
        from: '#fa8c16',
        to: '#d4380d',
      }),
      link_type: 2,
      link: '/setcenter/rightRecharge/productVersion',
    },
    {
      position: 'home',
      title: '新功能：后台导入导出任务，进度实时可查',
      image_url: bannerImage({
        title: '下载中心上线',
        subtitle: '组织与成员导入导出在后台执行，完成后消息通知',
        from: '#722ed1',
        to: '#391085',
      }),
      link_type: 2,
      link: '/downloadcenter',
    },
    {
      position: 'home',
      title: '企业微信、钉钉、飞书一键集成',
      image_url: bannerImage({
        title: '第三方平台集成',
        subtitle: '组织架构自动同步 · 免登录进入 · 审批消息推送',
        from: '#52c41a',
        to: '#237804',
      }),
      link_type: 4,
      link: 'https://open.work.weixin.qq.com/',
    },
  ];
  let sort = 1;
  for (const b of banners) {
    await insertBanner(db, null, { ...b, sort_order: sort++, start_time: start, end_time: end }, now);
  }
}

/**
 * Demo rights: 演示集团 on 标准版 (with its completed order, not yet invoiced), a running-low
 * 电子发票查验包, and an unpaid renewal order; 过期示例公司 on an expired version; the platform banners.
 * Answers the ids the notification seed refers to.
 */
export async function seedDemoRights(
  db: Db,
  ids: { group: number; expired: number },
  adminPhone: string,
  now = Date.now(),
) {
  const versions = await listVersionsOnSale(db);
  const standard = versions.find((v) => v.code === 'standard')!;
  const basic = versions.find((v) => v.code === 'basic')!;
  const invoicePack = (await findProductByCode(db, 'invoice_check_1000'))!;
  const adminStaff = await staffIdByPhone(db, ids.group, adminPhone);
  if (adminStaff === undefined) throw new Error(`演示数据缺少员工 ${adminPhone}`);
  const adminUser = (await staffUserId(db, ids.group, adminStaff))!;

  // The identity seed may already have given both tenants a version: then it is linked to the
  // catalogue (and to its order), otherwise it is created here.
  const current = await currentTenantVersion(db, ids.group);
  const boughtAt = current ? Number(current.activated_at) : now - 30 * DAY;
  const order = (o: {
    type: number;
    versionId?: number;
    productId?: number;
    name: string;
    months?: number;
    quantity: number;
    price: number;
    status: number;
    at: number;
  }) =>
    insertOrder(db, ids.group, {
      order_no: newOrderNo(o.at - 3 * 3600_000),
      order_type: o.type,
      product_version_id: o.versionId ?? null,
      product_id: o.productId ?? null,
      item_name: o.name,
      months: o.months ?? null,
      quantity: o.quantity,
      unit_price: o.price,
      amount: o.price * o.quantity,
      status: o.status,
      created_by: adminStaff,
      creator_name: '演示管理员',
      ...(o.status === OrderStatus.completed
        ? {
            payer_account_name: '演示集团',
            payer_bank: '中国工商银行上海市分行营业部',
            payer_account_no: '1001244309000012345',
            transfer_amount: o.price * o.quantity,
            transfer_time: o.at - 2 * 3600_000,
            pay_remark: '对公转账',
            paid_at: o.at - 2 * 3600_000,
            completed_at: o.at,
          }
        : {}),
      created_at: o.at - 3 * 3600_000,
      updated_at: o.at,
    });

  const versionOrder = await order({
    type: OrderType.version,
    versionId: standard.id,
    name: standard.name,
    months: 12,
    quantity: 1,
    price: standard.price,
    status: OrderStatus.completed,
    at: boughtAt,
  });
  if (current) {
    const byName = versions.find((v) => v.name === current.product_version_name);
    await linkTenantVersion(db, ids.group, current.id, byName?.id ?? null, versionOrder);
  } else {
    await insertTenantVersion(
      db,
      ids.group,
      {
        product_version_name: standard.name,
        product_version_id: standard.id,
        order_id: versionOrder,
        activated_at: boughtAt,
        expired_at: addMonths(boughtAt, 12),
        is_test_version: 0,
      },
      boughtAt,
    );
  }
  await order({
    type: OrderType.product,
    productId: invoicePack.id,
    name: invoicePack.name,
    quantity: 1,
    price: invoicePack.price,
    status: OrderStatus.completed,
    at: boughtAt,
  });
  await creditTenantProduct(db, ids.group, invoicePack.id, invoicePack.amount_per_unit, boughtAt);
  await debitTenantProduct(db, ids.group, invoicePack.id, 920, now);
  const pendingOrder = await order({
    type: OrderType.version,
    versionId: standard.id,
    name: standard.name,
    months: 12,
    quantity: 1,
    price: standard.price,
    status: OrderStatus.pending,
    at: now,
  });

  const expiredVersion = await currentTenantVersion(db, ids.expired);
  if (expiredVersion) {
    const byName = versions.find((v) => v.name === expiredVersion.product_version_name);
    await linkTenantVersion(db, ids.expired, expiredVersion.id, byName?.id ?? null, null);
  } else {
    const expiredAt = now - 10 * DAY;
    await insertTenantVersion(
      db,
      ids.expired,
      {
        product_version_name: basic.name,
        product_version_id: basic.id,
        order_id: null,
        activated_at: addMonths(expiredAt, -12),
        expired_at: expiredAt,
        is_test_version: 0,
      },
      addMonths(expiredAt, -12),
    );
  }

  await seedPlatformBanners(db, now);
  return { adminUserId: adminUser, versionOrderId: versionOrder, pendingOrderId: pendingOrder, boughtAt };
}
