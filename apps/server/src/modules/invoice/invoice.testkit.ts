import fs from 'node:fs';
import type { InvoiceInput } from '@feikong/contracts';
import type { TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { createCompany } from '../../seed/demo.js';

/** Helpers shared by the invoice test files. */

export const W = '/invoice/api/web/invoice';
export const APP = '/invoice/api/app/invoice';
export const TAG = '/invoice/api/web/tag';
export const RISK = '/invoice/api/web/taxRisk';
export const COMPLIANCE = '/invoice/api/web/compliance';

export type Reply = { code: number; body: { status: number; msg: string; data: any } };

export function caller(t: TestApp) {
  return async (
    token: string | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): Promise<Reply> => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { 'x-session-token': token } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { code: res.statusCode, body: res.json() };
  };
}

/** The query string of a GET. */
export function qs(params: Record<string, string | number | undefined>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) p.set(k, String(v));
  return `?${p.toString()}`;
}

interface ManifestEntry {
  file: string;
  kind: string;
  expected: Record<string, string>;
}
const MANIFEST: ManifestEntry[] = JSON.parse(
  fs.readFileSync(new URL('../../../../../test-data/invoices/manifest.json', import.meta.url), 'utf8'),
);
const fen = (yuan: string | undefined) => (yuan === undefined ? 0 : Math.round(Number(yuan) * 100));

/** A real invoice of test-data/invoices/manifest.json (by a part of its file name), as saveInvoices takes it. */
export function realInvoice(filePart: string, over: Partial<InvoiceInput> = {}): InvoiceInput {
  const e = MANIFEST.find((m) => m.file.includes(filePart) && m.expected.number);
  if (!e) throw new Error(`manifest has no ${filePart}`);
  const x = e.expected;
  const kind =
    x.type_code_qr === '31'
      ? 'digital_special'
      : e.kind.startsWith('增值税专用发票')
        ? 'vat_special'
        : e.kind.includes('电子普通发票')
          ? 'vat_electronic'
          : 'vat_normal';
  return {
    kind,
    code: x.code ?? '',
    number: x.number!,
    billingDate: x.date!,
    amount: fen(x.amount_excl_tax),
    tax: fen(x.tax),
    total: fen(x.total_incl_tax),
    checkCode: x.check_code ?? '',
    buyerName: x.buyer ?? '',
    buyerTaxId: x.buyer_tax_id ?? '',
    sellerName: x.seller ?? '',
    sellerTaxId: x.seller_tax_id ?? '',
    source: 'upload',
    ...over,
  };
}

/** Real buyers of the manifest's invoices, made companies of a test tenant so the buyer check passes. */
export const REAL_BUYERS = {
  qilin: { name: '海南麒麟云服科技有限公司', taxId: '91460300MAA92DJN95' },
  jingli: { name: '江苏京利华新材料有限公司', taxId: '91320115MA202UKD7X' }, // as printed on 1.ofd's buyer line
  keyou: { name: '科游迈利有限公司', taxId: '91330000MA1KYM0002' },
};

/** Gives the tenant `n` more invoice checks (电子发票查验包). */
export async function giveChecks(t: TestApp, tenantId: number, n: number) {
  const p = await t.db
    .selectFrom('products')
    .select('id')
    .where('code', '=', 'invoice_check_1000')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .selectFrom('tenant_products')
    .select(['total_amount'])
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', p.id)
    .executeTakeFirst();
  const now = Date.now();
  if (row) {
    await t.db
      .updateTable('tenant_products')
      .set({ total_amount: Number(row.total_amount) + n })
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', p.id)
      .execute();
  } else {
    await t.db
      .insertInto('tenant_products')
      .values({
        tenant_id: tenantId,
        product_id: p.id,
        total_amount: n,
        used_amount: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

export async function checksLeft(t: TestApp, tenantId: number) {
  const row = await t.db
    .selectFrom('tenant_products as tp')
    .innerJoin('products as p', 'p.id', 'tp.product_id')
    .select(['tp.total_amount', 'tp.used_amount'])
    .where('tp.tenant_id', '=', tenantId)
    .where('p.code', '=', 'invoice_check_1000')
    .executeTakeFirst();
  return row ? Number(row.total_amount) - Number(row.used_amount) : 0;
}

export const INVOICE_PERMS = ['invoice:view', 'invoice:add', 'invoice:delete', 'invoice:export'];

/**
 * A tenant whose companies include the real buyers, 1000 checks, and: two invoice users (owner, other),
 * an organisation viewer with bill privileges (orgAdmin), an org viewer without them (orgViewer),
 * a compliance editor and a plain staff member without invoice permissions.
 */
export async function makeInvoiceTenant(t: TestApp) {
  const tenant = await makeTenant(t.db);
  for (const [i, b] of Object.values(REAL_BUYERS).entries()) {
    await createCompany(t.db, tenant.tenantId, b.name, b.taxId, 10 + i);
  }
  await giveChecks(t, tenant.tenantId, 1000);
  const owner = await makeStaff(t.db, tenant.tenantId, INVOICE_PERMS);
  const other = await makeStaff(t.db, tenant.tenantId, INVOICE_PERMS);
  const orgAdmin = await makeStaff(t.db, tenant.tenantId, [
    'orgInvoice:view',
    'orgInvoice:delete',
    'org:bill',
  ]);
  const orgViewer = await makeStaff(t.db, tenant.tenantId, ['orgInvoice:view']);
  const compliance = await makeStaff(t.db, tenant.tenantId, [
    'invoiceCompliance:view',
    'invoiceCompliance:edit',
  ]);
  const plain = await makeStaff(t.db, tenant.tenantId);
  return { ...tenant, owner, other, orgAdmin, orgViewer, compliance, plain };
}

/**
 * A document row of `submitterId` in `status` (补录 tests: the invoice module only reads a document's head, so
 * the row is written directly rather than through a flow).
 */
export async function makeBill(
  t: TestApp,
  tenantId: number,
  submitterId: number,
  status: 'draft' | 'approving' | 'approved' | 'rejected' | 'returned' | 'withdrawn',
) {
  const now = Date.now();
  const n = Math.floor(Math.random() * 1e8);
  const row = await t.db
    .insertInto('bills')
    .values({
      tenant_id: tenantId,
      bill_type: 'expense',
      bill_number: `BX${String(n).padStart(12, '0')}`,
      title: '补录测试单据',
      submitter_id: submitterId,
      submitter_name: '',
      department_id: null,
      dept_name: '',
      company_id: null,
      org_name: '',
      project_id: null,
      amount: 10_000,
      status,
      create_type: 1,
      remark: '',
      form_values: '{}',
      loan_id: null,
      flow_id: null,
      flow_version: null,
      flow_name: '',
      instance_id: null,
      current_node_name: '',
      current_approvers: '[]',
      submit_time: status === 'draft' ? null : now,
      finish_time: status === 'approved' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'bill_number'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), billNumber: row.bill_number };
}

export async function countInvoices(t: TestApp, tenantId: number) {
  const r = await t.db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Hostile OFD packages (a zip bomb, a picture over the pixel cap, a crowded page, no OFD.xml). */
export { hostileOfd } from './ofdPrint/ofdPrint.testkit.js';
