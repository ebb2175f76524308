import { BillDetail, DEFAULT_AUDIT_RULES, PrintDataReply, TodoPage } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { seedDefaultRulesOfAllTenants } from '../../db/migrations/20261128T0530_risk_flags.js';
import {
  type Call,
  flowApp,
  type FlowTenant,
  makeInvoice,
  publishedFlow,
  twoStepNodes,
} from '../flow/flow.testkit.js';
import { chinaDay, chinaDayMs } from './billReport.errors.js';

/**
 * Risk flags on by default (issue 20 part 3): every tenant has the default 智能规则集 (标记风险); what they
 * find on submit is kept on the document for its approvers: detail, 我的待办 (风险 column and filter), print.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
const RULE = '/finobill/api/web/auditRule';
const DEFAULT_NAMES = DEFAULT_AUDIT_RULES.map((r) => r.name);

/** Start → 金额 (over ¥5,000.00 or not: the same steps) → supervisor → finance → end. */
function thresholdNodes(secondId: number) {
  const [start, ...rest] = twoStepNodes(secondId) as { id: string; next?: string }[];
  return [
    { ...start, next: 'c' },
    {
      id: 'c',
      type: 'condition',
      name: '金额',
      branches: [
        { id: 'big', name: '大额', when: { field: 'amount', op: 'gt', value: 500_000 }, next: 'a1' },
        { id: 'else', name: '其他', isDefault: true, next: 'a1' },
      ],
    },
    ...rest,
  ];
}

beforeAll(async () => {
  ({ t, A, B, call } = await flowApp({ publish: false }));
  await publishedFlow(t, A, thresholdNodes(A.second.staffId));
  await publishedFlow(t, B);
});
afterAll(async () => t?.close());

const thisYear = Number(chinaDay(Date.now()).slice(0, 4));
const ourTaxId = async (f: FlowTenant) =>
  (
    await t.db
      .selectFrom('organizations')
      .select('tax_id')
      .where('id', '=', f.companyId)
      .executeTakeFirstOrThrow()
  ).tax_id!;

async function invoice(f: FlowTenant, total: number, o: { buyerTaxId: string; billingDay: string }) {
  const inv = await makeInvoice(t, f.tenantId, f.submitter.staffId, total);
  await t.db
    .updateTable('invoices')
    .set({ buyer_tax_id: o.buyerTaxId, buyer_name: '某公司', billing_date: chinaDayMs(o.billingDay) })
    .where('id', '=', inv.id)
    .execute();
  return inv;
}

async function submit(f: FlowTenant, body: Record<string, unknown>) {
  const s = await call(f.submitter.token, 'POST', 'flow/save', {
    billType: 'expense',
    title: '出差报销',
    ...body,
  });
  if (s.body.status !== 0) throw new Error(s.body.msg);
  const r = await call(f.submitter.token, 'POST', 'flow/submit', { id: s.body.data.id });
  if (r.body.status !== 0) throw new Error(r.body.msg);
  return s.body.data.id as number;
}

const trip = { date: [`${thisYear}-03-01`, `${thisYear}-03-03`], locationCus: '上海' };

describe('default rule set', () => {
  it('a new tenant has the six default rules, on, flagging; editable; other tenants and no permission refused', async () => {
    const list = await call(A.admin.token, 'GET', `${RULE}/list`);
    expect(list.body.data.items.map((r: any) => r.name)).toEqual(DEFAULT_NAMES);
    for (const r of list.body.data.items)
      expect(r).toMatchObject({ action: 'flag', actionText: '标记风险', enabled: true, billTypes: [] });
    expect(list.body.data.items.map((r: any) => r.ruleKindText)).toEqual([
      '超额报销',
      '购买方非本公司',
      '跨年发票',
      '发票重复使用',
      '费用日期不在行程期间',
      '金额接近审批阈值',
    ]);
    const near = list.body.data.items.find((r: any) => r.ruleKind === 'nearThreshold');
    expect(near).toMatchObject({ percent: 5, conditionText: '单据金额低于审批流程的金额条件不超过5%' });

    // Another tenant's rule id is not found; without the permission, 403; the rule is unchanged.
    expect((await call(B.admin.token, 'POST', `${RULE}/enable`, { id: near.id, enabled: false })).code).toBe(
      404,
    );
    expect((await call(A.submitter.token, 'GET', `${RULE}/list`)).code).toBe(403);
    expect(
      (await call(A.submitter.token, 'POST', `${RULE}/enable`, { id: near.id, enabled: false })).code,
    ).toBe(403);
    const again = await call(A.admin.token, 'GET', `${RULE}/list`, { ruleKind: 'nearThreshold' });
    expect(again.body.data.items[0].enabled).toBe(true);

    // Editable: a margin of 10% instead of 5%.
    const edit = (percent: number) =>
      call(A.admin.token, 'POST', `${RULE}/update`, {
        id: near.id,
        name: near.name,
        ruleKind: near.ruleKind,
        action: near.action,
        message: near.message,
        percent,
      });
    const upd = await edit(10);
    expect(upd.body.data).toMatchObject({
      percent: 10,
      conditionText: '单据金额低于审批流程的金额条件不超过10%',
    });
    expect((await edit(5)).body.data.percent).toBe(5);
  });

  it('the migration gives tenants that existed before it the defaults, keeping a rule of the same name', async () => {
    const { tenantId } = B;
    await t.db.deleteFrom('audit_rules').where('tenant_id', '=', tenantId).execute();
    await t.db
      .insertInto('audit_rules')
      .values({
        tenant_id: tenantId,
        name: '跨年发票',
        rule_kind: 'invoiceAge',
        action: 'block',
        message: '本租户自己的规则',
        bill_types: '[]',
        fee_type: null,
        city_group_id: null,
        amount_limit: null,
        days: 365,
        enabled: 1,
        remark: '',
        created_by: B.admin.staffId,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    await seedDefaultRulesOfAllTenants(t.db, Date.now());
    await seedDefaultRulesOfAllTenants(t.db, Date.now()); // twice: nothing doubles
    const rows = await t.db
      .selectFrom('audit_rules')
      .select(['name', 'action'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.name).sort()).toEqual([...DEFAULT_NAMES].sort());
    expect(rows.find((r) => r.name === '跨年发票')!.action).toBe('block');
    // Tenant A, which had them all, got none twice.
    const a = await t.db
      .selectFrom('audit_rules')
      .select('name')
      .where('tenant_id', '=', A.tenantId)
      .execute();
    expect(a).toHaveLength(DEFAULT_NAMES.length);
  });
});

describe('risk flags', () => {
  it('each default rule flags its case; the approver sees them on the detail, in 我的待办 and on the print', async () => {
    await call(A.admin.token, 'POST', `${RULE}/setting`, { allowOverClaim: true });
    const ours = await ourTaxId(A);
    // An invoice partly written off by an approved document: claiming its rest is 发票重复使用.
    const shared = await invoice(A, 20_000, { buyerTaxId: ours, billingDay: `${thisYear}-03-02` });
    const earlier = await submit(A, {
      trips: [trip],
      fees: [{ feeType: 'travel', amount: 10_000, date: `${thisYear}-03-02`, invoiceIds: [shared.id] }],
    });
    await call(A.boss.token, 'POST', 'flow/approve', { id: earlier });
    await call(A.second.token, 'POST', 'flow/approve', { id: earlier });

    const old = await invoice(A, 444_900, {
      buyerTaxId: '91110000XXXXXXXX0X',
      billingDay: `${thisYear - 2}-06-01`,
    });
    const id = await submit(A, {
      trips: [trip],
      fees: [
        // ¥4,800.00 on a ¥4,449.00 invoice of two years ago, bought by someone else, after the trip
        {
          feeType: 'travel',
          amount: 480_000,
          date: `${thisYear}-03-20`,
          invoiceIds: [old.id],
          overReason: '补差价',
        },
        { feeType: 'travel', amount: 10_000, date: `${thisYear}-03-02`, invoiceIds: [shared.id] },
      ],
    });
    // ¥4,900.00 is within 5% under the flow's ¥5,000.00 condition.
    const detail = BillDetail.parse((await call(A.boss.token, 'GET', 'flow/detail', { id })).body.data);
    const byKind = new Map(detail.riskFlags.map((f) => [f.ruleKind, f.detail]));
    expect([...byKind.keys()].sort()).toEqual(
      [
        'buyerNotOurs',
        'feeOutsideTrip',
        'invoiceOtherYear',
        'invoiceReused',
        'nearThreshold',
        'overClaim',
      ].sort(),
    );
    const earlierNumber = (
      await t.db.selectFrom('bills').select('bill_number').where('id', '=', earlier).executeTakeFirstOrThrow()
    ).bill_number;
    expect(byKind.get('invoiceReused')).toBe(`发票${shared.number}已用于单据${earlierNumber}`);
    expect(byKind.get('invoiceOtherYear')).toBe(
      `发票${old.number}开票日期${thisYear - 2}-06-01，不是${thisYear}年的发票`,
    );
    expect(byKind.get('buyerNotOurs')).toBe(`发票${old.number}购买方「某公司」不是本集团的公司`);
    expect(byKind.get('feeOutsideTrip')).toBe(
      `第1条费用（差旅费）日期${thisYear}-03-20不在行程期间（${thisYear}-03-01至${thisYear}-03-03）`,
    );
    expect(byKind.get('nearThreshold')).toBe('单据金额¥4,900.00，距审批金额阈值¥5,000.00不足5%');
    expect(byKind.get('overClaim')).toContain('超额说明：补差价');

    // A clean document: ours, this year, within the trip and its invoice, far from any threshold.
    const fine = await invoice(A, 30_000, { buyerTaxId: ours, billingDay: `${thisYear}-03-02` });
    const clean = await submit(A, {
      trips: [trip],
      fees: [{ feeType: 'travel', amount: 30_000, date: `${thisYear}-03-02`, invoiceIds: [fine.id] }],
    });
    const cleanDetail = BillDetail.parse(
      (await call(A.boss.token, 'GET', 'flow/detail', { id: clean })).body.data,
    );
    expect(cleanDetail.riskFlags).toEqual([]);

    // 我的待办: the 风险 column names the rules; the filter keeps one side.
    const page = async (q: Record<string, unknown>) =>
      TodoPage.parse((await call(A.boss.token, 'GET', 'flow/todoPageList', q)).body.data).items;
    const all = await page({});
    expect(all.find((r) => r.billId === id)!.riskNames).toEqual([
      '超额报销',
      '购买方非本公司',
      '跨年发票',
      '发票重复使用',
      '费用日期不在行程期间',
      '金额接近审批阈值',
    ]);
    expect(all.find((r) => r.billId === clean)!.riskNames).toEqual([]);
    const flagged = await page({ risk: true });
    expect(flagged.map((r) => r.billId)).toContain(id);
    expect(flagged.map((r) => r.billId)).not.toContain(clean);
    const unflagged = await page({ risk: false });
    expect(unflagged.map((r) => r.billId)).toContain(clean);
    expect(unflagged.map((r) => r.billId)).not.toContain(id);
    // The done tab filters the same way.
    await call(A.boss.token, 'POST', 'flow/approve', { id });
    const done = TodoPage.parse(
      (await call(A.boss.token, 'GET', 'flow/todoPageList', { tab: 'done', risk: true })).body.data,
    ).items;
    expect(done.map((r) => r.billId)).toContain(id);
    expect((await call(A.boss.token, 'GET', 'flow/todoPageList', { risk: 'maybe' })).code).toBe(400);

    // The print carries them.
    const print = PrintDataReply.parse(
      (await call(A.boss.token, 'GET', '/finobill/api/web/flow/print/data', { id })).body.data,
    );
    expect(print.items[0].data.riskFlags.map((f) => f.ruleName)).toContain('跨年发票');

    // Another tenant's approver sees none of it.
    expect((await call(B.boss.token, 'GET', 'flow/detail', { id })).code).toBe(404);
    const bTodo = TodoPage.parse(
      (await call(B.boss.token, 'GET', 'flow/todoPageList', { risk: true })).body.data,
    );
    expect(bTodo.items.map((r) => r.billId)).not.toContain(id);
  });

  it('a disabled default rule flags nothing', async () => {
    const list = await call(A.admin.token, 'GET', `${RULE}/list`, { ruleKind: 'feeOutsideTrip' });
    const rule = list.body.data.items[0];
    await call(A.admin.token, 'POST', `${RULE}/enable`, { id: rule.id, enabled: false });
    try {
      const ours = await ourTaxId(A);
      const inv = await invoice(A, 30_000, { buyerTaxId: ours, billingDay: `${thisYear}-03-02` });
      const id = await submit(A, {
        trips: [trip],
        fees: [{ feeType: 'travel', amount: 30_000, date: `${thisYear}-04-20`, invoiceIds: [inv.id] }],
      });
      const detail = BillDetail.parse((await call(A.boss.token, 'GET', 'flow/detail', { id })).body.data);
      expect(detail.riskFlags).toEqual([]);
    } finally {
      await call(A.admin.token, 'POST', `${RULE}/enable`, { id: rule.id, enabled: true });
    }
  });
});
