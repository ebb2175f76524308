import {
  CategoryLabel,
  OrgLedgerKind,
  OrgLedgerKindLabel,
  type Category,
  type OrgLedgerQuery,
} from '@feikong/contracts';
import { sql } from 'kysely';
import type { Caller, TenantCaller } from '../../../platform/context.js';
import { hasPermission } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { DEFAULT_TIME_ZONE, localToInstant } from '../../../platform/time/periods.js';
import { notifyBelow } from './ledger.js';
import { ensureAccount, findAccount, lockAccount, updateAccount, type LedgerRow } from './ledger.repo.js';
import { pendingRecharges } from './recharge.repo.js';
import type { FileStorage } from '../../../platform/storage/types.js';

/** What the 企业账户 services need, built once by the routes. */
export interface OrgAccountDeps {
  db: Db;
  storage: FileStorage;
  clock: () => number;
  payee: Readonly<{ accountName: string; bankName: string; accountNo: string }>;
}

/**
 * Reading the organisation account: the overview, the ledger (消费流水), the monthly company bill that
 * reconciles to the ledger to the cent, the service fee bill; and the threshold setting.
 */

export function ledgerView(r: LedgerRow & { created_by_name?: string | null }) {
  return {
    id: Number(r.id),
    delta: Number(r.delta),
    balance_after: Number(r.balance_after),
    kind: Number(r.kind),
    kind_name: OrgLedgerKindLabel[Number(r.kind) as OrgLedgerKind] ?? '',
    category: r.category === null ? null : Number(r.category),
    ref: r.ref,
    memo: r.memo,
    created_by_name: r.created_by_name ?? '',
    created_at: Number(r.created_at),
  };
}

interface LedgerFilter {
  kind?: number;
  from?: number;
  to?: number;
  ref?: string;
}

function ledgerQuery(db: Db, tenantId: number, f: LedgerFilter) {
  let q = db
    .selectFrom('org_fund_ledger as l')
    .leftJoin('staff as s', (j) =>
      j.onRef('s.id', '=', 'l.created_by').onRef('s.tenant_id', '=', 'l.tenant_id'),
    )
    .selectAll('l')
    .select('s.name as created_by_name')
    .where('l.tenant_id', '=', tenantId);
  if (f.kind !== undefined) q = q.where('l.kind', '=', f.kind);
  if (f.from !== undefined) q = q.where('l.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('l.created_at', '<', f.to);
  if (f.ref) q = q.where('l.ref', 'like', `%${f.ref.replace(/[%_\\]/g, '')}%`);
  return q;
}

async function ledgerPage(
  db: Db,
  tenantId: number,
  f: LedgerFilter,
  page: { page_num: number; page_size: number },
) {
  const [rows, count] = await Promise.all([
    ledgerQuery(db, tenantId, f)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(page.page_size)
      .offset((page.page_num - 1) * page.page_size)
      .execute(),
    ledgerQuery(db, tenantId, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(ledgerView),
    page: { page_num: page.page_num, page_size: page.page_size, total: Number(count.n) },
  };
}

/** GET orgAccount/overview. */
export async function overview(d: OrgAccountDeps, caller: TenantCaller) {
  const [acc, pending, recent] = await Promise.all([
    findAccount(d.db, caller.tenantId),
    pendingRecharges(d.db, caller.tenantId),
    ledgerPage(d.db, caller.tenantId, {}, { page_num: 1, page_size: 10 }),
  ]);
  const balance = Number(acc?.balance ?? 0);
  const threshold = Number(acc?.warn_threshold ?? 0);
  return {
    balance,
    warn_threshold: threshold,
    below_threshold: threshold > 0 && balance < threshold,
    pending_recharges: pending.count,
    pending_amount: pending.amount,
    recent: recent.items,
    payee: { account_name: d.payee.accountName, bank_name: d.payee.bankName, account_no: d.payee.accountNo },
  };
}

/**
 * PUT orgAccount/threshold. A threshold the balance is already under tells the watchers at once (in
 * the same transaction), like a debit crossing it would.
 */
export async function setThreshold(d: OrgAccountDeps, caller: TenantCaller, threshold: number) {
  const now = d.clock();
  await d.db.transaction().execute(async (tx) => {
    await ensureAccount(tx, caller.tenantId, now);
    const acc = await lockAccount(tx, caller.tenantId);
    const balance = Number(acc.balance);
    const below = threshold > 0 && balance < threshold;
    if (below && Number(acc.below_warned) !== 1)
      await notifyBelow(tx, caller.tenantId, balance, threshold, now);
    await updateAccount(tx, caller.tenantId, { warn_threshold: threshold, below_warned: below ? 1 : 0 }, now);
  });
  return overview(d, caller);
}

/** GET orgAccount/flow — the ledger, newest first, by kind, time and reference. */
export async function ledgerList(d: OrgAccountDeps, caller: TenantCaller, q: OrgLedgerQuery) {
  return ledgerPage(
    d.db,
    caller.tenantId,
    { kind: q.kind, from: q.start_time, to: q.end_time, ref: q.ref },
    q,
  );
}

/** GET orgAccount/serviceFee — the service fee rows and their total (positive 分). */
export async function serviceFeeBill(
  d: OrgAccountDeps,
  caller: TenantCaller,
  q: { page_num: number; page_size: number; start_time?: number; end_time?: number },
) {
  const f = { kind: OrgLedgerKind.serviceFee, from: q.start_time, to: q.end_time };
  const [page, sum] = await Promise.all([
    ledgerPage(d.db, caller.tenantId, f, q),
    ledgerQuery(d.db, caller.tenantId, f)
      .clearSelect()
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('l.delta'), sql<number>`0`).as('s'))
      .executeTakeFirstOrThrow(),
  ]);
  return { ...page, total_amount: -Number(sum.s) };
}

/** [start, end) of a month 'YYYY-MM' in the tenant's zone. */
export function monthRange(month: string, tz = DEFAULT_TIME_ZONE): [number, number] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [localToInstant(tz, y, m, 1), localToInstant(tz, y, m + 1, 1)];
}

/**
 * GET orgAccount/bill — the month's statement from the ledger alone: opening balance (every delta before
 * the month), recharges, consumption by category, refunds, service fees, adjustments, closing balance
 * (every delta before its end). opening + recharges − consumption + refunds − service fees + adjustments
 * = closing, to the cent.
 */
export async function companyBill(d: OrgAccountDeps, caller: TenantCaller, month: string) {
  const [start, end] = monthRange(month);
  const sumBefore = async (at: number) => {
    const r = await d.db
      .selectFrom('org_fund_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), sql<number>`0`).as('s'))
      .where('tenant_id', '=', caller.tenantId)
      .where('created_at', '<', at)
      .executeTakeFirstOrThrow();
    return Number(r.s);
  };
  const [opening, closing, groups] = await Promise.all([
    sumBefore(start),
    sumBefore(end),
    d.db
      .selectFrom('org_fund_ledger')
      .select((eb) => [
        'kind',
        'category',
        eb.fn.sum<number>('delta').as('s'),
        eb.fn.countAll<number>().as('n'),
      ])
      .where('tenant_id', '=', caller.tenantId)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .groupBy(['kind', 'category'])
      .execute(),
  ]);
  const byKind = (k: number) =>
    groups.filter((g) => Number(g.kind) === k).reduce((a, g) => a + Number(g.s), 0);
  const consumption = groups
    .filter((g) => Number(g.kind) === OrgLedgerKind.consumption)
    .map((g) => {
      const category = g.category === null ? null : Number(g.category);
      return {
        category,
        category_name: category === null ? '其他' : (CategoryLabel[category as Category] ?? '其他'),
        amount: -Number(g.s),
        count: Number(g.n),
      };
    })
    .sort((a, b) => b.amount - a.amount);
  return {
    month,
    start_at: start,
    end_at: end,
    opening_balance: opening,
    recharges: byKind(OrgLedgerKind.recharge),
    consumption,
    consumption_total: -byKind(OrgLedgerKind.consumption),
    refunds: byKind(OrgLedgerKind.refund),
    service_fees: -byKind(OrgLedgerKind.serviceFee),
    adjustments: byKind(OrgLedgerKind.adjustment),
    closing_balance: closing,
  };
}

/**
 * The workbench's balance warning: the balance and threshold when the balance is under a set threshold
 * and the caller may see the account (orgAccount:view); null otherwise.
 */
export async function orgBalanceWarning(db: Db, caller: Caller) {
  if (caller.tenantId === null || !hasPermission(caller.perms, 'orgAccount:view')) return null;
  const acc = await findAccount(db, caller.tenantId);
  if (!acc) return null;
  const balance = Number(acc.balance);
  const threshold = Number(acc.warn_threshold);
  return threshold > 0 && balance < threshold ? { balance, warn_threshold: threshold } : null;
}
