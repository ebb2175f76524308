import type { RecognisedDraft } from '@feikong/contracts';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesTestApp, grantedDir, testData } from '../../files/files.testkit.js';
import { caller, makeInvoiceTenant, REAL_BUYERS, realInvoice, W } from '../invoice.testkit.js';

// ocrCheck / ocrCutting / ocrCorrect / qrcodeCheck on real invoices (test-data/invoices, sources in its
// README): an OFD e-invoice, a Chromium-printed PDF of a real invoice's values, an image whose QR is read.

let env: Awaited<ReturnType<typeof createFilesTestApp>>;
let call: ReturnType<typeof caller>;
let a: Awaited<ReturnType<typeof makeInvoiceTenant>>;
let b: Awaited<ReturnType<typeof makeInvoiceTenant>>;

beforeAll(async () => {
  env = await createFilesTestApp();
  call = caller(env.t);
  a = await makeInvoiceTenant(env.t);
  b = await makeInvoiceTenant(env.t);
});
afterAll(async () => env?.t.close());

/** Puts a file where a signed upload of the tenant's `owner` (or `by`) would have put it. */
async function uploaded(
  who: { tenantId: number; owner: { staffId: number } },
  rel: string,
  contentType: string,
  by = who.owner.staffId,
) {
  const name = rel.split('/').pop()!;
  const dir = await grantedDir(env.t.db, who.tenantId, by);
  const key = `${dir}2026/11/25/${Date.now()}_${Math.random().toString(16).slice(2)}.${name.split('.').pop()}`;
  await env.storage.put(key, testData(rel), { contentType });
  return { file_key: key, file_name: name };
}

describe('ocrCheck', () => {
  it('reads an OFD e-invoice exactly: every field at confidence 1, nothing to review', async () => {
    const body = await uploaded(
      a,
      'invoices/ofd/ofdrw_999_eInvoice_sample_050001700111_12235358.ofd',
      'application/ofd',
    );
    const res = await call(a.owner.token, 'POST', `${W}/ocrCheck`, body);
    expect(res.code).toBe(200);
    expect(res.body.data.items).toHaveLength(1);
    const [draft] = res.body.data.items;
    expect(draft).toMatchObject({
      kind: 'vat_electronic',
      source: 'upload',
      fileKey: body.file_key,
      fields: {
        code: '050001700111',
        number: '12235358',
        billingDate: '2020-08-05',
        amount: 1_000_000,
        tax: 60_000,
        total: 1_060_000,
        checkCode: '16630282980991510014',
        sellerName: '财天下科技有限公司',
      },
      lowConfidence: [],
    });
    expect(draft.confidence.number).toBe(1);
  });

  it('reads a PDF e-invoice from its text layer', async () => {
    const body = await uploaded(a, 'invoices/pdf/dianzi_pupiao_033002000211_83089647.pdf', 'application/pdf');
    const res = await call(a.owner.token, 'POST', `${W}/ocrCheck`, body);
    expect(res.code).toBe(200);
    expect(res.body.data.items[0]).toMatchObject({
      source: 'upload',
      fields: { code: '033002000211', number: '83089647', billingDate: '2020-07-23', total: 52_600 },
    });
  });

  it('reads an invoice photo by OCR, its QR cross-checking the fields', async () => {
    const body = await uploaded(
      a,
      'invoices/images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png',
      'image/png',
    );
    const res = await call(a.owner.token, 'POST', `${W}/ocrCheck`, body);
    expect(res.code).toBe(200);
    expect(res.body.data.items[0]).toMatchObject({
      kind: 'vat_electronic',
      source: 'ocr',
      fields: {
        code: '012001800311',
        number: '33207675',
        billingDate: '2019-05-08',
        amount: 4662,
        sellerName: '天津瑞佳讯贸易有限公司',
      },
    });
  }, 60_000);

  it('sends a photo without a readable QR to OCR (worker thread): fields with their confidences', async () => {
    const body = await uploaded(
      a,
      'invoices/images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg',
      'image/jpeg',
    );
    const res = await call(a.owner.token, 'POST', `${W}/ocrCheck`, body);
    expect(res.code).toBe(200);
    const [draft] = res.body.data.items;
    expect(draft.source).toBe('ocr');
    expect(draft.fields.number).toBe('87654321');
    expect(draft.confidence.number).toBeGreaterThan(0);
    expect(draft.confidence.number).toBeLessThanOrEqual(1);
  }, 120_000);

  it('reads a scanned PDF (no text layer) by OCR of its page, cross-checked with the QR on it', async () => {
    const body = await uploaded(
      a,
      'invoices/pdf/scanned_dianzi_pupiao_012001800311_33207675.pdf',
      'application/pdf',
    );
    const res = await call(a.owner.token, 'POST', `${W}/ocrCheck`, body);
    expect(res.code).toBe(200);
    const [draft, ...rest] = res.body.data.items as RecognisedDraft[];
    expect(rest).toEqual([]);
    expect(draft!.source).toBe('ocr');
    expect(draft!.fields).toMatchObject({
      code: '012001800311',
      number: '33207675',
      billingDate: '2019-05-08',
      amount: 4662,
      checkCode: '76939056883466677916',
      sellerName: '天津瑞佳讯贸易有限公司',
      buyerName: '个人',
    });
    expect(draft!.fileKey).toBe(body.file_key);
  }, 60_000);

  it('refuses a file that is not an invoice, in Chinese, and another tenant’s file', async () => {
    const notInvoice = `${await grantedDir(env.t.db, a.tenantId, a.owner.staffId)}2026/11/25/1_x.xml`;
    await env.storage.put(notInvoice, Buffer.from('<?xml version="1.0"?><a>1</a>'), {
      contentType: 'application/xml',
    });
    const bad = await call(a.owner.token, 'POST', `${W}/ocrCheck`, {
      file_key: notInvoice,
      file_name: 'a.xml',
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);

    const theirs = await uploaded(
      b,
      'invoices/ofd/ofdrw_fapiaoshili_050001700111_99999951.ofd',
      'application/ofd',
    );
    const foreign = await call(a.owner.token, 'POST', `${W}/ocrCheck`, theirs);
    expect(foreign.code).toBe(404);
    expect(foreign.body.data?.items).toBeUndefined();
  });

  it('answers another person’s and another tenant’s file exactly as a file that does not exist', async () => {
    const ofd = 'invoices/ofd/ofdrw_fapiaoshili_050001700111_99999951.ofd';
    const colleagues = await uploaded(a, ofd, 'application/ofd', a.other.staffId);
    const theirs = await uploaded(b, ofd, 'application/ofd');
    const missing = { ...colleagues, file_key: colleagues.file_key.replace(/\.ofd$/, '0.ofd') };
    const answers = [];
    for (const body of [colleagues, theirs, missing]) {
      const r = await call(a.owner.token, 'POST', `${W}/ocrCheck`, body);
      answers.push([r.code, r.body.status, r.body.msg, r.body.data]);
    }
    expect(answers[0]).toEqual([404, 10600404, '文件不存在或已被删除', null]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Its uploader reads it.
    expect((await call(a.other.token, 'POST', `${W}/ocrCheck`, colleagues)).code).toBe(200);
  }, 60_000);

  it('answers 400 naming the field for a malformed key, and 403 without invoice:add', async () => {
    const bad = await call(a.owner.token, 'POST', `${W}/ocrCheck`, {
      file_key: '../etc/passwd',
      file_name: 'x',
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('文件路径');
    const body = await uploaded(
      a,
      'invoices/ofd/ofdrw_fapiaoshili_050001700111_99999951.ofd',
      'application/ofd',
    );
    expect((await call(a.plain.token, 'POST', `${W}/ocrCheck`, body)).code).toBe(403);
  });
});

describe('qrcodeCheck and ocrCorrect', () => {
  it('turns a real 数电票 QR text into a draft (the QR amount is the total for 数电票)', async () => {
    const res = await call(a.owner.token, 'POST', `${W}/qrcodeCheck`, {
      qrcode: '01,31,,24112000000048542163,4449.00,20240528,,B2B6',
    });
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'digital_special',
      source: 'qrcode',
      fields: { number: '24112000000048542163', billingDate: '2024-05-28', total: 444_900 },
    });
    expect(res.body.data.fields.code).toBeUndefined();
  });

  it('refuses text that is not an invoice QR with the reason', async () => {
    const res = await call(a.owner.token, 'POST', `${W}/qrcodeCheck`, { qrcode: 'https://example.com/x' });
    expect(res.code).toBe(400);
    expect(res.body.msg).toContain('不是发票二维码');
  });

  it('re-checks corrected drafts: a wrong sum and a missing number are warned about', async () => {
    const res = await call(a.owner.token, 'POST', `${W}/ocrCorrect`, {
      items: [
        {
          kind: 'vat_electronic',
          source: 'ocr',
          fields: { code: '050001700111', billingDate: '2020-10-10', amount: 30000, tax: 1800, total: 31900 },
          confidence: { amount: 0.5 },
          lowConfidence: ['amount'],
          warnings: [],
        },
      ],
    });
    expect(res.code).toBe(200);
    const [draft] = res.body.data.items;
    expect(draft.lowConfidence).toEqual([]);
    expect(draft.confidence.amount).toBe(1);
    expect(draft.warnings.join('；')).toContain('与价税合计 319.00 不符');
    expect(draft.warnings.join('；')).toContain('未识别到发票号码');
  });
});

describe('export/custom', () => {
  /** Saves real invoices of tenant a's owner with the given files (the 1.ofd values printed as PDF, the 999 photo…). */
  async function saved(list: { part: string; file?: string; type?: string }[], who = a) {
    const invoices = [];
    for (const x of list) {
      const file = x.file ? await uploaded(who, x.file, x.type!) : undefined;
      const inv = realInvoice(x.part, file ? { fileKey: file.file_key } : {});
      // Bought by a person (个人) or a specimen company: saved here as bought by one of the tenant's companies,
      // which only a file read by OCR (or no file) allows: an exact file's buyer is the file's (decision 0035).
      if (!Object.values(REAL_BUYERS).some((b) => b.name === inv.buyerName)) {
        Object.assign(inv, { buyerName: REAL_BUYERS.jingli.name, buyerTaxId: REAL_BUYERS.jingli.taxId });
      }
      invoices.push(inv);
    }
    const res = await call(who.owner.token, 'POST', `${W}/saveInvoices`, { invoices });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items.map((i: { id: number }) => i.id) as number[];
  }

  it('lays four invoices to an A4 page (the OFD drawn), in billing-date order, and lists the one without a file', async () => {
    const ids = await saved([
      {
        part: '83089647',
        file: 'invoices/pdf/dianzi_pupiao_033002000211_83089647.pdf',
        type: 'application/pdf',
      },
      {
        part: '33207675',
        file: 'invoices/images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png',
        type: 'image/png',
      },
      {
        part: '87654321',
        file: 'invoices/images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg',
        type: 'image/jpeg',
      },
      {
        part: '24112000000048542163',
        file: 'invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd',
        type: 'application/ofd',
      },
      { part: '99999951' },
    ]);
    const res = await call(a.owner.token, 'POST', `${W}/export/custom`, {
      invoiceIds: ids,
      sort: 'BILL_DATE',
      format: 'PDF',
      attach: false,
      fileName: '十一月发票',
      displayMode: 'FOUR',
      exportMode: 'LOCAL',
      preview: true,
      items: [{ invoiceId: ids[0], remark: 'trip 2020-07' }],
    });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      fileName: '十一月发票.pdf',
      printed: 4,
      notice: '1 张发票未能打印：99999951（没有发票文件（手工录入））',
    });
    expect(res.body.data.skipped.map((s: { number: string }) => s.number)).toEqual(['99999951']);
    const pdf = await env.t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(pdf.statusCode).toBe(200);
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('十一月发票'); // what a viewer shows

    const two = await call(a.owner.token, 'POST', `${W}/export/custom`, {
      invoiceIds: ids,
      displayMode: 'TWO',
    });
    const twoPdf = await env.t.app.inject({ method: 'GET', url: two.body.data.url });
    expect((await PDFDocument.load(twoPdf.rawPayload)).getPageCount()).toBe(2);
  });

  it('attach: merges jpg/png/pdf attachments after the invoices, lists the others singly', async () => {
    const t = await makeInvoiceTenant(env.t); // the same invoices are saved once per tenant
    const [pdfInv, hand] = await saved(
      [
        {
          part: '83089647',
          file: 'invoices/pdf/dianzi_pupiao_033002000211_83089647.pdf',
          type: 'application/pdf',
        },
        { part: '99999951' },
      ],
      t,
    );
    const attach = async (invoiceId: number, file: string, type: string, fileName: string) => {
      const up = await uploaded(t, file, type);
      const res = await call(t.owner.token, 'POST', `${W}/attachment/upload`, {
        invoiceId,
        fileKey: up.file_key,
        fileName,
      });
      expect(res.code, JSON.stringify(res.body)).toBe(200);
    };
    await attach(
      pdfInv,
      'invoices/images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg',
      'image/jpeg',
      '水单.jpg',
    );
    await attach(
      pdfInv,
      'invoices/pdf/dianzi_pupiao_033002000211_83089647.pdf',
      'application/pdf',
      '行程单.pdf',
    );
    await attach(
      hand,
      'invoices/ofd/ofdrw_999_eInvoice_sample_050001700111_12235358.ofd',
      'application/ofd',
      '原件.ofd',
    );
    const body = {
      invoiceIds: [pdfInv, hand],
      displayMode: 'FOUR',
      items: [{ invoiceId: pdfInv, remark: '出差杭州 餐费' }],
    };
    // without attach: the one invoice with a file on one page
    const plain = await call(t.owner.token, 'POST', `${W}/export/custom`, body);
    expect(plain.body.data).toMatchObject({ printed: 1, attached: 0, attachments: [] });
    const res = await call(t.owner.token, 'POST', `${W}/export/custom`, { ...body, attach: true });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ printed: 1, attached: 2 });
    expect(res.body.data.attachments).toEqual([
      expect.objectContaining({ invoiceId: hand, number: '99999951', fileName: '原件.ofd', fileType: 'ofd' }),
    ]);
    const ofd = await env.t.app.inject({ method: 'GET', url: res.body.data.attachments[0].url });
    expect(ofd.statusCode).toBe(200);
    const doc = await PDFDocument.load(
      (await env.t.app.inject({ method: 'GET', url: res.body.data.url })).rawPayload,
    );
    // the invoice page, the photo on a page of its own, the PDF attachment's one page
    expect(doc.getPageCount()).toBe(3);
    // an invoice without a file whose only attachment is an OFD: nothing to put in the PDF
    const onlyAtt = await call(t.owner.token, 'POST', `${W}/export/custom`, {
      invoiceIds: [hand],
      attach: true,
    });
    // its only attachment is an OFD
    expect(onlyAtt.body.msg).toBe('暂无可打印内容：1 张发票未能打印：99999951（没有发票文件（手工录入））');
  });

  it('says 暂无可打印内容 when none has a printable file, 请先选择数据！ for none chosen', async () => {
    const [hand] = await saved([{ part: '12235358' }]);
    const none = await call(a.owner.token, 'POST', `${W}/export/custom`, { invoiceIds: [hand] });
    expect(none.code).toBe(400);
    expect(none.body.msg).toBe('暂无可打印内容：1 张发票未能打印：12235358（没有发票文件（手工录入））');
    const empty = await call(a.owner.token, 'POST', `${W}/export/custom`, { invoiceIds: [] });
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toContain('请先选择数据！');
  });

  it('does not export another tenant’s or another person’s invoices, nor without the permission', async () => {
    const c = await makeInvoiceTenant(env.t);
    const pdf = {
      part: '83089647',
      file: 'invoices/pdf/dianzi_pupiao_033002000211_83089647.pdf',
      type: 'application/pdf',
    };
    const [mine] = await saved([pdf], c);
    expect((await call(c.owner.token, 'POST', `${W}/export/custom`, { invoiceIds: [mine] })).code).toBe(200);
    expect((await call(b.owner.token, 'POST', `${W}/export/custom`, { invoiceIds: [mine] })).code).toBe(404);
    expect((await call(c.other.token, 'POST', `${W}/export/custom`, { invoiceIds: [mine] })).code).toBe(404);
    expect((await call(c.plain.token, 'POST', `${W}/export/custom`, { invoiceIds: [mine] })).code).toBe(403);
  });
});
