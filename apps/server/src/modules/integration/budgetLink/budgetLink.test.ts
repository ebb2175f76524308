import { BudgetInfo } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { waitForTask } from '../../../../test/tasks.js';
import { type Call, flowApp, type FlowTenant } from '../../flow/flow.testkit.js';
import { BudgetLinkCode } from './budgetLink.errors.js';
import { BUDGET_INTERFACE, BUDGET_LINK, linkContextOf } from './budgetLink.routes.js';
import { startBudgetMock } from './budgetLink.testkit.js';
import { outbound, OutboundError } from './outbound.js';
import { backoffMs, deliverDueEvents } from './push.js';
import { startDuePulls } from './pull.js';
import { TaskHandlerRegistry } from '../../../platform/tasks.js';
import type { AppServices } from '../../../platform/types.js';
import type { LinkContext } from './remote.js';

/**
 * 集成中心 · 预算接口 (decision 0056) against a real HTTP mock of the external budget system: test and link
 * (ok, bad secret, timeout), push of occupy → use of an approved document with a 500 then success (backoff on
 * an injected clock), a duplicate delivery counted once, two senders at once delivering once, the pull
 * publishing a version (and a failed pull changing nothing); tenancy, bad input and permissions.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
const SECRET = 'mock-secret-0123456789';
const APP_KEY = 'fk-app-1';
let mock: Awaited<ReturnType<typeof startBudgetMock>>;
beforeAll(async () => {
  ({ t, A, B, call } = await flowApp());
  mock = await startBudgetMock({ appKey: APP_KEY, secret: SECRET });
});
afterAll(async () => {
  await mock?.close();
  await t?.close();
});

const I = (p: string) => `${BUDGET_INTERFACE}/${p}`;
const L = (p: string) => `${BUDGET_LINK}/${p}`;
let seq = 0;
async function addInterface(f: FlowTenant, over: Record<string, unknown> = {}) {
  const r = await call(f.admin.token, 'POST', I('add'), {
    name: `预算系统${++seq}`,
    base_url: mock.url,
    app_key: APP_KEY,
    secret: SECRET,
    ...over,
  });
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  return r.body.data.id as number;
}
async function addBudget(f: FlowTenant, year: number) {
  const m = `${year}-11`;
  const r = await call(f.admin.token, 'POST', '/finobill/api/web/budget/add', {
    name: `${year}年市场部${++seq}`,
    year,
    period_type: 'month',
    budget_mode: 2,
    control: 1,
    nodes: [
      { key: 'r', parent: null, dimension: 'root', amounts: {} },
      { key: 'd', parent: 'r', dimension: 'department', value: String(f.deptId), amounts: { [m]: 500_000 } },
    ],
  });
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  return r.body.data.id as number;
}
async function link(f: FlowTenant, interfaceId: number, budgetId: number, code: string) {
  const r = await call(f.admin.token, 'POST', L('add'), {
    interface_id: interfaceId,
    budget_id: budgetId,
    external_code: code,
  });
  if (r.body.status !== 0) throw new Error(JSON.stringify(r.body));
  return r.body.data.id as number;
}
async function approvedDocument(f: FlowTenant, year: number, amount: number) {
  const s = await call(f.submitter.token, 'POST', 'flow/save', {
    billType: 'expense',
    title: '出差报销',
    fees: [{ feeType: 'travel', amount, date: `${year}-11-20` }],
  });
  if (s.body.status !== 0) throw new Error(JSON.stringify(s.body));
  const id = s.body.data.id as number;
  expect((await call(f.submitter.token, 'POST', 'flow/submit', { id })).body.status).toBe(0);
  expect((await call(f.boss.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
  expect((await call(f.second.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
  return id;
}
const eventsOf = (interfaceId: number) =>
  t.db
    .selectFrom('budget_link_events')
    .selectAll()
    .where('interface_id', '=', interfaceId)
    .orderBy('id')
    .execute();
/** A sender on a clock the test moves (no sleeping). */
function sender(start: number): LinkContext & { now: number } {
  const ctx = { ...linkContextOf({ config: t.config } as never), now: start } as LinkContext & {
    now: number;
  };
  ctx.clock = () => ctx.now;
  return ctx;
}

describe('预算接口 routes', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter(
      (r) => (r.url.startsWith(BUDGET_INTERFACE) || r.url.startsWith(BUDGET_LINK)) && r.method !== 'HEAD',
    );
    expect(mine.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        `GET ${I('events')}`,
        `GET ${I('info')}`,
        `GET ${I('pageList')}`,
        `POST ${I('add')}`,
        `POST ${I('delete')}`,
        `POST ${I('link')}`,
        `POST ${I('pull')}`,
        `POST ${I('retry')}`,
        `POST ${I('test')}`,
        `POST ${I('update')}`,
        `POST ${L('add')}`,
        `POST ${L('delete')}`,
      ].sort(),
    );
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });

  it('adds, lists, reads, updates and deletes an interface; the secret is sealed and never sent back', async () => {
    const id = await addInterface(A, { name: '用友预算', pull_interval: 60 });
    const list = await call(A.admin.token, 'GET', I('pageList'), { keyword: '用友' });
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]).toMatchObject({
      id,
      name: '用友预算',
      has_secret: true,
      status: 0,
      statusText: '未连接',
      pullIntervalText: '每小时',
      linked_budgets: 0,
    });
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
    const info = await call(A.admin.token, 'GET', I('info'), { id });
    expect(JSON.stringify(info.body)).not.toContain(SECRET);
    const row = await t.db
      .selectFrom('budget_interfaces')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(SECRET);
    expect(row.secret_enc.startsWith('v1.')).toBe(true);
    // Another tenant sees none of it.
    expect((await call(B.admin.token, 'GET', I('pageList'), {})).body.data.items).toEqual([]);

    // Update without a secret keeps it (the test still passes); a duplicate name is refused.
    const other = await addInterface(A, { name: '金蝶预算' });
    const dup = await call(A.admin.token, 'POST', I('update'), {
      id: other,
      name: '用友预算',
      base_url: mock.url,
      app_key: APP_KEY,
    });
    expect(dup.body.status).toBe(BudgetLinkCode.nameTaken);
    const up = await call(A.admin.token, 'POST', I('update'), {
      id,
      name: '用友预算2',
      base_url: mock.url,
      app_key: APP_KEY,
      secret: '',
    });
    expect(up.body).toMatchObject({ status: 0, data: { id } });
    expect((await call(A.admin.token, 'POST', I('test'), { id })).body.data.ok).toBe(true);

    expect((await call(A.admin.token, 'POST', I('delete'), { id: other })).body.status).toBe(0);
    expect((await call(A.admin.token, 'GET', I('info'), { id: other })).body.status).toBe(
      BudgetLinkCode.interfaceNotFound,
    );
  });

  it('refuses bad input naming the field', async () => {
    const bad = await call(A.admin.token, 'POST', I('add'), {
      name: '坏地址',
      base_url: 'ftp://example.com',
      app_key: 'k',
      secret: SECRET,
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('接口地址');
    const short = await call(A.admin.token, 'POST', I('add'), {
      name: '短密钥',
      base_url: mock.url,
      app_key: 'k',
      secret: '123',
    });
    expect(short.code).toBe(400);
    expect(short.body.msg).toContain('密钥');
    expect((await call(A.admin.token, 'POST', I('add'), { name: '', base_url: mock.url })).code).toBe(400);
    expect((await call(A.admin.token, 'POST', I('test'), { id: 'x' })).code).toBe(400);
    const interval = await call(A.admin.token, 'POST', I('add'), {
      name: '周期',
      base_url: mock.url,
      app_key: 'k',
      secret: SECRET,
      pull_interval: 7,
    });
    expect(interval.code).toBe(400);
    const id = await addInterface(A);
    const code = await call(A.admin.token, 'POST', L('add'), {
      interface_id: id,
      budget_id: 1,
      external_code: 'a b',
    });
    expect(code.code).toBe(400);
  });

  it('test and link: ok, a wrong secret, a timeout — each reported, link sets the status', async () => {
    const good = await addInterface(A);
    const ok = await call(A.admin.token, 'POST', I('link'), { id: good });
    expect(ok.body).toMatchObject({
      status: 0,
      data: { ok: true, msg: '连接成功', status: 1, statusText: '已连接' },
    });

    const wrong = await addInterface(A, { secret: 'not-the-secret-000' });
    const r = await call(A.admin.token, 'POST', I('test'), { id: wrong });
    expect(r.body.data).toMatchObject({ ok: false, msg: 'AppKey或密钥错误，外部系统拒绝认证', status: 0 });
    const l = await call(A.admin.token, 'POST', I('link'), { id: wrong });
    expect(l.body.data).toMatchObject({ ok: false, status: 2, statusText: '连接失败' });
    const row = (await call(A.admin.token, 'GET', I('info'), { id: wrong })).body.data;
    expect(row).toMatchObject({ last_test_ok: false, last_test_msg: 'AppKey或密钥错误，外部系统拒绝认证' });

    mock.state.hangMs = t.config.thirdParty.timeoutMs + 1000;
    try {
      const slow = await call(A.admin.token, 'POST', I('test'), { id: good });
      expect(slow.body.data).toMatchObject({ ok: false, msg: '连接超时（2秒）' });
    } finally {
      mock.state.hangMs = 0;
    }

    const refused = await addInterface(A, { base_url: 'http://127.0.0.1:9' });
    expect((await call(A.admin.token, 'POST', I('test'), { id: refused })).body.data).toMatchObject({
      ok: false,
      msg: '无法连接：对方拒绝连接',
    });
  });

  it('another tenant’s ids in the query, the body and the link are answered as missing', async () => {
    const id = await addInterface(A);
    const budget = await addBudget(A, 2061);
    const bBudget = await addBudget(B, 2061);
    const linkId = await link(A, id, budget, 'A-2061');
    const nf = BudgetLinkCode.interfaceNotFound;
    expect((await call(B.admin.token, 'GET', I('info'), { id })).body.status).toBe(nf);
    expect((await call(B.admin.token, 'GET', I('events'), { interface_id: id })).body.status).toBe(nf);
    for (const p of ['test', 'link', 'delete', 'pull'])
      expect((await call(B.admin.token, 'POST', I(p), { id })).body.status, p).toBe(nf);
    expect(
      (await call(B.admin.token, 'POST', I('update'), { id, name: 'x', base_url: mock.url, app_key: 'k' }))
        .body.status,
    ).toBe(nf);
    expect(
      (
        await call(B.admin.token, 'POST', L('add'), {
          interface_id: id,
          budget_id: bBudget,
          external_code: 'X',
        })
      ).body.status,
    ).toBe(nf);
    // A's interface with B's budget: the budget is not A's.
    expect(
      (
        await call(A.admin.token, 'POST', L('add'), {
          interface_id: id,
          budget_id: bBudget,
          external_code: 'X',
        })
      ).body.status,
    ).toBe(BudgetLinkCode.budgetNotFound);
    // One link per budget.
    expect(
      (
        await call(A.admin.token, 'POST', L('add'), {
          interface_id: id,
          budget_id: budget,
          external_code: 'Y',
        })
      ).body.status,
    ).toBe(BudgetLinkCode.budgetLinked);
    expect((await call(B.admin.token, 'POST', L('delete'), { id: linkId })).body.status).toBe(
      BudgetLinkCode.linkNotFound,
    );
    expect((await call(A.admin.token, 'GET', I('info'), { id })).body.data.links).toHaveLength(1);
    expect((await call(A.admin.token, 'POST', L('delete'), { id: linkId })).body.status).toBe(0);
    expect((await call(A.admin.token, 'GET', I('info'), { id })).body.data.links).toHaveLength(0);
  });

  it('needs integrationBudget permissions', async () => {
    const id = await addInterface(A);
    expect((await call(A.nobody.token, 'GET', I('pageList'), {})).code).toBe(403);
    expect((await call(A.submitter.token, 'GET', I('info'), { id })).code).toBe(403);
    expect((await call(A.submitter.token, 'POST', I('test'), { id })).code).toBe(403);
    expect(
      (
        await call(A.submitter.token, 'POST', L('add'), {
          interface_id: id,
          budget_id: 1,
          external_code: 'X',
        })
      ).code,
    ).toBe(403);
  });
});

describe('预算接口 push', () => {
  it('an approved document pushes occupy then use; a 500 is retried after the backoff; duplicates count once', async () => {
    const id = await addInterface(A);
    const budget = await addBudget(A, 2062);
    await link(A, id, budget, 'EXT-2062');
    await approvedDocument(A, 2062, 12_300);
    const events = await eventsOf(id);
    // One event per budget, line and kind (the root and the department node are one move).
    expect(events.map((e) => [e.kind, Number(e.amount), e.status])).toEqual([
      ['occupy', 12_300, 'pending'],
      ['use', 12_300, 'pending'],
    ]);
    expect(new Set(events.map((e) => e.idempotency_key)).size).toBe(2);
    const payload = JSON.parse(events[0]!.payload);
    expect(payload).toMatchObject({
      kind: 'occupy',
      budget_code: 'EXT-2062',
      period: '2062-11',
      amount: 12_300,
      node: { dimension: 'department', value: String(A.deptId) },
    });

    const ctx = sender(Math.max(...events.map((e) => Number(e.next_attempt_at))));
    mock.state.failNext = 1;
    const first = await deliverDueEvents(t.db, ctx, { tenantId: A.tenantId });
    // occupy fails; use waits for it (a document's events go in order).
    expect(first).toMatchObject({ delivered: 0, retrying: 1, failed: 0 });
    let rows = await eventsOf(id);
    const failed = rows[0]!;
    expect(failed).toMatchObject({
      kind: 'occupy',
      status: 'pending',
      attempts: 1,
      last_error: '外部系统返回 HTTP 500',
    });
    expect(rows[1]).toMatchObject({ kind: 'use', status: 'pending', attempts: 0 });
    expect(Number(failed.next_attempt_at)).toBe(ctx.now + backoffMs(1));
    // Not yet due: nothing is sent.
    ctx.now += backoffMs(1) - 1;
    expect(await deliverDueEvents(t.db, ctx, { tenantId: A.tenantId })).toMatchObject({ delivered: 0 });
    ctx.now += 1;
    expect(await deliverDueEvents(t.db, ctx, { tenantId: A.tenantId })).toMatchObject({ delivered: 2 });
    rows = await eventsOf(id);
    expect(rows.map((e) => [e.kind, e.status])).toEqual([
      ['occupy', 'delivered'],
      ['use', 'delivered'],
    ]);
    // The mock took occupy, then use, each once, with the key as Idempotency-Key.
    const taken = [...mock.state.accepted.entries()].filter(([k]) =>
      rows.some((e) => e.idempotency_key === k),
    );
    expect(taken.map(([, b]) => b.kind)).toEqual(['occupy', 'use']);

    // A delivery whose acknowledgement was lost: sent again, the remote says duplicate (409) — delivered, once.
    const before = mock.state.posts.length;
    await t.db
      .updateTable('budget_link_events')
      .set({ status: 'pending', next_attempt_at: ctx.now, delivered_at: null })
      .where('id', '=', rows[0]!.id)
      .execute();
    expect(await deliverDueEvents(t.db, ctx, { tenantId: A.tenantId })).toMatchObject({
      delivered: 1,
      duplicates: 1,
    });
    expect(mock.state.posts.length).toBe(before + 1);
    expect(mock.state.accepted.has(rows[0]!.idempotency_key)).toBe(true);
    const again = (await eventsOf(id))[0]!;
    expect(again).toMatchObject({ status: 'delivered', duplicate: 1 });

    // The screen's list names the states.
    const list = await call(A.admin.token, 'GET', I('events'), { interface_id: id });
    expect(list.body.data.items.map((e: any) => [e.kindText, e.statusText])).toEqual([
      ['已用', '已送达'],
      ['预占', '已送达'],
    ]);
  });

  it('gives up after the last attempt; 重试 starts it again', async () => {
    const id = await addInterface(A);
    const budget = await addBudget(A, 2063);
    await link(A, id, budget, 'EXT-2063');
    await approvedDocument(A, 2063, 5_000);
    const ctx = sender(Math.max(...(await eventsOf(id)).map((e) => Number(e.next_attempt_at))));
    mock.state.failNext = 1_000;
    try {
      for (let i = 0; i < 8; i++) {
        await deliverDueEvents(t.db, ctx, { tenantId: A.tenantId });
        ctx.now += 3600_000;
      }
    } finally {
      mock.state.failNext = 0;
    }
    const rows = await eventsOf(id);
    expect(rows.map((e) => [e.status, e.attempts])).toEqual([
      ['failed', 8],
      // use waits behind its failed occupy
      ['pending', 0],
    ]);
    const info = (await call(A.admin.token, 'GET', I('pageList'), {})).body.data.items.find(
      (r: any) => r.id === id,
    );
    expect(info).toMatchObject({ failed_events: 1, pending_events: 1 });
    expect((await call(B.admin.token, 'POST', I('retry'), { id: rows[0]!.id })).body.status).toBe(
      BudgetLinkCode.eventNotFound,
    );
    const r = await call(A.admin.token, 'POST', I('retry'), { id: rows[0]!.id });
    expect(r.body.status).toBe(0);
    expect((await call(A.admin.token, 'POST', I('retry'), { id: rows[0]!.id })).body.status).toBe(
      BudgetLinkCode.eventNotFailed,
    );
    ctx.now = Date.now() + 1000;
    expect(await deliverDueEvents(t.db, ctx, { tenantId: A.tenantId })).toMatchObject({ delivered: 2 });
  });

  it('two senders at once deliver each event once', async () => {
    const id = await addInterface(A);
    const budget = await addBudget(A, 2064);
    await link(A, id, budget, 'EXT-2064');
    await approvedDocument(A, 2064, 7_000);
    const keys = (await eventsOf(id)).map((e) => e.idempotency_key);
    const ctx = sender(Date.now() + 1000);
    const before = mock.state.posts.filter((p) => keys.includes(p.key)).length;
    expect(before).toBe(0);
    const [a, b] = await Promise.all([
      deliverDueEvents(t.db, ctx, { tenantId: A.tenantId }),
      deliverDueEvents(t.db, ctx, { tenantId: A.tenantId }),
    ]);
    expect(a.delivered + b.delivered).toBe(2);
    expect(mock.state.posts.filter((p) => keys.includes(p.key))).toHaveLength(2);
    expect((await eventsOf(id)).every((e) => e.status === 'delivered' && e.duplicate === 0)).toBe(true);
  });

  it('a withdrawn document pushes occupy then release; resubmitting pushes a new occupy (a new round, a new key)', async () => {
    const id = await addInterface(A);
    const budget = await addBudget(A, 2068);
    await link(A, id, budget, 'EXT-2068');
    const s = await call(A.submitter.token, 'POST', 'flow/save', {
      billType: 'expense',
      title: '出差报销',
      fees: [{ feeType: 'travel', amount: 3_300, date: '2068-11-20' }],
    });
    const bill = s.body.data.id as number;
    expect((await call(A.submitter.token, 'POST', 'flow/submit', { id: bill })).body.status).toBe(0);
    expect((await call(A.submitter.token, 'POST', 'flow/withdraw', { id: bill })).body.status).toBe(0);
    expect((await call(A.submitter.token, 'POST', 'flow/submit', { id: bill })).body.status).toBe(0);
    const rows = await eventsOf(id);
    expect(rows.map((e) => e.kind)).toEqual(['occupy', 'release', 'occupy']);
    expect(new Set(rows.map((e) => e.idempotency_key)).size).toBe(3);
    const ctx = sender(Date.now() + 1000);
    expect(await deliverDueEvents(t.db, ctx, { tenantId: A.tenantId })).toMatchObject({ delivered: 3 });
    expect(
      mock.state.posts.filter((p) => rows.some((e) => e.idempotency_key === p.key)).map((p) => p.body.kind),
    ).toEqual(['occupy', 'release', 'occupy']);
  });

  it('a budget that is not linked writes no events', async () => {
    const budget = await addBudget(A, 2065);
    const before = await t.db
      .selectFrom('budget_link_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await approvedDocument(A, 2065, 1_000);
    const after = await t.db
      .selectFrom('budget_link_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(budget).toBeGreaterThan(0);
  });
});

describe('预算接口 pull (task 153 预算同步)', () => {
  it('publishes the external table as a new version keeping node ids; a failed fetch changes nothing', async () => {
    const id = await addInterface(A);
    const budget = await addBudget(A, 2066);
    const linkId = await link(A, id, budget, 'EXT-2066');
    const infoOf = async () =>
      BudgetInfo.parse(
        (await call(A.admin.token, 'GET', '/finobill/api/web/budget/info', { id: budget })).body.data,
      );
    const v1 = await infoOf();
    const dept = v1.nodes.find((n) => n.dimension === 'department')!;
    mock.state.tables.set('EXT-2066', {
      code: 'EXT-2066',
      nodes: [
        { key: 'R', parent: null, dimension: 'root', amounts: { '2066-11': 900_000 } },
        {
          key: 'D',
          parent: 'R',
          dimension: 'department',
          value: String(A.deptId),
          amounts: { '2066-11': 800_000, '2066-12': 100_000 },
        },
      ],
    });
    const r = await call(A.admin.token, 'POST', I('pull'), { id });
    expect(r.body.status).toBe(0);
    const task = await waitForTask(t.app, A.admin.token, r.body.data.task_id);
    expect(task).toMatchObject({ status: 1, success_amount: 1, fail_amount: 0, operating_type: 153 });
    const v2 = await infoOf();
    expect(v2.version).toBe(2);
    const d2 = v2.nodes.find((n) => n.dimension === 'department')!;
    expect(d2.id).toBe(dept.id);
    expect(d2.figures.find((f) => f.period === '2066-11')!.budget).toBe(800_000);
    expect(d2.figures.find((f) => f.period === '2066-12')!.budget).toBe(100_000);
    const linkRow = (await call(A.admin.token, 'GET', I('info'), { id })).body.data.links[0];
    expect(linkRow).toMatchObject({
      id: linkId,
      last_pull_ok: true,
      pulled_version: 2,
      last_pull_msg: '已发布为版本2',
    });

    // The external system fails: the budget stays at version 2, the link says why, the task counts a failure.
    mock.state.tablesDown = true;
    try {
      const r2 = await call(A.admin.token, 'POST', I('pull'), { id });
      const t2 = await waitForTask(t.app, A.admin.token, r2.body.data.task_id);
      expect(t2).toMatchObject({ status: 1, success_amount: 0, fail_amount: 1 });
    } finally {
      mock.state.tablesDown = false;
    }
    expect((await infoOf()).version).toBe(2);
    expect((await call(A.admin.token, 'GET', I('info'), { id })).body.data.links[0]).toMatchObject({
      last_pull_ok: false,
      last_pull_msg: '外部系统返回 HTTP 500',
      pulled_version: 2,
    });

    // A table that is no tree: refused by the budget's own checks, nothing written.
    mock.state.tables.set('EXT-2066', {
      nodes: [{ key: 'D', parent: 'R', dimension: 'department', value: String(A.deptId), amounts: {} }],
    });
    const r3 = await call(A.admin.token, 'POST', I('pull'), { id });
    expect((await waitForTask(t.app, A.admin.token, r3.body.data.task_id)).fail_amount).toBe(1);
    expect((await infoOf()).version).toBe(2);

    // Nothing linked: nothing to pull.
    const lonely = await addInterface(A);
    expect((await call(A.admin.token, 'POST', I('pull'), { id: lonely })).body.status).toBe(
      BudgetLinkCode.nothingToPull,
    );
  });
});

describe('预算接口 scheduled pull', () => {
  it('a due interface gets one 预算同步 task however many ticks claim it at once, then waits its interval', async () => {
    const id = await addInterface(A, { pull_interval: 60 });
    const budget = await addBudget(A, 2067);
    await link(A, id, budget, 'EXT-2067');
    const idle = await addInterface(A, { pull_interval: 60 });
    const at = Date.now() + 3600_000;
    await t.db
      .updateTable('budget_interfaces')
      .set({ next_pull_at: at - 1 })
      .where('id', 'in', [id, idle])
      .execute();
    const queued: unknown[] = [];
    const taskHandlers = new TaskHandlerRegistry();
    taskHandlers.register(153, async () => ({ success_amount: 0, fail_amount: 0 }));
    // The app's own task queue is not reachable from here: a queue that records what it is given.
    const services = {
      db: t.db,
      config: t.config,
      dialect: t.dialect,
      clock: () => at,
      taskHandlers,
      jobs: { enqueue: async (_n: string, p: unknown) => (queued.push(p), 'job') },
    } as unknown as AppServices;
    const ctx = sender(at);
    const [a, b] = await Promise.all([startDuePulls(services, ctx), startDuePulls(services, ctx)]);
    expect([...a, ...b]).toHaveLength(1);
    expect(queued).toHaveLength(1);
    const task = await t.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', [...a, ...b][0]!)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({
      operating_type: 153,
      tenant_id: A.tenantId,
      creator_staff_id: A.admin.staffId,
    });
    expect(JSON.parse(task.params)).toEqual({ interface_id: id });
    const rows = await t.db
      .selectFrom('budget_interfaces')
      .select(['id', 'next_pull_at'])
      .where('id', 'in', [id, idle])
      .execute();
    // Both claimed (the one without links starts nothing) and moved on by their interval.
    for (const r of rows) expect(Number(r.next_pull_at)).toBe(at + 3600_000);
    expect(await startDuePulls(services, ctx)).toEqual([]);
  });
});

describe('outbound limits', () => {
  it('refuses loopback and private addresses unless the deployment allows them', async () => {
    const limits = { timeoutMs: 1000, maxBytes: 1024, allowPrivate: false };
    for (const u of [
      'http://127.0.0.1:9/x',
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://localhost:9/x',
    ])
      await expect(outbound(new URL(u), { method: 'GET', headers: {} }, limits), u).rejects.toThrow(
        OutboundError,
      );
  });
  it('drops a reply larger than the cap', async () => {
    const limits = { timeoutMs: 1000, maxBytes: 1024, allowPrivate: true };
    await expect(
      outbound(new URL(`${mock.url}/big`), { method: 'GET', headers: {} }, limits),
    ).rejects.toThrow('响应超过1KB');
    // Within the cap the reply is read whole.
    const small = await outbound(
      new URL(`${mock.url}/big`),
      { method: 'GET', headers: {} },
      {
        ...limits,
        maxBytes: 64 * 1024,
      },
    );
    expect(small.status).toBe(200);
    expect(small.body.length).toBeGreaterThan(10_000);
  });
});
