import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { caller, makeInvoiceTenant, qs, W } from '../invoice.testkit.js';

/**
 * GET /invoice/api/web/invoice/sellerPage and buyerPage (spec 7.1; 100 a page, spec 9): the seller and
 * buyer names of the web lists' filters — the caller's own invoices (scope person) or the organisation's
 * (scope org, with its permission) — validated, permissioned, tenant-scoped and paged.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

let seq = 0;
/** Invoices written straight to the table (entry and verification are tested elsewhere). */
async function addInvoices(
  tenantId: number,
  ownerStaffId: number,
  rows: { seller: string; sellerTaxId?: string; buyer?: string }[],
) {
  const now = Date.now();
  await t.db
    .insertInto('invoices')
    .values(
      rows.map((r) => {
        const n = String(++seq).padStart(8, '0');
        return {
          tenant_id: tenantId,
          org_id: tenantId,
          owner_staff_id: ownerStaffId,
          owner_name: '张三',
          org_name: '测试公司',
          kind: 'vat_normal',
          code: '3100000000',
          number: n,
          billing_date: Date.parse('2026-11-02T00:00:00+08:00'),
          amount: 1000,
          tax: 60,
          total: 1060,
          check_code: '',
          buyer_name: r.buyer ?? '',
          buyer_tax_id: '',
          seller_name: r.seller,
          seller_tax_id: r.sellerTaxId ?? '',
          source: 'hand',
          deal_status: 2,
          recent_status: 1,
          finishing_amount: 0,
          finish_amount: 0,
          bill_id: null,
          file_key: null,
          extra: '{}',
          verdict: null,
          remark: '',
          dedupe_key: `vat_normal|3100000000|${n}`,
          created_by: ownerStaffId,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        };
      }),
    )
    .execute();
}

/** owner: 102 sellers 销售方001…销售方102 (buyer 甲公司 on each); other: 他人销售方 (buyer 乙公司). */
async function tenantWithSellers() {
  const x = await makeInvoiceTenant(t);
  await addInvoices(
    x.tenantId,
    x.owner.staffId,
    Array.from({ length: 102 }, (_, i) => ({
      seller: `销售方${String(i + 1).padStart(3, '0')}`,
      sellerTaxId: `91310000MA1X${String(i + 1).padStart(6, '0')}`,
      buyer: '甲公司',
    })),
  );
  await addInvoices(x.tenantId, x.other.staffId, [{ seller: '他人销售方', buyer: '乙公司' }]);
  return x;
}

const names = (r: { body: { data: { items: { name: string }[] } } }) => r.body.data.items.map((i) => i.name);

describe('GET web/invoice/sellerPage and buyerPage', () => {
  it('pages the caller’s own sellers 100 at a time, sorted, with their tax ids and a keyword', async () => {
    const x = await tenantWithSellers();
    const first = await call(x.owner.token, 'GET', `${W}/sellerPage`);
    expect(first.code).toBe(200);
    expect(first.body.data.page).toEqual({ page_num: 1, page_size: 100, total: 102 });
    expect(first.body.data.items).toHaveLength(100);
    expect(first.body.data.items[0]).toEqual({ name: '销售方001', taxId: '91310000MA1X000001' });
    expect(names(first)).not.toContain('他人销售方');
    const second = await call(x.owner.token, 'GET', `${W}/sellerPage${qs({ pageNum: 2 })}`);
    expect(names(second)).toEqual(['销售方101', '销售方102']);
    const found = await call(x.owner.token, 'GET', `${W}/sellerPage${qs({ keyword: '方10' })}`);
    expect(names(found)).toEqual(['销售方100', '销售方101', '销售方102']);
    const buyers = await call(x.owner.token, 'GET', `${W}/buyerPage`);
    expect(buyers.body.data.items).toEqual([{ name: '甲公司', taxId: '' }]);
  });

  it('scope org lists the organisation’s invoices, for org viewers only', async () => {
    const x = await tenantWithSellers();
    const org = await call(x.orgAdmin.token, 'GET', `${W}/sellerPage${qs({ scope: 'org', pageNum: 2 })}`);
    expect(org.body.data.page.total).toBe(103);
    expect(names(org)).toEqual(['销售方100', '销售方101', '销售方102']);
    const buyers = await call(x.orgAdmin.token, 'GET', `${W}/buyerPage${qs({ scope: 'org' })}`);
    expect(names(buyers)).toEqual(['乙公司', '甲公司'].sort());
  });

  it('refuses a missing permission: org scope without orgInvoice:view, person scope without invoice:view', async () => {
    const x = await tenantWithSellers();
    for (const side of ['sellerPage', 'buyerPage']) {
      expect((await call(x.owner.token, 'GET', `${W}/${side}?scope=org`)).code).toBe(403);
      expect((await call(x.orgAdmin.token, 'GET', `${W}/${side}`)).code).toBe(403);
      expect((await call(x.plain.token, 'GET', `${W}/${side}`)).code).toBe(403);
      expect((await call(null, 'GET', `${W}/${side}`)).code).toBe(401);
    }
  });

  it('refuses bad input with the field named in Chinese', async () => {
    const x = await tenantWithSellers();
    for (const [query, label] of [
      [qs({ pageSize: 101 }), '每页条数'],
      [qs({ pageNum: 0 }), '页码'],
      [qs({ scope: 'all' }), '范围'],
      [qs({ keyword: '长'.repeat(101) }), '关键字'],
    ] as const) {
      const r = await call(x.owner.token, 'GET', `${W}/sellerPage${query}`);
      expect(r.code).toBe(400);
      expect(r.body.msg).toContain(label);
    }
  });

  it('never shows another tenant’s names, in either scope', async () => {
    await tenantWithSellers();
    const y = await makeInvoiceTenant(t);
    await addInvoices(y.tenantId, y.owner.staffId, [{ seller: '乙租户销售方' }]);
    expect(names(await call(y.owner.token, 'GET', `${W}/sellerPage`))).toEqual(['乙租户销售方']);
    const org = await call(
      y.orgAdmin.token,
      'GET',
      `${W}/sellerPage${qs({ scope: 'org', keyword: '销售方' })}`,
    );
    expect(names(org)).toEqual(['乙租户销售方']);
    expect((await call(y.orgAdmin.token, 'GET', `${W}/buyerPage?scope=org`)).body.data.items).toEqual([]);
  });
});
