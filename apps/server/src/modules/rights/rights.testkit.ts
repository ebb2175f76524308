import type { TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { multipartBody } from '../../../test/tasks.js';
import { insertTenantVersion, listVersionsOnSale } from './rights.repo.js';

/** An order row as a purchase would write it (other modules' tests set up their data with it). */
export { insertOrder } from './orders.repo.js';

/** Helpers shared by the rights test files. */

export const R = '/right-recharge/api/v1';
export const APP_CTRL = '/app-ctrl/api/v1';

export function caller(t: TestApp) {
  return async (
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { 'x-session-token': token } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
  };
}

/** A tenant with a buyer holding both rights permissions, a viewer, and a plain staff member. */
export async function makeRightsTenant(t: TestApp) {
  const tenant = await makeTenant(t.db);
  const buyer = await makeStaff(t.db, tenant.tenantId, ['rightRecharge:view', 'rightRecharge:buy']);
  const viewer = await makeStaff(t.db, tenant.tenantId, ['rightRecharge:view']);
  const plain = await makeStaff(t.db, tenant.tenantId);
  return { ...tenant, buyer, viewer, plain };
}

export async function catalogue(t: TestApp) {
  const versions = await listVersionsOnSale(t.db);
  const by = (code: string) => versions.find((v) => v.code === code)!;
  return { basic: by('basic'), standard: by('standard'), pro: by('pro') };
}

export async function giveVersion(
  t: TestApp,
  tenantId: number,
  v: { name: string; versionId: number | null; activatedAt: number; expiredAt: number; test?: boolean },
) {
  await insertTenantVersion(
    t.db,
    tenantId,
    {
      product_version_name: v.name,
      product_version_id: v.versionId,
      order_id: null,
      activated_at: v.activatedAt,
      expired_at: v.expiredAt,
      is_test_version: v.test ? 1 : 0,
    },
    v.activatedAt,
  );
}

export async function orderRow(t: TestApp, id: number) {
  return t.db.selectFrom('tenant_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function countRows(
  t: TestApp,
  table: 'tenant_orders' | 'tenant_products' | 'tenant_product_versions',
) {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The transfer details of an order of `amount` 分. */
export function transfer(orderId: number, amount: number, extra: Record<string, unknown> = {}) {
  return {
    order_id: orderId,
    payer_account_name: '测试集团有限公司',
    payer_bank: '中国建设银行上海分行',
    payer_account_no: '3100 1234 5678 9012',
    transfer_amount: amount,
    transfer_time: Date.now() - 60_000,
    remark: '季度续费',
    ...extra,
  };
}

/** Small but real receipt files: a 1×1 PNG, a JPEG header and a one-page PDF. */
export const RECEIPT_FILES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 receipt')]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
};

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** POST tenant/order/bank-pay/receipt:upload with one file (default: a PNG named 回单.png). */
export async function uploadReceipt(
  app: TestApp['app'],
  token: string,
  orderId: number | string | null,
  file: { name?: string; content?: Buffer; contentType?: string } | null = {},
) {
  const name = file?.name ?? '回单.png';
  const body = multipartBody(
    orderId === null ? {} : { order_id: String(orderId) },
    file === null
      ? undefined
      : {
          name,
          content: file.content ?? RECEIPT_FILES.png,
          contentType:
            file.contentType ?? TYPES[name.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream',
        },
  );
  const res = await app.inject({
    method: 'POST',
    url: `${R}/tenant/order/bank-pay/receipt:upload`,
    headers: { ...body.headers, 'x-session-token': token },
    payload: body.payload,
  });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}
