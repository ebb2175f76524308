import { CARD_PATH } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { flowApp, type Call, type FlowTenant } from '../flow/flow.testkit.js';
import { CardCode } from './card.errors.js';

/**
 * 额度调整 (decision 0057): money onto a card or back from it on the card's ledger, once per request id; never
 * below 0 however many run at once; refused in Chinese for bad input, a cancelled card, another tenant's card and a
 * staff member without the permission — and then nothing moves.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => {
  ({ t, A, B, call } = await flowApp({ publish: false }));
});
afterAll(async () => t?.close());

let seq = 0;
async function card(amount = 10_000) {
  const no = `ADJ${++seq}`;
  const r = await call(A.admin.token, 'POST', `${CARD_PATH}/release`, {
    card_type: 2,
    card_count: 1,
    amount,
    card_batch_no: no,
    user: [A.boss.staffId],
  });
  expect(r.body.status, JSON.stringify(r.body)).toBe(0);
  return (await call(A.admin.token, 'GET', `${CARD_PATH}/list`, { card_batch_no: no })).body.data
    .items[0] as {
    id: number;
  };
}
const info = async (id: number) =>
  (await call(A.admin.token, 'GET', `${CARD_PATH}/info`, { card_id: id })).body.data;
const adjust = (body: Record<string, unknown>, token = A.admin.token) =>
  call(token, 'POST', `${CARD_PATH}/adjust`, body);
const adjustRows = (cardId: number) =>
  t.db
    .selectFrom('card_ledger')
    .select(['delta', 'balance_after'])
    .where('card_id', '=', cardId)
    .where('kind', '=', 'adjust')
    .orderBy('id')
    .execute();

describe('额度调整', () => {
  it('adds and takes back on the ledger, tells the holder, and a replayed request moves nothing', async () => {
    const c = await card();
    const up = await adjust({ card_id: c.id, request_id: 'adj-up-0001', delta: 5_000, reason: '出差追加' });
    expect(up.body.status, JSON.stringify(up.body)).toBe(0);
    expect(up.body.data).toMatchObject({ balance: 15_000, statusText: '正常' });
    const down = await adjust({
      card_id: c.id,
      request_id: 'adj-down-001',
      delta: -3_000,
      reason: '项目结束',
    });
    expect(down.body.data.balance).toBe(12_000);
    const again = await adjust({
      card_id: c.id,
      request_id: 'adj-up-0001',
      delta: 5_000,
      reason: '出差追加',
    });
    expect(again.body.data.balance).toBe(12_000);
    expect(await adjustRows(c.id)).toEqual([
      { delta: 5_000, balance_after: 15_000 },
      { delta: -3_000, balance_after: 12_000 },
    ]);
    const d = await info(c.id);
    expect(d).toMatchObject({ balance: 12_000, ledger_balance: 12_000 });
    expect(d.operations[0]).toMatchObject({ opText: '额度调整', reason: '调减¥30.00：项目结束' });
    const reused = await adjust({
      card_id: c.id,
      request_id: 'adj-up-0001',
      delta: 6_000,
      reason: '出差追加',
    });
    expect(reused.body).toMatchObject({
      status: CardCode.adjustKeyReused,
      msg: '该请求已用于另一次额度调整，请刷新后重试',
    });
    const told = await t.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', A.boss.userId)
      .where('title', 'like', '您的企业卡额度已%')
      .execute();
    expect(told.map((n) => n.title).sort()).toEqual(['您的企业卡额度已调减', '您的企业卡额度已调增']);
  });

  it('20 decreases at once never take the card below 0; 20 copies of one request adjust once', async () => {
    const c = await card(10_000);
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adjust({
          card_id: c.id,
          request_id: `adj-race-${String(i).padStart(3, '0')}`,
          delta: -3_000,
          reason: '收回',
        }),
      ),
    );
    expect(all.filter((r) => r.body.status === 0)).toHaveLength(3);
    const refused = all.filter((r) => r.body.status === CardCode.adjustOverBalance);
    expect(refused).toHaveLength(17);
    expect(refused[0]!.body.msg).toBe('调减金额超过卡片余额（余额¥10.00）');
    expect(await info(c.id)).toMatchObject({ balance: 1_000, ledger_balance: 1_000 });

    const same = await Promise.all(
      Array.from({ length: 20 }, () =>
        adjust({ card_id: c.id, request_id: 'adj-same-0001', delta: 100, reason: '补' }),
      ),
    );
    expect(same.every((r) => r.body.status === 0 && r.body.data.balance === 1_100)).toBe(true);
    expect((await adjustRows(c.id)).filter((r) => r.delta === 100)).toHaveLength(1);
  });

  it('refuses bad input, a cancelled card, another tenant’s card and a staff member; nothing moves', async () => {
    const c = await card();
    const base = { card_id: c.id, request_id: 'adj-bad-0001', delta: 1_000, reason: '调整' };
    const before = await info(c.id);
    for (const [body, field] of [
      [{ ...base, delta: 0 }, '调整金额不能为0'],
      [{ ...base, delta: 'x' }, '必须是数字'],
      [{ ...base, delta: 12.5 }, '以分为单位'],
      [{ ...base, request_id: 'a' }, '请求ID'],
      [{ ...base, reason: '' }, '原因'],
    ] as const) {
      const r = await adjust(body);
      expect(r.code, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(field);
    }
    expect((await adjust(base, B.admin.token)).body.status).toBe(CardCode.cardNotFound);
    expect((await adjust(base, A.nobody.token)).code).toBe(403);
    expect(await info(c.id)).toEqual(before);
    await call(A.admin.token, 'POST', `${CARD_PATH}/cancel`, { card_id: c.id, reason: '注销' });
    const cancelled = await adjust(base);
    expect(cancelled.body).toMatchObject({ status: CardCode.badStatus, msg: '卡片已注销，不能调整额度' });
    expect(await adjustRows(c.id)).toEqual([]);
  });
});
