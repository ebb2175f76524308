import { CARD_PATH, TaskOperatingType } from '@feikong/contracts';
import ExcelJS from 'exceljs';
import { waitForTask } from '../../../test/tasks.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { api, type Call, flowTenant, type FlowTenant } from '../flow/flow.testkit.js';
import { waitFor } from '../../../test/poll.js';
import { CardCode } from './card.errors.js';
import { sendCardMails } from './card.mail.js';

/**
 * 企业卡 (decision 0057): 卡片发放 (e-cards and physical ranges, exactly once, overlap refused naming the
 * batch, 20 at once), the list and its filters, the detail and its ledger, 冻结 / 解冻 / 注销 (settling the
 * balance back once under 20 at once); tenancy in path, query and body; bad input; permissions.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => {
  t = await createTestApp();
  A = await flowTenant(t);
  B = await flowTenant(t);
  call = api(t);
});
afterAll(async () => t?.close());

const P = (p: string) => `${CARD_PATH}/${p}`;
let seq = 0;
const batchNo = () => `B${Date.now() % 1_000_000}${++seq}`;
function eCards(over: Record<string, unknown> = {}) {
  return { card_type: 2, card_count: 3, amount: 50_000, card_batch_no: batchNo(), ...over };
}
async function release(f: FlowTenant, body: Record<string, unknown>) {
  const r = await call(f.admin.token, 'POST', P('release'), body);
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  return r.body.data as { batch_id: number; created: boolean; card_count: number };
}
async function cardsOf(f: FlowTenant, batch: string) {
  const r = await call(f.admin.token, 'GET', P('list'), { card_batch_no: batch, page_size: 100 });
  expect(r.body.status).toBe(0);
  return r.body.data.items as { id: number; card_no: string; holder_id: number | null; balance: number }[];
}
const ledgerOf = (cardId: number) =>
  t.db.selectFrom('card_ledger').selectAll().where('card_id', '=', cardId).orderBy('id').execute();

describe('企业卡 routes', () => {
  it('each route names its permission: a staff member without it is refused', async () => {
    const mine = t.app.builtRoutes
      .filter((r) => r.url.startsWith(`${CARD_PATH}/`) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const signed = [`POST ${P('authorize')}`, `POST ${P('refund')}`, `POST ${P('reverse')}`];
    const session = [
      `GET ${P('batches')}`,
      `GET ${P('info')}`,
      `GET ${P('list')}`,
      `GET ${P('operations')}`,
      `GET ${P('transactions')}`,
      `POST ${P('adjust')}`,
      `POST ${P('cancel')}`,
      `POST ${P('freeze')}`,
      `POST ${P('release')}`,
      `POST ${P('resendMail')}`,
      `POST ${P('transfer')}`,
      `POST ${P('unfreeze')}`,
    ];
    expect(mine).toEqual([...session, ...signed].sort());
    // The card network's calls carry no session: without a signature they are refused (card.authorize.test.ts).
    for (const r of signed) {
      const res = await call(A.admin.token, 'POST', r.split(' ')[1]!, {});
      expect(res.code, r).toBe(401);
    }
    for (const r of session) {
      const [method, url] = r.split(' ') as ['GET' | 'POST', string];
      const res = await call(A.nobody.token, method, url, method === 'GET' ? { card_id: 1 } : eCards());
      expect(res.code, r).toBe(403);
      expect(res.body.status, r).not.toBe(0);
    }
    expect(
      await t.db.selectFrom('card_batches').select('id').where('tenant_id', '=', A.tenantId).execute(),
    ).toEqual([]);
  });
});

describe('卡片发放', () => {
  it('issues e-cards with their holders in operate_sequence order, each on the ledger', async () => {
    const no = batchNo();
    // 邮件发送: the first holder has an e-mail address, the second none.
    await t.db
      .updateTable('staff')
      .set({ email: 'boss@example.cn' })
      .where('id', '=', A.boss.staffId)
      .execute();
    await t.db.updateTable('staff').set({ email: null }).where('id', '=', A.second.staffId).execute();
    const r = await release(
      A,
      eCards({
        card_batch_no: no,
        user: [A.boss.staffId, A.second.staffId],
        operate_sequence: 1,
        send_mail: true,
      }),
    );
    expect(r).toMatchObject({ created: true, card_count: 3 });
    const cards = (await cardsOf(A, no)).sort((a, b) => a.card_no.localeCompare(b.card_no));
    expect(cards.map((c) => c.holder_id)).toEqual([null, A.boss.staffId, A.second.staffId]);
    expect(cards.every((c) => c.balance === 50_000 && /^8\d{14}$/.test(c.card_no))).toBe(true);
    for (const c of cards) {
      const rows = await ledgerOf(c.id);
      expect(rows.map((x) => [x.kind, x.delta, x.balance_after])).toEqual([['issue', 50_000, 50_000]]);
    }
    const info = await call(A.admin.token, 'GET', P('info'), { card_id: cards[1]!.id });
    expect(info.body.data).toMatchObject({
      holder_name: expect.any(String),
      status: 1,
      statusText: '正常',
      cardTypeText: '电子卡',
      balance: 50_000,
      ledger_balance: 50_000,
      card_batch_no: no,
    });
    const batches = await call(A.admin.token, 'GET', P('batches'), { card_batch_no: no });
    expect(batches.body.data.items).toMatchObject([{ card_batch_no: no, total: 150_000, send_mail: true }]);

    // Each holder is told in the notification centre at once; the mails go after the commit, by a job.
    const told = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'title', 'content'])
      .where('tenant_id', '=', A.tenantId)
      .where('msg_name', '=', '企业卡发放')
      .where('content', 'like', `%${no}%`)
      .execute();
    expect(told.map((n) => Number(n.user_id)).sort()).toEqual([A.boss.userId, A.second.userId].sort());
    expect(told[0]!.content).toContain('额度¥500.00');
    const sent = await waitFor(
      async () => {
        const rows = await t.db
          .selectFrom('cards')
          .select(['id', 'mail_status', 'mail_error'])
          .where('batch_id', '=', r.batch_id)
          .orderBy('card_no')
          .execute();
        return rows.every((x) => x.mail_status !== 1) && rows;
      },
      { what: 'the e-card mails' },
    );
    expect(sent.map((x) => x.mail_status)).toEqual([0, 2, 3]); // 不发送 (no holder), 已发送, 无邮箱
    const mails = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'boss@example.cn')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      purpose: 'card_release',
      subject: expect.stringContaining('您的电子卡已发放'),
    });
    expect(mails[0]!.content).toContain(`卡号：${cards[1]!.card_no}`);
    const shown = await call(A.admin.token, 'GET', P('info'), { card_id: cards[2]!.id });
    expect(shown.body.data).toMatchObject({ mail_status: 3, mailStatusText: '无邮箱' });
  });

  it('a relay that refuses a mail marks that card 发送失败 with the reason; a rerun sends only what waits', async () => {
    const no = batchNo();
    await t.db
      .updateTable('staff')
      .set({ email: 'boss@example.cn' })
      .where('id', '=', A.boss.staffId)
      .execute();
    const r = await release(A, eCards({ card_batch_no: no, card_count: 1, user: [A.boss.staffId] }));
    const [card] = await cardsOf(A, no);
    await t.db.updateTable('cards').set({ mail_status: 1 }).where('id', '=', card!.id).execute();
    const refused = {
      kind: 'smtp' as const,
      send: async () => Promise.reject(new Error('550 mailbox unavailable')),
    };
    await sendCardMails(t.db, refused, { tenantId: A.tenantId, batchId: r.batch_id });
    const row = await t.db
      .selectFrom('cards')
      .select(['mail_status', 'mail_error'])
      .where('id', '=', card!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mail_status: 4, mail_error: '550 mailbox unavailable' });
    let sends = 0;
    await sendCardMails(
      t.db,
      { kind: 'smtp', send: async () => void sends++ },
      { tenantId: A.tenantId, batchId: r.batch_id },
    );
    expect(sends).toBe(0); // 发送失败 is not 待发送: nothing is sent twice behind the administrator's back

    // 重新发送: 20 at once put the card back to 待发送 once; the batch's job sends it; a sent card is refused.
    const all = await Promise.all(
      Array.from({ length: 20 }, () => call(A.admin.token, 'POST', P('resendMail'), { card_id: card!.id })),
    );
    expect(all.filter((x) => x.body.status === 0)).toHaveLength(1);
    expect(all.filter((x) => x.body.status === CardCode.badStatus)).toHaveLength(19);
    const mailed = await waitFor(
      async () => {
        const rows = await t.db
          .selectFrom('mail_outbox')
          .select('content')
          .where('to_address', '=', 'boss@example.cn')
          .where('content', 'like', `%${card!.card_no}%`)
          .execute();
        return rows.length > 0 && rows;
      },
      { what: 'the resent mail' },
    );
    expect(mailed).toHaveLength(1);
    const after = await call(A.admin.token, 'GET', P('info'), { card_id: card!.id });
    expect(after.body.data).toMatchObject({ mail_status: 2, mailStatusText: '已发送', mail_error: '' });
    const sentAgain = await call(A.admin.token, 'POST', P('resendMail'), { card_id: card!.id });
    expect(sentAgain.body).toMatchObject({ status: CardCode.badStatus, msg: '邮件已发送，无需重新发送' });
  });

  it('重新发送 is refused for a holder without an e-mail, a physical card, another tenant’s card and bad input', async () => {
    const no = batchNo();
    await t.db.updateTable('staff').set({ email: null }).where('id', '=', A.second.staffId).execute();
    await release(A, eCards({ card_batch_no: no, card_count: 1, user: [A.second.staffId], send_mail: true }));
    const [card] = await cardsOf(A, no);
    const noAddress = await waitFor(
      async () => {
        const r = await call(A.admin.token, 'GET', P('info'), { card_id: card!.id });
        return r.body.data.mail_status === 3 && r.body.data;
      },
      { what: 'the 无邮箱 mark' },
    );
    expect(noAddress.mailStatusText).toBe('无邮箱');
    const refused = await call(A.admin.token, 'POST', P('resendMail'), { card_id: card!.id });
    expect(refused.code).toBe(400);
    expect(refused.body.msg).toContain('没有有效邮箱');
    expect((await call(A.admin.token, 'GET', P('info'), { card_id: card!.id })).body.data.mail_status).toBe(
      3,
    );
    const bad = await call(A.admin.token, 'POST', P('resendMail'), { card_id: 'x' });
    expect(bad.code).toBe(400);
    const foreign = await call(B.admin.token, 'POST', P('resendMail'), { card_id: card!.id });
    expect(foreign.body.status).toBe(CardCode.cardNotFound);
    const staff = await call(A.nobody.token, 'POST', P('resendMail'), { card_id: card!.id });
    expect(staff.code).toBe(403);
  });

  it('releases the same batch once: a replay answers the first; other fields under its number are refused', async () => {
    const body = eCards();
    const first = await release(A, body);
    const again = await release(A, body);
    expect(again).toEqual({ ...first, created: false });
    expect(await cardsOf(A, body.card_batch_no)).toHaveLength(3);
    const other = await call(A.admin.token, 'POST', P('release'), { ...body, amount: 1 });
    expect(other.code).toBe(409);
    expect(other.body.status).toBe(CardCode.batchTaken);
  });

  it('20 releases of one batch at once issue it exactly once', async () => {
    const body = eCards({ card_count: 50 });
    const all = await Promise.all(
      Array.from({ length: 20 }, () => call(A.admin.token, 'POST', P('release'), body)),
    );
    expect(all.every((r) => r.body.status === 0)).toBe(true);
    expect(all.filter((r) => r.body.data.created)).toHaveLength(1);
    expect(new Set(all.map((r) => r.body.data.batch_id)).size).toBe(1);
    const n = await t.db
      .selectFrom('cards')
      .innerJoin('card_batches', 'card_batches.id', 'cards.batch_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('card_batches.batch_no', '=', body.card_batch_no)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(50);
  });

  it('issues physical cards by range; a count off the range or an overlap is refused naming the batch', async () => {
    const no = batchNo();
    await release(A, {
      card_type: 1,
      begin_no: '6200000100',
      end_no: '6200000109',
      card_count: 10,
      amount: 0,
      card_batch_no: no,
    });
    const cards = await cardsOf(A, no);
    expect(cards.map((c) => c.card_no).sort()[0]).toBe('6200000100');
    expect(await ledgerOf(cards[0]!.id)).toEqual([]); // amount 0 moves no money
    const off = await call(A.admin.token, 'POST', P('release'), {
      card_type: 1,
      begin_no: '6200000200',
      end_no: '6200000209',
      card_count: 9,
      amount: 0,
      card_batch_no: batchNo(),
    });
    expect(off.code).toBe(400);
    expect(off.body.msg).toContain('10张');
    const overlap = await call(A.admin.token, 'POST', P('release'), {
      card_type: 1,
      begin_no: '6200000105',
      end_no: '6200000114',
      card_count: 10,
      amount: 0,
      card_batch_no: batchNo(),
    });
    expect(overlap.code).toBe(409);
    expect(overlap.body.status).toBe(CardCode.rangeOverlap);
    expect(overlap.body.msg).toBe(`卡号段与已发放批次「${no}」（6200000100～6200000109）重叠`);
    // Another tenant may use the same numbers.
    await release(B, {
      card_type: 1,
      begin_no: '6200000100',
      end_no: '6200000109',
      card_count: 10,
      amount: 0,
      card_batch_no: no,
    });
  });

  it('of 20 overlapping ranges released at once, one is issued and the others are refused', async () => {
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(A.admin.token, 'POST', P('release'), {
          card_type: 1,
          begin_no: String(7300000000 + i),
          end_no: String(7300000000 + i + 29),
          card_count: 30,
          amount: 100,
          card_batch_no: batchNo(),
        }),
      ),
    );
    expect(all.filter((r) => r.body.status === 0)).toHaveLength(1);
    expect(all.filter((r) => r.body.status === CardCode.rangeOverlap)).toHaveLength(19);
    const n = await t.db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', A.tenantId)
      .where('card_no', 'like', '73%')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(30);
  });

  it('refuses bad input, the mail option without e-cards, and holders of another tenant', async () => {
    const bad = async (body: Record<string, unknown>, code: number) => {
      const r = await call(A.admin.token, 'POST', P('release'), body);
      expect(r.code, JSON.stringify(body)).toBe(code);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
      return r;
    };
    await bad(eCards({ card_type: 3 }), 400);
    await bad(eCards({ card_count: 0 }), 400);
    await bad(eCards({ amount: -1 }), 400);
    await bad(eCards({ card_batch_no: '批次 1' }), 400);
    await bad({ card_type: 1, card_count: 2, amount: 0, card_batch_no: batchNo() }, 400);
    await bad(
      {
        card_type: 1,
        begin_no: '6300000001',
        end_no: '6300000002',
        card_count: 2,
        amount: 0,
        card_batch_no: batchNo(),
        send_mail: true,
      },
      400,
    );
    await bad(eCards({ user: [A.boss.staffId, A.boss.staffId] }), 400);
    await bad(eCards({ card_count: 1, user: [A.boss.staffId, A.second.staffId] }), 400);
    const foreign = await bad(eCards({ user: [B.boss.staffId] }), 404);
    expect(foreign.body.status).toBe(CardCode.holderNotFound);
    const scene = await bad(eCards({ scene_id: 999_999 }), 404);
    expect(scene.body.status).toBe(CardCode.sceneNotFound);
    // Another tenant's scene in the body reads as missing too.
    const theirs = await call(B.admin.token, 'POST', '/consume-quota-center/api/v1/scenes/add', {
      name: '他人场景',
      category: 2,
      content: { info: {}, rules: {}, scope: { all: true } },
    });
    expect(theirs.body.status, JSON.stringify(theirs.body)).toBe(0);
    const foreignScene = await bad(eCards({ scene_id: theirs.body.data.id }), 404);
    expect(foreignScene.body.status).toBe(CardCode.sceneNotFound);
    // Nothing was half-written by any refusal.
    expect(
      await t.db
        .selectFrom('card_batches')
        .select('id')
        .where('scene_id', '=', theirs.body.data.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('卡片列表, 详情 and 冻结 / 解冻 / 注销', () => {
  it('filters the list by card number, holder, status, type and batch', async () => {
    const no = batchNo();
    await release(A, eCards({ card_batch_no: no, card_count: 2, user: [A.second.staffId] }));
    const cards = await cardsOf(A, no);
    const holderName = (
      await t.db
        .selectFrom('staff')
        .select('name')
        .where('id', '=', A.second.staffId)
        .executeTakeFirstOrThrow()
    ).name;
    const q = async (query: Record<string, unknown>) =>
      (
        (await call(A.admin.token, 'GET', P('list'), { card_batch_no: no, ...query })).body.data.items as {
          id: number;
        }[]
      ).map((c) => c.id);
    expect(await q({ card_no: cards[0]!.card_no })).toEqual([cards[0]!.id]);
    expect(await q({ holder: holderName })).toHaveLength(1);
    expect(await q({ card_type: 1 })).toEqual([]);
    expect(await q({ status: 2 })).toEqual([]);
    const bad = await call(A.admin.token, 'GET', P('list'), { status: 9 });
    expect(bad.code).toBe(400);
    // Another tenant's batch reads as nothing, in the list and in 发放记录.
    const other = await call(B.admin.token, 'GET', P('list'), { card_batch_no: no });
    expect(other.body.data.items).toEqual([]);
    const theirBatches = await call(B.admin.token, 'GET', P('batches'), { card_batch_no: no });
    expect(theirBatches.body.data.items).toEqual([]);
    expect((await call(A.admin.token, 'GET', P('batches'), { page_size: 500 })).code).toBe(400);
  });

  it('freezes, unfreezes and cancels with a reason; 注销 settles the balance back on the ledger', async () => {
    const no = batchNo();
    await release(A, eCards({ card_batch_no: no, card_count: 1, user: [A.second.staffId] }));
    const [card] = await cardsOf(A, no);
    const op = (o: string, body: Record<string, unknown>, f = A) => call(f.admin.token, 'POST', P(o), body);
    const frozen = await op('freeze', { card_id: card!.id, reason: '挂失' });
    expect(frozen.body.data).toEqual({ card_id: card!.id, status: 2, statusText: '冻结', balance: 50_000 });
    expect((await op('freeze', { card_id: card!.id, reason: '再次' })).body.status).toBe(CardCode.badStatus);
    expect((await op('unfreeze', { card_id: card!.id, reason: '找回' })).body.data.status).toBe(1);
    expect((await op('freeze', { card_id: card!.id, reason: '' })).code).toBe(400);
    // Another tenant's card id in the body reads as missing.
    const foreign = await op('cancel', { card_id: card!.id, reason: '越权' }, B);
    expect(foreign.code).toBe(404);
    expect(foreign.body.status).toBe(CardCode.cardNotFound);

    const all = await Promise.all(
      Array.from({ length: 20 }, () => op('cancel', { card_id: card!.id, reason: '离职注销' })),
    );
    expect(all.filter((r) => r.body.status === 0)).toHaveLength(1);
    expect(all.filter((r) => r.body.status === CardCode.badStatus)).toHaveLength(19);
    const rows = await ledgerOf(card!.id);
    expect(rows.map((r) => [r.kind, r.delta, r.balance_after])).toEqual([
      ['issue', 50_000, 50_000],
      ['settle', -50_000, 0],
    ]);
    const info = (await call(A.admin.token, 'GET', P('info'), { card_id: card!.id })).body.data;
    expect(info).toMatchObject({
      status: 3,
      statusText: '注销',
      balance: 0,
      ledger_balance: 0,
      status_reason: '离职注销',
    });
    expect(info.operations.map((o: { opText: string }) => o.opText)).toEqual(['注销', '解冻', '冻结']);
    const tx = (await call(A.admin.token, 'GET', P('transactions'), { card_id: card!.id })).body.data;
    expect(tx.items.map((r: { kindText: string }) => r.kindText)).toEqual(['余额退回', '发放']);
    expect((await op('unfreeze', { card_id: card!.id, reason: '恢复' })).body.msg).toBe(
      '卡片已注销，不能再操作',
    );
    // The holder was told of each change that happened, with its reason — never of a refused one.
    const told = await t.db
      .selectFrom('notifications')
      .select(['title', 'content'])
      .where('tenant_id', '=', A.tenantId)
      .where('user_id', '=', A.second.userId)
      .where('msg_name', '=', '企业卡变动')
      .where('content', 'like', `%${info.card_no}%`)
      .orderBy('id')
      .execute();
    expect(told.map((n) => n.title)).toEqual([
      '您的企业卡已被冻结',
      '您的企业卡已解冻，可以继续使用',
      '您的企业卡已被注销',
    ]);
    expect(told[0]!.content).toContain('原因：挂失');
    expect(told[2]!.content).toContain('原因：离职注销；卡内余额已退回');
  });

  it('reads another tenant’s card id in the query as missing', async () => {
    const no = batchNo();
    await release(A, eCards({ card_batch_no: no, card_count: 1 }));
    const [card] = await cardsOf(A, no);
    for (const p of ['info', 'transactions']) {
      const r = await call(B.admin.token, 'GET', P(p), { card_id: card!.id });
      expect(r.code, p).toBe(404);
      expect(r.body.status).toBe(CardCode.cardNotFound);
    }
    expect((await call(A.admin.token, 'GET', P('info'), { card_id: 'x' })).code).toBe(400);
  });
});

describe('卡片列表导出 (task 156)', () => {
  it('writes the filtered cards of the tenant; a staff member without cardList:view is refused', async () => {
    const no = batchNo();
    await release(A, eCards({ card_batch_no: no, card_count: 2, user: [A.boss.staffId] }));
    await release(B, eCards({ card_batch_no: no, card_count: 5 }));
    const start = (token: string, params: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/task-center/api/v1/tasks:export',
        headers: { 'x-session-token': token },
        payload: { operating_type: TaskOperatingType.cardListExport, params },
      });
    const res = await start(A.admin.token, { card_batch_no: no });
    expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(t.app, A.admin.token, res.json().data.id);
    expect(task.status, task.error_msg).toBe(1);
    expect(task.operating_type_name).toBe('卡片列表导出');
    const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as any);
    const rows: string[][] = [];
    wb.getWorksheet('卡片列表')!.eachRow((r) =>
      rows.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))),
    );
    expect(rows[0]).toEqual(['卡号', '卡片类型', '持卡人', '余额（元）', '状态', '发放批次', '发放时间']);
    expect(rows).toHaveLength(3); // A's two cards only
    expect(rows.slice(1).map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ['电子卡', '500.00', '正常', no],
      ['电子卡', '500.00', '正常', no],
    ]);
    expect((await start(A.nobody.token, {})).statusCode).toBe(403);
  });
});

describe('卡片操作 (list and task 35)', () => {
  it('lists the tenant’s operations newest first with their filters, and exports them', async () => {
    const no = batchNo();
    await release(A, eCards({ card_batch_no: no, card_count: 1, user: [A.boss.staffId] }));
    const [card] = await cardsOf(A, no);
    await call(A.admin.token, 'POST', P('freeze'), { card_id: card!.id, reason: '挂失' });
    await call(A.admin.token, 'POST', P('unfreeze'), { card_id: card!.id, reason: '找回' });
    await call(A.admin.token, 'POST', P('adjust'), {
      card_id: card!.id,
      request_id: `ops-${no}`,
      delta: 2_000,
      reason: '追加',
    });
    const list = await call(A.admin.token, 'GET', P('operations'), { card_no: card!.card_no });
    expect(list.body.status, JSON.stringify(list.body)).toBe(0);
    expect(list.body.data.page.total).toBe(3);
    expect(list.body.data.items.map((r: { opText: string; reason: string }) => [r.opText, r.reason])).toEqual(
      [
        ['额度调整', '调增¥20.00：追加'],
        ['解冻', '找回'],
        ['冻结', '挂失'],
      ],
    );
    expect(list.body.data.items[0]).toMatchObject({ card_id: card!.id, holder_name: expect.any(String) });
    const frozen = await call(A.admin.token, 'GET', P('operations'), {
      card_no: card!.card_no,
      op: 'freeze',
    });
    expect(frozen.body.data.items).toHaveLength(1);
    const later = await call(A.admin.token, 'GET', P('operations'), {
      card_no: card!.card_no,
      begin_time: Date.now() + 60_000,
    });
    expect(later.body.data.items).toEqual([]);
    const bad = await call(A.admin.token, 'GET', P('operations'), { op: 'steal' });
    expect(bad.code).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('操作取值为');
    // Another tenant sees none of A's operations.
    const theirs = await call(B.admin.token, 'GET', P('operations'), { card_no: card!.card_no });
    expect(theirs.body.data.items).toEqual([]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/task-center/api/v1/tasks:export',
      headers: { 'x-session-token': A.admin.token },
      payload: {
        operating_type: TaskOperatingType.cardOperateListExport,
        params: { card_no: card!.card_no },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(t.app, A.admin.token, res.json().data.id);
    expect(task.status, task.error_msg).toBe(1);
    expect(task.operating_type_name).toBe('卡片操作列表导出');
    const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as any);
    const rows: string[][] = [];
    wb.getWorksheet('卡片操作')!.eachRow((r) =>
      rows.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))),
    );
    expect(rows[0]).toEqual(['操作时间', '卡号', '当前持卡人', '操作', '原因', '操作人']);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[4]])).toEqual([
      [card!.card_no, '冻结', '挂失'],
      [card!.card_no, '解冻', '找回'],
      [card!.card_no, '额度调整', '调增¥20.00：追加'],
    ]);
  });
});
