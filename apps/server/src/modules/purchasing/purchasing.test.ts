import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeStaff } from '../../../test/factories.js';
import { FLOW_STAFF_PERMS } from '../../db/migrations/20261127T0141_flow_bill.js';
import { api, flowTenant, publishedFlow, type Call, type FlowTenant } from '../flow/flow.testkit.js';
import { PurchasingCode } from './purchasing.errors.js';

/**
 * 采购管理 (decision 0058): a 采购申请 (bill type purchase) with two lines, the approver unticks one, the final
 * approval makes a task of the other; orders against the task's lines (never over-ordered, even 20 at once),
 * merged across tasks, each order line keeping its application line; stop (idempotent, refuses orders);
 * exports; tenancy, bad input and permissions on every route.
 */
const APPLY = '/finobill/api/web/purchaseApply';
const P = '/lcb-purchase-center/api/v1/web';
const Q = '/consume-quota-center/api/v1/purchase';
const BUYER_PERMS = [
  'purchaseApply:view',
  'purchaseTask:view',
  'purchaseTask:edit',
  'purchaseOrder:view',
  'purchaseOrder:edit',
];
const APPLICANT_PERMS = [...FLOW_STAFF_PERMS, 'billPurchase:view', 'billPurchase:add', 'billPurchase:edit'];

let t: TestApp;
let call: Call;
type Tenant = FlowTenant & {
  applicant: Awaited<ReturnType<typeof makeStaff>>;
  buyer: Awaited<ReturnType<typeof makeStaff>>;
};
let A: Tenant;
let B: Tenant;

async function tenant(): Promise<Tenant> {
  const f = await flowTenant(t);
  const applicant = await makeStaff(t.db, f.tenantId, APPLICANT_PERMS);
  const buyer = await makeStaff(t.db, f.tenantId, BUYER_PERMS);
  await t.db
    .updateTable('staff')
    .set({ supervisor_id: f.boss.staffId })
    .where('id', '=', applicant.staffId)
    .execute();
  await publishedFlow(
    t,
    f,
    [
      { id: 'start', name: '发起', type: 'start', next: 'a1' },
      {
        id: 'a1',
        name: '直属上级审批',
        type: 'approver',
        next: 'end',
        sources: [{ kind: 'supervisor', levels: 1 }],
        mode: { kind: 'orSign' },
        whenEmpty: 'admin',
        onReject: { kind: 'end' },
        selfApprove: 'superior',
      },
      { id: 'end', name: '结束', type: 'end' },
    ],
    'purchase',
  );
  return { ...f, applicant, buyer };
}

const LINES = [
  { name: '笔记本电脑', spec: '14寸 16G', quantity: 4, price: 650_000, expect_date: Date.UTC(2026, 11, 20) },
  { name: '显示器', spec: '27寸', quantity: 10, price: 150_000, expect_date: Date.UTC(2026, 11, 10) },
];

/** A submitted 采购申请 of the applicant with LINES; returns the document id and its line ids. */
async function submitted(f: Tenant, lines = LINES) {
  const s = await call(f.applicant.token, 'POST', 'flow/save', {
    billType: 'purchase',
    title: '办公设备采购',
  });
  expect(s.body.status, JSON.stringify(s.body)).toBe(0);
  const id = s.body.data.id as number;
  const saved = await call(f.applicant.token, 'POST', `${APPLY}/lines`, { bill_id: id, lines });
  expect(saved.body.status, JSON.stringify(saved.body)).toBe(0);
  const sub = await call(f.applicant.token, 'POST', 'flow/submit', { id });
  expect(sub.body.status, JSON.stringify(sub.body)).toBe(0);
  return { id, lineIds: saved.body.data.lines.map((l: { id: number }) => l.id) as number[] };
}

/** An approved 采购申请 whose second line the approver did not approve; returns its task. */
async function taskOf(f: Tenant) {
  const { id, lineIds } = await submitted(f);
  const d = await call(f.boss.token, 'POST', `${APPLY}/decide`, {
    bill_id: id,
    refused_line_ids: [lineIds[1]],
  });
  expect(d.body.status, JSON.stringify(d.body)).toBe(0);
  expect((await call(f.boss.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
  const info = await call(f.applicant.token, 'GET', `${APPLY}/info`, { bill_id: id });
  const taskId = info.body.data.purchase_task_id as number;
  const task = await call(f.buyer.token, 'POST', `${P}/purchaseTask/info`, { purchase_task_id: taskId });
  expect(task.body.status).toBe(0);
  return { billId: id, lineIds, taskId, task: task.body.data };
}

let seq = 0;
const rid = () => `req-${Date.now()}-${(seq += 1)}`;
function order(
  f: Tenant,
  lines: { task_line_id: number; quantity: number; price: number }[],
  request_id = rid(),
) {
  return call(f.buyer.token, 'POST', `${P}/purchase-order/create`, {
    request_id,
    supplier: '京东企业购',
    purchase_date: 1_796_000_000,
    pay_time: 1_796_100_000,
    lines,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  call = api(t);
  A = await tenant();
  B = await tenant();
});
afterAll(async () => t.close());

describe('采购管理 routes', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter(
      (r) => (r.url.startsWith(APPLY) || r.url.startsWith(P) || r.url.startsWith(Q)) && r.method !== 'HEAD',
    );
    expect(mine.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        `GET ${APPLY}/list`,
        `GET ${APPLY}/export`,
        `GET ${APPLY}/info`,
        `POST ${APPLY}/lines`,
        `POST ${APPLY}/decide`,
        `POST ${P}/purchaseTask/list`,
        `POST ${P}/purchaseTask/info`,
        `POST ${P}/purchaseTask/stopTask`,
        `POST ${P}/purchaseTask/list-export`,
        `POST ${P}/purchase-order/list`,
        `GET ${P}/purchase-order/info`,
        `POST ${P}/purchase-order/create`,
        `POST ${P}/purchase-order/export`,
        `POST ${Q}/detail`,
        `POST ${Q}/update`,
      ].sort(),
    );
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });
});

describe('采购申请', () => {
  it('refuses to submit an application without lines', async () => {
    const s = await call(A.applicant.token, 'POST', 'flow/save', { billType: 'purchase', title: '空申请' });
    const sub = await call(A.applicant.token, 'POST', 'flow/submit', { id: s.body.data.id });
    expect(sub.body.status).toBe(PurchasingCode.applyNoLines);
    expect(sub.body.msg).toBe('请至少填写一行采购明细');
  });

  it('the approver unticks a line; the final approval makes a task of the approved line only', async () => {
    const { billId, lineIds, task } = await taskOf(A);
    expect(task.purchase_task_info).toMatchObject({
      bill_id: billId,
      purchase_user: expect.any(String),
      status: 1,
      statusText: '采购中',
      line_count: 1,
      amount: 2_600_000,
      real_amount: 0,
      // seconds (spec 3): the approved line's expected arrival
      purchase_date: Date.UTC(2026, 11, 20) / 1000,
    });
    expect(task.purchase_task_info.task_number).toMatch(/^RW\d+/);
    expect(task.product_info).toEqual([
      expect.objectContaining({
        apply_line_id: lineIds[0],
        name: '笔记本电脑',
        quantity: 4,
        price: 650_000,
        amount: 2_600_000,
        real_amount: 0,
      }),
    ]);
    const info = await call(A.buyer.token, 'GET', `${APPLY}/info`, { bill_id: billId });
    expect(info.body.data.lines.map((l: { approved: boolean }) => l.approved)).toEqual([true, false]);
    expect(info.body.data).toMatchObject({
      status: 'approved',
      approved_amount: 2_600_000,
      amount: 4_100_000,
    });
    const list = await call(A.buyer.token, 'GET', `${APPLY}/list`, { page_size: 50 });
    expect(list.body.data.items.find((r: { bill_id: number }) => r.bill_id === billId)).toMatchObject({
      line_count: 2,
      approved_count: 1,
      statusText: '已通过',
    });
    // the keyword finds it by number, title or applicant; a draft is not listed
    const byNumber = await call(A.buyer.token, 'GET', `${APPLY}/list`, {
      keyword: list.body.data.items[0].bill_number,
    });
    expect(byNumber.body.data.page.total).toBe(1);
    const draft = await call(A.applicant.token, 'POST', 'flow/save', {
      billType: 'purchase',
      title: '草稿采购',
    });
    await call(A.applicant.token, 'POST', `${APPLY}/lines`, { bill_id: draft.body.data.id, lines: LINES });
    const drafts = await call(A.buyer.token, 'GET', `${APPLY}/list`, { keyword: '草稿采购' });
    expect(drafts.body.data.page.total).toBe(0);
    const none = await call(A.buyer.token, 'GET', `${APPLY}/list`, { keyword: '100%_' });
    expect(none.body.data.items).toHaveLength(0);
    // exactly one task per document
    const n = await t.db.selectFrom('purchase_tasks').select('id').where('bill_id', '=', billId).execute();
    expect(n).toHaveLength(1);
  });

  it('only a current approver decides lines, never all of them, and only lines of that document', async () => {
    const { id, lineIds } = await submitted(A);
    expect(
      (await call(A.applicant.token, 'POST', `${APPLY}/decide`, { bill_id: id, refused_line_ids: [] })).body
        .status,
    ).toBe(PurchasingCode.notApprover);
    const all = await call(A.boss.token, 'POST', `${APPLY}/decide`, {
      bill_id: id,
      refused_line_ids: lineIds,
    });
    expect(all.body.status).toBe(PurchasingCode.badDecision);
    expect(all.body.msg).toBe('至少同意一行，全部不同意请驳回');
    const other = await call(A.boss.token, 'POST', `${APPLY}/decide`, {
      bill_id: id,
      refused_line_ids: [999_999],
    });
    expect(other.body.status).toBe(PurchasingCode.badDecision);
    // B's approver, A's document: missing
    expect(
      (await call(B.boss.token, 'POST', `${APPLY}/decide`, { bill_id: id, refused_line_ids: [] })).body
        .status,
    ).toBe(PurchasingCode.applyNotFound);
    // lines of a submitted application cannot change
    const late = await call(A.applicant.token, 'POST', `${APPLY}/lines`, { bill_id: id, lines: LINES });
    expect(late.body.status).toBe(PurchasingCode.applyNotEditable);
  });

  it('bad input, another tenant, missing permission', async () => {
    const { id } = await submitted(A);
    expect((await call(A.applicant.token, 'POST', `${APPLY}/lines`, { bill_id: id, lines: [] })).code).toBe(
      400,
    );
    expect(
      (
        await call(A.applicant.token, 'POST', `${APPLY}/lines`, {
          bill_id: id,
          lines: [{ ...LINES[0], quantity: 0 }],
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await call(A.applicant.token, 'POST', `${APPLY}/lines`, {
          bill_id: id,
          lines: [{ ...LINES[0], price: 1.5 }],
        })
      ).code,
    ).toBe(400);
    expect((await call(A.buyer.token, 'GET', `${APPLY}/list`, { page_size: 1000 })).code).toBe(400);
    expect((await call(B.buyer.token, 'GET', `${APPLY}/info`, { bill_id: id })).body.status).toBe(
      PurchasingCode.applyNotFound,
    );
    expect(
      (await call(B.applicant.token, 'POST', `${APPLY}/lines`, { bill_id: id, lines: LINES })).body.status,
    ).toBe(PurchasingCode.applyNotFound);
    expect((await call(A.nobody.token, 'GET', `${APPLY}/list`, {})).code).toBe(403);
    expect((await call(A.nobody.token, 'GET', `${APPLY}/export`)).code).toBe(403);
    expect((await call(A.nobody.token, 'POST', `${APPLY}/lines`, { bill_id: id, lines: LINES })).code).toBe(
      403,
    );
    // B's list does not show A's applications
    const bl = await call(B.buyer.token, 'GET', `${APPLY}/list`, { page_size: 100 });
    expect(bl.body.data.items.some((r: { bill_id: number }) => r.bill_id === id)).toBe(false);
  });

  it('exports applications (task 30)', async () => {
    const r = await call(A.buyer.token, 'GET', `${APPLY}/export`);
    expect(r.body.status).toBe(0);
    expect(r.body.data.task_id).toBeGreaterThan(0);
  });
});

describe('消费额度中心 · purchase/detail and purchase/update', () => {
  it('reads an order and records its payment time, supplier and remark; the lines and amount never change', async () => {
    const { task } = await taskOf(A);
    const made = await order(A, [{ task_line_id: task.product_info[0].id, quantity: 1, price: 600_000 }]);
    const id = made.body.data.id as number;
    const d = await call(A.buyer.token, 'POST', `${Q}/detail`, { purchase_order_id: id });
    expect(d.body.data).toMatchObject({ id, amount: 600_000, pay_time: 1_796_100_000 });
    const u = await call(A.buyer.token, 'POST', `${Q}/update`, {
      purchase_order_id: id,
      pay_time: null,
      remark: '待付款',
    });
    expect(u.body.status, JSON.stringify(u.body)).toBe(0);
    expect(u.body.data).toMatchObject({
      pay_time: null,
      remark: '待付款',
      supplier: '京东企业购',
      amount: 600_000,
    });
    const again = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(A.buyer.token, 'POST', `${Q}/update`, { purchase_order_id: id, pay_time: 1_796_200_000 }),
      ),
    );
    for (const r of again)
      expect(r.body.data).toMatchObject({ pay_time: 1_796_200_000, remark: '待付款', amount: 600_000 });
    expect(again[0]!.body.data.lines).toHaveLength(1);
    // bad input, another tenant, missing permission
    expect(
      (await call(A.buyer.token, 'POST', `${Q}/update`, { purchase_order_id: id, supplier: '' })).code,
    ).toBe(400);
    expect((await call(A.buyer.token, 'POST', `${Q}/detail`, { purchase_order_id: 'x' })).code).toBe(400);
    expect((await call(B.buyer.token, 'POST', `${Q}/detail`, { purchase_order_id: id })).body.status).toBe(
      PurchasingCode.orderNotFound,
    );
    expect(
      (await call(B.buyer.token, 'POST', `${Q}/update`, { purchase_order_id: id, remark: 'B' })).body.status,
    ).toBe(PurchasingCode.orderNotFound);
    const row = await t.db
      .selectFrom('purchase_orders')
      .select('remark')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.remark).toBe('待付款');
    expect((await call(A.nobody.token, 'POST', `${Q}/detail`, { purchase_order_id: id })).code).toBe(403);
    const viewer = await makeStaff(t.db, A.tenantId, ['purchaseOrder:view']);
    expect((await call(viewer.token, 'POST', `${Q}/detail`, { purchase_order_id: id })).body.status).toBe(0);
    expect(
      (await call(viewer.token, 'POST', `${Q}/update`, { purchase_order_id: id, remark: 'v' })).code,
    ).toBe(403);
  });
});

describe('采购任务 and 采购订单', () => {
  it('orders partly then wholly; the task follows; lines of two tasks merge into one order keeping their application lines', async () => {
    const one = await taskOf(A);
    const two = await taskOf(A);
    const l1 = one.task.product_info[0].id as number;
    const l2 = two.task.product_info[0].id as number;
    const first = await order(A, [{ task_line_id: l1, quantity: 1, price: 640_000 }]);
    expect(first.body.status, JSON.stringify(first.body)).toBe(0);
    expect(first.body.data).toMatchObject({
      amount: 640_000,
      purchase_date: 1_796_000_000,
      pay_time: 1_796_100_000,
    });
    expect(first.body.data.order_number).toMatch(/^CGDD\d{8}$/);
    let info = (await call(A.buyer.token, 'POST', `${P}/purchaseTask/info`, { purchase_task_id: one.taskId }))
      .body.data;
    expect(info.purchase_task_info).toMatchObject({ real_amount: 640_000, status: 1 });
    expect(info.product_info[0]).toMatchObject({ ordered_quantity: 1, real_amount: 640_000 });

    const merged = await order(A, [
      { task_line_id: l1, quantity: 3, price: 630_000 },
      { task_line_id: l2, quantity: 2, price: 650_000 },
    ]);
    expect(merged.body.status, JSON.stringify(merged.body)).toBe(0);
    expect(merged.body.data.lines).toEqual([
      expect.objectContaining({
        purchase_task_id: one.taskId,
        apply_line_id: one.lineIds[0],
        bill_id: one.billId,
        quantity: 3,
      }),
      expect.objectContaining({
        purchase_task_id: two.taskId,
        apply_line_id: two.lineIds[0],
        bill_id: two.billId,
        quantity: 2,
      }),
    ]);
    info = (await call(A.buyer.token, 'POST', `${P}/purchaseTask/info`, { purchase_task_id: one.taskId }))
      .body.data;
    expect(info.purchase_task_info).toMatchObject({
      real_amount: 640_000 + 3 * 630_000,
      status: 2,
      statusText: '已完成',
    });

    // nothing left of l1
    const over = await order(A, [{ task_line_id: l1, quantity: 1, price: 1 }]);
    expect(over.body.status).toBe(PurchasingCode.overOrder);
    expect(over.body.msg).toBe('「笔记本电脑」剩余可下单数量为0，不能超出');

    const list = await call(A.buyer.token, 'POST', `${P}/purchase-order/list`, {
      purchase_task_id: two.taskId,
    });
    expect(list.body.data.items.map((o: { id: number }) => o.id)).toEqual([merged.body.data.id]);
    const ranged = await call(A.buyer.token, 'POST', `${P}/purchase-order/list`, {
      min_pay_time: 1_796_100_000,
      max_pay_time: 1_796_100_000,
      min_purchase_date: 1_796_000_000,
      max_purchase_date: 1_796_000_000,
      page_size: 100,
    });
    expect(ranged.body.data.page.total).toBeGreaterThanOrEqual(2);
    const none = await call(A.buyer.token, 'POST', `${P}/purchase-order/list`, {
      min_pay_time: 1_796_100_001,
      max_pay_time: 1_796_199_999,
    });
    expect(none.body.data.items).toHaveLength(0);
    const oi = await call(A.buyer.token, 'GET', `${P}/purchase-order/info`, {
      purchase_order_id: merged.body.data.id,
    });
    expect(oi.body.data.lines).toHaveLength(2);
  });

  it('20 orders at once on one line never over-order; a replayed request answers the first order', async () => {
    const { task, taskId } = await taskOf(A);
    const line = task.product_info[0].id as number; // quantity 4
    const rs = await Promise.all(
      Array.from({ length: 20 }, () => order(A, [{ task_line_id: line, quantity: 1, price: 600_000 }])),
    );
    const oks = rs.filter((r) => r.body.status === 0);
    expect(oks).toHaveLength(4);
    for (const r of rs.filter((x) => x.body.status !== 0))
      expect(r.body.status).toBe(PurchasingCode.overOrder);
    const info = (await call(A.buyer.token, 'POST', `${P}/purchaseTask/info`, { purchase_task_id: taskId }))
      .body.data;
    expect(info.product_info[0]).toMatchObject({ ordered_quantity: 4, real_amount: 2_400_000 });
    expect(info.purchase_task_info.real_amount).toBe(2_400_000);

    const again = await taskOf(A);
    const key = rid();
    const replay = await Promise.all(
      Array.from({ length: 20 }, () =>
        order(A, [{ task_line_id: again.task.product_info[0].id, quantity: 1, price: 1 }], key),
      ),
    );
    expect(new Set(replay.map((r) => r.body.data?.id)).size).toBe(1);
    const after = (
      await call(A.buyer.token, 'POST', `${P}/purchaseTask/info`, { purchase_task_id: again.taskId })
    ).body.data;
    expect(after.product_info[0].ordered_quantity).toBe(1);
  });

  it('stop: 20 at once are one stop; a stopped task refuses orders; lists filter by status and date', async () => {
    const { task, taskId } = await taskOf(A);
    const rs = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(A.buyer.token, 'POST', `${P}/purchaseTask/stopTask`, { purchase_task_id: taskId }),
      ),
    );
    for (const r of rs) expect(r.body.data).toEqual({ id: taskId, status: 3, statusText: '已终止' });
    const row = await t.db
      .selectFrom('purchase_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(Number(row.status)).toBe(3);
    const refused = await order(A, [{ task_line_id: task.product_info[0].id, quantity: 1, price: 1 }]);
    expect(refused.body.status).toBe(PurchasingCode.taskStopped);
    const stopped = await call(A.buyer.token, 'POST', `${P}/purchaseTask/list`, {
      status: 3,
      page_size: 100,
    });
    expect(stopped.body.data.items.map((x: { id: number }) => x.id)).toContain(taskId);
    const day = Date.UTC(2026, 11, 20) / 1000;
    const ranged = await call(A.buyer.token, 'POST', `${P}/purchaseTask/list`, {
      min_purchase_date: day,
      max_purchase_date: day,
      page_size: 100,
    });
    expect(ranged.body.data.items.length).toBeGreaterThan(0);
    const before = await call(A.buyer.token, 'POST', `${P}/purchaseTask/list`, {
      max_purchase_date: day - 1,
    });
    expect(before.body.data.items).toHaveLength(0);
    // The totals kept per status (purchase_task_counts) agree with the rows, and the unfiltered total too.
    for (const status of [undefined, 1, 2, 3]) {
      let q = t.db
        .selectFrom('purchase_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', A.tenantId);
      if (status !== undefined) q = q.where('status', '=', status);
      const rows = Number((await q.executeTakeFirstOrThrow()).n);
      const listed = await call(
        A.buyer.token,
        'POST',
        `${P}/purchaseTask/list`,
        status === undefined ? {} : { status },
      );
      expect(listed.body.data.page.total, `status ${status}`).toBe(rows);
    }
    const byNumber = await call(A.buyer.token, 'POST', `${P}/purchaseTask/list`, {
      task_number: task.purchase_task_info.task_number,
    });
    expect(byNumber.body.data.items).toHaveLength(1);
  });

  it('exports tasks (154) and orders (155)', async () => {
    const a = await call(A.buyer.token, 'POST', `${P}/purchaseTask/list-export`, { status: 1 });
    expect(a.body.status, JSON.stringify(a.body)).toBe(0);
    const b = await call(A.buyer.token, 'POST', `${P}/purchase-order/export`, {});
    expect(b.body.status).toBe(0);
    const rows = await t.db
      .selectFrom('tasks')
      .select('operating_type')
      .where('id', 'in', [a.body.data.task_id, b.body.data.task_id])
      .execute();
    expect(rows.map((r) => Number(r.operating_type)).sort()).toEqual([154, 155]);
  });

  it('another tenant’s ids read as missing (path, query, body); bad input; missing permission', async () => {
    const { task, taskId } = await taskOf(A);
    const ord = await order(A, [{ task_line_id: task.product_info[0].id, quantity: 1, price: 1 }]);
    expect(
      (await call(B.buyer.token, 'POST', `${P}/purchaseTask/info`, { purchase_task_id: taskId })).body.status,
    ).toBe(PurchasingCode.taskNotFound);
    expect(
      (await call(B.buyer.token, 'POST', `${P}/purchaseTask/stopTask`, { purchase_task_id: taskId })).body
        .status,
    ).toBe(PurchasingCode.taskNotFound);
    expect(
      (await call(B.buyer.token, 'GET', `${P}/purchase-order/info`, { purchase_order_id: ord.body.data.id }))
        .body.status,
    ).toBe(PurchasingCode.orderNotFound);
    expect(
      (await order(B, [{ task_line_id: task.product_info[0].id, quantity: 1, price: 1 }])).body.status,
    ).toBe(PurchasingCode.taskLineNotFound);
    const bl = await call(B.buyer.token, 'POST', `${P}/purchaseTask/list`, { page_size: 100 });
    expect(bl.body.data.items.some((x: { id: number }) => x.id === taskId)).toBe(false);
    const bo = await call(B.buyer.token, 'POST', `${P}/purchase-order/list`, { purchase_task_id: taskId });
    expect(bo.body.data.items).toHaveLength(0);
    // A's task still open, untouched by B
    expect(
      (
        await t.db
          .selectFrom('purchase_tasks')
          .select('status')
          .where('id', '=', taskId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(1);

    expect(
      (await call(A.buyer.token, 'POST', `${P}/purchaseTask/info`, { purchase_task_id: 'x' })).code,
    ).toBe(400);
    expect((await call(A.buyer.token, 'POST', `${P}/purchaseTask/list`, { status: 9 })).code).toBe(400);
    expect((await order(A, [])).code).toBe(400);
    expect((await order(A, [{ task_line_id: task.product_info[0].id, quantity: -1, price: 1 }])).code).toBe(
      400,
    );
    const dup = await order(A, [
      { task_line_id: task.product_info[0].id, quantity: 1, price: 1 },
      { task_line_id: task.product_info[0].id, quantity: 1, price: 1 },
    ]);
    expect(dup.body.status).toBe(PurchasingCode.badOrder);

    for (const [m, path, body] of [
      ['POST', `${P}/purchaseTask/list`, {}],
      ['POST', `${P}/purchaseTask/info`, { purchase_task_id: taskId }],
      ['POST', `${P}/purchaseTask/stopTask`, { purchase_task_id: taskId }],
      ['POST', `${P}/purchaseTask/list-export`, {}],
      ['POST', `${P}/purchase-order/list`, {}],
      ['GET', `${P}/purchase-order/info`, { purchase_order_id: ord.body.data.id }],
      ['POST', `${P}/purchase-order/export`, {}],
    ] as const)
      expect((await call(A.nobody.token, m, path, body)).code, path).toBe(403);
    // a viewer may not stop or order
    const viewer = await makeStaff(t.db, A.tenantId, ['purchaseTask:view', 'purchaseOrder:view']);
    expect(
      (await call(viewer.token, 'POST', `${P}/purchaseTask/stopTask`, { purchase_task_id: taskId })).code,
    ).toBe(403);
    expect(
      (
        await call(viewer.token, 'POST', `${P}/purchase-order/create`, {
          request_id: rid(),
          supplier: 'x',
          purchase_date: 1,
          lines: [{ task_line_id: task.product_info[0].id, quantity: 1, price: 1 }],
        })
      ).code,
    ).toBe(403);
  });
});

describe('采购申请 on the budget (decision 0058, issue 22)', () => {
  /** A 禁止 budget of 2041 with ¥10,000.00 of 办公费 in March (no department node: any document matches). */
  async function officeBudget(f: Tenant) {
    const r = await call(f.admin.token, 'POST', '/finobill/api/web/budget/add', {
      name: `2041年办公费${Date.now() % 10_000}`,
      year: 2041,
      period_type: 'month',
      budget_mode: 2,
      control: 3,
      nodes: [
        { key: 'r', parent: null, dimension: 'root' },
        {
          key: 'o',
          parent: 'r',
          dimension: 'fee_type',
          value: 'office',
          label: '办公费',
          amounts: { '2041-03': 1_000_000 },
        },
      ],
    });
    expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    return r.body.data.id as number;
  }
  const officeFigures = async (f: Tenant, id: number) => {
    const r = await call(f.admin.token, 'GET', '/finobill/api/web/budget/info', { id });
    const node = r.body.data.nodes.find((n: { dimension: string }) => n.dimension === 'fee_type');
    return node.figures.find((x: { period: string }) => x.period === '2041-03') as {
      occupied: number;
      used: number;
    };
  };
  const march = Date.UTC(2041, 2, 15);
  const office = (quantity: number, price: number) => [
    { name: '打印机', spec: 'A3', quantity, price, expect_date: march, fee_type: 'office' },
  ];

  it('purchase lines occupy their fee type’s budget: a forbid line refuses, a split across a purchase and a claim is caught, reject releases, approval uses', async () => {
    await publishedFlow(t, A); // A's 报销单 flow, for the claim half of the split
    const id = await officeBudget(A);
    const first = await submitted(A, office(4, 200_000)); // ¥8,000.00
    expect(await officeFigures(A, id)).toMatchObject({ occupied: 800_000, used: 0 });
    const info = await call(A.applicant.token, 'GET', `${APPLY}/info`, { bill_id: first.id });
    expect(info.body.data.lines[0]).toMatchObject({ fee_type: 'office', feeTypeText: '办公费' });

    // The rest bought on a claim instead: ¥3,000.00 of 办公费 against ¥2,000.00 left is refused.
    const claim = await call(A.submitter.token, 'POST', 'flow/save', {
      billType: 'expense',
      title: '办公用品报销',
      fees: [{ feeType: 'office', amount: 300_000, date: '2041-03-20' }],
    });
    expect(claim.body.status, JSON.stringify(claim.body)).toBe(0);
    const refusedClaim = await call(A.submitter.token, 'POST', 'flow/submit', { id: claim.body.data.id });
    expect(refusedClaim.body.msg).toContain('可用 ¥2,000.00，本单占用 ¥3,000.00，超出 ¥1,000.00，不能提交');

    // A second purchase over what is left is refused the same way, and changes nothing.
    const s = await call(A.applicant.token, 'POST', 'flow/save', { billType: 'purchase', title: '再买一台' });
    const second = s.body.data.id as number;
    expect(
      (
        await call(A.applicant.token, 'POST', `${APPLY}/lines`, {
          bill_id: second,
          lines: office(1, 300_000),
        })
      ).body.status,
    ).toBe(0);
    const refused = await call(A.applicant.token, 'POST', 'flow/submit', { id: second });
    expect(refused.body.msg).toContain('超出 ¥1,000.00，不能提交');
    expect(await officeFigures(A, id)).toMatchObject({ occupied: 800_000 });

    // 驳回 of the first releases its occupation: the claim now fits.
    expect(
      (await call(A.boss.token, 'POST', 'flow/reject', { id: first.id, opinion: '预算不足' })).body.status,
    ).toBe(0);
    expect(await officeFigures(A, id)).toMatchObject({ occupied: 0, used: 0 });
    expect(
      (await call(A.submitter.token, 'POST', 'flow/submit', { id: claim.body.data.id })).body.status,
    ).toBe(0);
    expect(await officeFigures(A, id)).toMatchObject({ occupied: 300_000 });

    // An approved purchase turns its occupation into used.
    const third = await submitted(A, office(1, 100_000));
    expect((await call(A.boss.token, 'POST', 'flow/approve', { id: third.id })).body.status).toBe(0);
    expect(await officeFigures(A, id)).toMatchObject({ occupied: 300_000, used: 100_000 });
  });

  it('refuses a line whose fee type is unknown, disabled or another tenant’s, naming the line; nothing is saved', async () => {
    const s = await call(A.applicant.token, 'POST', 'flow/save', {
      billType: 'purchase',
      title: '费用类型校验',
    });
    const id = s.body.data.id as number;
    expect(
      (await call(A.applicant.token, 'POST', `${APPLY}/lines`, { bill_id: id, lines: LINES })).body.status,
    ).toBe(0);
    const bad = [...LINES, { ...LINES[0]!, fee_type: 'no_such_type' }];
    const r = await call(A.applicant.token, 'POST', `${APPLY}/lines`, { bill_id: id, lines: bad });
    expect(r.code).toBe(400);
    expect(r.body).toMatchObject({
      status: PurchasingCode.badLineFeeType,
      msg: '第3行：费用类型「no_such_type」不存在',
    });
    const info = await call(A.applicant.token, 'GET', `${APPLY}/info`, { bill_id: id });
    expect(info.body.data.lines).toHaveLength(2);
    expect(info.body.data.lines.every((l: { fee_type: string | null }) => l.fee_type === null)).toBe(true);
  });
});
