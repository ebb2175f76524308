import fs from 'node:fs';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodApp } from '../src/platform/types.js';
import { startInvoiceMailReceiver, type MailReceiver } from '../src/modules/invoiceMail/index.js';
import { caller, makeInvoiceTenant, W } from '../src/modules/invoice/invoice.testkit.js';
import { createTestApp, type TestApp } from './harness.js';
import { waitFor } from './poll.js';

// 专属邮箱 to 我的发票, across the two modules as buildApp wires them: a real OFD e-invoice (test-data,
// github ofdrw/ofdrw, Apache-2.0) mailed over SMTP to a person's address becomes that person's invoice.

const OFD = 'invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd';
let t: TestApp;
let receiver: MailReceiver;

beforeAll(async () => {
  t = await createTestApp();
  receiver = (await startInvoiceMailReceiver(t.app as unknown as ZodApp, { port: 0 }))!;
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

async function mail(to: string, name: string) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: receiver.port,
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: '北京互联三六五 <fapiao@hulian365.example.com>',
    to,
    subject: '您收到一张电子发票',
    text: '请查收',
    attachments: [
      { filename: name, content: fs.readFileSync(new URL(`../../../test-data/${OFD}`, import.meta.url)) },
    ],
  });
}

describe('a mailed e-invoice', () => {
  it('becomes the mailbox owner’s invoice (source 邮箱导入), and the same invoice again is refused with who and when', async () => {
    const call = caller(t);
    const x = await makeInvoiceTenant(t);
    const address = (await call(x.owner.token, 'GET', '/invoice/api/web/email/address')).body.data
      .address as string;
    expect(address).toMatch(/@/);
    await mail(address, '数电专票.ofd');
    const row = await waitFor(
      async () => {
        const list = await call(x.owner.token, 'GET', `${W}/pageList?scope=person&pageNum=1&pageSize=20`);
        return list.body.data?.items?.find((r: { number: string }) => r.number === '24112000000048542163');
      },
      { timeoutMs: 30_000, what: 'the mailed invoice in 我的发票' },
    );
    expect(row).toMatchObject({ source: 'email', sourceText: '邮箱导入', amountTax: 444_900 });

    // Mailed again to a colleague: refused, and the mail says why.
    const theirs = (await call(x.other.token, 'GET', '/invoice/api/web/email/address')).body.data
      .address as string;
    await mail(theirs, '数电专票.ofd');
    const failed = await waitFor(
      async () => {
        const list = await call(x.other.token, 'POST', '/invoice/api/web/email/pageList', {});
        const m = list.body.data.items[0];
        if (!m) return undefined;
        const detail = await call(x.other.token, 'GET', `/invoice/api/web/email/detail?id=${m.id}`);
        const a = detail.body.data.attachments[0];
        return a && a.status_name === '识别失败' ? a : undefined;
      },
      { timeoutMs: 30_000, what: 'the second mail’s attachment refused' },
    );
    expect(failed.reason).toMatch(/已由.+录入，不能重复录入/);
    // The list says why without opening the mail; the owner's imported mail has no reason.
    const theirList = (await call(x.other.token, 'POST', '/invoice/api/web/email/pageList', {})).body.data;
    expect(theirList.items[0]).toMatchObject({ status: 4, failed_count: 1, failure_reason: failed.reason });
    const ownList = (await call(x.owner.token, 'POST', '/invoice/api/web/email/pageList', {})).body.data;
    expect(ownList.items[0]).toMatchObject({ status: 2, recognized_count: 1, failure_reason: null });
  }, 60_000);
});
