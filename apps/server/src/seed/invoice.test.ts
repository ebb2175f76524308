import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { caller, W } from '../modules/invoice/invoice.testkit.js';
import { createFilesTestApp, testData } from '../modules/files/files.testkit.js';
import { createSession } from '../platform/sessions.js';
import type { FileStorage } from '../platform/storage/index.js';
import { DEMO } from './demo.js';
import { seedDemoIfEmpty } from './index.js';
import { findTestData } from './invoice.js';

let t: TestApp;
let storage: FileStorage;
beforeAll(async () => {
  ({ t, storage } = await createFilesTestApp());
});
afterAll(async () => t?.close());

describe('demo invoices with their files', () => {
  it('finds test-data from the sources and from the bundled server alike', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const repoTestData = path.resolve(here, '../../../../test-data');
    expect(findTestData(here)).toBe(repoTestData);
    expect(findTestData(path.resolve(here, '../../dist'))).toBe(repoTestData);
    expect(findTestData('/')).toBeNull();
  });

  it('gives each seeded invoice its real file and one invoice an attachment of each kind, all previewable', async () => {
    expect(await seedDemoIfEmpty(t.db, storage)).toBe(true);
    const staff = await t.db
      .selectFrom('staff')
      .select(['id', 'user_id', 'tenant_id'])
      .where('phone', '=', DEMO.staff)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(
      t.db,
      { userId: staff.user_id, tenantId: Number(staff.tenant_id), staffId: staff.id },
      60_000,
    );
    const call = caller(t);
    const list = await call(token, 'GET', `${W}/pageList`);
    const byNumber = new Map(list.body.data.items.map((i: any) => [i.number, i.id]));
    const detail = async (number: string) =>
      (await call(token, 'GET', `${W}/detail?invoiceId=${byNumber.get(number)}`)).body.data;
    const download = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

    const shudian = await detail('24112000000048542163');
    expect(shudian.fileName).toBe('发票24112000000048542163.ofd');
    expect(
      (await download(shudian.fileUrl)).equals(
        testData('invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd'),
      ),
    ).toBe(true);
    const lanxi = await detail('83089647');
    expect(
      (await download(lanxi.fileUrl)).equals(
        testData('invoices/ofd/ofdrw_1_eInvoice_2020_033002000211_83089647.ofd'),
      ),
    ).toBe(true);
    expect(shudian.attachments.map((a: any) => a.fileName)).toEqual([
      '数电专票PDF版.pdf',
      '行程单（非嵌入字体）.pdf',
      '电子普通发票照片.png',
      '增值税专用发票照片.jpg',
      '报销说明.docx',
      '费用明细.xlsx',
      '备注.txt',
    ]);
    const txt = shudian.attachments.find((a: any) => a.fileName === '备注.txt');
    expect((await download(txt.url)).equals(testData('preview/remark_gb18030.txt'))).toBe(true);
    const pdf = shudian.attachments[0];
    expect(
      (await download(pdf.url)).equals(testData('invoices/pdf/shudian_zhuanpiao_24112000000048542163.pdf')),
    ).toBe(true);
  });
});
