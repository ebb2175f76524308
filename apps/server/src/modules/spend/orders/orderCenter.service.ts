import {
  CategoryLabel,
  OrderSourceLabel,
  OrderStatusLabel,
  VerdictLabel,
  type Category,
  type Channel,
  type ChannelWithKey,
  type Decision,
  type OrderDetail,
  type OrderPage,
  type OrderRow,
  type OrderSource,
  type OrderStatus,
  type Verdict,
} from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import type { TenantCaller } from '../../../platform/context.js';
import { hasPermission } from '../../../platform/context.js';
import { newChannelCredentials } from './channel.sign.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { orderErrors } from './orders.errors.js';
import * as repo from './orders.repo.js';

export const OrderPerm = {
  view: 'scenesOrderCenterOrderList:view',
  export: 'scenesOrderCenterOrderList:export',
  channelView: 'scenesOrderChannel:view',
  channelEdit: 'scenesOrderChannel:edit',
} as const;

export function rowOf(r: repo.OrderListRecord): OrderRow {
  const verdict = r.verdict as Verdict;
  const status = r.status as OrderStatus;
  return {
    id: Number(r.id),
    channelId: Number(r.channel_id),
    channelName: r.channel_name,
    channelOrderId: r.channel_order_id,
    userId: Number(r.user_id),
    userName: r.user_name,
    sceneId: Number(r.scene_id),
    sceneName: r.scene_name,
    sceneVersion: Number(r.scene_version),
    category: Number(r.category),
    categoryText: CategoryLabel[Number(r.category) as Category] ?? '',
    source: Number(r.source),
    sourceText: OrderSourceLabel[Number(r.source) as OrderSource] ?? '',
    title: r.title,
    merchantName: r.merchant_name,
    amount: Number(r.amount),
    companyPays: Number(r.company_pays),
    employeePays: Number(r.employee_pays),
    quotaPaid: Number(r.quota_paid),
    orgPaid: Number(r.org_paid),
    refundedAmount: Number(r.refunded_amount),
    verdict,
    verdictText: VerdictLabel[verdict] ?? r.verdict,
    status,
    statusText: OrderStatusLabel[status] ?? r.status,
    reason: r.reason,
    orderedAt: Number(r.ordered_at),
    createdAt: Number(r.created_at),
  };
}

export async function listOrders(
  db: Db,
  tenantId: number,
  q: repo.OrderFilter & { pageNum: number; pageSize: number },
): Promise<OrderPage> {
  const { pageNum, pageSize, ...filter } = q;
  const { items, total } = await repo.listOrders(db, tenantId, filter, { num: pageNum, size: pageSize });
  return { items: items.map(rowOf), page: { page_num: pageNum, page_size: pageSize, total } };
}

/** consumerOrder/findByUserId: one's own orders; an order-centre viewer may name another staff member. */
export async function ordersOfUser(
  db: Db,
  caller: TenantCaller,
  q: {
    userId?: number;
    sceneId?: number;
    status?: OrderStatus;
    startTime?: number;
    endTime?: number;
    pageNum: number;
    pageSize: number;
  },
): Promise<OrderPage> {
  const userId = q.userId ?? caller.userId;
  if (userId !== caller.userId && !hasPermission(caller.perms, OrderPerm.view)) throw orderErrors.notYours();
  return listOrders(db, caller.tenantId, { ...q, userId });
}

export async function orderDetail(db: Db, tenantId: number, id: number): Promise<OrderDetail> {
  const order = await repo.orderById(db, tenantId, id);
  if (!order) throw orderErrors.orderNotFound();
  const [channel, refunds] = await Promise.all([
    repo.channelName(db, tenantId, Number(order.channel_id)),
    repo.refundsOf(db, tenantId, id),
  ]);
  const request = JSON.parse(order.request) as {
    city?: string;
    toCity?: string;
    merchant?: Record<string, string>;
  };
  return {
    ...rowOf({ ...order, channel_name: channel?.name ?? '' }),
    decision: JSON.parse(order.decision) as Decision,
    refunds: refunds.map((r) => ({
      refundId: r.refund_id,
      amount: Number(r.amount),
      quotaBack: Number(r.quota_back),
      orgBack: Number(r.org_back),
      employeeBack: Number(r.employee_back),
      reason: r.reason,
      createdAt: Number(r.created_at),
    })),
    city: request.city ?? '',
    toCity: request.toCity ?? '',
    merchant: request.merchant ?? {},
  };
}

export async function orderScenes(db: Db, tenantId: number) {
  const rows = await repo.orderScenes(db, tenantId);
  const seen = new Map<number, string>();
  for (const r of rows) seen.set(Number(r.scene_id), r.scene_name);
  return { items: [...seen].map(([id, name]) => ({ id, name })) };
}

// ---------- 渠道管理 ----------

function channelOf(r: {
  id: number;
  code: string;
  name: string;
  app_id: string;
  source: number;
  enabled: number;
  created_at: number;
}): Channel {
  return {
    id: Number(r.id),
    code: r.code,
    name: r.name,
    appId: r.app_id,
    source: Number(r.source),
    sourceText: OrderSourceLabel[Number(r.source) as OrderSource] ?? '',
    enabled: Number(r.enabled) === 1,
    createdAt: Number(r.created_at),
  };
}

export async function listChannels(db: Db, tenantId: number) {
  return { items: (await repo.listChannels(db, tenantId)).map(channelOf) };
}

/** Creates a channel; the reply is the only time its secret key is shown (until a reset). */
export async function addChannel(
  db: Db,
  caller: Pick<TenantCaller, 'tenantId' | 'staffId'>,
  body: { code: string; name: string; source: number },
  now: number,
): Promise<ChannelWithKey> {
  const cred = newChannelCredentials();
  try {
    const id = await repo.insertChannel(db, {
      tenantId: caller.tenantId,
      code: body.code,
      name: body.name,
      appId: cred.appId,
      secretKey: cred.secretKey,
      source: body.source,
      by: caller.staffId,
      now,
    });
    const row = (await repo.channelById(db, caller.tenantId, id))!;
    return { ...channelOf(row), secretKey: cred.secretKey };
  } catch (err) {
    if (isUniqueViolation(err)) throw orderErrors.channelCodeTaken(body.code);
    throw err;
  }
}

export async function enableChannel(db: Db, tenantId: number, id: number, enabled: boolean, now: number) {
  if (!(await repo.updateChannel(db, tenantId, id, { enabled: enabled ? 1 : 0 }, now)))
    throw orderErrors.channelNotFound();
  return channelOf((await repo.channelById(db, tenantId, id))!);
}

/** A new secret key (the old one stops working at once), shown once. */
export async function resetChannelKey(
  db: Db,
  tenantId: number,
  id: number,
  now: number,
): Promise<ChannelWithKey> {
  const { secretKey } = newChannelCredentials();
  if (!(await repo.updateChannel(db, tenantId, id, { secret_key: secretKey }, now)))
    throw orderErrors.channelNotFound();
  return { ...channelOf((await repo.channelById(db, tenantId, id))!), secretKey };
}
