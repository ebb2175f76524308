import { CARD_AUTHORIZE_PATH, CARD_PATH, CARD_REFUND_PATH, CARD_REVERSE_PATH } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { api, type Call, flowTenant, type FlowTenant } from '../flow/flow.testkit.js';
import { signedHeaders } from '../spend/index.js';
import { CardCode } from './card.errors.js';

/**
 * 卡片授权 (decision 0057) through the signed routes: allow with a capture on the ledger; the card's own
 * refusals (冻结, 注销, no holder, 离职, balance) each with its Chinese reason; a scene's day limit through the
 * one decision engine (超额自付); a replay answering the first answer and moving nothing; 20 at once on one card
 * never overspending; reversal and refunds on the ledger; a bad signature and another tenant's card.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
type Net = { appId: string; secretKey: string };
let netA: Net, netB: Net;
beforeAll(async () => {
  t = await createTestApp();
  A = await flowTenant(t);
  B = await flowTenant(t);
  call = api(t);
  const channel = async (f: FlowTenant) => {
    const r = await call(f.admin.token, 'POST', '/consume-quota-center/api/v1/channels/add', {
      code: 'unionpay',
      name: '银联卡组织',
    });
    expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    return r.body.data as Net;
  };
  netA = await channel(A);
  netB = await channel(B);
});
afterAll(async () => t?.close());

async function signed(net: Net, path: string, body: unknown) {
  const payload = JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: signedHeaders(net, 'POST', path, payload),
    payload,
  });
  return { code: res.statusCode, body: res.json() };
}
let seq = 0;
const authId = () => `AUTH-${Date.now() % 1_000_000}-${++seq}`;
async function oneCard(f: FlowTenant, over: Record<string, unknown> = {}) {
  const no = `CB${Date.now() % 1_000_000}${++seq}`;
  const r = await call(f.admin.token, 'POST', `${CARD_PATH}/release`, {
    card_type: 2,
    card_count: 1,
    amount: 10_000,
    card_batch_no: no,
    user: [f.boss.staffId],
    ...over,
  });
  expect(r.body.status, JSON.stringify(r.body)).toBe(0);
  const list = await call(f.admin.token, 'GET', `${CARD_PATH}/list`, { card_batch_no: no });
  return list.body.data.items[0] as { id: number; card_no: string };
}
const pay = (card: { card_no: string }, amount: number, id = authId(), net = netA, extra = {}) =>
  signed(net, CARD_AUTHORIZE_PATH, {
    auth_id: id,
    card_no: card.card_no,
    amount,
    merchant: { id: 'M1', name: '全家便利店' },
    ...extra,
  });
const balanceOf = async (cardId: number) =>
  (await t.db.selectFrom('cards').select('balance').where('id', '=', cardId).executeTakeFirstOrThrow())
    .balance;
const ledgerSum = async (cardId: number) =>
  Number(
    (
      await t.db
        .selectFrom('card_ledger')
        .select((eb) => eb.fn.sum<number>('delta').as('s'))
        .where('card_id', '=', cardId)
        .executeTakeFirstOrThrow()
    ).s,
  );

describe('卡片授权', () => {
  it('allows within the balance and captures on the ledger; a replay answers the same and moves nothing', async () => {
    const card = await oneCard(A);
    const id = authId();
    const first = await pay(card, 3_000, id);
    expect(first.body.data).toEqual({
      auth_id: id,
      decision: 'allow',
      decisionText: '允许',
      company_pays: 3_000,
      employee_pays: 0,
      balance: 7_000,
      reasons: [],
    });
    const again = await pay(card, 3_000, id);
    expect(again.body.data).toEqual(first.body.data);
    // The same id for another amount is not a replay: refused, nothing moves.
    const reused = await pay(card, 3_001, id);
    expect(reused.code).toBe(409);
    expect(reused.body).toMatchObject({ status: CardCode.authIdReused, msg: `授权号${id}已用于另一笔交易` });
    expect(await balanceOf(card.id)).toBe(7_000);
    expect(await ledgerSum(card.id)).toBe(7_000);
    const info = (await call(A.admin.token, 'GET', `${CARD_PATH}/info`, { card_id: card.id })).body.data;
    expect(info.authorizations).toMatchObject([
      { auth_id: id, merchant: '全家便利店', decisionText: '允许' },
    ]);
    const tx = (await call(A.admin.token, 'GET', `${CARD_PATH}/transactions`, { card_id: card.id })).body
      .data;
    expect(tx.items[0]).toMatchObject({
      kind: 'capture',
      kindText: '消费',
      delta: -3_000,
      merchant: '全家便利店',
    });
  });

  it('refuses with every reason: frozen, over the balance; no holder; a holder who left', async () => {
    const card = await oneCard(A);
    await call(A.admin.token, 'POST', `${CARD_PATH}/freeze`, { card_id: card.id, reason: '挂失' });
    const r = await pay(card, 20_000);
    expect(r.body.data.decision).toBe('refuse');
    expect(r.body.data.reasons.map((x: { message: string }) => x.message)).toEqual([
      '卡片已冻结',
      '卡片余额不足（余额¥100.00）',
    ]);
    expect(await balanceOf(card.id)).toBe(10_000);
    const info = (await call(A.admin.token, 'GET', `${CARD_PATH}/info`, { card_id: card.id })).body.data;
    expect(info.authorizations[0]).toMatchObject({
      decisionText: '拒绝',
      reasons: ['卡片已冻结', '卡片余额不足（余额¥100.00）'],
    });

    const spare = await oneCard(A, { user: [] });
    expect((await pay(spare, 100)).body.data.reasons).toEqual([
      { code: 'NO_HOLDER', message: '卡片未分配持卡人' },
    ]);
    const left = await oneCard(A, { user: [A.second.staffId] });
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', A.second.staffId).execute();
    try {
      expect((await pay(left, 100)).body.data.reasons).toEqual([
        { code: 'HOLDER_LEFT', message: '持卡人已离职' },
      ]);
    } finally {
      await t.db.updateTable('staff').set({ status: 1 }).where('id', '=', A.second.staffId).execute();
    }
    expect((await pay({ card_no: '999' }, 100)).body.data.reasons).toEqual([
      { code: 'CARD_NOT_FOUND', message: '卡片不存在' },
    ]);
  });

  it('20 authorisations at once on one card never overspend', async () => {
    const card = await oneCard(A); // ¥100.00
    const all = await Promise.all(Array.from({ length: 20 }, () => pay(card, 1_500)));
    const allowed = all.filter((r) => r.body.data?.decision === 'allow');
    expect(allowed).toHaveLength(6); // 6 × 15.00 = 90.00; the 7th would overspend
    expect(all.filter((r) => r.body.data?.decision === 'refuse')).toHaveLength(14);
    expect(await balanceOf(card.id)).toBe(1_000);
    expect(await ledgerSum(card.id)).toBe(1_000);
  });

  it('20 replays of one authorisation id at once capture once', async () => {
    const card = await oneCard(A);
    const id = authId();
    const all = await Promise.all(Array.from({ length: 20 }, () => pay(card, 1_000, id)));
    expect(all.every((r) => r.body.data.decision === 'allow')).toBe(true);
    expect(await balanceOf(card.id)).toBe(9_000);
  });

  it('asks the scene through the one decision engine: over its day limit the holder pays the excess', async () => {
    const S = '/consume-quota-center/api/v1/scenes';
    const s = (
      await call(A.admin.token, 'POST', `${S}/add`, {
        name: '加油卡',
        category: 2,
        content: {
          info: { excess_pay_type: 1 },
          rules: { day_amount: { amount: 3_000 } },
          scope: { all: true },
        },
      })
    ).body.data;
    expect((await call(A.admin.token, 'POST', `${S}/publish`, { id: s.id })).body.status).toBe(0);
    expect((await call(A.admin.token, 'POST', `${S}/status`, { id: s.id, status: 2 })).body.status).toBe(0);
    const card = await oneCard(A, { scene_id: s.id });
    const r = (await pay(card, 5_000, authId(), netA, { category: 2 })).body.data;
    expect(r).toMatchObject({
      decision: 'excess',
      decisionText: '超额自付',
      company_pays: 3_000,
      employee_pays: 2_000,
    });
    expect(r.reasons.length).toBeGreaterThan(0);
    expect(r.reasons[0].message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await balanceOf(card.id)).toBe(7_000);
  });

  it('reverses and refunds on the ledger, once per key, never more than captured', async () => {
    const card = await oneCard(A);
    const id = authId();
    await pay(card, 4_000, id);
    const part = await signed(netA, CARD_REFUND_PATH, { auth_id: id, refund_id: `${id}-r1`, amount: 1_000 });
    expect(part.body.data).toEqual({ auth_id: id, amount: 1_000, balance: 7_000 });
    const replay = await signed(netA, CARD_REFUND_PATH, {
      auth_id: id,
      refund_id: `${id}-r1`,
      amount: 1_000,
    });
    expect(replay.body.data).toEqual({ auth_id: id, amount: 0, balance: 7_000 });
    const tooMuch = await signed(netA, CARD_REFUND_PATH, {
      auth_id: id,
      refund_id: `${id}-r2`,
      amount: 3_001,
    });
    expect(tooMuch.code).toBe(409);
    expect(tooMuch.body.msg).toBe('超出可退金额（可退¥30.00）');
    const rev = await signed(netA, CARD_REVERSE_PATH, { auth_id: id });
    expect(rev.body.data).toEqual({ auth_id: id, amount: 3_000, balance: 10_000 });
    expect((await signed(netA, CARD_REVERSE_PATH, { auth_id: id })).body.data.amount).toBe(0);
    const kinds = await t.db
      .selectFrom('card_ledger')
      .select(['kind', 'delta'])
      .where('card_id', '=', card.id)
      .orderBy('id')
      .execute();
    expect(kinds).toEqual([
      { kind: 'issue', delta: 10_000 },
      { kind: 'capture', delta: -4_000 },
      { kind: 'refund', delta: 1_000 },
      { kind: 'reverse', delta: 3_000 },
    ]);
  });

  it('refuses a bad signature, bad input, and another tenant’s card or authorisation', async () => {
    const card = await oneCard(A);
    const payload = JSON.stringify({
      auth_id: authId(),
      card_no: card.card_no,
      amount: 100,
      merchant: { name: 'x' },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: CARD_AUTHORIZE_PATH,
      headers: signedHeaders({ ...netA, secretKey: 'wrong' }, 'POST', CARD_AUTHORIZE_PATH, payload),
      payload,
    });
    expect(forged.statusCode).toBe(401);
    expect(await balanceOf(card.id)).toBe(10_000);
    const bad = await signed(netA, CARD_AUTHORIZE_PATH, {
      auth_id: '授权',
      card_no: card.card_no,
      amount: 0,
      merchant: {},
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    // B's network cannot charge A's card: it reads as no card.
    const foreign = await pay(card, 100, authId(), netB);
    expect(foreign.body.data.reasons).toEqual([{ code: 'CARD_NOT_FOUND', message: '卡片不存在' }]);
    const id = authId();
    await pay(card, 100, id);
    const rev = await signed(netB, CARD_REVERSE_PATH, { auth_id: id });
    expect(rev.code).toBe(404);
    expect(rev.body.status).toBe(CardCode.authNotFound);
    expect(await balanceOf(card.id)).toBe(9_900);
  });
});
