import { createHash } from 'node:crypto';
import {
  OrderStatusLabel,
  type ChannelOrderBody,
  type ChannelOrderReply,
  type ChannelRefundBody,
  type ChannelRefundReply,
  type Decision,
  type OrderStatus,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/database.js';
import { inTransaction } from '../../../platform/db/database.js';
import { DEFAULT_TIME_ZONE, periodRange } from '../../../platform/time/periods.js';
import { findActiveStaff } from '../../org/index.js';
import type { OrgAccountLedger, QuotaLedger, SpendDecider, SpendUsage } from '../decision.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { orderErrors } from './orders.errors.js';
import * as repo from './orders.repo.js';

/** The three doors an order goes through: decide, then pay from the quota and/or the organisation account. */
export interface OrderDoors {
  decider: SpendDecider;
  quota: QuotaLedger;
  orgAccount: OrgAccountLedger;
  /**
   * Whether the scene releases quota to its staff (quota_mode 发放至员工账户): then the usage carries the quota
   * balance and the company's share is paid from it. Absent: always (the tests' fakes).
   */
  releasesQuota?: (db: Db, tenantId: number, sceneId: number) => Promise<boolean>;
}

/** The channel a verified request came from. */
export interface IntakeChannel {
  id: number;
  tenantId: number;
  source: number;
}

type OrderIn = z.output<typeof import('@feikong/contracts').ChannelOrderBody>;
type RefundIn = z.output<typeof import('@feikong/contracts').ChannelRefundBody>;
export type { ChannelOrderBody, ChannelRefundBody };

/**
 * One spender's orders wait for each other in process before taking a database connection: the advisory lock
 * still serialises them across processes, but 500 requests of one spender no longer each hold a pooled
 * connection while they wait (PostgreSQL answered 503 to some of them).
 */
const queues = new Map<string, Promise<unknown>>();
function serially<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const mine = before.then(run, run);
  const tail = mine.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return mine;
}

/** The canonical JSON of a parsed body (keys sorted), hashed: same order id + same content = a repeat. */
function requestHash(body: unknown): string {
  const canon = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
        )
      : v;
  return createHash('sha256')
    .update(JSON.stringify(canon(body)))
    .digest('hex');
}

/** The staff member's usage in the scene at `at`, by the engine's levels (company share, net of refunds). */
export async function usageAt(
  db: Db,
  quota: QuotaLedger,
  tenantId: number,
  userId: number,
  sceneId: number,
  at: number,
  withQuota = true,
  tz = DEFAULT_TIME_ZONE,
): Promise<SpendUsage> {
  const range = (u: 'day' | 'week' | 'month' | 'year') => periodRange(at, u, tz);
  const [d, w, m, y] = [range('day'), range('week'), range('month'), range('year')];
  const [[day, week, month, year, scene], balance] = await Promise.all([
    repo.usageIn(db, tenantId, userId, sceneId, [d, w, m, y, [0, Number.MAX_SAFE_INTEGER]]),
    withQuota ? quota.balance(db, tenantId, userId, sceneId) : null,
  ]);
  return {
    dayAmount: day.amount,
    weekAmount: week.amount,
    monthAmount: month.amount,
    yearAmount: year.amount,
    sceneAmount: scene.amount,
    dayCount: day.count,
    monthCount: month.count,
    quotaBalance: balance,
  };
}

/** The sentence the order list shows: the first voice that did not simply pass. */
export function reasonOf(decision: Decision): string {
  const order = ['refuse', 'approval', 'excess'] as const;
  for (const effect of order) {
    const v = decision.voices.find((x) => x.effect === effect);
    if (v) return v.message.slice(0, 200);
  }
  return '';
}

const statusOfVerdict = (d: Decision): OrderStatus =>
  d.verdict === 'refuse' ? 'refused' : d.verdict === 'approval' ? 'approval' : 'paid';

function replyOf(order: repo.OrderRecord): ChannelOrderReply {
  const decision = JSON.parse(order.decision) as Decision;
  return {
    ...decision,
    orderId: Number(order.id),
    channelOrderId: order.channel_order_id,
    status: order.status as OrderStatus,
  };
}

/**
 * One channel order (decision 0043): decided by the scenes area's engine with the usage read from the orders,
 * recorded with its decision, and — when allowed — the company's share taken from the staff member's quota
 * (when the decision speaks of a quota level) or else from the organisation account, the rest being the
 * employee's. One transaction; idempotent on (channel, channel order id).
 */
export async function placeOrder(
  db: Db,
  doors: OrderDoors,
  channel: IntakeChannel,
  body: OrderIn,
  now: number,
): Promise<ChannelOrderReply> {
  const tenantId = channel.tenantId;
  const hash = requestHash(body);
  const repeat = (found: repo.OrderRecord) => {
    if (found.request_hash !== hash) throw orderErrors.orderIdReused();
    return replyOf(found);
  };
  const seen = await repo.findOrder(db, tenantId, channel.id, body.orderId);
  if (seen) return repeat(seen);
  try {
    return await serially(`${tenantId}:${body.userId}:${body.sceneId}`, () =>
      inTransaction(db, async (tx) => {
        await repo.lockSpender(tx, tenantId, body.userId, body.sceneId);
        const again = await repo.findOrder(tx, tenantId, channel.id, body.orderId);
        if (again) return repeat(again);
        const staff = await findActiveStaff(tx, tenantId, body.userId);
        if (!staff) throw orderErrors.staffNotFound();
        const scene = await repo.sceneOf(tx, tenantId, body.sceneId);
        if (!scene) throw orderErrors.sceneNotFound();
        const at = body.at ?? now;
        const withQuota = doors.releasesQuota ? await doors.releasesQuota(tx, tenantId, body.sceneId) : true;
        const usage = await usageAt(tx, doors.quota, tenantId, body.userId, body.sceneId, at, withQuota);
        const decision = await doors.decider.decide(
          tx,
          {
            tenantId,
            // The scenes area reads the spender as the staff record (its scope is by staff); the quota ledger
            // and the orders key by the person (user id).
            userId: Number(staff.id),
            sceneId: body.sceneId,
            channel: String(channel.id),
            category: body.category,
            amount: body.amount,
            at,
            merchant: body.merchant,
            city: body.city,
            toCity: body.toCity,
            seatClass: body.seatClass,
            roomClass: body.roomClass,
            carModel: body.carModel,
            takeOffAt: body.takeOffAt,
            lowestFare: body.lowestFare,
          },
          usage,
        );
        const status = statusOfVerdict(decision);
        const paying = status === 'paid';
        const byQuota = paying && decision.left.some((l) => l.level === 'quota');
        const company = paying ? decision.companyPays : 0;
        if (byQuota && usage.quotaBalance !== null && company > usage.quotaBalance)
          throw orderErrors.quotaShort(usage.quotaBalance);
        const orderId = await repo.insertOrder(tx, {
          tenant_id: tenantId,
          channel_id: channel.id,
          channel_order_id: body.orderId,
          request_hash: hash,
          user_id: body.userId,
          staff_id: Number(staff.id),
          user_name: staff.name,
          scene_id: body.sceneId,
          scene_name: scene.name,
          scene_version: decision.sceneVersion,
          category: body.category,
          source: channel.source,
          title: body.title ?? '',
          merchant_name: body.merchant?.name ?? '',
          amount: body.amount,
          company_pays: company,
          employee_pays: paying ? decision.employeePays : 0,
          quota_paid: byQuota ? company : 0,
          org_paid: paying && !byQuota ? company : 0,
          verdict: decision.verdict,
          status,
          reason: reasonOf(decision),
          decision: JSON.stringify(decision),
          request: JSON.stringify(body),
          ordered_at: at,
          created_at: now,
          updated_at: now,
        });
        if (company > 0) {
          const move = {
            tenantId,
            amount: company,
            key: `order:${channel.id}:${body.orderId}`,
            memo: '订单消费',
            at: now,
          };
          if (byQuota) await doors.quota.debit(tx, { ...move, userId: body.userId, sceneId: body.sceneId });
          else await doors.orgAccount.debit(tx, move);
        }
        return { ...decision, orderId, channelOrderId: body.orderId, status };
      }),
    );
  } catch (err) {
    // Two identical requests raced past the first look: the loser answers the winner's answer.
    if (!isUniqueViolation(err)) throw err;
    const winner = await repo.findOrder(db, tenantId, channel.id, body.orderId);
    if (!winner) throw err;
    return repeat(winner);
  }
}

function refundReply(order: repo.OrderRecord, r: NonNullable<Awaited<ReturnType<typeof repo.findRefund>>>) {
  return {
    orderId: Number(order.id),
    channelOrderId: order.channel_order_id,
    status: order.status as OrderStatus,
    refundedTotal: Number(order.refunded_amount),
    refundId: r.refund_id,
    amount: Number(r.amount),
    quotaBack: Number(r.quota_back),
    orgBack: Number(r.org_back),
    employeeBack: Number(r.employee_back),
    reason: r.reason,
    createdAt: Number(r.created_at),
  } satisfies ChannelRefundReply;
}

/**
 * A whole or partial refund: never more than is left to refund; the company's share comes back in proportion
 * (the last refund settles the remainder exactly) to the ledger it was paid from, keyed by the refund id.
 */
export async function refundOrder(
  db: Db,
  doors: OrderDoors,
  channel: IntakeChannel,
  body: RefundIn,
  now: number,
): Promise<ChannelRefundReply> {
  const tenantId = channel.tenantId;
  const run = () =>
    inTransaction(db, async (tx) => {
      const first = await repo.findOrder(tx, tenantId, channel.id, body.orderId);
      if (!first) throw orderErrors.orderNotFound();
      await repo.lockSpender(tx, tenantId, Number(first.user_id), Number(first.scene_id));
      const order = (await repo.findOrder(tx, tenantId, channel.id, body.orderId))!;
      const seen = await repo.findRefund(tx, tenantId, channel.id, body.refundId);
      if (seen) {
        if (Number(seen.order_id) !== Number(order.id) || Number(seen.amount) !== body.amount)
          throw orderErrors.refundIdReused();
        return refundReply(order, seen);
      }
      if (order.status !== 'paid' && order.status !== 'partRefunded')
        throw orderErrors.notRefundable(OrderStatusLabel[order.status as OrderStatus]);
      const amount = Number(order.amount);
      const refunded = Number(order.refunded_amount);
      if (body.amount > amount - refunded) throw orderErrors.refundTooLarge(amount - refunded);
      const companyPays = Number(order.company_pays);
      const companyLeft = companyPays - Number(order.company_refunded);
      const whole = refunded + body.amount === amount;
      const companyBack = whole
        ? companyLeft
        : Math.min(companyLeft, Math.floor((body.amount * companyPays) / amount));
      const byQuota = Number(order.quota_paid) > 0;
      const quotaBack = byQuota ? companyBack : 0;
      const orgBack = byQuota ? 0 : companyBack;
      const reason = body.reason ?? '';
      await repo.insertRefund(tx, {
        tenantId,
        orderId: Number(order.id),
        channelId: channel.id,
        refundId: body.refundId,
        amount: body.amount,
        quotaBack,
        orgBack,
        employeeBack: body.amount - companyBack,
        reason,
        now,
      });
      const status: OrderStatus = whole ? 'refunded' : 'partRefunded';
      await repo.recordRefund(tx, tenantId, Number(order.id), {
        refunded: refunded + body.amount,
        companyRefunded: Number(order.company_refunded) + companyBack,
        status,
        now,
      });
      if (companyBack > 0) {
        const move = {
          tenantId,
          amount: companyBack,
          key: `refund:${channel.id}:${body.refundId}`,
          memo: '订单退款',
          at: now,
        };
        if (byQuota)
          await doors.quota.credit(tx, {
            ...move,
            userId: Number(order.user_id),
            sceneId: Number(order.scene_id),
          });
        else await doors.orgAccount.credit(tx, move);
      }
      return {
        orderId: Number(order.id),
        channelOrderId: order.channel_order_id,
        status,
        refundedTotal: refunded + body.amount,
        refundId: body.refundId,
        amount: body.amount,
        quotaBack,
        orgBack,
        employeeBack: body.amount - companyBack,
        reason,
        createdAt: now,
      };
    });
  try {
    return await run();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return run();
  }
}
