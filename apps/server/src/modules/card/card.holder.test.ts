import { CARD_AUTHORIZE_PATH, CARD_PATH } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { api, type Call, flowTenant, type FlowTenant } from '../flow/flow.testkit.js';
import { signedHeaders } from '../spend/index.js';
import { makeDepartment, makeStaff } from '../../../test/factories.js';
import { updateSyncedStaff } from '../org/index.js';
import { HOLDER_LEFT_REASON, HOLDER_MOVED_REASON } from './card.holder.js';

/**
 * Cards follow their holder (decision 0057): 离职 through the org module's routes (one and in a batch) freezes
 * the holder's cards in the same transaction and settles their balance back on the ledger; the card detail
 * lists the merchants that charged the card in the last 90 days; another holder's cards are untouched.
 */
let t: TestApp, A: FlowTenant, call: Call;
let net: { appId: string; secretKey: string };
beforeAll(async () => {
  t = await createTestApp();
  A = await flowTenant(t);
  call = api(t);
  net = (
    await call(A.admin.token, 'POST', '/consume-quota-center/api/v1/channels/add', {
      code: 'unionpay',
      name: '银联卡组织',
    })
  ).body.data;
});
afterAll(async () => t?.close());

let seq = 0;
async function cardsFor(holders: number[]) {
  const no = `H${++seq}`;
  const r = await call(A.admin.token, 'POST', `${CARD_PATH}/release`, {
    card_type: 2,
    card_count: holders.length,
    amount: 10_000,
    card_batch_no: no,
    user: holders,
  });
  expect(r.body.status, JSON.stringify(r.body)).toBe(0);
  const list = await call(A.admin.token, 'GET', `${CARD_PATH}/list`, { card_batch_no: no });
  return list.body.data.items as { id: number; card_no: string; holder_id: number }[];
}
async function charge(cardNo: string, amount: number, merchant: string) {
  const payload = JSON.stringify({
    auth_id: `H-${++seq}`,
    card_no: cardNo,
    amount,
    merchant: { name: merchant },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: CARD_AUTHORIZE_PATH,
    headers: signedHeaders(net, 'POST', CARD_AUTHORIZE_PATH, payload),
    payload,
  });
  expect(res.json().data.decision).toBe('allow');
}
const info = async (id: number) =>
  (await call(A.admin.token, 'GET', `${CARD_PATH}/info`, { card_id: id })).body.data;

describe('cards follow their holder', () => {
  it('离职 freezes the card at once and settles its balance back; the detail names its recent merchants', async () => {
    const holder = await t.db
      .selectFrom('staff')
      .select(['id', 'name', 'phone'])
      .where('id', '=', A.submitter.staffId)
      .executeTakeFirstOrThrow();
    const [card] = await cardsFor([holder.id]);
    const [other] = await cardsFor([A.boss.staffId]);
    await charge(card!.card_no, 1_200, '腾讯云');
    await charge(card!.card_no, 800, '腾讯云');
    await charge(card!.card_no, 500, '钉钉会员');

    const r = await call(A.admin.token, 'POST', '/org-arch-center/api/v1/users:update', {
      id: holder.id,
      status: 2,
    });
    expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    const d = await info(card!.id);
    expect(d).toMatchObject({
      status: 2,
      statusText: '冻结',
      balance: 0,
      ledger_balance: 0,
      status_reason: HOLDER_LEFT_REASON,
    });
    expect(d.operations[0]).toMatchObject({ opText: '冻结', reason: HOLDER_LEFT_REASON });
    expect(d.recent_merchants).toEqual([
      { merchant: '钉钉会员', times: 1, amount: 500, last_at: expect.any(Number) },
      { merchant: '腾讯云', times: 2, amount: 2_000, last_at: expect.any(Number) },
    ]);
    const rows = await t.db
      .selectFrom('card_ledger')
      .select(['kind', 'delta'])
      .where('card_id', '=', card!.id)
      .orderBy('id')
      .execute();
    expect(rows.at(-1)).toEqual({ kind: 'settle', delta: -7_500 });
    // Another holder's card is untouched.
    expect(await info(other!.id)).toMatchObject({ status: 1, balance: 10_000 });
  });

  it('a batch 离职 freezes every card of every resigned holder; cancelled cards stay as they are', async () => {
    const cards = await cardsFor([A.boss.staffId, A.second.staffId]);
    const gone = await cardsFor([A.second.staffId]);
    await call(A.admin.token, 'POST', `${CARD_PATH}/cancel`, { card_id: gone[0]!.id, reason: '旧卡注销' });
    const r = await call(A.admin.token, 'POST', '/org-arch-center/api/v1/users:batch_update', {
      ids: [A.boss.staffId, A.second.staffId],
      status: 2,
    });
    expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    for (const c of cards)
      expect(await info(c.id)).toMatchObject({ status: 2, balance: 0, ledger_balance: 0 });
    expect(await info(gone[0]!.id)).toMatchObject({ status: 3, status_reason: '旧卡注销' });
  });

  it('调岗 freezes and settles the card once the departments change; an edit that keeps them does nothing; 转移 gives it back', async () => {
    const mover = await makeStaff(t.db, A.tenantId, []);
    const [card] = await cardsFor([mover.staffId]);
    const keep = await call(A.admin.token, 'POST', '/org-arch-center/api/v1/users:update', {
      id: mover.staffId,
      name: '调岗员工',
    });
    expect(keep.body.status, JSON.stringify(keep.body)).toBe(0);
    expect(await info(card!.id)).toMatchObject({ status: 1, balance: 10_000 });

    const sales = Number(await makeDepartment(t.db, A.tenantId, A.companyId, '销售部'));
    const moved = await call(A.admin.token, 'POST', '/org-arch-center/api/v1/users:update', {
      id: mover.staffId,
      dept_ids: [sales],
    });
    expect(moved.body.status, JSON.stringify(moved.body)).toBe(0);
    expect(await info(card!.id)).toMatchObject({
      status: 2,
      balance: 0,
      ledger_balance: 0,
      status_reason: HOLDER_MOVED_REASON,
    });
    // Moving again to the same department is no move.
    await call(A.admin.token, 'POST', '/org-arch-center/api/v1/users:batch_update', {
      ids: [A.boss.staffId],
      dept_ids: [sales],
    });
    const settles = await t.db
      .selectFrom('card_ledger')
      .select('delta')
      .where('card_id', '=', card!.id)
      .where('kind', '=', 'settle')
      .execute();
    expect(settles).toEqual([{ delta: -10_000 }]);

    // The card goes to a colleague with the settled money, unfrozen.
    const r = await call(A.admin.token, 'POST', `${CARD_PATH}/transfer`, {
      card_id: card!.id,
      from_staff_id: mover.staffId,
      staff_id: A.admin.staffId,
      reason: '交接',
    });
    expect(r.body.data).toMatchObject({ status: 1, balance: 10_000, restored: 10_000 });
  });

  it('a move the directory sync applies freezes the card too; a sync that keeps the departments does not', async () => {
    const mover = await makeStaff(t.db, A.tenantId, []);
    const [card] = await cardsFor([mover.staffId]);
    const ops = Number(await makeDepartment(t.db, A.tenantId, A.companyId, '运营部'));
    await updateSyncedStaff(t.db, A.tenantId, mover.staffId, { deptIds: [ops] }, Date.now(), A.admin.staffId);
    expect(await info(card!.id)).toMatchObject({ status: 2, balance: 0, status_reason: HOLDER_MOVED_REASON });
    const [other] = await cardsFor([mover.staffId]);
    await updateSyncedStaff(
      t.db,
      A.tenantId,
      mover.staffId,
      { name: '同步改名', deptIds: [ops] },
      Date.now(),
      A.admin.staffId,
    );
    expect(await info(other!.id)).toMatchObject({ status: 1, balance: 10_000 });
  });
});
