import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { makePersonal, makeStaff, makeTenant } from '../../../test/factories.js';
import { FileCode } from './files.errors.js';
import { FILES, createFilesTestApp, grantedDir, makePdf } from './files.testkit.js';
import { layoutPerPage, mergeVertical, A4 } from './index.js';
import { remarkImage, remarkMarkup } from './pdf.js';

// POST /finopublic/api/web/file/merge: jpg/jpeg/png/pdf of the caller's tenant merged into one PDF
// (in order), other types listed singly; another tenant's files refused. And the 1/2/4-per-page
// layout the invoice export uses.

let env: Awaited<ReturnType<typeof createFilesTestApp>>;
let tokenA: string;
let tenantA: number;
let tokenB: string;
let tenantB: number;
/** A colleague of A's in the same tenant, and the granted upload directories of A and B. */
let tokenA2: string;
let dirA: string;
let dirB: string;
const MERGE = '/finopublic/api/web/file/merge';

beforeAll(async () => {
  env = await createFilesTestApp();
  tenantA = (await makeTenant(env.t.db)).tenantId;
  const staffA = await makeStaff(env.t.db, tenantA);
  tokenA = staffA.token;
  tokenA2 = (await makeStaff(env.t.db, tenantA)).token;
  tenantB = (await makeTenant(env.t.db)).tenantId;
  const staffB = await makeStaff(env.t.db, tenantB);
  tokenB = staffB.token;
  dirA = await grantedDir(env.t.db, tenantA, staffA.staffId);
  dirB = await grantedDir(env.t.db, tenantB, staffB.staffId);
  const put = (key: string, content: Buffer, contentType: string) =>
    env.storage.put(key, content, { contentType });
  await put(`${dirA}1_a.jpg`, FILES.jpg(), 'image/jpeg');
  await put(`${dirA}2_b.png`, FILES.png(), 'image/png');
  await put(`${dirA}3_c.pdf`, await makePdf(3), 'application/pdf');
  await put(`${dirA}4_d.ofd`, FILES.ofd(), 'application/ofd');
  await put(`${dirA}5_lie.jpg`, Buffer.from('not an image'), 'image/jpeg');
  await put(`${dirB}1_b.pdf`, await makePdf(1), 'application/pdf');
});
afterAll(async () => env?.t.close());

const merge = (token: string | null, body: unknown) =>
  env.t.app.inject({
    method: 'POST',
    url: MERGE,
    headers: token ? { 'x-session-token': token } : {},
    payload: body as object,
  });
const A = (name: string) => `${dirA}${name}`;

async function fetchPdf(url: string) {
  const res = await env.t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return PDFDocument.load(res.rawPayload);
}

describe('file/merge', () => {
  it('merges jpg, png and pdf in order into one PDF and lists the OFD singly', async () => {
    const res = await merge(tokenA, {
      items: [
        { filePath: A('1_a.jpg'), fileType: 'jpg', fileName: '发票.jpg', remark: '第一张' },
        { filePath: A('4_d.ofd'), fileType: 'ofd', fileName: '电子发票.ofd', remark: '' },
        { filePath: A('3_c.pdf'), fileType: 'PDF', fileName: 'c.pdf' },
        { filePath: A('2_b.png'), fileType: 'png', fileName: 'b.png' },
      ],
      preview: true,
      direction: 'VERTICAL',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.merged).toBe(3);
    const pdf = await fetchPdf(data.url);
    // 1 image page + 3 PDF pages + 1 image page, in the order given.
    expect(pdf.getPageCount()).toBe(5);
    const [w, h] = [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()];
    expect([Math.round(w), Math.round(h)]).toEqual([Math.round(A4.width), Math.round(A4.height)]);
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({
      filePath: A('4_d.ofd'),
      fileType: 'ofd',
      fileName: '电子发票.ofd',
      remark: '',
    });
    const ofd = await env.t.app.inject({ method: 'GET', url: data.items[0].url });
    expect(ofd.rawPayload.equals(FILES.ofd())).toBe(true);
    // The merged PDF lives under the tenant's own prefix.
    expect(env.stored().some((f) => f.startsWith(`merge/t${tenantA}/`) && f.endsWith('.pdf'))).toBe(true);
  });

  it('answers url null when nothing can be merged', async () => {
    const res = await merge(tokenA, { items: [{ filePath: A('4_d.ofd'), fileType: 'ofd' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ url: null, merged: 0 });
    expect(res.json().data.items[0].fileName).toBe('4_d.ofd');
  });

  it("refuses another tenant's file, even among its own, and writes nothing", async () => {
    const before = env.stored();
    const res = await merge(tokenA, {
      items: [
        { filePath: A('1_a.jpg'), fileType: 'jpg' },
        { filePath: `${dirB}1_b.pdf`, fileType: 'pdf' },
      ],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: FileCode.fileForbidden, msg: '无权访问该文件', data: null });
    // B reads its own.
    const own = await merge(tokenB, {
      items: [{ filePath: `${dirB}1_b.pdf`, fileType: 'pdf' }],
    });
    expect(own.statusCode).toBe(200);
    expect((await fetchPdf(own.json().data.url)).getPageCount()).toBe(1);
    expect(env.stored().filter((f) => f.startsWith(`merge/t${tenantA}/`))).toEqual(
      before.filter((f) => f.startsWith(`merge/t${tenantA}/`)),
    );
    // A prefix that only starts like the tenant's (t1 vs t12) is another tenant's.
    const lookalike = await merge(tokenA, {
      items: [{ filePath: `invoice/t${tenantA}0/x.pdf`, fileType: 'pdf' }],
    });
    expect(lookalike.statusCode).toBe(403);
  });

  it("answers a colleague's key exactly as a key that does not exist, and writes nothing", async () => {
    const before = env.stored();
    const theirs = await merge(tokenA2, { items: [{ filePath: A('3_c.pdf'), fileType: 'pdf' }] });
    const missing = await merge(tokenA2, { items: [{ filePath: A('9_gone.pdf'), fileType: 'pdf' }] });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json().msg).toBe('文件不存在或已被删除');
    // Even the one item that is theirs among the colleague's own does not pass.
    const mixed = await merge(tokenA, {
      items: [
        { filePath: A('1_a.jpg'), fileType: 'jpg' },
        { filePath: `${await grantedDir(env.t.db, tenantA, 0)}x.pdf`, fileType: 'pdf' },
      ],
    });
    expect(mixed.statusCode).toBe(404);
    expect(env.stored()).toEqual(before);
  });

  it('refuses bad input with a Chinese message naming the field, a missing file, and a file that is not its type', async () => {
    for (const [body, word] of [
      [{}, '文件'],
      [{ items: [] }, '请至少选择一个文件'],
      [{ items: [{ fileType: 'pdf' }] }, '文件路径'],
      [{ items: [{ filePath: A('1_a.jpg'), fileType: 'jpg' }], direction: 'HORIZONTAL' }, '合并方向'],
    ] as const) {
      const res = await merge(tokenA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg, JSON.stringify(body)).toContain(word);
    }
    const gone = await merge(tokenA, { items: [{ filePath: A('9_gone.pdf'), fileType: 'pdf' }] });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('文件不存在或已被删除');
    const lie = await merge(tokenA, {
      items: [{ filePath: A('5_lie.jpg'), fileType: 'jpg', fileName: '假图片.jpg' }],
    });
    expect(lie.statusCode).toBe(400);
    expect(lie.json()).toMatchObject({
      status: FileCode.mergeFileUnreadable,
      msg: '文件无法合并（内容与类型不符或已损坏）：假图片.jpg',
    });
  });

  it('is for staff only', async () => {
    const body = { items: [{ filePath: A('1_a.jpg'), fileType: 'jpg' }] };
    const personal = await makePersonal(env.t.db);
    const res = await merge(personal.token, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(PlatformCode.forbidden);
    expect((await merge(null, body)).statusCode).toBe(401);
  });
});

describe('file/merge size bound', () => {
  it('refuses files that together pass 5 × UPLOAD_MAX_MB, before reading any', async () => {
    const small = await createFilesTestApp({ uploadMaxBytes: 30 * 1024 });
    try {
      const tenant = (await makeTenant(small.t.db)).tenantId;
      const staff = await makeStaff(small.t.db, tenant);
      const token = staff.token;
      const dir = await grantedDir(small.t.db, tenant, staff.staffId);
      const key = (n: number) => `${dir}${n}_a.jpg`;
      for (const n of [1, 2]) await small.storage.put(key(n), FILES.jpg(), { contentType: 'image/jpeg' });
      const send = (keys: string[]) =>
        small.t.app.inject({
          method: 'POST',
          url: MERGE,
          headers: { 'x-session-token': token },
          payload: { items: keys.map((filePath) => ({ filePath, fileType: 'jpg' })) },
        });
      // One 79 KB photo fits in 150 KB; two do not.
      expect((await send([key(1)])).statusCode).toBe(200);
      const res = await send([key(1), key(2)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: FileCode.mergeTooLarge,
        msg: '合并文件总大小超出限制（最大 150KB）',
      });
    } finally {
      await small.t.close();
    }
  });
});

describe('layoutPerPage (invoice export)', () => {
  it('puts 1, 2 or 4 items per A4 page, PDFs by their first page, with remarks', async () => {
    const sources = [
      { bytes: FILES.jpg(), kind: 'jpg' as const, remark: 'No. 87654321' },
      { bytes: await makePdf(3), kind: 'pdf' as const, remark: '备注 remark' },
      { bytes: FILES.png(), kind: 'png' as const },
      { bytes: FILES.jpg(), kind: 'jpg' as const },
      { bytes: await makePdf(1), kind: 'pdf' as const },
    ];
    for (const [mode, pages] of [
      ['ONE', 5],
      ['TWO', 3],
      ['FOUR', 2],
    ] as const) {
      const doc = await PDFDocument.load(await layoutPerPage(sources, mode));
      expect(doc.getPageCount(), mode).toBe(pages);
      expect(Math.round(doc.getPage(0).getWidth())).toBe(Math.round(A4.width));
    }
  });

  it('mergeVertical copies every page of each PDF', async () => {
    const doc = await PDFDocument.load(
      await mergeVertical([
        { bytes: await makePdf(2), kind: 'pdf' },
        { bytes: await makePdf(4), kind: 'pdf' },
      ]),
    );
    expect(doc.getPageCount()).toBe(6);
  });
});

/** The pictures a page draws (its distinct image XObjects), by pixel size. */
function pageImages(page: PDFPage): { width: number; height: number }[] {
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return [];
  // the same picture drawn twice is one object under two names
  return [...new Set(xobjects.values().map(String))]
    .map((ref) => page.doc.context.lookup(xobjects.values().find((v) => String(v) === ref)))
    .filter((o): o is PDFRawStream => o instanceof PDFRawStream)
    .filter((o) => o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((o) => ({
      width: (o.dict.get(PDFName.of('Width')) as PDFNumber).asNumber(),
      height: (o.dict.get(PDFName.of('Height')) as PDFNumber).asNumber(),
    }));
}

describe('Chinese remarks (pictures of their text: the standard PDF fonts cannot write Chinese)', () => {
  it('renders Chinese with real glyphs: two different remarks of one length are different pictures', async () => {
    const a = (await remarkImage('差旅报销', 300))!;
    const b = (await remarkImage('业务招待', 300))!;
    // 4 characters of 10 pt at 3 px/pt: about 120 px wide, one line (30 px) high
    expect(a.widthPx).toBeGreaterThan(100);
    expect(a.widthPx).toBeLessThan(140);
    expect(a.heightPx).toBeLessThanOrEqual(45);
    // Missing CJK glyphs would be drawn as the same empty boxes for both.
    const raw = async (png: Buffer) => (await sharp(png).raw().toBuffer()).toString('base64');
    expect(await raw(a.png)).not.toBe(await raw(b.png));
    // ink is there: some pixels are opaque
    const { data } = await sharp(a.png).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    expect(data.some((v) => v > 200)).toBe(true);
  });

  it('escapes markup, wraps long remarks to the width and cuts them at 4 lines', async () => {
    expect(remarkMarkup('a<b>&\nc')).toBe('a&lt;b&gt;&amp; c');
    expect(remarkMarkup('ctl\uFFFE\uFFFFend\u0001')).toBe('ctlend');
    expect(await remarkImage('ctl\uFFFE\u0001end', 300)).not.toBeNull();
    expect(await remarkImage('  \n ', 300)).toBeNull();
    const tags = await remarkImage('<b>未闭合 & 符号', 300);
    expect(tags!.widthPx).toBeGreaterThan(0);
    const long = (await remarkImage('长'.repeat(200), 100))!;
    expect(long.widthPx).toBeLessThanOrEqual(300);
    expect(long.heightPx).toBeLessThanOrEqual(Math.ceil(10 * 1.5 * 3) * 4);
    expect(long.heightPx).toBeGreaterThan(3 * 30);
  });

  it('layoutPerPage and mergeVertical draw the remark picture on the page, once per text', async () => {
    const remark = '出差北京 餐费';
    const want = (await remarkImage(remark, (A4.width - 48) / 2 - 12))!;
    const sources = [
      { bytes: FILES.jpg(), kind: 'jpg' as const, remark },
      { bytes: await makePdf(1), kind: 'pdf' as const, remark },
      { bytes: FILES.png(), kind: 'png' as const },
    ];
    const four = await PDFDocument.load(await layoutPerPage(sources, 'FOUR'));
    const images = pageImages(four.getPage(0));
    // the two photos, and the remark picture (the same text embedded once)
    expect(images).toHaveLength(3);
    expect(images).toContainEqual({ width: want.widthPx, height: want.heightPx });

    const merged = await PDFDocument.load(await mergeVertical(sources));
    expect(merged.getPageCount()).toBe(3);
    expect(pageImages(merged.getPage(0))).toHaveLength(2); // the photo and its remark
    expect(pageImages(merged.getPage(1))).toHaveLength(1); // the copied PDF page, remark in its margin
    expect(pageImages(merged.getPage(2))).toHaveLength(1); // no remark
  });

  it('file/merge prints a Chinese remark', async () => {
    const res = await merge(tokenA, {
      items: [
        { filePath: A('1_a.jpg'), fileType: 'jpg', fileName: '发票.jpg', remark: '第一张发票，报销用' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const pdf = await fetchPdf(res.json().data.url);
    const want = (await remarkImage('第一张发票，报销用', A4.width - 48))!;
    expect(pageImages(pdf.getPage(0))).toContainEqual({ width: want.widthPx, height: want.heightPx });
  });
});
