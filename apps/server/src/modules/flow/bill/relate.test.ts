import { RelateBillPage } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { type Call, flowApp, type FlowTenant, submittedExpense } from '../flow.testkit.js';

/**
 * 关联单据 (spec 7.1): GET /finobill/api/app/flow/relateBillPageList beside the web one — the caller's
 * approved documents, validated, permissioned, tenant-scoped, paged (at most 100 a page).
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp()));
afterAll(async () => t?.close());

const APP = '/finobill/api/app/flow/relateBillPageList';
const WEB = 'flow/relateBillPageList';

/** An expense of A's submitter through both approval steps. */
async function approvedExpense(f: FlowTenant, amount = 10_000) {
  const id = await submittedExpense(t, f, [], amount);
  for (const who of [f.boss, f.second]) {
    const r = await call(who.token, 'POST', 'flow/approve', { id });
    if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  }
  return id;
}

describe('GET /finobill/api/app/flow/relateBillPageList', () => {
  let approved: number;
  let pending: number;
  beforeAll(async () => {
    approved = await approvedExpense(A, 12_300);
    pending = await submittedExpense(t, A);
  });

  it('lists the caller’s approved documents with the spec’s columns, as the web path does', async () => {
    const app = await call(A.submitter.token, 'GET', APP, {});
    expect(app.code).toBe(200);
    const page = RelateBillPage.parse(app.body.data);
    expect(page.items.map((b) => b.id)).toEqual([approved]);
    expect(page.items[0]).toMatchObject({ name: '出差报销', createType: '手动创建', amount: 12_300 });
    expect(page.items[0]!.billNumber).not.toBe('');
    expect(page.items.map((b) => b.id)).not.toContain(pending);
    const web = await call(A.submitter.token, 'GET', WEB, {});
    expect(web.body.data).toEqual(app.body.data);
    const byKeyword = await call(A.submitter.token, 'GET', APP, { keyword: page.items[0]!.billNumber });
    expect(byKeyword.body.data.items).toHaveLength(1);
    expect((await call(A.submitter.token, 'GET', APP, { keyword: '没有这张' })).body.data.items).toEqual([]);
  });

  it('refuses bad input with the field named', async () => {
    for (const [query, label] of [
      [{ pageSize: 101 }, '每页条数'],
      [{ pageNum: 0 }, '页码'],
      [{ billType: 'nonsense' }, '单据类型'],
      [{ keyword: '长'.repeat(51) }, '关键字'],
    ] as const) {
      const r = await call(A.submitter.token, 'GET', APP, query);
      expect(r.code).toBe(400);
      expect(r.body.msg).toContain(label);
    }
  });

  it('needs the document permission, and shows nobody else’s documents', async () => {
    expect((await call(A.nobody.token, 'GET', APP, {})).code).toBe(403);
    // a colleague of the same tenant and a member of another tenant see none of A's submitter's documents
    expect((await call(A.boss.token, 'GET', APP, {})).body.data.items).toEqual([]);
    const other = await call(B.submitter.token, 'GET', APP, { keyword: '出差' });
    expect(other.body.data.items.map((b: any) => b.id)).not.toContain(approved);
    expect(other.body.data.page.total).toBe(0);
  });

  it('pages at 100', async () => {
    // 100 more approved documents, copied from the approved one (the lifecycle itself is tested elsewhere)
    const row = await t.db
      .selectFrom('bills')
      .selectAll()
      .where('id', '=', approved)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    await t.db
      .insertInto('bills')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          ...copy,
          bill_number: `${row.bill_number}-${i}`,
          instance_id: null,
          created_at: row.created_at - 1000 - i,
        })),
      )
      .execute();
    const first = await call(A.submitter.token, 'GET', APP, { pageSize: 100 });
    expect(first.body.data.items).toHaveLength(100);
    expect(first.body.data.page).toEqual({ page_num: 1, page_size: 100, total: 101 });
    expect(first.body.data.items[0].id).toBe(approved); // newest first
    const second = await call(A.submitter.token, 'GET', APP, { pageSize: 100, pageNum: 2 });
    expect(second.body.data.items).toHaveLength(1);
    expect(second.body.data.items[0].billNumber).toBe(`${row.bill_number}-99`);
  });
});
