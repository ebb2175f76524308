import {
  BudgetEventKindLabel,
  BudgetEventStateLabel,
  BudgetInterfaceStatus,
  BudgetInterfaceStatusLabel,
  BudgetPullIntervalLabel,
  type BudgetEventKind,
  type BudgetEventRow,
  type BudgetEventState,
  type BudgetInterfaceInfo,
  type BudgetInterfaceRow,
  type BudgetInterfaceStatus as Status,
  type BudgetInterfaceTestReply,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { budgetOfTenant } from '../../budget/index.js';
import { budgetLinkErrors } from './budgetLink.errors.js';
import { probe, type LinkContext } from './remote.js';
import { sealSecret } from './secret.js';

/** 集成中心 · 预算接口 (decision 0056): interfaces, their links to local budgets, test/link, the outbox. */

type Svc = { db: Db; link: LinkContext };

async function mustGet(db: Db, tenantId: number, id: number) {
  const row = await db
    .selectFrom('budget_interfaces')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw budgetLinkErrors.interfaceNotFound();
  return row;
}
type InterfaceDb = Awaited<ReturnType<typeof mustGet>>;

async function nameTaken(db: Db, tenantId: number, name: string, except?: number) {
  let q = db
    .selectFrom('budget_interfaces')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null);
  if (except !== undefined) q = q.where('id', '!=', except);
  return (await q.executeTakeFirst()) !== undefined;
}

const nextPull = (interval: number, now: number) => (interval > 0 ? now + interval * 60_000 : null);

interface Fields {
  name: string;
  base_url: string;
  app_key: string;
  pull_interval: number;
}

export async function addInterface(s: Svc, caller: TenantCaller, b: Fields & { secret: string }) {
  const now = s.link.clock();
  return inTransaction(s.db, async (trx) => {
    if (await nameTaken(trx, caller.tenantId, b.name)) throw budgetLinkErrors.nameTaken(b.name);
    const row = await trx
      .insertInto('budget_interfaces')
      .values({
        tenant_id: caller.tenantId,
        name: b.name,
        base_url: b.base_url,
        app_key: b.app_key,
        secret_enc: sealSecret(s.link.signingSecret, b.secret),
        pull_interval: b.pull_interval,
        next_pull_at: nextPull(b.pull_interval, now),
        status: BudgetInterfaceStatus.unlinked,
        last_test_at: null,
        last_test_ok: null,
        created_by: caller.staffId,
        created_at: now,
        updated_by: caller.staffId,
        updated_by_user: caller.userId,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  });
}

/** 修改: a new address, key or secret needs 连接 again (status back to 未连接). An empty secret keeps the old one. */
export async function updateInterface(
  s: Svc,
  caller: TenantCaller,
  b: Fields & { id: number; secret?: string },
) {
  const now = s.link.clock();
  return inTransaction(s.db, async (trx) => {
    const cur = await mustGet(trx, caller.tenantId, b.id);
    if (await nameTaken(trx, caller.tenantId, b.name, cur.id)) throw budgetLinkErrors.nameTaken(b.name);
    const moved = cur.base_url !== b.base_url || cur.app_key !== b.app_key || !!b.secret;
    await trx
      .updateTable('budget_interfaces')
      .set({
        name: b.name,
        base_url: b.base_url,
        app_key: b.app_key,
        ...(b.secret ? { secret_enc: sealSecret(s.link.signingSecret, b.secret) } : {}),
        pull_interval: b.pull_interval,
        next_pull_at:
          b.pull_interval === cur.pull_interval && cur.next_pull_at !== null
            ? cur.next_pull_at
            : nextPull(b.pull_interval, now),
        ...(moved ? { status: BudgetInterfaceStatus.unlinked } : {}),
        updated_by: caller.staffId,
        updated_by_user: caller.userId,
        updated_at: now,
      })
      .where('tenant_id', '=', caller.tenantId)
      .where('id', '=', cur.id)
      .execute();
    return { id: cur.id };
  });
}

/** 删除: the interface and its links go; events not yet delivered are marked failed (nothing more is sent). */
export async function deleteInterface(s: Svc, caller: TenantCaller, id: number) {
  const now = s.link.clock();
  return inTransaction(s.db, async (trx) => {
    const cur = await mustGet(trx, caller.tenantId, id);
    await trx
      .updateTable('budget_interfaces')
      .set({ deleted_at: now, next_pull_at: null, updated_by: caller.staffId, updated_at: now })
      .where('tenant_id', '=', caller.tenantId)
      .where('id', '=', cur.id)
      .execute();
    await trx
      .deleteFrom('budget_links')
      .where('tenant_id', '=', caller.tenantId)
      .where('interface_id', '=', cur.id)
      .execute();
    await trx
      .updateTable('budget_link_events')
      .set({ status: 'failed', last_error: '预算接口已删除', next_attempt_at: null, updated_at: now })
      .where('tenant_id', '=', caller.tenantId)
      .where('interface_id', '=', cur.id)
      .where('status', '=', 'pending')
      .execute();
    return { id: cur.id };
  });
}

/** 测试 (nothing changes but the last test) and 连接 (also the status: 已连接 or 连接失败). */
export async function testInterface(
  s: Svc,
  caller: TenantCaller,
  id: number,
  link: boolean,
): Promise<BudgetInterfaceTestReply> {
  const cur = await mustGet(s.db, caller.tenantId, id);
  const started = s.link.clock();
  const t0 = performance.now();
  const r = await probe(s.link, cur);
  const elapsed = Math.round(performance.now() - t0);
  const status: Status = link
    ? r.ok
      ? BudgetInterfaceStatus.linked
      : BudgetInterfaceStatus.failed
    : (cur.status as Status);
  await s.db
    .updateTable('budget_interfaces')
    .set({ last_test_at: started, last_test_ok: r.ok ? 1 : 0, last_test_msg: r.msg.slice(0, 300), status })
    .where('tenant_id', '=', caller.tenantId)
    .where('id', '=', cur.id)
    .where('deleted_at', 'is', null)
    .execute();
  return {
    ok: r.ok,
    msg: r.msg,
    status,
    statusText: BudgetInterfaceStatusLabel[status],
    tested_at: started,
    elapsed_ms: elapsed,
  };
}

async function counts(db: Db, tenantId: number, ids: number[]) {
  const links = new Map<number, number>();
  const events = new Map<string, number>();
  if (ids.length === 0) return { links, events };
  for (const r of await db
    .selectFrom('budget_links')
    .select(['interface_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('interface_id', 'in', ids)
    .groupBy('interface_id')
    .execute())
    links.set(Number(r.interface_id), Number(r.n));
  for (const r of await db
    .selectFrom('budget_link_events')
    .select(['interface_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('interface_id', 'in', ids)
    .where('status', 'in', ['pending', 'sending', 'failed'])
    .groupBy(['interface_id', 'status'])
    .execute())
    events.set(`${r.interface_id}|${r.status}`, Number(r.n));
  return { links, events };
}

function rowOut(i: InterfaceDb, c: Awaited<ReturnType<typeof counts>>): BudgetInterfaceRow {
  const id = Number(i.id);
  return {
    id,
    name: i.name,
    base_url: i.base_url,
    app_key: i.app_key,
    has_secret: i.secret_enc !== '',
    pull_interval: i.pull_interval,
    pullIntervalText: BudgetPullIntervalLabel[i.pull_interval] ?? `${i.pull_interval}分钟`,
    status: i.status,
    statusText: BudgetInterfaceStatusLabel[i.status as Status] ?? '',
    last_test_at: i.last_test_at === null ? null : Number(i.last_test_at),
    last_test_ok: i.last_test_ok === null ? null : i.last_test_ok === 1,
    last_test_msg: i.last_test_msg,
    linked_budgets: c.links.get(id) ?? 0,
    pending_events: (c.events.get(`${id}|pending`) ?? 0) + (c.events.get(`${id}|sending`) ?? 0),
    failed_events: c.events.get(`${id}|failed`) ?? 0,
    updated_at: Number(i.updated_at),
  };
}

export async function pageInterfaces(
  db: Db,
  caller: TenantCaller,
  q: { keyword?: string; page_num: number; page_size: number },
) {
  let base = db
    .selectFrom('budget_interfaces')
    .where('tenant_id', '=', caller.tenantId)
    .where('deleted_at', 'is', null);
  if (q.keyword) base = base.where('name', 'like', `%${q.keyword.replace(/[%_\\]/g, (m) => `\\${m}`)}%`);
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.page_size)
    .offset((q.page_num - 1) * q.page_size)
    .execute();
  const c = await counts(
    db,
    caller.tenantId,
    rows.map((r) => Number(r.id)),
  );
  return {
    items: rows.map((r) => rowOut(r, c)),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

export async function interfaceInfo(db: Db, caller: TenantCaller, id: number): Promise<BudgetInterfaceInfo> {
  const i = await mustGet(db, caller.tenantId, id);
  const c = await counts(db, caller.tenantId, [Number(i.id)]);
  const links = await db
    .selectFrom('budget_links as l')
    .leftJoin('budgets as b', (j) =>
      j.onRef('b.id', '=', 'l.budget_id').onRef('b.tenant_id', '=', 'l.tenant_id'),
    )
    .select([
      'l.id',
      'l.budget_id',
      'l.external_code',
      'l.last_pull_at',
      'l.last_pull_ok',
      'l.last_pull_msg',
      'l.pulled_version',
      'b.name as budget_name',
    ])
    .where('l.tenant_id', '=', caller.tenantId)
    .where('l.interface_id', '=', i.id)
    .orderBy('l.id')
    .execute();
  return {
    ...rowOut(i, c),
    links: links.map((l) => ({
      id: Number(l.id),
      budget_id: Number(l.budget_id),
      budget_name: l.budget_name ?? '（已删除）',
      external_code: l.external_code,
      last_pull_at: l.last_pull_at === null ? null : Number(l.last_pull_at),
      last_pull_ok: l.last_pull_ok === null ? null : l.last_pull_ok === 1,
      last_pull_msg: l.last_pull_msg,
      pulled_version: l.pulled_version === null ? null : Number(l.pulled_version),
    })),
  };
}

/** 关联预算: one of the tenant's budgets, not linked yet, to a code of the external system. */
export async function addLink(
  s: Svc,
  caller: TenantCaller,
  b: { interface_id: number; budget_id: number; external_code: string },
) {
  return inTransaction(s.db, async (trx) => {
    const i = await mustGet(trx, caller.tenantId, b.interface_id);
    // The budget module's door, not its table: another tenant's or a deleted budget reads as missing.
    const budget = await budgetOfTenant(trx, caller.tenantId, b.budget_id);
    if (!budget) throw budgetLinkErrors.budgetNotFound();
    const taken = await trx
      .selectFrom('budget_links')
      .select('id')
      .where('tenant_id', '=', caller.tenantId)
      .where('budget_id', '=', budget.id)
      .executeTakeFirst();
    if (taken) throw budgetLinkErrors.budgetLinked(budget.name);
    const row = await trx
      .insertInto('budget_links')
      .values({
        tenant_id: caller.tenantId,
        interface_id: i.id,
        budget_id: budget.id,
        external_code: b.external_code,
        last_pull_at: null,
        last_pull_ok: null,
        pulled_version: null,
        created_by: caller.staffId,
        created_at: s.link.clock(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  });
}

/** 取消关联: later ledger moves of the budget are no longer pushed (events already written still go). */
export async function deleteLink(s: Svc, caller: TenantCaller, id: number) {
  const r = await s.db
    .deleteFrom('budget_links')
    .where('tenant_id', '=', caller.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw budgetLinkErrors.linkNotFound();
  return { id };
}

export async function pageEvents(
  db: Db,
  caller: TenantCaller,
  q: { interface_id: number; status?: BudgetEventState; page_num: number; page_size: number },
) {
  await mustGet(db, caller.tenantId, q.interface_id);
  let base = db
    .selectFrom('budget_link_events as e')
    .where('e.tenant_id', '=', caller.tenantId)
    .where('e.interface_id', '=', q.interface_id);
  if (q.status) base = base.where('e.status', '=', q.status);
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .leftJoin('budgets as b', (j) =>
      j.onRef('b.id', '=', 'e.budget_id').onRef('b.tenant_id', '=', 'e.tenant_id'),
    )
    .select([
      'e.id',
      'e.idempotency_key',
      'e.kind',
      'e.period',
      'e.amount',
      'e.payload',
      'e.status',
      'e.attempts',
      'e.next_attempt_at',
      'e.last_error',
      'e.duplicate',
      'e.delivered_at',
      'e.created_at',
      'b.name as budget_name',
    ])
    .orderBy('e.id', 'desc')
    .limit(q.page_size)
    .offset((q.page_num - 1) * q.page_size)
    .execute();
  const items: BudgetEventRow[] = rows.map((r) => ({
    id: Number(r.id),
    idempotency_key: r.idempotency_key,
    kind: r.kind,
    kindText: BudgetEventKindLabel[r.kind as BudgetEventKind] ?? r.kind,
    budget_name: r.budget_name ?? '',
    external_code: String((JSON.parse(r.payload) as { budget_code?: unknown }).budget_code ?? ''),
    period: r.period,
    amount: Number(r.amount),
    status: r.status,
    statusText: BudgetEventStateLabel[r.status as BudgetEventState] ?? r.status,
    attempts: Number(r.attempts),
    next_attempt_at: r.next_attempt_at === null ? null : Number(r.next_attempt_at),
    last_error: r.last_error,
    duplicate: r.duplicate === 1,
    delivered_at: r.delivered_at === null ? null : Number(r.delivered_at),
    created_at: Number(r.created_at),
  }));
  return { items, page: { page_num: q.page_num, page_size: q.page_size, total } };
}

/** 重试: a failed event is due again now, with a fresh count of attempts. */
export async function retryEvent(s: Svc, caller: TenantCaller, id: number) {
  const now = s.link.clock();
  return inTransaction(s.db, async (trx) => {
    const e = await trx
      .selectFrom('budget_link_events as e')
      .innerJoin('budget_interfaces as i', 'i.id', 'e.interface_id')
      .select(['e.id', 'e.status', 'i.deleted_at'])
      .where('e.tenant_id', '=', caller.tenantId)
      .where('e.id', '=', id)
      .executeTakeFirst();
    if (!e) throw budgetLinkErrors.eventNotFound();
    if (e.deleted_at !== null) throw budgetLinkErrors.interfaceNotFound();
    const r = await trx
      .updateTable('budget_link_events')
      .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
      .where('tenant_id', '=', caller.tenantId)
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw budgetLinkErrors.eventNotFailed();
    return { id };
  });
}

/** The interface and its creator-to-be for 立即拉取 (checked to be the caller's tenant's, with links). */
export async function pullTarget(db: Db, caller: TenantCaller, id: number) {
  const i = await mustGet(db, caller.tenantId, id);
  const n = await db
    .selectFrom('budget_links')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', caller.tenantId)
    .where('interface_id', '=', i.id)
    .executeTakeFirstOrThrow();
  if (Number(n.n) === 0) throw budgetLinkErrors.nothingToPull();
  return { id: Number(i.id), name: i.name };
}
