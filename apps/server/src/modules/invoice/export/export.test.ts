import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesTestApp, grantedDir, testData } from '../../files/files.testkit.js';
import { caller, makeInvoiceTenant, REAL_BUYERS, realInvoice, W } from '../invoice.testkit.js';
import { OFD_PRINT_PX } from '../ofdPrint/ofdPrint.js';
import { hostileOfd } from '../ofdPrint/ofdPrint.testkit.js';

// export/custom with OFD invoices (decision 0038): the real OFDs of test-data/invoices/ofd (github
// ofdrw/ofdrw test resources, Apache-2.0) drawn into the PDF; what cannot be printed said in one message.

let env: Awaited<ReturnType<typeof createFilesTestApp>>;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  env = await createFilesTestApp();
  call = caller(env.t);
});
afterAll(async () => env?.t.close());

type Tenant = Awaited<ReturnType<typeof makeInvoiceTenant>>;

const OFD = {
  shudian: [
    '24112000000048542163',
    'invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd',
  ],
  lanxi: ['83089647', 'invoices/ofd/ofdrw_1_eInvoice_2020_033002000211_83089647.ofd'],
  sample: ['12235358', 'invoices/ofd/ofdrw_999_eInvoice_sample_050001700111_12235358.ofd'],
} as const;

/**
 * Saves the tenant owner's invoice `part` (a real one from the manifest, entered by hand) and then gives it
 * `file` as its stored file: the print reads whatever file is stored, and saving an exact file whose
 * fields differ from the entry is refused since decision 0035, hostile files included.
 */
async function saved(t: Tenant, part: string, file?: Buffer): Promise<number> {
  const inv = realInvoice(part, {});
  if (!Object.values(REAL_BUYERS).some((b) => b.name === inv.buyerName))
    Object.assign(inv, { buyerName: REAL_BUYERS.jingli.name, buyerTaxId: REAL_BUYERS.jingli.taxId });
  const res = await call(t.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [inv] });
  expect(res.code, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.items[0].id as number;
  if (file) {
    const dir = await grantedDir(env.t.db, t.tenantId, t.owner.staffId);
    const fileKey = `${dir}2026/11/28/${Date.now()}_${Math.random().toString(16).slice(2)}.ofd`;
    await env.storage.put(fileKey, file, { contentType: 'application/ofd' });
    await env.t.db
      .updateTable('invoices')
      .set({ file_key: fileKey })
      .where('tenant_id', '=', t.tenantId)
      .where('id', '=', id)
      .execute();
  }
  return id;
}

async function pdfOf(url: string) {
  const res = await env.t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return PDFDocument.load(res.rawPayload);
}

/** The pictures inside a PDF: width × height of each image XObject. */
function images(doc: PDFDocument): { width: number; height: number; filter: string }[] {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, o]) => o)
    .filter(
      (o): o is PDFRawStream =>
        o instanceof PDFRawStream && String(o.dict.get(PDFName.of('Subtype'))) === '/Image',
    )
    .map((o) => ({
      width: Number(String(o.dict.get(PDFName.of('Width')))),
      height: Number(String(o.dict.get(PDFName.of('Height')))),
      filter: String(o.dict.get(PDFName.of('Filter'))),
    }));
}

describe('export/custom with OFD invoices', () => {
  it('prints OFD invoices only: each first page drawn into the PDF, 2 to a page', async () => {
    const t = await makeInvoiceTenant(env.t);
    const ids = [];
    for (const [part, file] of Object.values(OFD)) ids.push(await saved(t, part, testData(file)));
    const res = await call(t.owner.token, 'POST', `${W}/export/custom`, {
      invoiceIds: ids,
      displayMode: 'TWO',
      fileName: '数电票',
    });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ printed: 3, skipped: [], notice: '', fileName: '数电票.pdf' });
    const doc = await pdfOf(res.body.data.url);
    expect(doc.getPageCount()).toBe(2);
    // three drawn invoices, JPEGs of OFD_PRINT_PX on their longest side, landscape like the invoices
    const pics = images(doc);
    expect(pics).toHaveLength(3);
    for (const p of pics) {
      expect(p.filter).toBe('/DCTDecode');
      expect(p.width).toBe(OFD_PRINT_PX);
      expect(p.height).toBeLessThan(p.width);
    }
  });

  it('prints what it can of a mixed choice and names the rest, with reasons, in one message', async () => {
    const t = await makeInvoiceTenant(env.t);
    const good = await saved(t, OFD.shudian[0], testData(OFD.shudian[1]));
    const hand = await saved(t, '99999951');
    const broken = await saved(t, '87654321', hostileOfd.notOfd());
    const res = await call(t.owner.token, 'POST', `${W}/export/custom`, {
      invoiceIds: [good, hand, broken],
      displayMode: 'ONE',
      preview: false,
    });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.printed).toBe(1);
    expect(res.body.data.skipped.map((s: { invoiceId: number }) => s.invoiceId).sort()).toEqual(
      [hand, broken].sort(),
    );
    const notice: string = res.body.data.notice;
    expect(notice).toMatch(/^2 张发票未能导出：/);
    expect(notice).toContain('99999951（没有发票文件（手工录入））');
    expect(notice).toContain('87654321（文件“发票87654321.ofd”不是有效的 OFD（缺少 OFD.xml），无法导出）');
    expect((await pdfOf(res.body.data.url)).getPageCount()).toBe(1);
  });

  it('refuses hostile OFDs within the caps, and says why when nothing is left to print', async () => {
    const t = await makeInvoiceTenant(env.t);
    const huge = await saved(t, OFD.lanxi[0], hostileOfd.hugeImage());
    const crowded = await saved(t, OFD.sample[0], hostileOfd.crowded());
    const bomb = await saved(t, OFD.shudian[0], hostileOfd.bomb());
    const started = Date.now();
    const res = await call(t.owner.token, 'POST', `${W}/export/custom`, {
      invoiceIds: [huge, crowded, bomb],
    });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(res.code).toBe(400);
    expect(res.body.status).toBe(11220400);
    const msg: string = res.body.msg;
    expect(msg).toMatch(/^暂无可打印内容：3 张发票未能打印：/);
    expect(msg).toContain('超过4000万像素，无法打印');
    expect(msg).toContain('的页面内容过多，无法打印');
    expect(msg).toContain('压缩包解压后过大');
    // the recognition thread is still there for the next file
    const ok = await saved(t, '33207675', testData(OFD.lanxi[1]));
    const next = await call(t.owner.token, 'POST', `${W}/export/custom`, { invoiceIds: [ok] });
    expect(next.code, JSON.stringify(next.body)).toBe(200);
  });

  it('does not print another tenant’s OFD invoices, nor for a caller without the permission', async () => {
    const t = await makeInvoiceTenant(env.t);
    const u = await makeInvoiceTenant(env.t);
    const mine = await saved(t, OFD.shudian[0], testData(OFD.shudian[1]));
    const theirs = await saved(u, OFD.shudian[0], testData(OFD.shudian[1]));
    const other = await call(t.owner.token, 'POST', `${W}/export/custom`, { invoiceIds: [theirs] });
    expect(other.code).toBe(404);
    // one foreign id among the caller's own refuses the whole request
    const mixed = await call(t.owner.token, 'POST', `${W}/export/custom`, { invoiceIds: [mine, theirs] });
    expect(mixed.code).toBe(404);
    expect((await call(t.other.token, 'POST', `${W}/export/custom`, { invoiceIds: [mine] })).code).toBe(404);
    expect((await call(t.plain.token, 'POST', `${W}/export/custom`, { invoiceIds: [mine] })).code).toBe(403);
    const bad = await call(t.owner.token, 'POST', `${W}/export/custom`, {
      invoiceIds: [mine],
      displayMode: 'SIX',
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('每页张数不正确');
  });

  it('draws the same OFD for five exports at once, each its own PDF', async () => {
    const t = await makeInvoiceTenant(env.t);
    const id = await saved(t, OFD.shudian[0], testData(OFD.shudian[1]));
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.owner.token, 'POST', `${W}/export/custom`, { invoiceIds: [id] }),
      ),
    );
    for (const r of replies) expect(r.code, JSON.stringify(r.body)).toBe(200);
    expect(new Set(replies.map((r) => r.body.data.url)).size).toBe(5);
  });
});
