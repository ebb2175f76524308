import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { dialectOf } from '../../../platform/db/dialect.js';
import type { SpendOrdersTable } from '../../../db/schema.js';
import type { Insertable } from 'kysely';

/** All SQL of channels, nonces, orders and refunds. Every query takes the tenant, but the app id lookup. */

// ---------- channels ----------

export async function insertChannel(
  db: Db,
  v: {
    tenantId: number;
    code: string;
    name: string;
    appId: string;
    secretKey: string;
    source: number;
    by: number;
    now: number;
  },
) {
  const row = await db
    .insertInto('spend_channels')
    .values({
      tenant_id: v.tenantId,
      code: v.code,
      name: v.name,
      app_id: v.appId,
      secret_key: v.secretKey,
      source: v.source,
      enabled: 1,
      created_by: v.by,
      created_at: v.now,
      updated_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const CHANNEL_COLS = [
  'id',
  'tenant_id',
  'code',
  'name',
  'app_id',
  'source',
  'enabled',
  'created_at',
] as const;

export function listChannels(db: Db, tenantId: number) {
  return db
    .selectFrom('spend_channels')
    .select(CHANNEL_COLS)
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
}

export function channelById(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('spend_channels')
    .select(CHANNEL_COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function channelByCode(db: Db, tenantId: number, code: string) {
  return db
    .selectFrom('spend_channels')
    .select([...CHANNEL_COLS, 'secret_key'])
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** The signed intake's lookup: the app id names the channel and so the tenant. */
export function channelByAppId(db: Db, appId: string) {
  return db
    .selectFrom('spend_channels')
    .select([...CHANNEL_COLS, 'secret_key'])
    .where('app_id', '=', appId)
    .executeTakeFirst();
}

export async function updateChannel(
  db: Db,
  tenantId: number,
  id: number,
  set: { enabled?: number; secret_key?: string; app_id?: string },
  now: number,
) {
  const r = await db
    .updateTable('spend_channels')
    .set({ ...set, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---------- nonces ----------

/** Throws a unique violation when the channel used the nonce before. */
export async function insertNonce(
  db: Db,
  tenantId: number,
  channelId: number,
  nonce: string,
  expiresAt: number,
) {
  await db
    .insertInto('spend_channel_nonces')
    .values({ tenant_id: tenantId, channel_id: channelId, nonce, expires_at: expiresAt })
    .execute();
}

export async function purgeNonces(db: Db, now: number) {
  await db.deleteFrom('spend_channel_nonces').where('expires_at', '<', now).execute();
}

// ---------- orders ----------

/** Serialises the orders of one staff member in one scene (PostgreSQL; SQLite has one writer). */
export async function lockSpender(tx: Db, tenantId: number, userId: number, sceneId: number) {
  if (dialectOf(tx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`spend:${tenantId}:${userId}:${sceneId}`}))`.execute(tx);
}

export function findOrder(db: Db, tenantId: number, channelId: number, channelOrderId: string) {
  return db
    .selectFrom('spend_orders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('channel_id', '=', channelId)
    .where('channel_order_id', '=', channelOrderId)
    .executeTakeFirst();
}

export function orderById(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('spend_orders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type OrderRecord = NonNullable<Awaited<ReturnType<typeof orderById>>>;

export async function insertOrder(db: Db, v: Insertable<SpendOrdersTable>) {
  const row = await db.insertInto('spend_orders').values(v).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function recordRefund(
  db: Db,
  tenantId: number,
  orderId: number,
  v: { refunded: number; companyRefunded: number; status: string; now: number },
) {
  await db
    .updateTable('spend_orders')
    .set({
      refunded_amount: v.refunded,
      company_refunded: v.companyRefunded,
      status: v.status,
      updated_at: v.now,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .execute();
}

const SPENT = ['paid', 'partRefunded', 'refunded'];

/**
 * What the staff member's company share came to in the scene since `from` (net of refunds), and how many of
 * those orders are not wholly refunded.
 */
export async function usageSince(
  db: Db,
  tenantId: number,
  userId: number,
  sceneId: number,
  from: number,
  to: number,
) {
  const row = await db
    .selectFrom('spend_orders')
    .select((eb) => [
      eb.fn
        .coalesce(eb.fn.sum<number>(sql<number>`company_pays - company_refunded`), sql<number>`0`)
        .as('amount'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(sql<number>`case when refunded_amount < amount then 1 else 0 end`),
          sql<number>`0`,
        )
        .as('count'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('scene_id', '=', sceneId)
    .where('status', 'in', SPENT)
    .where('ordered_at', '>=', from)
    .where('ordered_at', '<', to)
    .executeTakeFirstOrThrow();
  return { amount: Number(row.amount), count: Number(row.count) };
}

export interface OrderFilter {
  userId?: number;
  staffId?: number;
  sceneId?: number;
  category?: number;
  source?: number;
  verdict?: string;
  status?: string;
  channelId?: number;
  startTime?: number;
  endTime?: number;
  keyword?: string;
}

function filtered(db: Db, tenantId: number, f: OrderFilter) {
  let q = db.selectFrom('spend_orders').where('spend_orders.tenant_id', '=', tenantId);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.staffId !== undefined) q = q.where('staff_id', '=', f.staffId);
  if (f.sceneId !== undefined) q = q.where('scene_id', '=', f.sceneId);
  if (f.category !== undefined) q = q.where('category', '=', f.category);
  if (f.source !== undefined) q = q.where('spend_orders.source', '=', f.source);
  if (f.verdict !== undefined) q = q.where('verdict', '=', f.verdict);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.channelId !== undefined) q = q.where('channel_id', '=', f.channelId);
  if (f.startTime !== undefined) q = q.where('ordered_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('ordered_at', '<', f.endTime);
  if (f.keyword) q = q.where('channel_order_id', '=', f.keyword);
  return q;
}

const LIST_COLS = [
  'spend_orders.id',
  'channel_id',
  'spend_channels.name as channel_name',
  'channel_order_id',
  'user_id',
  'user_name',
  'scene_id',
  'scene_name',
  'scene_version',
  'category',
  'spend_orders.source',
  'title',
  'merchant_name',
  'amount',
  'company_pays',
  'employee_pays',
  'quota_paid',
  'org_paid',
  'refunded_amount',
  'verdict',
  'status',
  'reason',
  'ordered_at',
  'spend_orders.created_at',
] as const;

export async function listOrders(
  db: Db,
  tenantId: number,
  f: OrderFilter,
  page: { num: number; size: number },
) {
  const base = filtered(db, tenantId, f);
  const [items, total] = await Promise.all([
    base
      .innerJoin('spend_channels', 'spend_channels.id', 'spend_orders.channel_id')
      .select(LIST_COLS)
      .orderBy('ordered_at', 'desc')
      .orderBy('spend_orders.id', 'desc')
      .limit(page.size)
      .offset((page.num - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

/** Pages of the export: keyset on id, newest first. */
export function ordersAfter(db: Db, tenantId: number, f: OrderFilter, beforeId: number | null, size: number) {
  let q = filtered(db, tenantId, f)
    .innerJoin('spend_channels', 'spend_channels.id', 'spend_orders.channel_id')
    .select(LIST_COLS);
  if (beforeId !== null) q = q.where('spend_orders.id', '<', beforeId);
  return q.orderBy('spend_orders.id', 'desc').limit(size).execute();
}

export type OrderListRecord = Awaited<ReturnType<typeof ordersAfter>>[number];

export function channelName(db: Db, tenantId: number, channelId: number) {
  return db
    .selectFrom('spend_channels')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', channelId)
    .executeTakeFirst();
}

// ---------- refunds ----------

export function findRefund(db: Db, tenantId: number, channelId: number, refundId: string) {
  return db
    .selectFrom('spend_order_refunds')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('channel_id', '=', channelId)
    .where('refund_id', '=', refundId)
    .executeTakeFirst();
}

export async function insertRefund(
  db: Db,
  v: {
    tenantId: number;
    orderId: number;
    channelId: number;
    refundId: string;
    amount: number;
    quotaBack: number;
    orgBack: number;
    employeeBack: number;
    reason: string;
    now: number;
  },
) {
  await db
    .insertInto('spend_order_refunds')
    .values({
      tenant_id: v.tenantId,
      order_id: v.orderId,
      channel_id: v.channelId,
      refund_id: v.refundId,
      amount: v.amount,
      quota_back: v.quotaBack,
      org_back: v.orgBack,
      employee_back: v.employeeBack,
      reason: v.reason,
      created_at: v.now,
    })
    .execute();
}

export function refundsOf(db: Db, tenantId: number, orderId: number) {
  return db
    .selectFrom('spend_order_refunds')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

// ---------- scenes (the scenes area's table, read for the name and published version) ----------

export function sceneOf(db: Db, tenantId: number, sceneId: number) {
  return db
    .selectFrom('scenes')
    .select(['id', 'name', 'current_version', 'status', 'category'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sceneId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The scenes the tenant's orders were placed in (the order centre's scene filter). */
export function orderScenes(db: Db, tenantId: number) {
  return db
    .selectFrom('spend_orders')
    .select(['scene_id', 'scene_name'])
    .where('tenant_id', '=', tenantId)
    .groupBy(['scene_id', 'scene_name'])
    .orderBy('scene_id')
    .execute();
}

/**
 * The usage of every level in one statement: the company share net of refunds and the count of orders not
 * wholly refunded, within each [from, to) of `ranges` (day, week, month, year, all).
 */
export async function usageIn(
  db: Db,
  tenantId: number,
  userId: number,
  sceneId: number,
  ranges: [number, number][],
) {
  const net = sql<number>`company_pays - company_refunded`;
  const live = sql<number>`case when refunded_amount < amount then 1 else 0 end`;
  const row = await db
    .selectFrom('spend_orders')
    .select(() =>
      ranges.flatMap(([from, to], i) => [
        sql<number>`coalesce(sum(case when ordered_at >= ${from} and ordered_at < ${to} then ${net} else 0 end), 0)`.as(
          `a${i}`,
        ),
        sql<number>`coalesce(sum(case when ordered_at >= ${from} and ordered_at < ${to} then ${live} else 0 end), 0)`.as(
          `c${i}`,
        ),
      ]),
    )
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('scene_id', '=', sceneId)
    .where('status', 'in', SPENT)
    .executeTakeFirstOrThrow();
  const r = row as Record<string, unknown>;
  return ranges.map((_, i) => ({ amount: Number(r[`a${i}`] ?? 0), count: Number(r[`c${i}`] ?? 0) }));
}
