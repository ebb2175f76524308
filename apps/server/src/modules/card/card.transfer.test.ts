import { CARD_AUTHORIZE_PATH, CARD_PATH } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { flowApp, type Call, type FlowTenant } from '../flow/flow.testkit.js';
import { signedHeaders } from '../spend/index.js';
import { CardCode } from './card.errors.js';

/**
 * 转移 (decision 0057): the card of a holder who left moves to another active staff member together with the
 * balance settled back when they left — once, however often it is asked; a card that changed hands meanwhile is
 * refused; 20 transfers at once give one new holder; another tenant's card or staff reads as missing.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
let net: { appId: string; secretKey: string };
beforeAll(async () => {
  ({ t, A, B, call } = await flowApp({ publish: false }));
  net = (
    await call(A.admin.token, 'POST', '/consume-quota-center/api/v1/channels/add', {
      code: 'unionpay',
      name: '银联卡组织',
    })
  ).body.data;
});
afterAll(async () => t?.close());

let seq = 0;
async function cardOf(holder: number) {
  const no = `T${++seq}`;
  const r = await call(A.admin.token, 'POST', `${CARD_PATH}/release`, {
    card_type: 2,
    card_count: 1,
    amount: 10_000,
    card_batch_no: no,
    user: [holder],
  });
  expect(r.body.status, JSON.stringify(r.body)).toBe(0);
  const list = await call(A.admin.token, 'GET', `${CARD_PATH}/list`, { card_batch_no: no });
  return list.body.data.items[0] as { id: number; card_no: string };
}
const info = async (id: number) =>
  (await call(A.admin.token, 'GET', `${CARD_PATH}/info`, { card_id: id })).body.data;
const transfer = (body: Record<string, unknown>, token = A.admin.token) =>
  call(token, 'POST', `${CARD_PATH}/transfer`, body);
const ledger = (cardId: number) =>
  t.db
    .selectFrom('card_ledger')
    .select(['kind', 'delta'])
    .where('card_id', '=', cardId)
    .orderBy('id')
    .execute();

describe('转移 of a card', () => {
  it('moves a left holder’s card with the balance settled back, unfrozen, and tells both; never restores twice', async () => {
    const card = await cardOf(A.submitter.staffId);
    const payload = JSON.stringify({
      auth_id: 'T-1',
      card_no: card.card_no,
      amount: 2_500,
      merchant: { name: '腾讯云' },
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: CARD_AUTHORIZE_PATH,
      headers: signedHeaders(net, 'POST', CARD_AUTHORIZE_PATH, payload),
      payload,
    });
    expect(paid.json().data.decision).toBe('allow');
    const left = await call(A.admin.token, 'POST', '/org-arch-center/api/v1/users:update', {
      id: A.submitter.staffId,
      status: 2,
    });
    expect(left.body.status, JSON.stringify(left.body)).toBe(0);
    expect(await info(card.id)).toMatchObject({ status: 2, balance: 0 });

    const r = await transfer({
      card_id: card.id,
      from_staff_id: A.submitter.staffId,
      staff_id: A.boss.staffId,
      reason: '续用云服务自动扣款',
    });
    expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    expect(r.body.data).toMatchObject({ status: 1, statusText: '正常', balance: 7_500, restored: 7_500 });
    const d = await info(card.id);
    expect(d).toMatchObject({ holder_id: A.boss.staffId, status: 1, balance: 7_500, ledger_balance: 7_500 });
    expect(d.operations[0]).toMatchObject({
      opText: '转移',
      reason: expect.stringContaining('续用云服务自动扣款'),
    });
    expect((await ledger(card.id)).at(-1)).toEqual({ kind: 'restore', delta: 7_500 });
    const told = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'title'])
      .where('tenant_id', '=', A.tenantId)
      .where('ext_params', 'like', `%${card.id}%`)
      .where('title', 'in', ['您获得一张企业卡', '您的企业卡已转移'])
      .execute();
    expect(told.map((n) => Number(n.user_id)).sort()).toEqual([A.boss.userId, A.submitter.userId].sort());

    // Asked again as the administrator saw it before: refused, nothing moves.
    const again = await transfer({
      card_id: card.id,
      from_staff_id: A.submitter.staffId,
      staff_id: A.second.staffId,
      reason: '重复提交',
    });
    expect(again.body.status).toBe(CardCode.holderChanged);
    expect(again.body.msg).toBe('卡片持卡人已变更，请刷新后重试');
    // On to a third holder: nothing left to restore, the money is not given twice.
    const on = await transfer({
      card_id: card.id,
      from_staff_id: A.boss.staffId,
      staff_id: A.second.staffId,
      reason: '岗位调整',
    });
    expect(on.body.data).toMatchObject({ balance: 7_500, restored: 0 });
    expect((await ledger(card.id)).filter((l) => l.kind === 'restore')).toHaveLength(1);
  });

  it('20 transfers at once: one new holder, the rest refused; a card frozen for another reason stays frozen', async () => {
    const card = await cardOf(A.admin.staffId);
    await call(A.admin.token, 'POST', `${CARD_PATH}/freeze`, { card_id: card.id, reason: '疑似盗刷' });
    const targets = [A.boss.staffId, A.second.staffId];
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transfer({
          card_id: card.id,
          from_staff_id: A.admin.staffId,
          staff_id: targets[i % 2],
          reason: `并发${i}`,
        }),
      ),
    );
    const won = all.filter((r) => r.body.status === 0);
    expect(won).toHaveLength(1);
    expect(all.filter((r) => r.body.status === CardCode.holderChanged)).toHaveLength(19);
    const d = await info(card.id);
    expect(d).toMatchObject({ holder_id: won[0]!.body.data.holder_id, status: 2, status_reason: '疑似盗刷' });
    expect(d.operations.filter((o: { op: string }) => o.op === 'transfer')).toHaveLength(1);
  });

  it('refuses bad input, a cancelled card, a resigned or foreign new holder, another tenant’s card and a staff member', async () => {
    const card = await cardOf(A.boss.staffId);
    const base = {
      card_id: card.id,
      from_staff_id: A.boss.staffId,
      staff_id: A.second.staffId,
      reason: '调岗',
    };
    const before = await info(card.id);

    const bad = await transfer({ ...base, reason: ' ' });
    expect(bad.code).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('原因');
    const resigned = await transfer({ ...base, staff_id: A.submitter.staffId });
    expect(resigned.body).toMatchObject({ status: CardCode.holderNotFound, msg: '持卡人不存在或已离职' });
    const foreignStaff = await transfer({ ...base, staff_id: B.boss.staffId });
    expect(foreignStaff.body.status).toBe(CardCode.holderNotFound);
    const own = await transfer({ ...base, staff_id: A.boss.staffId });
    expect(own.body).toMatchObject({ status: CardCode.holderChanged, msg: '卡片已属于该员工，无需转移' });
    const foreignCard = await transfer({ ...base, card_id: card.id }, B.admin.token);
    expect(foreignCard.body.status).toBe(CardCode.cardNotFound);
    const staff = await transfer(base, A.second.token);
    expect(staff.code).toBe(403);
    expect(await info(card.id)).toEqual(before);

    await call(A.admin.token, 'POST', `${CARD_PATH}/cancel`, { card_id: card.id, reason: '注销' });
    const cancelled = await transfer(base);
    expect(cancelled.body).toMatchObject({ status: CardCode.badStatus, msg: '卡片已注销，不能转移' });
  });
});
