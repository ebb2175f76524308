import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { createMigratedTestDatabase, createTestDatabase, type TestApp } from '../../../test/harness.js';
import { makePersonal } from '../../../test/factories.js';
import { buildApp } from '../../app.js';
import { loadConfig, testConfig } from '../../config.js';
import { createMigrator } from '../../platform/db/migrator.js';
import { DownloadSigner, LocalFileStorage } from '../../platform/storage/index.js';
import { runOps } from '../../ops.js';
import { confirmOrderByOperator } from './operator.service.js';
import { RightsCode } from './rights.errors.js';
import { cleanReceiptName, sniffReceipt } from './receipts.service.js';
import {
  caller,
  catalogue,
  makeRightsTenant,
  orderRow,
  R,
  RECEIPT_FILES,
  transfer,
  uploadReceipt,
} from './rights.testkit.js';

// Bank-transfer receipts (转账凭证): upload, submit with the transfer, view through signed links,
// replace, delete, and what the operator sees. The app runs on its own file storage (to look at the
// files) and a clock the tests can move (to expire links).

let filesDir: string;
let storage: LocalFileStorage;
let now = Date.now();
let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const h = await createMigratedTestDatabase();
  const config = testConfig();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-receipts-'));
  storage = new LocalFileStorage(filesDir, new DownloadSigner(config.signingSecret));
  const app = await buildApp({ config, db: h.db, dialect: h.dialect, storage, clock: () => now });
  await app.ready();
  t = {
    app,
    sqliteFile: h.sqliteFile,
    db: h.db,
    dialect: h.dialect,
    config,
    close: async () => {
      await app.close();
      await h.cleanup();
    },
  };
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
  if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
});

const FORBIDDEN = { status: PlatformCode.forbidden, msg: '您没有该操作的权限' };
const upload = (...args: Parameters<typeof uploadReceipt> extends [unknown, ...infer P] ? P : never) =>
  uploadReceipt(t.app, ...args);

/** Receipt files stored under receipts/<tenantId>/ (the .meta side files are not counted). */
function storedFiles(tenantId: number): string[] {
  const dir = path.join(filesDir, 'receipts', String(tenantId));
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(dir, f)).isFile(),
  );
}
async function receiptRows(orderId: number) {
  return t.db
    .selectFrom('tenant_order_receipts')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
async function newOrder(token: string) {
  const { basic } = await catalogue(t);
  const res = await call(token, 'POST', `${R}/tenant/product-version:purchase`, {
    product_version_id: basic.id,
    months: 12,
  });
  expect(res.code).toBe(200);
  return res.body.data as { id: number; amount: number; order_no: string };
}
const confirm = (token: string, body: unknown) =>
  call(token, 'PUT', `${R}/tenant/order/bank-pay:confirm`, body);
async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return res;
}

describe('POST tenant/order/bank-pay/receipt:upload', () => {
  it('stores a JPG, PNG or PDF under the tenant and order, not yet submitted, with a signed link', async () => {
    const a = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    const png = await upload(a.buyer.token, order.id, { name: '招行回单.PNG' });
    expect(png.code).toBe(200);
    expect(png.body.data).toMatchObject({
      id: expect.any(Number),
      file_name: '招行回单.PNG',
      content_type: 'image/png',
      size: RECEIPT_FILES.png.length,
      uploaded_at: now,
      url: expect.stringContaining('/pub-svc-center/api/v1/files/download?'),
    });
    const jpg = await upload(a.buyer.token, order.id, {
      name: 'C:\\fakepath\\回单.jpeg',
      content: RECEIPT_FILES.jpg,
    });
    expect(jpg.body.data).toMatchObject({ file_name: '回单.jpeg', content_type: 'image/jpeg' });
    const pdf = await upload(a.buyer.token, order.id, { name: '电子回单.pdf', content: RECEIPT_FILES.pdf });
    expect(pdf.body.data).toMatchObject({ file_name: '电子回单.pdf', content_type: 'application/pdf' });

    const rows = await receiptRows(order.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ submitted_at: null, uploaded_by: a.buyer.staffId });
    expect(Number(rows[0].tenant_id)).toBe(a.tenantId);
    expect(rows[0].file_key).toMatch(new RegExp(`^receipts/${a.tenantId}/${order.id}/[0-9a-f-]{36}\\.png$`));
    expect(storedFiles(a.tenantId)).toHaveLength(3);
    // The link serves the very bytes, with the checked type.
    const got = await download(png.body.data.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(RECEIPT_FILES.png)).toBe(true);
    // Not submitted yet: the order does not show them.
    const view = await call(a.viewer.token, 'GET', `${R}/tenant/order:query?order_id=${order.id}`);
    expect(view.body.data.bank_pay).toBeNull();
  });

  it('refuses a wrong type (by name or by content), an empty file, a missing file or order; saves nothing', async () => {
    const a = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    const typeMsg = { status: RightsCode.receiptType, msg: '仅支持 JPG、PNG 或 PDF 格式的凭证' };

    const gif = await upload(a.buyer.token, order.id, {
      name: '回单.gif',
      content: Buffer.from('GIF89a...'),
      contentType: 'image/gif',
    });
    expect(gif.code).toBe(400);
    expect(gif.body).toMatchObject({ ...typeMsg, data: { fields: [{ field: 'file' }] } });
    // A text file named .png and sent as image/png: the content decides.
    const fake = await upload(a.buyer.token, order.id, {
      name: '回单.png',
      content: Buffer.from('hello, not a png'),
    });
    expect(fake.body).toMatchObject(typeMsg);
    const exe = await upload(a.buyer.token, order.id, { name: '回单.exe', content: RECEIPT_FILES.pdf });
    expect(exe.body).toMatchObject(typeMsg);
    const empty = await upload(a.buyer.token, order.id, { name: '回单.png', content: Buffer.alloc(0) });
    expect(empty.body).toMatchObject({ status: RightsCode.receiptEmpty, msg: '凭证文件为空，请重新选择' });
    const noFile = await upload(a.buyer.token, order.id, null);
    expect(noFile.body).toMatchObject({
      status: RightsCode.receiptFileMissing,
      msg: '请选择要上传的凭证文件',
    });
    const noOrder = await upload(a.buyer.token, null);
    expect(noOrder.code).toBe(400);
    expect(noOrder.body.msg).toMatch(/^订单ID：/);
    const json = await call(a.buyer.token, 'POST', `${R}/tenant/order/bank-pay/receipt:upload`, {
      order_id: order.id,
    });
    expect(json.body).toMatchObject({ status: RightsCode.receiptFileMissing });

    expect(await receiptRows(order.id)).toHaveLength(0);
    expect(storedFiles(a.tenantId)).toHaveLength(0);
  });

  it('refuses a file over 10 MB with 凭证不能超过 10MB; exactly 10 MB is fine', async () => {
    const a = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    RECEIPT_FILES.png.copy(big);
    const tooBig = await upload(a.buyer.token, order.id, { name: '回单.png', content: big });
    expect(tooBig.code).toBe(400);
    expect(tooBig.body).toMatchObject({ status: RightsCode.receiptTooLarge, msg: '凭证不能超过 10MB' });
    expect(await receiptRows(order.id)).toHaveLength(0);
    expect(storedFiles(a.tenantId)).toHaveLength(0);

    const exact = await upload(a.buyer.token, order.id, {
      name: '回单.png',
      content: big.subarray(0, 10 * 1024 * 1024),
    });
    expect(exact.code).toBe(200);
    expect(exact.body.data.size).toBe(10 * 1024 * 1024);
  });

  it('refuses another tenant’s order, a finished order and callers without rightRecharge:buy', async () => {
    const a = await makeRightsTenant(t);
    const b = await makeRightsTenant(t);
    const orderB = await newOrder(b.buyer.token);
    const foreign = await upload(a.buyer.token, orderB.id);
    expect(foreign.code).toBe(404);
    expect(foreign.body).toMatchObject({ status: RightsCode.orderNotFound, msg: '订单不存在' });

    const order = await newOrder(a.buyer.token);
    const viewer = await upload(a.viewer.token, order.id);
    expect(viewer.code).toBe(403);
    expect(viewer.body).toMatchObject(FORBIDDEN);
    expect((await upload(a.plain.token, order.id)).code).toBe(403);
    expect((await upload((await makePersonal(t.db)).token, order.id)).code).toBe(403);
    expect((await upload('not-a-session', order.id)).code).toBe(401);
    expect(await receiptRows(order.id)).toHaveLength(0);
    expect(await receiptRows(orderB.id)).toHaveLength(0);

    // Completed: no more receipts.
    const r = await upload(a.buyer.token, order.id);
    await confirm(a.buyer.token, transfer(order.id, order.amount, { receipt_ids: [r.body.data.id] }));
    await confirmOrderByOperator(t.db, order.order_no);
    const done = await upload(a.buyer.token, order.id);
    expect(done.code).toBe(409);
    expect(done.body.msg).toBe('订单状态为「已完成」，不能上传转账凭证');
  });

  it('keeps at most 10 unsubmitted uploads per order (older than a day do not count)', async () => {
    const a = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    for (let i = 0; i < 10; i++) expect((await upload(a.buyer.token, order.id)).code).toBe(200);
    const full = await upload(a.buyer.token, order.id);
    expect(full.body).toMatchObject({ status: RightsCode.receiptDraftsFull });
    const saved = now;
    now += 25 * 3600_000;
    try {
      expect((await upload(a.buyer.token, order.id)).code).toBe(200);
    } finally {
      now = saved;
    }
  });
});

describe('PUT tenant/order/bank-pay:confirm with receipts', () => {
  it('requires 1–3 receipts of this order: 请上传转账凭证, 最多上传 3 个, another order’s or tenant’s refused; nothing changes', async () => {
    const a = await makeRightsTenant(t);
    const b = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    const other = await newOrder(a.buyer.token);
    const orderB = await newOrder(b.buyer.token);

    const none = await confirm(a.buyer.token, transfer(order.id, order.amount));
    expect(none.code).toBe(400);
    expect(none.body).toMatchObject({
      status: RightsCode.receiptRequired,
      msg: '请上传转账凭证',
      data: { fields: [{ field: 'receipt_ids', msg: '请上传转账凭证' }] },
    });
    const empty = await confirm(a.buyer.token, transfer(order.id, order.amount, { receipt_ids: [] }));
    expect(empty.body.msg).toBe('请上传转账凭证');

    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await upload(a.buyer.token, order.id)).body.data.id);
    const four = await confirm(a.buyer.token, transfer(order.id, order.amount, { receipt_ids: ids }));
    expect(four.code).toBe(400);
    expect(four.body).toMatchObject({ status: RightsCode.receiptTooMany, msg: '最多上传 3 个转账凭证' });

    const otherOrders = (await upload(a.buyer.token, other.id)).body.data.id;
    const wrongOrder = await confirm(
      a.buyer.token,
      transfer(order.id, order.amount, { receipt_ids: [ids[0], otherOrders] }),
    );
    expect(wrongOrder.body).toMatchObject({
      status: RightsCode.receiptInvalid,
      msg: '转账凭证：文件不存在，请重新上传',
    });
    const bReceipt = (await upload(b.buyer.token, orderB.id)).body.data.id;
    const foreign = await confirm(
      a.buyer.token,
      transfer(order.id, order.amount, { receipt_ids: [bReceipt] }),
    );
    expect(foreign.body).toMatchObject({ status: RightsCode.receiptInvalid });
    const badId = await confirm(a.buyer.token, transfer(order.id, order.amount, { receipt_ids: ['x'] }));
    expect(badId.code).toBe(400);
    expect(badId.body.msg).toMatch(/^转账凭证ID：/);

    // A receipt whose file went missing cannot be submitted.
    const row = (await receiptRows(order.id))[0];
    fs.rmSync(storage.localPath(row.file_key));
    const gone = await confirm(a.buyer.token, transfer(order.id, order.amount, { receipt_ids: [row.id] }));
    expect(gone.body).toMatchObject({ status: RightsCode.receiptInvalid });

    expect(await orderRow(t as never, order.id)).toMatchObject({ status: 1, paid_at: null });
    expect((await receiptRows(order.id)).every((r) => r.submitted_at === null)).toBe(true);
    expect(await receiptRows(orderB.id)).toHaveLength(1);
  });

  it('submits the named receipts (duplicates once), drops the other uploads, and shows them on the order', async () => {
    const a = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    const r1 = (await upload(a.buyer.token, order.id, { name: '回单1.png' })).body.data;
    const r2 = (await upload(a.buyer.token, order.id, { name: '回单2.pdf', content: RECEIPT_FILES.pdf })).body
      .data;
    const unused = (await upload(a.buyer.token, order.id, { name: '拍错了.jpg', content: RECEIPT_FILES.jpg }))
      .body.data;
    const res = await confirm(
      a.buyer.token,
      transfer(order.id, order.amount, { receipt_ids: [r1.id, r2.id, r1.id] }),
    );
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({ status: 2, status_name: '已付款待确认' });
    expect(res.body.data.bank_pay.receipts).toEqual([
      expect.objectContaining({ id: r1.id, file_name: '回单1.png', content_type: 'image/png' }),
      expect.objectContaining({ id: r2.id, file_name: '回单2.pdf', content_type: 'application/pdf' }),
    ]);
    const rows = await receiptRows(order.id);
    expect(rows.map((r) => Number(r.id))).toEqual([r1.id, r2.id]);
    expect(rows.every((r) => Number(r.submitted_at) === now)).toBe(true);
    expect(rows.map((r) => r.id)).not.toContain(unused.id);
    expect(storedFiles(a.tenantId)).toHaveLength(2);

    // The order list and the detail carry the same receipts.
    const list = await call(a.viewer.token, 'POST', `${R}/tenant/order:list`, {});
    const listed = list.body.data.items.find((o: { id: number }) => o.id === order.id);
    expect(listed.bank_pay.receipts.map((r: { id: number }) => r.id)).toEqual([r1.id, r2.id]);
    const detail = await call(a.viewer.token, 'GET', `${R}/tenant/order:query?order_id=${order.id}`);
    const pdf = await download(detail.body.data.bank_pay.receipts[1].url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(encodeURIComponent('回单2.pdf'));
  });

  it('a correction replaces the receipts: the old ones’ rows and files go, in the same submission', async () => {
    const a = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    const first = (await upload(a.buyer.token, order.id, { name: '旧回单.png' })).body.data;
    await confirm(a.buyer.token, transfer(order.id, order.amount, { receipt_ids: [first.id] }));
    const second = (await upload(a.buyer.token, order.id, { name: '新回单.jpg', content: RECEIPT_FILES.jpg }))
      .body.data;
    // Submitted receipts cannot be deleted on their own: only replaced by a new submission.
    const del = await call(a.buyer.token, 'POST', `${R}/tenant/order/bank-pay/receipt:delete`, {
      receipt_id: first.id,
    });
    expect(del.code).toBe(409);
    expect(del.body.status).toBe(RightsCode.receiptSubmitted);
    // Until then the order still shows the first one.
    const before = await call(a.viewer.token, 'GET', `${R}/tenant/order:query?order_id=${order.id}`);
    expect(before.body.data.bank_pay.receipts.map((r: { id: number }) => r.id)).toEqual([first.id]);

    const res = await confirm(a.buyer.token, transfer(order.id, order.amount, { receipt_ids: [second.id] }));
    expect(res.body.data.bank_pay.receipts.map((r: { file_name: string }) => r.file_name)).toEqual([
      '新回单.jpg',
    ]);
    expect((await receiptRows(order.id)).map((r) => Number(r.id))).toEqual([second.id]);
    expect(storedFiles(a.tenantId)).toHaveLength(1);
    expect((await download(first.url)).statusCode).toBe(404);
  });
});

describe('POST tenant/order/bank-pay/receipt:delete', () => {
  it('deletes an unsubmitted upload and its file; another tenant’s is not found; needs rightRecharge:buy', async () => {
    const a = await makeRightsTenant(t);
    const b = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    const r = (await upload(a.buyer.token, order.id)).body.data;
    const del = (token: string, id: unknown) =>
      call(token, 'POST', `${R}/tenant/order/bank-pay/receipt:delete`, { receipt_id: id });

    expect((await del(a.viewer.token, r.id)).code).toBe(403);
    const foreign = await del(b.buyer.token, r.id);
    expect(foreign.code).toBe(404);
    expect(foreign.body).toMatchObject({ status: RightsCode.receiptNotFound, msg: '凭证不存在' });
    expect(await receiptRows(order.id)).toHaveLength(1);

    const ok = await del(a.buyer.token, r.id);
    expect(ok.code).toBe(200);
    expect(await receiptRows(order.id)).toHaveLength(0);
    expect(storedFiles(a.tenantId)).toHaveLength(0);
    expect((await del(a.buyer.token, r.id)).code).toBe(404);
  });
});

describe('receipt download links', () => {
  it('are signed and expire after 30 minutes: a forged, re-pointed or expired link is refused', async () => {
    const a = await makeRightsTenant(t);
    const b = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    const orderB = await newOrder(b.buyer.token);
    const ra = (await upload(a.buyer.token, order.id)).body.data;
    const rb = (await upload(b.buyer.token, orderB.id, { name: 'b.pdf', content: RECEIPT_FILES.pdf })).body
      .data;
    await confirm(a.buyer.token, transfer(order.id, order.amount, { receipt_ids: [ra.id] }));
    await confirm(b.buyer.token, transfer(orderB.id, orderB.amount, { receipt_ids: [rb.id] }));

    const url = (await call(a.viewer.token, 'GET', `${R}/tenant/order:query?order_id=${order.id}`)).body.data
      .bank_pay.receipts[0].url as string;
    expect((await download(url)).statusCode).toBe(200);

    const link = new URL(url, 'http://x');
    const q = Object.fromEntries(link.searchParams);
    const forged = new URLSearchParams({ ...q, sig: q.sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) });
    const bad = await download(`${link.pathname}?${forged}`);
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ msg: '链接无效' });
    // A's signature does not open B's receipt, nor a later expiry.
    const bKey = new URL(rb.url, 'http://x').searchParams.get('key')!;
    const repointed = await download(`${link.pathname}?${new URLSearchParams({ ...q, key: bKey })}`);
    expect(repointed.statusCode).toBe(403);
    const later = await download(
      `${link.pathname}?${new URLSearchParams({ ...q, expires: String(Number(q.expires) + 86_400) })}`,
    );
    expect(later.statusCode).toBe(403);
    expect(Number(q.expires) * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const saved = now;
    now += 31 * 60_000;
    try {
      const expired = await download(url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toMatchObject({ msg: '链接已过期' });
    } finally {
      now = saved;
    }
    // Only the order's own tenant gets links: B cannot read A's order.
    expect((await call(b.viewer.token, 'GET', `${R}/tenant/order:query?order_id=${order.id}`)).code).toBe(
      404,
    );
  });
});

describe('ops: list-orders and show-order', () => {
  it('list-orders counts the receipts; show-order prints their local paths', async () => {
    const a = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    const r1 = (await upload(a.buyer.token, order.id, { name: '回单.png' })).body.data;
    const r2 = (await upload(a.buyer.token, order.id, { name: '回单.pdf', content: RECEIPT_FILES.pdf })).body
      .data;
    await confirm(a.buyer.token, transfer(order.id, order.amount, { receipt_ids: [r1.id, r2.id] }));
    const io = () => {
      const out: string[] = [];
      const err: string[] = [];
      return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
    };

    const list = io();
    expect(await runOps(['list-orders', '--status', '2'], t.db, list.io)).toBe(0);
    expect(list.out[0].split('\t').at(-1)).toBe('凭证');
    const line = list.out.find((l) => l.startsWith(order.order_no))!;
    expect(line.split('\t').at(-1)).toBe('2个');

    const show = io();
    expect(await runOps(['show-order', order.order_no], t.db, show.io, { files: storage })).toBe(0);
    const text = show.out.join('\n');
    expect(show.out[0]).toBe(`订单 ${order.order_no}（ID ${order.id}）  状态：已付款待确认`);
    expect(text).toContain('转账凭证：2 个');
    expect(text).toContain('1. 回单.png（image/png');
    expect(text).toContain(`核对无误后确认到账：npm run ops -- confirm-order ${order.order_no}`);
    const paths = show.out.map((l) => l.trim()).filter((l) => l.startsWith(filesDir));
    expect(paths).toHaveLength(2);
    for (const p of paths) expect(fs.existsSync(p)).toBe(true);
    expect(fs.readFileSync(paths[1]).equals(RECEIPT_FILES.pdf)).toBe(true);

    const byId = io();
    expect(await runOps(['show-order', String(order.id)], t.db, byId.io, { files: storage })).toBe(0);
    expect(byId.out[0]).toContain(order.order_no);
    const unknown = io();
    expect(await runOps(['show-order', 'RR-nope'], t.db, unknown.io, { files: storage })).toBe(1);
    expect(unknown.err[0]).toBe('错误：订单不存在（RR-nope）');
    expect(await runOps(['show-order'], t.db, io().io, { files: storage })).toBe(2);
  });
});

describe('closing an order drops the uploads never submitted', () => {
  const silent = { out: () => {}, err: () => {} };

  it('confirm-order keeps the submitted receipts and deletes the drafts, rows and files', async () => {
    const a = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    const kept = (await upload(a.buyer.token, order.id, { name: '回单.png' })).body.data;
    await confirm(a.buyer.token, transfer(order.id, order.amount, { receipt_ids: [kept.id] }));
    // Uploaded after submitting, never submitted: a draft.
    const draft = (await upload(a.buyer.token, order.id, { name: '多余.pdf', content: RECEIPT_FILES.pdf }))
      .body.data;
    expect(await receiptRows(order.id)).toHaveLength(2);
    expect(storedFiles(a.tenantId)).toHaveLength(2);

    expect(await runOps(['confirm-order', order.order_no], t.db, silent, { files: storage })).toBe(0);
    const rows = await receiptRows(order.id);
    expect(rows.map((r) => r.id)).toEqual([kept.id]);
    expect(rows.map((r) => r.id)).not.toContain(draft.id);
    expect(storedFiles(a.tenantId)).toHaveLength(1);
  });

  it('cancel-order deletes the drafts too', async () => {
    const a = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    await upload(a.buyer.token, order.id, { name: '回单.png' });
    expect(storedFiles(a.tenantId)).toHaveLength(1);
    expect(await runOps(['cancel-order', order.order_no], t.db, silent, { files: storage })).toBe(0);
    expect(await receiptRows(order.id)).toEqual([]);
    expect(storedFiles(a.tenantId)).toEqual([]);
  });

  it('a refused confirm (wrong status) deletes nothing', async () => {
    const a = await makeRightsTenant(t);
    const order = await newOrder(a.buyer.token);
    await upload(a.buyer.token, order.id, { name: '回单.png' });
    // Still 待支付: the operator cannot confirm it, and the draft stays.
    expect(await runOps(['confirm-order', order.order_no], t.db, silent, { files: storage })).toBe(1);
    expect(await receiptRows(order.id)).toHaveLength(1);
    expect(storedFiles(a.tenantId)).toHaveLength(1);
  });
});

describe('units', () => {
  it('sniffReceipt knows JPG, PNG and PDF by their first bytes only', () => {
    expect(sniffReceipt(RECEIPT_FILES.png)).toEqual({ contentType: 'image/png', ext: '.png' });
    expect(sniffReceipt(RECEIPT_FILES.jpg)).toEqual({ contentType: 'image/jpeg', ext: '.jpg' });
    expect(sniffReceipt(RECEIPT_FILES.pdf)).toEqual({ contentType: 'application/pdf', ext: '.pdf' });
    expect(sniffReceipt(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffReceipt(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffReceipt(Buffer.alloc(0))).toBeNull();
  });

  it('cleanReceiptName keeps the user’s name without paths or control characters', () => {
    expect(cleanReceiptName('C:\\fakepath\\回单.png', '.png')).toBe('回单.png');
    expect(cleanReceiptName('../../etc/回单.pdf', '.pdf')).toBe('回单.pdf');
    expect(cleanReceiptName('a:b*c?.jpg', '.jpg')).toBe('a_b_c_.jpg');
    expect(cleanReceiptName('  ', '.png')).toBe('转账凭证.png');
    expect(cleanReceiptName('名'.repeat(150) + '.png', '.png')).toBe('名'.repeat(96) + '.png');
  });

  it('the payee account comes from PAYEE_* with the platform’s account as default', () => {
    const base = { SIGNING_SECRET: 'x'.repeat(32), DATA_DIR: filesDir };
    expect(loadConfig(base).payee).toEqual({
      accountName: '上海飞控信息科技有限公司',
      bankName: '招商银行上海分行张江支行',
      accountNo: '1219 0958 6710 802',
    });
    const own = loadConfig({
      ...base,
      PAYEE_ACCOUNT_NAME: '某某科技有限公司',
      PAYEE_BANK_NAME: '中国银行北京分行',
      PAYEE_ACCOUNT_NO: '3300 1111 2222',
    });
    expect(own.payee).toEqual({
      accountName: '某某科技有限公司',
      bankName: '中国银行北京分行',
      accountNo: '3300 1111 2222',
    });
  });
});

describe('migration 20261122T0010_order_receipts', () => {
  it('moves an order’s single receipt_file_key into tenant_order_receipts and back down', async () => {
    const m = await createTestDatabase();
    try {
      const migrator = createMigrator(m.db, { schema: m.schema });
      expect((await migrator.migrateTo('20261122T0009_org_menus')).error).toBeUndefined();
      const at = 1_760_000_000_000;
      const order = (key: string | null, no: string) =>
        (m.db as any)
          .insertInto('tenant_orders')
          .values({
            tenant_id: 7,
            order_no: no,
            order_type: 1,
            item_name: '基础版',
            quantity: 1,
            unit_price: 100,
            amount: 100,
            status: 2,
            created_by: 70,
            creator_name: '张三',
            receipt_file_key: key,
            paid_at: at,
            created_at: at - 1000,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const withKey = Number((await order('receipts/7/r1.PDF', 'RR1')).id);
      await order(null, 'RR2');

      expect((await migrator.migrateTo('20261122T0010_order_receipts')).error).toBeUndefined();
      const rows = await m.db.selectFrom('tenant_order_receipts').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        file_key: 'receipts/7/r1.PDF',
        file_name: '转账凭证',
        content_type: 'application/pdf',
      });
      expect(
        [rows[0].tenant_id, rows[0].order_id, rows[0].uploaded_by, rows[0].submitted_at].map(Number),
      ).toEqual([7, withKey, 70, at]);

      expect((await migrator.migrateTo('20261122T0009_org_menus')).error).toBeUndefined();
      const back = await (m.db as any)
        .selectFrom('tenant_orders')
        .select(['order_no', 'receipt_file_key'])
        .orderBy('order_no')
        .execute();
      expect(back).toEqual([
        { order_no: 'RR1', receipt_file_key: 'receipts/7/r1.PDF' },
        { order_no: 'RR2', receipt_file_key: null },
      ]);
    } finally {
      await m.cleanup();
    }
  });
});
