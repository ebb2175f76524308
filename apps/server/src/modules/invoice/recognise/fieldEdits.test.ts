import type { RecognisedDraft } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesTestApp, grantedDir, testData } from '../../files/files.testkit.js';
import { billInvoices } from '../index.js';
import { caller, checksLeft, countInvoices, makeInvoiceTenant, REAL_BUYERS, W } from '../invoice.testkit.js';

// Issue 20 part 1 (decision 0035): the fields a file gives exactly cannot be changed on saving; fields read by
// OCR can be corrected, the recognised value kept beside the saved one and shown as 已修改.

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

const PERSON_OFD = 'invoices/ofd/ofdrw_999_eInvoice_sample_050001700111_12235358.ofd';
const PHOTO = 'invoices/images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png';

async function uploaded(who: typeof a, rel: string, contentType: string) {
  const name = rel.split('/').pop()!;
  const dir = await grantedDir(env.t.db, who.tenantId, who.owner.staffId);
  const key = `${dir}2026/11/28/${Date.now()}_${Math.random().toString(16).slice(2)}.${name.split('.').pop()}`;
  await env.storage.put(key, testData(rel), { contentType });
  return { file_key: key, file_name: name };
}

/** What the entry page sends for a draft: its fields, as (possibly) edited. */
function entry(draft: RecognisedDraft, over: Record<string, unknown> = {}) {
  return {
    ...draft.fields,
    kind: draft.kind,
    fileKey: draft.fileKey,
    fileIndex: draft.fileIndex,
    source: draft.source,
    ...over,
  };
}

async function recognised(who: typeof a, rel: string, type: string) {
  const body = await uploaded(who, rel, type);
  const res = await call(who.owner.token, 'POST', `${W}/ocrCheck`, body);
  expect(res.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items[0] as RecognisedDraft;
}

describe('fields read exactly (OFD 999: bought by 个人)', () => {
  let draft: RecognisedDraft;
  beforeAll(async () => {
    draft = await recognised(a, PERSON_OFD, 'application/ofd');
  });

  it('the draft names each field’s source: the buyer is the OFD’s', () => {
    expect(draft.fields.buyerName).toBe('个人');
    expect(draft.sources).toMatchObject({ buyerName: 'ofd_xml', sellerName: 'ofd_xml', total: 'ofd_xml' });
    expect(draft.fileIndex).toBe(0);
  });

  it('refuses the buyer edited to a company of the tenant, naming the field; nothing saved, no check used', async () => {
    const before = await checksLeft(env.t, a.tenantId);
    const res = await call(a.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [
        entry(draft, { buyerName: '江苏京利华新材料有限公司', buyerTaxId: REAL_BUYERS.jingli.taxId }),
      ],
    });
    expect(res.code).toBe(400);
    expect(res.body.msg).toBe('第1张发票：购买方名称由文件识别，不可修改（文件中为“个人”）');
    expect(res.body.data.fields[0].field).toBe('invoices.0.buyerName');
    expect(await countInvoices(env.t, a.tenantId)).toBe(0);
    expect(await checksLeft(env.t, a.tenantId)).toBe(before);
  });

  it('refuses a buyer tax id the file does not have, and a changed amount', async () => {
    const taxId = await call(a.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [entry(draft, { buyerTaxId: '91310115MA1K4QXX1B' })],
    });
    expect(taxId.code).toBe(400);
    expect(taxId.body.msg).toBe('第1张发票：文件中没有购买方税号，不可填写');
    const total = await call(a.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [entry(draft, { amount: 900_000, tax: 54_000, total: 954_000 })],
    });
    expect(total.code).toBe(400);
    expect(total.body.msg).toContain('由文件识别，不可修改');
    expect(await countInvoices(env.t, a.tenantId)).toBe(0);
  });

  it('after the attempted edits, the buyer check still refuses the 个人 invoice as the file says', async () => {
    const res = await call(a.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [entry(draft)] });
    expect(res.code).toBe(400);
    expect(res.body.msg).toBe('第1张发票：购买方名称（个人）与本企业的公司信息不一致，不能录入');
    expect(await countInvoices(env.t, a.tenantId)).toBe(0);
  });

  it('compares with the server’s reading even when the client skipped recognition, and claims another source', async () => {
    const body = await uploaded(a, PERSON_OFD, 'application/ofd');
    const res = await call(a.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [
        entry(draft, {
          fileKey: body.file_key,
          source: 'hand',
          buyerName: REAL_BUYERS.jingli.name,
          buyerTaxId: REAL_BUYERS.jingli.taxId,
        }),
      ],
    });
    expect(res.code).toBe(400);
    expect(res.body.msg).toContain('购买方名称由文件识别，不可修改');
  });

  it('refuses another tenant’s file key and callers without invoice:add', async () => {
    const other = await call(b.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [entry(draft)] });
    expect(other.code).toBe(400);
    expect(other.body.msg).toContain('文件路径不属于当前组织');
    const plain = await call(a.plain.token, 'POST', `${W}/saveInvoices`, { invoices: [entry(draft)] });
    expect(plain.code).toBe(403);
    const recognise = await call(a.plain.token, 'POST', `${W}/ocrCheck`, {
      file_key: draft.fileKey,
      file_name: '999.ofd',
    });
    expect(recognise.code).toBe(403);
    expect(await countInvoices(env.t, a.tenantId)).toBe(0);
  });
});

describe('fields read by OCR (a photo with a QR code)', () => {
  let draft: RecognisedDraft;
  beforeAll(async () => {
    draft = await recognised(a, PHOTO, 'image/png');
  }, 120_000);

  it('the QR’s fields stay the file’s: the number cannot be changed', async () => {
    expect(draft.sources).toMatchObject({ number: 'qr', code: 'qr' });
    const res = await call(a.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [entry(draft, { number: '33207676', buyerName: REAL_BUYERS.jingli.name })],
    });
    expect(res.code).toBe(400);
    expect(res.body.msg).toBe('第1张发票：发票号码由文件识别，不可修改（文件中为“33207675”）');
    expect(await countInvoices(env.t, a.tenantId)).toBe(0);
  });

  it('saves the corrected buyer with the recognised one kept; detail and the document show 已修改', async () => {
    const read = draft.fields.buyerName ?? null;
    expect(draft.sources?.buyerName).toBe('ocr');
    // Twenty saves of the same corrected invoice at once: exactly one is saved.
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(a.owner.token, 'POST', `${W}/saveInvoices`, {
          invoices: [
            entry(draft, {
              buyerName: REAL_BUYERS.jingli.name,
              buyerTaxId: REAL_BUYERS.jingli.taxId,
              tax: draft.fields.tax ?? 0,
              total: draft.fields.total ?? (draft.fields.amount ?? 0) + (draft.fields.tax ?? 0),
            }),
          ],
        }),
      ),
    );
    const won = replies.filter((r) => r.code === 200);
    expect(won).toHaveLength(1);
    expect(replies.filter((r) => r.code === 409)).toHaveLength(19);
    expect(await countInvoices(env.t, a.tenantId)).toBe(1);
    const saved = won[0]!.body.data.items[0];
    expect(saved).toMatchObject({ buyerName: REAL_BUYERS.jingli.name, source: 'ocr', number: '33207675' });

    const detail = await call(a.owner.token, 'GET', `${W}/detail?invoiceId=${saved.id}`);
    expect(detail.code).toBe(200);
    expect(detail.body.data.fieldSources).toMatchObject({ number: 'qr', buyerName: 'hand' });
    expect(detail.body.data.edits).toEqual(
      expect.arrayContaining([
        { field: 'buyerName', label: '购买方名称', original: read, value: REAL_BUYERS.jingli.name },
      ]),
    );
    expect(detail.body.data.edits.map((e: { field: string }) => e.field)).not.toContain('number');
    // An organisation viewer (an approver's view of the file) sees the same.
    const org = await call(a.orgViewer.token, 'GET', `${W}/detail?invoiceId=${saved.id}`);
    expect(org.body.data.edits).toEqual(detail.body.data.edits);
    // The document's invoice list (flow's bill detail reads billInvoices).
    const onBill = (await billInvoices(env.t.db, a.tenantId, [saved.id])).get(saved.id);
    expect(onBill?.edits).toEqual(detail.body.data.edits);

    // Another tenant's id, and a caller without invoice permissions, are refused.
    expect((await call(b.owner.token, 'GET', `${W}/detail?invoiceId=${saved.id}`)).code).toBe(404);
    expect((await billInvoices(env.t.db, b.tenantId, [saved.id])).size).toBe(0);
    expect((await call(a.plain.token, 'GET', `${W}/detail?invoiceId=${saved.id}`)).code).toBe(403);
  }, 120_000);
});
