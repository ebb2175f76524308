import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../platform/db/database.js';
import type { FileStorage } from '../platform/storage/index.js';
import { staffIdByPhone } from '../modules/org/index.js';
import * as complianceRepo from '../modules/invoice/compliance/compliance.repo.js';
import * as invoiceRepo from '../modules/invoice/core/invoice.repo.js';
import { chinaDayMs, dedupeKey } from '../modules/invoice/verification/verification.service.js';
import { DEMO } from './demo.js';

/**
 * Demo invoices of 演示集团: real invoices (the expected fields of test-data/invoices/manifest.json:
 * github ofdrw/ofdrw test resources, Apache-2.0, and github guanshuicheng/invoice, MIT) held by 员工乙
 * and 审批人甲 in each reimbursement status, and one 发票合规 rule (a goods keyword).
 */
const REAL = [
  {
    owner: DEMO.staff,
    kind: 'digital_special',
    code: '',
    number: '24112000000048542163',
    file: 'invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd',
    date: '2024-05-28',
    amount: 419717,
    tax: 25183,
    check: '',
    buyer: ['海南麒麟云服科技有限公司', '91460300MAA92DJN95'],
    seller: ['北京互联三六五科技有限公司', '91110108690017781B'],
    source: 'upload',
    status: 1,
  },
  {
    owner: DEMO.staff,
    kind: 'vat_electronic',
    code: '033002000211',
    number: '83089647',
    file: 'invoices/ofd/ofdrw_1_eInvoice_2020_033002000211_83089647.ofd',
    date: '2020-07-23',
    amount: 51068,
    tax: 1532,
    check: '16197833567414507415',
    buyer: ['江苏京利华新材料有限公司', ''],
    seller: ['兰溪市悦济舫餐厅', ''],
    source: 'qrcode',
    status: 2,
  },
  {
    owner: DEMO.staff,
    kind: 'vat_electronic',
    code: '033002200211',
    number: '99934328',
    file: 'invoices/ofd/ofdrw_SignScaleError_eInvoice_2022_033002200211_99934328.ofd',
    date: '2022-09-01',
    amount: 991,
    tax: 129,
    check: '64484022470182298515',
    buyer: ['', ''],
    seller: ['杭州融运科技有限公司', '91330106MA7GAL1299'],
    source: 'upload',
    status: 3,
  },
  {
    owner: DEMO.approver,
    kind: 'vat_electronic',
    code: '050001700111',
    number: '99999951',
    file: 'invoices/ofd/ofdrw_fapiaoshili_050001700111_99999951.ofd',
    date: '2020-10-10',
    amount: 30000,
    tax: 1800,
    check: '14754822929856772523',
    buyer: ['科游迈利有限公司', ''],
    seller: ['杭州融易算企业管理咨询有限公司', ''],
    source: 'ocr',
    status: 1,
  },
  {
    owner: DEMO.approver,
    kind: 'vat_normal',
    code: '4100084140',
    number: '02995607',
    file: 'invoices/images/guanshuicheng_pupiao_4100084140_02995607_in_screenshot.png',
    date: '2012-10-15',
    amount: 243291,
    tax: 17709,
    check: '55313319851841257210',
    buyer: ['', ''],
    seller: ['', ''],
    source: 'hand',
    status: 1,
  },
] as const;

/**
 * Attachments of the first invoice (员工乙's 数电专票), one of each kind the preview opens: the PDF face
 * and two invoice photos from test-data/invoices; a PDF whose Chinese font is not embedded (STSong-Light,
 * drawn through pdf.js' CMaps), the docx, xlsx and GB18030 txt of test-data/preview.
 */
const ATTACHMENTS = [
  ['invoices/pdf/shudian_zhuanpiao_24112000000048542163.pdf', '数电专票PDF版.pdf'],
  ['preview/stsong_not_embedded.pdf', '行程单（非嵌入字体）.pdf'],
  ['invoices/images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png', '电子普通发票照片.png'],
  ['invoices/images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg', '增值税专用发票照片.jpg'],
  ['preview/reimbursement_note.docx', '报销说明.docx'],
  ['preview/expense_details.xlsx', '费用明细.xlsx'],
  ['preview/remark_gb18030.txt', '备注.txt'],
] as const;

const CONTENT_TYPES: Record<string, string> = {
  ofd: 'application/ofd',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
};

/**
 * The repository's test-data folder, found by walking up from this module: it runs from
 * apps/server/src/seed (tsx) and from the bundled apps/server/dist/main.js alike. Null when the
 * server runs without the repository (the demo invoices are then seeded without files).
 */
export function findTestData(from = path.dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'test-data');
    if (fs.existsSync(path.join(candidate, 'invoices', 'manifest.json'))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Stores one test-data file under the tenant's invoice directory; its key is named by its content. */
async function storeFile(storage: FileStorage, tenantId: number, root: string, rel: string) {
  const bytes = fs.readFileSync(path.join(root, rel));
  const ext = path.extname(rel).slice(1).toLowerCase();
  const md5 = createHash('md5').update(bytes).digest('hex');
  const key = `invoice/t${tenantId}/demo/${md5}.${ext}`;
  await storage.put(key, bytes, { contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' });
  return key;
}

export async function seedDemoInvoices(
  db: Db,
  t: { group: number; tech: number },
  storage: FileStorage | null = null,
  now = Date.now(),
) {
  const tenantId = t.group;
  const root = storage ? findTestData() : null;
  const store = (rel: string) => (storage && root ? storeFile(storage, tenantId, root, rel) : null);
  const tech = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', t.tech)
    .executeTakeFirstOrThrow();
  for (const [i, r] of REAL.entries()) {
    const staffId = await staffIdByPhone(db, tenantId, r.owner);
    if (staffId === undefined) throw new Error(`演示数据缺少员工 ${r.owner}`);
    const staff = await db
      .selectFrom('staff')
      .select('name')
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    const created = now - (REAL.length - i) * 86_400_000;
    const total = r.amount + r.tax;
    const verdict = {
      provider: 'local',
      label: '本地校验',
      official: false,
      passed: true,
      message: '本地校验通过（字段格式、金额与税额、开票日期、重复发票、发票合规）；未经税务机关查验',
      checkedAt: created,
    };
    const id = await invoiceRepo.insertInvoice(db, tenantId, {
      org_id: t.tech,
      owner_staff_id: staffId,
      owner_name: staff.name,
      org_name: tech.name,
      kind: r.kind,
      code: r.code,
      number: r.number,
      billing_date: chinaDayMs(r.date),
      amount: r.amount,
      tax: r.tax,
      total,
      check_code: r.check,
      buyer_name: r.buyer[0],
      buyer_tax_id: r.buyer[1],
      seller_name: r.seller[0],
      seller_tax_id: r.seller[1],
      source: r.source,
      deal_status: 2,
      recent_status: r.status,
      finishing_amount: r.status === 2 ? total : 0,
      finish_amount: r.status === 3 ? total : 0,
      bill_id: null,
      file_key: await store(r.file),
      extra: '{}',
      verdict: JSON.stringify(verdict),
      remark: '',
      dedupe_key: dedupeKey(r.kind, r.code, r.number),
      created_by: staffId,
      created_at: created,
      updated_at: created,
      deleted_at: null,
    });
    await invoiceRepo.insertVerification(db, tenantId, {
      invoice_id: id,
      kind: r.kind,
      code: r.code,
      number: r.number,
      billing_date: chinaDayMs(r.date),
      amount: total,
      provider: 'local',
      label: '本地校验',
      official: 0,
      passed: 1,
      message: verdict.message,
      staff_id: staffId,
      created_at: created,
    });
    await invoiceRepo.insertLogs(db, tenantId, [
      {
        invoice_id: id,
        action: '录入',
        content: `${staff.name}录入发票（本地校验：通过）`,
        staff_id: staffId,
        created_at: created,
      },
    ]);
    if (i === 0) {
      for (const [rel, fileName] of ATTACHMENTS) {
        const key = await store(rel);
        if (!key) continue;
        await invoiceRepo.insertAttachment(db, tenantId, {
          invoice_id: id,
          file_key: key,
          file_name: fileName,
          created_by: staffId,
          created_at: created,
        });
      }
    }
  }
  const admin = await staffIdByPhone(db, tenantId, DEMO.admin);
  await complianceRepo.insertRule(db, tenantId, {
    rule_kind: 'goods_keyword',
    value: '烟草',
    remark: '烟草制品不得报销',
    created_by: admin ?? 0,
    now,
  });
}
