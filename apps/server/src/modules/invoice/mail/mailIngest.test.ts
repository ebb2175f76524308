import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesTestApp, testData } from '../../files/files.testkit.js';
import { invoiceMailIngest } from './mailIngest.service.js';
import { caller, countInvoices, makeInvoiceTenant, W } from '../invoice.testkit.js';

// 专属邮箱 attachments become the mailbox owner's invoices through the entry page's recognition and
// saveInvoices (test-data/invoices: real OFD e-invoices, sources in its README).

let env: Awaited<ReturnType<typeof createFilesTestApp>>;
let a: Awaited<ReturnType<typeof makeInvoiceTenant>>;

beforeAll(async () => {
  env = await createFilesTestApp();
  a = await makeInvoiceTenant(env.t);
});
afterAll(async () => env?.t.close());

function attachment(rel: string, staff = a.owner) {
  const fileName = rel.split('/').pop()!;
  return {
    tenantId: a.tenantId,
    userId: staff.userId,
    staffId: staff.staffId,
    fileKey: `invoice/t${a.tenantId}/mail/2026/11/25/${Date.now()}_${fileName}`,
    fileName,
    contentType: 'application/ofd',
    bytes: testData(rel),
  };
}

describe('mail attachments → invoices', () => {
  it('saves a real OFD e-invoice for the mailbox owner, source 邮箱导入', async () => {
    const ingest = invoiceMailIngest({ db: env.t.db });
    const att = attachment('invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd');
    await env.storage.put(att.fileKey, att.bytes, { contentType: att.contentType });
    const result = await ingest(att);
    expect(result).toMatchObject({ ok: true });
    const id = (result as { invoiceIds: number[] }).invoiceIds[0];
    const detail = await caller(env.t)(a.owner.token, 'GET', `${W}/detail?invoiceId=${id}`);
    expect(detail.body.data).toMatchObject({
      number: '24112000000048542163',
      source: 'email',
      sourceText: '邮箱导入',
    });
  });

  it('refuses the same invoice again with who entered it, and a file that is no invoice; nothing saved', async () => {
    const ingest = invoiceMailIngest({ db: env.t.db });
    const before = await countInvoices(env.t, a.tenantId);
    const again = await ingest(
      attachment('invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd', a.other),
    );
    expect(again).toMatchObject({ ok: false });
    expect((again as { reason: string }).reason).toMatch(/已由.+录入，不能重复录入/);
    const junk = {
      ...attachment('invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd'),
      bytes: Buffer.from('hello'),
    };
    const refused = await ingest(junk);
    expect(refused.ok).toBe(false);
    expect(await countInvoices(env.t, a.tenantId)).toBe(before);
  });
});
