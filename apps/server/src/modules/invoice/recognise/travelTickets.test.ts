import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesTestApp, grantedDir, testData } from '../../files/files.testkit.js';
import { caller, makeInvoiceTenant, W } from '../invoice.testkit.js';

/**
 * Railway tickets and air itineraries through the entry routes: ocrCheck of their OFD, PDF and XML, and
 * qrcodeCheck of their QR, answer drafts of their own kind with the journey; saved, the detail shows it.
 * The fixtures are synthetic (test-data/invoices/travel/README.md).
 */

let env: Awaited<ReturnType<typeof createFilesTestApp>>;
let call: ReturnType<typeof caller>;
let a: Awaited<ReturnType<typeof makeInvoiceTenant>>;

beforeAll(async () => {
  env = await createFilesTestApp();
  call = caller(env.t);
  a = await makeInvoiceTenant(env.t);
});
afterAll(async () => env?.t.close());

async function uploaded(name: string, contentType: string) {
  const dir = await grantedDir(env.t.db, a.tenantId, a.owner.staffId);
  const key = `${dir}2026/11/25/${Date.now()}_${Math.random().toString(16).slice(2)}.${name.split('.').pop()}`;
  await env.storage.put(key, testData(`invoices/travel/${name}`), { contentType });
  return { file_key: key, file_name: name };
}

const RAIL_DRAFT = {
  kind: 'digital_train',
  fields: {
    number: '26329116804002389322',
    billingDate: '2026-03-13',
    total: 13_000,
    tax: 1_073,
    amount: 11_927,
    buyerName: '示例科技有限公司',
    travel: {
      passenger: '张三',
      from: '南京南',
      to: '杭州东',
      trainOrFlight: 'G7629',
      seatClass: '二等座',
      travelDate: '2026-03-06',
      ticketNo: '6520158123031391234562026',
      idNo: '320102********123X',
    },
  },
  lowConfidence: [],
  warnings: [],
};

describe('railway tickets and air itineraries at entry', () => {
  it('ocrCheck reads the railway OFD, PDF and XML alike', async () => {
    for (const [name, type] of [
      ['railway_26329116804002389322.ofd', 'application/ofd'],
      ['railway_26329116804002389322.pdf', 'application/pdf'],
      ['railway_26329116804002389322.xml', 'application/xml'],
    ]) {
      const res = await call(a.owner.token, 'POST', `${W}/ocrCheck`, await uploaded(name!, type!));
      expect(res.code, name).toBe(200);
      expect(res.body.data.items[0], name).toMatchObject({ ...RAIL_DRAFT, source: 'upload' });
    }
  });

  it('ocrCheck reads the air itinerary: 合计 is the total, 金额 = 合计 − 增值税税额', async () => {
    const res = await call(
      a.owner.token,
      'POST',
      `${W}/ocrCheck`,
      await uploaded('air_26119110000012345678.ofd', 'application/ofd'),
    );
    expect(res.body.data.items[0]).toMatchObject({
      kind: 'digital_air',
      fields: {
        number: '26119110000012345678',
        total: 131_440,
        tax: 10_440,
        amount: 121_000,
        travel: { passenger: '李四', from: '北京首都', to: '上海虹桥', trainOrFlight: 'MU5102' },
      },
    });
  });

  it('qrcodeCheck tells the railway QR from a 增值税电子普通发票 QR of the same type 10', async () => {
    const rail = await call(a.owner.token, 'POST', `${W}/qrcodeCheck`, {
      qrcode: '01,10,26329116804002389322,130.00,20260313,6F2A',
    });
    expect(rail.body.data).toMatchObject({
      kind: 'digital_train',
      source: 'qrcode',
      fields: { number: '26329116804002389322', total: 13_000, tax: 1_073, amount: 11_927 },
    });
    expect(rail.body.data.fields.code).toBeUndefined();
    const vat = await call(a.owner.token, 'POST', `${W}/qrcodeCheck`, {
      qrcode: '01,10,012001800311,33207675,46.62,20190508,76939056883466677916,E1BD,',
    });
    expect(vat.body.data).toMatchObject({
      kind: 'vat_electronic',
      fields: { code: '012001800311', number: '33207675', amount: 4_662 },
    });
  });

  it('saves a railway ticket with its journey; the detail shows it, the ID number masked', async () => {
    const body = await uploaded('railway_26329116804002389322.ofd', 'application/ofd');
    const [draft] = (await call(a.owner.token, 'POST', `${W}/ocrCheck`, body)).body.data.items;
    const f = draft.fields;
    const saved = await call(a.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [
        {
          kind: draft.kind,
          number: f.number,
          billingDate: f.billingDate,
          amount: f.amount,
          tax: f.tax,
          total: f.total,
          buyerName: f.buyerName,
          buyerTaxId: f.buyerTaxId,
          travel: f.travel,
          fileKey: body.file_key,
          source: draft.source,
        },
      ],
    });
    expect(saved.code, saved.body.msg).toBe(200);
    const row = saved.body.data.items[0];
    expect(row).toMatchObject({
      type: 'digital_train',
      typeText: '电子发票（铁路电子客票）',
      amountTax: 13_000,
    });
    const detail = await call(a.owner.token, 'GET', `${W}/detail?invoiceId=${row.id}`);
    expect(detail.body.data.travel).toEqual(RAIL_DRAFT.fields.travel);
    // 数电票: the same number again is a duplicate
    const again = await call(a.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [
        {
          kind: 'digital_train',
          number: f.number,
          billingDate: f.billingDate,
          amount: f.amount,
          tax: f.tax,
          total: f.total,
          source: 'upload',
        },
      ],
    });
    expect(again.code).toBe(409);
  });

  it('a travel field that is too long is refused with its Chinese name, nothing saved', async () => {
    const before = await env.t.db
      .selectFrom('invoices')
      .select('id')
      .where('tenant_id', '=', a.tenantId)
      .execute();
    const res = await call(a.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [
        {
          kind: 'digital_train',
          number: '26329116804002389399',
          billingDate: '2026-03-13',
          amount: 11_927,
          tax: 1_073,
          total: 13_000,
          travel: { ticketNo: '1'.repeat(31) },
          source: 'upload',
        },
      ],
    });
    expect(res.code).toBe(400);
    expect(res.body.msg).toContain('电子客票号');
    const after = await env.t.db
      .selectFrom('invoices')
      .select('id')
      .where('tenant_id', '=', a.tenantId)
      .execute();
    expect(after).toHaveLength(before.length);
  });
});
