import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { createFilesTestApp, grantedDir, testData } from '../../files/files.testkit.js';
import { caller, hostileOfd } from '../../invoice/invoice.testkit.js';

// flow/print/pdf with a document whose invoices are OFDs (decision 0038): the real 数电专票 of
// test-data/invoices/ofd (github ofdrw/ofdrw test resources, Apache-2.0) is drawn after the document's page.

let env: Awaited<ReturnType<typeof createFilesTestApp>>;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  env = await createFilesTestApp();
  call = caller(env.t);
});
afterAll(async () => env?.t.close());

const P = '/finobill/api/web/flow/print';
const T0 = Date.UTC(2026, 10, 20, 2, 0, 0);
let seq = 0;

/** A draft expense document of a new tenant's member, one fee line with an invoice per file given. */
async function documentWith(files: Buffer[]) {
  const tenant = await makeTenant(env.t.db);
  const me = await makeStaff(env.t.db, tenant.tenantId, ['billExpense:view']);
  const bill = await env.t.db
    .insertInto('bills')
    .values({
      tenant_id: tenant.tenantId,
      bill_type: 'expense',
      bill_number: `BX20261128${String(++seq).padStart(4, '0')}`,
      title: '数电票报销',
      submitter_id: me.staffId,
      submitter_name: '员工',
      amount: 444900,
      status: 'draft',
      form_values: '{}',
      dept_name: '',
      org_name: '演示科技有限公司',
      remark: '',
      create_type: 1,
      flow_name: '',
      current_node_name: '',
      current_approvers: '[]',
      created_at: T0,
      updated_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const billId = Number(bill.id);
  const fee = await env.t.db
    .insertInto('bill_fees')
    .values({
      tenant_id: tenant.tenantId,
      bill_id: billId,
      fee_type: 'meal',
      amount: 444900,
      fee_date: T0,
      remark: '',
      sort_order: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dir = await grantedDir(env.t.db, tenant.tenantId, me.staffId);
  const numbers: string[] = [];
  for (const [i, file] of files.entries()) {
    const key = `${dir}2026/11/28/${seq}_${i}.ofd`;
    await env.storage.put(key, file, { contentType: 'application/ofd' });
    const number = `2411200000004854${String(seq * 10 + i).padStart(4, '0')}`;
    numbers.push(number);
    const inv = await env.t.db
      .insertInto('invoices')
      .values({
        tenant_id: tenant.tenantId,
        org_id: tenant.tenantId,
        owner_staff_id: me.staffId,
        owner_name: '员工',
        org_name: '',
        kind: 'digital_special',
        code: '',
        number,
        billing_date: T0,
        amount: 419717,
        tax: 25183,
        total: 444900,
        seller_name: '北京互联三六五科技有限公司',
        file_key: key,
        source: 'upload',
        bill_id: billId,
        dedupe_key: `digital_special:${number}`,
        created_by: me.staffId,
        created_at: T0,
        updated_at: T0,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await env.t.db
      .insertInto('bill_fee_invoices')
      .values({
        tenant_id: tenant.tenantId,
        bill_id: billId,
        fee_id: Number(fee.id),
        invoice_id: Number(inv.id),
      })
      .execute();
  }
  return { me, billId, numbers };
}

describe('document print with OFD invoices', () => {
  it('draws the OFD invoice after the document’s page; an OFD that cannot be drawn is listed with its link', async () => {
    const shudian = testData('invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd');
    const { me, billId, numbers } = await documentWith([shudian, hostileOfd.hugeImage()]);
    const res = await call(me.token, 'POST', `${P}/pdf`, { flowIds: [billId] });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ printed: 1, attached: 1 });
    expect(res.body.data.attachments).toEqual([
      expect.objectContaining({ fileName: `发票${numbers[1]}.ofd`, fileType: 'ofd' }),
    ]);
    const pdf = await env.t.app.inject({ method: 'GET', url: res.body.data.url });
    const doc = await PDFDocument.load(pdf.rawPayload);
    // the document's page, then the invoice's page
    expect(doc.getPageCount()).toBe(2);
    const jpegs = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter(
        (o): o is PDFRawStream =>
          o instanceof PDFRawStream && String(o.dict.get(PDFName.of('Filter'))) === '/DCTDecode',
      );
    expect(jpegs.length).toBeGreaterThanOrEqual(1);
    // without attachments only the document
    const bare = await call(me.token, 'POST', `${P}/pdf`, { flowIds: [billId], attach: false });
    expect(bare.body.data).toMatchObject({ printed: 1, attached: 0 });
  });

  it('another tenant’s document with an OFD invoice: 404', async () => {
    const shudian = testData('invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd');
    const a = await documentWith([shudian]);
    const b = await documentWith([]);
    expect((await call(b.me.token, 'POST', `${P}/pdf`, { flowIds: [a.billId] })).code).toBe(404);
    expect((await call(b.me.token, 'POST', `${P}/pdf`, { flowIds: [b.billId, a.billId] })).code).toBe(404);
  });
});
