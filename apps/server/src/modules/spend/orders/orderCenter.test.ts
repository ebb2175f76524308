import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskOperatingType } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { waitForTask } from '../../../../test/tasks.js';
import { caller, qs } from '../../invoice/invoice.testkit.js';
import { localParts, localToInstant } from '../../../platform/time/periods.js';
import {
  channelCall as signedCall,
  FAKE,
  fakeDoors,
  insertScene,
  orderRoutesWith,
} from './orders.testkit.js';

const doors = fakeDoors();
/** A signed request to the fake-door routes. */
const fakeCall = (...a: Parameters<typeof signedCall>) =>
  signedCall(a[0], a[1], a[2], a[3], { ...a[4], prefix: FAKE });
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp({ extraRoutes: [orderRoutesWith(doors)] });
  call = caller(t);
});
afterAll(async () => t?.close());

const V1 = `${FAKE}/consume-quota-center/api/v1`;
const VIEW = ['scenesOrderCenterOrderList:view'];
const EXPORT = ['scenesOrderCenterOrderList:view', 'scenesOrderCenterOrderList:export'];

function todayAt(h: number, m = 0) {
  const p = localParts(Date.now());
  return localToInstant('Asia/Shanghai', p.year, p.month, p.day, h, m);
}

async function fixture() {
  const x = await makeTenant(t.db);
  const admin = await makeStaff(t.db, x.tenantId, ['scenesOrderChannel:edit']);
  const viewer = await makeStaff(t.db, x.tenantId, VIEW);
  const exporter = await makeStaff(t.db, x.tenantId, EXPORT);
  const zhang = await makeStaff(t.db, x.tenantId, ['billExpense:add']);
  const li = await makeStaff(t.db, x.tenantId, ['billExpense:add']);
  const nobody = await makeStaff(t.db, x.tenantId);
  const meal = await insertScene(t.db, x.tenantId, '工作餐');
  doors.decider.rules.set(meal, { slot: [11 * 60, 13 * 60 + 30], dayLimit: 3000, excessPay: true });
  doors.orgAccount.balances.set(String(x.tenantId), 1000_00);
  const channel = (await call(admin.token, 'POST', `${V1}/channels/add`, { code: 'demo', name: '演示渠道' }))
    .body.data;
  const place = async (orderId: string, userId: number, amount: number, at: number) => {
    const r = await fakeCall(t.app, channel, 'orders', {
      orderId,
      userId,
      sceneId: meal,
      category: 2,
      amount,
      at,
      title: '午餐',
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const o1 = await place('A1', zhang.userId, 2500, todayAt(12));
  const o2 = await place('A2', zhang.userId, 1000, todayAt(15));
  const o3 = await place('A3', li.userId, 4000, todayAt(12, 10));
  await fakeCall(t.app, channel, 'refunds', {
    orderId: 'A3',
    refundId: 'AR1',
    amount: 1000,
    reason: '退一份',
  });
  return { ...x, viewer, exporter, zhang, li, nobody, meal, channel, o1, o2, o3 };
}

describe('订单中心', () => {
  it('lists with filters: person, scene, category, source, verdict, status, time range', async () => {
    const A = await fixture();
    const list = async (q: Record<string, string | number | undefined>) => {
      const r = await call(A.viewer.token, 'GET', `${V1}/orders/list${qs(q)}`);
      expect(r.code, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    const all = await list({});
    expect(all.page.total).toBe(3);
    expect(all.items.map((o: any) => o.channelOrderId)).toEqual(['A2', 'A3', 'A1']);
    expect(all.items[0]).toMatchObject({
      channelName: '演示渠道',
      sceneName: '工作餐',
      categoryText: '外卖',
      sourceText: '第三方订单',
      verdict: 'refuse',
      verdictText: '拒绝',
      statusText: '已拒绝',
      reason: '不在可用时段（11:00–13:30）内',
    });
    expect((await list({ userId: A.zhang.userId })).page.total).toBe(2);
    expect((await list({ sceneId: A.meal, category: 2, source: 2 })).page.total).toBe(3);
    expect((await list({ staffId: A.li.staffId })).items.map((o: any) => o.channelOrderId)).toEqual(['A3']);
    const scenes = await call(A.viewer.token, 'GET', `${V1}/orders/scenes`);
    expect(scenes.body.data.items).toEqual([{ id: A.meal, name: '工作餐' }]);
    expect((await list({ verdict: 'excess' })).items.map((o: any) => o.channelOrderId)).toEqual(['A3']);
    expect((await list({ status: 'partRefunded' })).items[0]).toMatchObject({
      refundedAmount: 1000,
      statusText: '部分退款',
    });
    expect((await list({ startTime: todayAt(12, 5), endTime: todayAt(13) })).page.total).toBe(1);
    expect((await list({ keyword: 'A1' })).items[0].companyPays).toBe(2500);
    expect((await list({ pageSize: 1, pageNum: 2 })).items.map((o: any) => o.channelOrderId)).toEqual(['A3']);
    const bad = await call(
      A.viewer.token,
      'GET',
      `${V1}/orders/list${qs({ verdict: 'maybe', startTime: 5, endTime: 1 })}`,
    );
    expect(bad.code).toBe(400);
    expect((await call(A.nobody.token, 'GET', `${V1}/orders/list`)).code).toBe(403);
  });

  it('detail shows the decision, every reason, what is left at each level and the refunds; not another tenant’s', async () => {
    const A = await fixture();
    const B = await fixture();
    const d = await call(A.viewer.token, 'GET', `${V1}/orders/detail${qs({ id: A.o3.orderId })}`);
    expect(d.code).toBe(200);
    expect(d.body.data).toMatchObject({
      channelOrderId: 'A3',
      userName: expect.any(String),
      amount: 4000,
      companyPays: 3000,
      employeePays: 1000,
      orgPaid: 3000,
      status: 'partRefunded',
      decision: {
        verdict: 'excess',
        sceneVersion: 1,
        voices: [
          { rule: 'use_time', effect: 'pass' },
          { rule: 'day_amount', code: 'DAY_AMOUNT_EXCESS', message: '超出每日额度，超出部分由个人支付' },
        ],
        left: [{ level: 'day', limit: 3000, used: 0, left: 3000 }],
      },
      refunds: [{ refundId: 'AR1', amount: 1000, orgBack: 750, employeeBack: 250, reason: '退一份' }],
    });
    // another tenant's order id in the query
    expect((await call(A.viewer.token, 'GET', `${V1}/orders/detail${qs({ id: B.o1.orderId })}`)).code).toBe(
      404,
    );
    expect((await call(A.nobody.token, 'GET', `${V1}/orders/detail${qs({ id: A.o1.orderId })}`)).code).toBe(
      403,
    );
    expect((await call(A.viewer.token, 'GET', `${V1}/orders/detail${qs({ id: 'x' })}`)).code).toBe(400);
    // another tenant's ids as filters find nothing of theirs
    const cross = await call(A.viewer.token, 'GET', `${V1}/orders/list${qs({ userId: B.zhang.userId })}`);
    expect(cross.body.data.page.total).toBe(0);
  });

  it('consumerOrder/findByUserId (web and app): one’s own orders; someone else’s only with the order-centre view', async () => {
    const A = await fixture();
    for (const side of ['web', 'app']) {
      const url = `${FAKE}/finobill/api/${side}/consumerOrder/findByUserId`;
      const mine = await call(A.zhang.token, 'GET', url);
      expect(mine.code, JSON.stringify(mine.body)).toBe(200);
      expect(mine.body.data.items.map((o: any) => o.channelOrderId)).toEqual(['A2', 'A1']);
      const theirs = await call(A.zhang.token, 'GET', `${url}${qs({ userId: A.li.userId })}`);
      expect([theirs.code, theirs.body.msg]).toEqual([403, '只能查看本人的订单']);
      const byViewer = await call(A.viewer.token, 'GET', `${url}${qs({ userId: A.li.userId })}`);
      expect(byViewer.body.data.items.map((o: any) => o.channelOrderId)).toEqual(['A3']);
      expect((await call(A.nobody.token, 'GET', url)).code).toBe(403);
    }
  });

  it('consumerOrder/enumList answers the order sources, statuses, verdicts and categories', async () => {
    const A = await fixture();
    const r = await call(A.zhang.token, 'GET', `${FAKE}/finobill/api/web/consumerOrder/enumList`);
    expect(r.code).toBe(200);
    const byType = Object.fromEntries(r.body.data.map((g: any) => [g.type, g.items]));
    expect(byType.orderSource.map((i: any) => [i.code, i.value])).toEqual([
      ['NORMAL', 1],
      ['THIRD', 2],
      ['CBS_PAY', 3],
    ]);
    expect(byType.orderStatus.map((i: any) => i.name)).toEqual([
      '已支付',
      '已拒绝',
      '待审批',
      '部分退款',
      '已退款',
    ]);
    expect(byType.verdict.map((i: any) => i.value)).toEqual(['allow', 'excess', 'approval', 'refuse']);
    expect(byType.category[1]).toEqual({ code: 'takeout', value: 2, name: '外卖' });
    expect((await call(A.nobody.token, 'GET', `${FAKE}/finobill/api/web/consumerOrder/enumList`)).code).toBe(
      403,
    );
  });

  it('exports the filtered orders as task type 7 (订单导出)', async () => {
    const A = await fixture();
    const start = async (token: string, params: object) =>
      t.app.inject({
        method: 'POST',
        url: '/task-center/api/v1/tasks:export',
        headers: { 'x-session-token': token },
        payload: { operating_type: TaskOperatingType.orderExport, params },
      });
    expect((await start(A.viewer.token, {})).statusCode).toBe(403);
    const res = await start(A.exporter.token, { userId: A.zhang.userId });
    expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(t.app, A.exporter.token, res.json().data.id);
    expect(task.status, task.error_msg).toBe(1);
    expect(task.operating_type_name).toBe('订单导出');
    const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as any);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]!.slice(0, 4)).toEqual(['订单ID', '渠道', '渠道订单号', '员工']);
    expect(rows.slice(1).map((r) => [r[2], r[10], r[16], r[17], r[18] ?? ''])).toEqual([
      ['A2', '10.00', '拒绝', '已拒绝', '不在可用时段（11:00–13:30）内'],
      ['A1', '25.00', '允许', '已支付', ''],
    ]);
  });
});
