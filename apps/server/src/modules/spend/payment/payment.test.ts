import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FILE_COLUMNS, PlatformCode, TaskOperatingType } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { multipartBody, waitForTask } from '../../../../test/tasks.js';
import { insertBill } from '../../billReport/billReport.testkit.js';
import { caller, qs } from '../../invoice/invoice.testkit.js';
import { PaymentCode } from './payment.errors.js';
import { csvText } from './payment.file.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const PAY = '/finobill/api/web/payment';
const FINANCE = [
  'paymentWaiting:view',
  'paymentWaiting:pay',
  'paymentBatch:view',
  'paymentBatch:pay',
  'paymentBatch:export',
];
const auth = (token: string) => ({ 'x-session-token': token });

async function card(userId: number, cardNo: string, name = '张三') {
  await t.db
    .insertInto('user_bank_accounts')
    .values({
      user_id: userId,
      account_name: name,
      bank_name: '招商银行',
      branch_name: '上海张江支行',
      card_no: cardNo,
      is_default: 1,
      created_at: 1,
      updated_at: 1,
    })
    .execute();
}

/** A tenant with finance, a viewer, a plain staff member and two submitters (one without a bank card). */
async function fixture() {
  const x = await makeTenant(t.db);
  const finance = await makeStaff(t.db, x.tenantId, FINANCE);
  const viewer = await makeStaff(t.db, x.tenantId, ['paymentWaiting:view', 'paymentBatch:view']);
  const plain = await makeStaff(t.db, x.tenantId);
  const zhang = await makeStaff(t.db, x.tenantId);
  const li = await makeStaff(t.db, x.tenantId);
  await card(zhang.userId, '6214830000001234');
  const bill = (who: { staffId: number }, amount: number, v: Record<string, unknown> = {}) =>
    insertBill(t.db, x.tenantId, {
      submitterId: who.staffId,
      submitterName: who === li ? '李四' : '张三',
      status: 'approved',
      amount,
      submitTime: Date.now() - 86_400_000,
      finishTime: Date.now() - 3_600_000,
      ...v,
    });
  return { ...x, finance, viewer, plain, zhang, li, bill };
}

async function createBatch(token: string, billIds: number[]) {
  return call(token, 'POST', `${PAY}/batch/create`, { billIds });
}

async function sheet(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as any);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((r) =>
    rows.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))),
  );
  return rows;
}

async function xlsxOf(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('付款明细');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('付款管理 routes', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter((r) => r.url.startsWith(`${PAY}/`) && r.method !== 'HEAD');
    expect(mine.map((r) => r.url).sort()).toEqual(
      [
        'batch/cancel',
        'batch/create',
        'batch/detail',
        'batch/list',
        'batch/result',
        'bill',
        'waiting/list',
      ].map((p) => `${PAY}/${p}`),
    );
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });

  it('lists approved unpaid 报销单 and 借款单 with filters; drafts, other types and other tenants stay out', async () => {
    const F = await fixture();
    const other = await fixture();
    const bx = await F.bill(F.zhang, 12_345, { title: '上海差旅' });
    const jk = await F.bill(F.li, 50_000, { billType: 'loan', title: '备用金借款' });
    await F.bill(F.zhang, 9_900, { status: 'approving' });
    await F.bill(F.zhang, 8_800, { billType: 'apply' });
    await other.bill(other.zhang, 7_700);

    const all = await call(F.finance.token, 'GET', `${PAY}/waiting/list`);
    expect(all.code, all.body.msg).toBe(200);
    expect(all.body.data.page.total).toBe(2);
    expect(all.body.data.items.map((r: any) => r.billId).sort()).toEqual([bx.id, jk.id].sort());
    expect(all.body.data.items.find((r: any) => r.billId === jk.id)).toMatchObject({
      billTypeText: '借款单',
      submitterName: '李四',
      amount: 50_000,
      lastFailReason: '',
    });

    const filtered = async (q: Record<string, string | number>) =>
      (await call(F.finance.token, 'GET', `${PAY}/waiting/list${qs(q)}`)).body.data.items.map(
        (r: any) => r.billId,
      );
    expect(await filtered({ billType: 'loan' })).toEqual([jk.id]);
    expect(await filtered({ submitterId: F.zhang.staffId })).toEqual([bx.id]);
    expect(await filtered({ amountMin: 20_000 })).toEqual([jk.id]);
    expect(await filtered({ amountMax: 20_000, keyword: '上海' })).toEqual([bx.id]);
    expect(await filtered({ approvedFrom: Date.now() + 1000 })).toEqual([]);
    // another tenant's staff id in the query finds nothing here
    expect(await filtered({ submitterId: other.zhang.staffId })).toEqual([]);

    const bad = await call(F.finance.token, 'GET', `${PAY}/waiting/list${qs({ billType: 'apply' })}`);
    expect(bad.code).toBe(400);
    const bad2 = await call(F.finance.token, 'GET', `${PAY}/waiting/list${qs({ amountMin: -1 })}`);
    expect(bad2.code).toBe(400);
    expect((await call(F.plain.token, 'GET', `${PAY}/waiting/list`)).code).toBe(403);
  });

  it('pays a batch: the file, 已支付 with a ledger row and a notice, 支付失败 back to waiting with its reason', async () => {
    const F = await fixture();
    await card(F.li.userId, '6222020000005678', '李四');
    const a = await F.bill(F.zhang, 12_345);
    const b = await F.bill(F.li, 67_801, { billType: 'loan' });

    const created = await createBatch(F.finance.token, [a.id, b.id]);
    expect(created.code, created.body.msg).toBe(200);
    const batch = created.body.data;
    expect(batch).toMatchObject({
      status: 'unsent',
      statusText: '未发送',
      lineCount: 2,
      totalAmount: 80_146,
    });
    expect(batch.batchNo).toMatch(/^PC\d{8}\d{6}$/);
    expect(batch.lines[0]).toMatchObject({
      seq: 1,
      billId: a.id,
      payeeName: '张三',
      accountNo: '6214830000001234',
      bankName: '招商银行 上海张江支行',
      status: 'pending',
    });
    // in a batch: no longer waiting
    expect((await call(F.finance.token, 'GET', `${PAY}/waiting/list`)).body.data.page.total).toBe(0);

    // the bank file through the task centre
    const exp = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: auth(F.finance.token),
      payload: { operating_type: TaskOperatingType.paymentFileExport, params: { batchId: batch.id } },
    });
    expect(exp.statusCode, exp.body).toBe(200);
    const task = await waitForTask(t.app, F.finance.token, exp.json().data.id);
    expect(task.status, task.error_msg).toBe(1);
    const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
    const rows = await sheet(dl.rawPayload);
    // 支付结果 and 失败原因 are left empty for the bank (a reader drops empty trailing cells)
    expect(rows).toEqual([
      [...PAYMENT_FILE_COLUMNS],
      [
        '1',
        '张三',
        '6214830000001234',
        '招商银行 上海张江支行',
        '123.45',
        a.billNumber,
        '报销单',
        batch.batchNo,
      ],
      [
        '2',
        '李四',
        '6222020000005678',
        '招商银行 上海张江支行',
        '678.01',
        b.billNumber,
        '借款单',
        batch.batchNo,
      ],
    ]);
    const sent = await call(F.finance.token, 'GET', `${PAY}/batch/detail${qs({ id: batch.id })}`);
    expect(sent.body.data).toMatchObject({ status: 'sent', statusText: '已发送' });
    // a sent batch is not cancelled
    const cancel = await call(F.finance.token, 'POST', `${PAY}/batch/cancel`, { id: batch.id });
    expect(cancel.code).toBe(409);
    expect(cancel.body.msg).toContain('只能取消未发送的付款批次');

    // results: one paid, one failed (a failure needs its reason)
    const noReason = await call(F.finance.token, 'POST', `${PAY}/batch/result`, {
      batchId: batch.id,
      lines: [{ lineId: batch.lines[1].id, result: 'failed' }],
    });
    expect(noReason.code).toBe(400);
    const res = await call(F.finance.token, 'POST', `${PAY}/batch/result`, {
      batchId: batch.id,
      lines: [
        { lineId: batch.lines[0].id, result: 'paid' },
        { lineId: batch.lines[1].id, result: 'failed', reason: '户名与账号不符' },
      ],
    });
    expect(res.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ okCount: 2, failCount: 0 });
    expect(res.body.data.batch).toMatchObject({
      status: 'done',
      paidCount: 1,
      paidAmount: 12_345,
      failedCount: 1,
      failedAmount: 67_801,
      pendingCount: 0,
    });

    // the ledger: one row for the paid document; batch totals reconcile with lines to the cent
    const ledger = await t.db
      .selectFrom('payment_ledger')
      .selectAll()
      .where('tenant_id', '=', F.tenantId)
      .execute();
    expect(ledger.map((l) => [Number(l.bill_id), Number(l.amount), l.source_key])).toEqual([
      [a.id, 12_345, `bill:${a.id}`],
    ]);
    const detail = (await call(F.finance.token, 'GET', `${PAY}/batch/detail${qs({ id: batch.id })}`)).body
      .data;
    const sum = (s: string) =>
      detail.lines.filter((l: any) => l.status === s).reduce((n: number, l: any) => n + l.amount, 0);
    expect(detail.totalAmount).toBe(detail.lines.reduce((n: number, l: any) => n + l.amount, 0));
    expect(detail.paidAmount).toBe(sum('paid'));
    expect(detail.failedAmount).toBe(sum('failed'));
    expect(detail.paidAmount).toBe(ledger.reduce((n, l) => n + Number(l.amount), 0));

    // the failed loan waits again, with its reason
    const waiting = (await call(F.finance.token, 'GET', `${PAY}/waiting/list`)).body.data.items;
    expect(waiting).toEqual([expect.objectContaining({ billId: b.id, lastFailReason: '户名与账号不符' })]);

    // the submitter is notified and sees the payment on the document
    const notes = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'title', 'content'])
      .where('tenant_id', '=', F.tenantId)
      .execute();
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: F.zhang.userId, title: `您的报销单${a.billNumber}已支付` }),
        expect.objectContaining({ user_id: F.li.userId, title: `您的借款单${b.billNumber}支付失败` }),
      ]),
    );
    const mine = await call(F.zhang.token, 'GET', `${PAY}/bill${qs({ billId: a.id })}`);
    expect(mine.code, mine.body.msg).toBe(200);
    expect(mine.body.data).toMatchObject({
      payStatus: 'paid',
      payStatusText: '已支付',
      batchNo: batch.batchNo,
      accountNoMasked: '**** 1234',
      amount: 12_345,
    });
    expect(mine.body.data.paidAt).toBeGreaterThan(0);
    expect(mine.body.data.paidByName).toMatch(/测试员工/);
    const failedInfo = await call(F.li.token, 'GET', `${PAY}/bill${qs({ billId: b.id })}`);
    expect(failedInfo.body.data).toMatchObject({ payStatus: 'unpaid', lastFailReason: '户名与账号不符' });
    // someone else's document: nothing
    expect((await call(F.plain.token, 'GET', `${PAY}/bill${qs({ billId: a.id })}`)).body.data).toBeNull();

    // a second result for the paid line changes nothing; the paid one cannot become 支付失败
    const again = await call(F.finance.token, 'POST', `${PAY}/batch/result`, {
      batchId: batch.id,
      lines: [
        { lineId: batch.lines[0].id, result: 'paid' },
        { lineId: batch.lines[0].id, result: 'paid' },
      ],
    });
    expect(again.body.data).toMatchObject({ okCount: 1, failCount: 0 });
    const flip = await call(F.finance.token, 'POST', `${PAY}/batch/result`, {
      batchId: batch.id,
      lines: [{ lineId: batch.lines[0].id, result: 'failed', reason: '退票' }],
    });
    expect(flip.body.data.results[0]).toMatchObject({ ok: false, msg: '该明细已支付，不能再登记为支付失败' });
    expect(
      await t.db.selectFrom('payment_ledger').select('id').where('tenant_id', '=', F.tenantId).execute(),
    ).toHaveLength(1);

    // the failed loan goes into a new batch and is paid there; the paid 报销单 cannot be batched again
    const twice = await createBatch(F.finance.token, [a.id]);
    expect(twice.code).toBe(PaymentCode.inOtherBatch % 1000);
    expect(twice.body.status).toBe(PaymentCode.inOtherBatch);
    const next = await createBatch(F.finance.token, [b.id]);
    expect(next.code, next.body.msg).toBe(200);
  });

  it('pays what the company owes: 个人承担 (the employee’s share of a budget overrun) is never paid out', async () => {
    const F = await fixture();
    const personal = async (id: number, fen: number) =>
      t.db.updateTable('bills').set({ budget_personal: fen }).where('id', '=', id).execute();
    const part = await F.bill(F.zhang, 100_000, { title: '超预算差旅' });
    await personal(part.id, 30_000);
    const whole = await F.bill(F.zhang, 50_000, { title: '全部自担' });
    await personal(whole.id, 50_000);

    const list = (await call(F.finance.token, 'GET', `${PAY}/waiting/list`)).body.data;
    // all of it borne by the employee: nothing to pay, so it does not wait
    expect(list.items).toEqual([
      expect.objectContaining({
        billId: part.id,
        amount: 70_000,
        billAmount: 100_000,
        personalAmount: 30_000,
      }),
    ]);
    const byPayable = async (q: Record<string, number>) =>
      (await call(F.finance.token, 'GET', `${PAY}/waiting/list${qs(q)}`)).body.data.page.total;
    expect(await byPayable({ amountMin: 80_000 })).toBe(0);
    expect(await byPayable({ amountMax: 70_000 })).toBe(1);
    const refused = await createBatch(F.finance.token, [whole.id]);
    expect(refused.code).toBe(409);
    expect(refused.body.msg).toContain(whole.billNumber);

    const created = await createBatch(F.finance.token, [part.id]);
    expect(created.code, created.body.msg).toBe(200);
    expect(created.body.data).toMatchObject({ totalAmount: 70_000 });
    expect(created.body.data.lines[0]).toMatchObject({ amount: 70_000 });
    const res = await call(F.finance.token, 'POST', `${PAY}/batch/result`, {
      batchId: created.body.data.id,
      lines: [{ lineId: created.body.data.lines[0].id, result: 'paid' }],
    });
    expect(res.body.data).toMatchObject({ okCount: 1 });
    const ledger = await t.db
      .selectFrom('payment_ledger')
      .select(['bill_id', 'amount'])
      .where('tenant_id', '=', F.tenantId)
      .execute();
    expect(ledger.map((l) => [Number(l.bill_id), Number(l.amount)])).toEqual([[part.id, 70_000]]);
    const mine = await call(F.zhang.token, 'GET', `${PAY}/bill${qs({ billId: part.id })}`);
    expect(mine.body.data).toMatchObject({ amount: 70_000, billAmount: 100_000, personalAmount: 30_000 });
  });

  it('refuses a document whose submitter has no bank card, naming it', async () => {
    const F = await fixture();
    const ok = await F.bill(F.zhang, 100);
    const none = await F.bill(F.li, 200);
    const res = await createBatch(F.finance.token, [ok.id, none.id]);
    expect(res.code).toBe(409);
    expect(res.body.status).toBe(PaymentCode.noBankCard);
    expect(res.body.msg).toContain(`${none.billNumber}（李四）`);
    expect(res.body.msg).not.toContain(ok.billNumber);
    // nothing was taken
    expect((await call(F.finance.token, 'GET', `${PAY}/waiting/list`)).body.data.page.total).toBe(2);
  });

  it('refuses bad input, drafts, other tenants’ ids (body, query) and callers without the permission', async () => {
    const F = await fixture();
    const other = await fixture();
    const mine = await F.bill(F.zhang, 100);
    const theirs = await other.bill(other.zhang, 100);
    const draft = await F.bill(F.zhang, 100, { status: 'approving' });

    expect((await createBatch(F.finance.token, [])).code).toBe(400);
    expect((await call(F.finance.token, 'POST', `${PAY}/batch/create`, { billIds: ['x'] })).code).toBe(400);
    const cross = await createBatch(F.finance.token, [mine.id, theirs.id]);
    expect(cross.code).toBe(404);
    expect(cross.body.msg).toBe('单据不存在或不是报销单、借款单');
    const notApproved = await createBatch(F.finance.token, [draft.id]);
    expect(notApproved.code).toBe(409);
    expect(notApproved.body.msg).toContain('未审批通过');
    expect((await createBatch(F.viewer.token, [mine.id])).code).toBe(403);
    expect((await createBatch(F.plain.token, [mine.id])).body.status).toBe(PlatformCode.forbidden);

    const theirBatch = (await createBatch(other.finance.token, [theirs.id])).body.data;
    const q = await call(F.finance.token, 'GET', `${PAY}/batch/detail${qs({ id: theirBatch.id })}`);
    expect(q.code).toBe(404);
    const r = await call(F.finance.token, 'POST', `${PAY}/batch/result`, {
      batchId: theirBatch.id,
      lines: [{ lineId: theirBatch.lines[0].id, result: 'paid' }],
    });
    expect(r.code).toBe(404);
    // my batch with their line id in the body
    const myBatch = (await createBatch(F.finance.token, [mine.id])).body.data;
    const r2 = await call(F.finance.token, 'POST', `${PAY}/batch/result`, {
      batchId: myBatch.id,
      lines: [{ lineId: theirBatch.lines[0].id, result: 'paid' }],
    });
    expect(r2.code).toBe(404);
    expect(r2.body.msg).toBe('付款明细不存在');
    expect((await call(F.finance.token, 'POST', `${PAY}/batch/cancel`, { id: theirBatch.id })).code).toBe(
      404,
    );
    expect((await call(F.viewer.token, 'POST', `${PAY}/batch/cancel`, { id: myBatch.id })).code).toBe(403);
    expect(
      (await call(F.finance.token, 'GET', `${PAY}/bill${qs({ billId: theirs.id })}`)).body.data,
    ).toBeNull();
    const list = (await call(F.finance.token, 'GET', `${PAY}/batch/list`)).body.data;
    expect(list.items.map((b: any) => b.id)).toEqual([myBatch.id]);
    expect((await call(F.finance.token, 'GET', `${PAY}/batch/list${qs({ status: 'nope' })}`)).code).toBe(400);

    // an export of another tenant's batch fails with a message; export needs its permission
    const exp = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: auth(F.finance.token),
      payload: { operating_type: TaskOperatingType.paymentFileExport, params: { batchId: theirBatch.id } },
    });
    const task = await waitForTask(t.app, F.finance.token, exp.json().data.id);
    expect(task).toMatchObject({ status: 2, error_msg: '付款批次不存在' });
    const noPerm = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: auth(F.viewer.token),
      payload: { operating_type: TaskOperatingType.paymentFileExport, params: { batchId: myBatch.id } },
    });
    expect(noPerm.statusCode).toBe(403);

    // cancelling an unsent batch gives its documents back
    const c = await call(F.finance.token, 'POST', `${PAY}/batch/cancel`, { id: myBatch.id });
    expect(c.code, c.body.msg).toBe(200);
    expect(c.body.data).toMatchObject({
      status: 'cancelled',
      lines: [expect.objectContaining({ status: 'cancelled' })],
    });
    expect((await call(F.finance.token, 'GET', `${PAY}/waiting/list`)).body.data.page.total).toBe(1);
    const late = await call(F.finance.token, 'POST', `${PAY}/batch/result`, {
      batchId: myBatch.id,
      lines: [{ lineId: myBatch.lines[0].id, result: 'paid' }],
    });
    expect(late.code).toBe(409);
  });

  it('races: 20 batches with one document → one; 20 results of one line → one ledger row', async () => {
    const F = await fixture();
    const doc = await F.bill(F.zhang, 99_999);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => createBatch(F.finance.token, [doc.id])),
    );
    const okOnes = replies.filter((r) => r.code === 200);
    expect(okOnes).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 200))
      expect(r.body.status).toBe(PaymentCode.inOtherBatch);
    expect(
      await t.db.selectFrom('payment_lines').select('id').where('tenant_id', '=', F.tenantId).execute(),
    ).toHaveLength(1);

    const batch = okOnes[0].body.data;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(F.finance.token, 'POST', `${PAY}/batch/result`, {
          batchId: batch.id,
          lines: [{ lineId: batch.lines[0].id, result: 'paid' }],
        }),
      ),
    );
    for (const r of results) expect(r.code, r.body.msg).toBe(200);
    const ledger = await t.db
      .selectFrom('payment_ledger')
      .selectAll()
      .where('tenant_id', '=', F.tenantId)
      .execute();
    expect(ledger).toHaveLength(1);
    const b = (await call(F.finance.token, 'GET', `${PAY}/batch/detail${qs({ id: batch.id })}`)).body.data;
    expect(b).toMatchObject({ paidCount: 1, paidAmount: 99_999, status: 'done' });
    const notes = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('tenant_id', '=', F.tenantId)
      .where('user_id', '=', F.zhang.userId)
      .execute();
    expect(notes).toHaveLength(1);
  });

  it('imports the bank result file: per-row errors in a failure file, good rows applied', async () => {
    const F = await fixture();
    const a = await F.bill(F.zhang, 1_000);
    const b = await F.bill(F.zhang, 2_000);
    const batch = (await createBatch(F.finance.token, [a.id, b.id])).body.data;
    const file = await xlsxOf([
      [...PAYMENT_FILE_COLUMNS],
      [
        '1',
        '张三',
        '6214830000001234',
        '招商银行',
        '10.00',
        a.billNumber,
        '报销单',
        batch.batchNo,
        '已支付',
        '',
      ],
      [
        '2',
        '张三',
        '6214830000001234',
        '招商银行',
        '20.00',
        b.billNumber,
        '报销单',
        batch.batchNo,
        '支付失败',
        '',
      ],
      ['3', '张三', '6214830000001234', '招商银行', '30.00', 'BX000', '报销单', batch.batchNo, '已支付', ''],
    ]);
    const body = multipartBody(
      { operating_type: String(TaskOperatingType.paymentResultImport) },
      { name: '结果.xlsx', content: file },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:import',
      headers: { ...auth(F.finance.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(t.app, F.finance.token, res.json().data.id);
    expect(task).toMatchObject({ status: 1, success_amount: 1, fail_amount: 2 });
    const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
    const fails = await sheet(dl.rawPayload);
    expect(fails[0].at(-1)).toBe('错误原因');
    expect(fails.slice(1).map((r) => r.at(-1))).toEqual([
      '支付失败时请填写失败原因',
      expect.stringContaining('未找到该单据的待支付明细'),
    ]);
    const d = (await call(F.finance.token, 'GET', `${PAY}/batch/detail${qs({ id: batch.id })}`)).body.data;
    expect(d.lines.map((l: any) => l.status)).toEqual(['paid', 'pending']);
    // without the permission: refused
    const viewerBody = multipartBody(
      { operating_type: String(TaskOperatingType.paymentResultImport) },
      { name: '结果.xlsx', content: file },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:import',
      headers: { ...auth(F.viewer.token), ...viewerBody.headers },
      payload: viewerBody.payload,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('writes the CSV layout with a BOM, quoting and no formulas', () => {
    const text = csvText(
      ['序号', '收款人'],
      [
        ['1', '=SUM(A1)'],
        ['2', '张,三'],
      ],
    );
    expect(text).toBe('\uFEFF序号,收款人\r\n1,\'=SUM(A1)\r\n2,"张,三"\r\n');
  });
});
