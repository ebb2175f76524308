import { z } from 'zod';
import { Category, CategoryLabel, OrderSource, OrderSourceLabel } from '../enums.js';
import { fen, id, labelled, ms, pageNum, pageSize, required, text } from '../flow/fields.js';
import { pagedOf } from '../reply.js';
import { Decision, Verdict, VerdictLabel } from './decision.js';

/**
 * Orders and the order centre (issue 21; docs/decisions/0043-spend-orders.md).
 *
 * A consumption channel (用车、外卖、酒店、机票、火车票、到店…) places its orders through a signed intake:
 * POST /consume-quota-center/api/v1/channel/orders and …/channel/refunds. Each request carries
 *   X-Fk-App-Id     the channel's public id (shown in 渠道管理)
 *   X-Fk-Timestamp  epoch ms; refused when more than 5 minutes away from the server's clock
 *   X-Fk-Nonce      8–64 characters [A-Za-z0-9_-], never used twice by the channel
 *   X-Fk-Signature  hex HMAC-SHA256 with the channel's secret key over
 *                   `${timestamp}\n${nonce}\n${METHOD}\n${path}\n${hex sha256 of the raw body}`
 * and is answered with the one decision and the order's id.
 */

export const CHANNEL_HEADERS = {
  appId: 'x-fk-app-id',
  timestamp: 'x-fk-timestamp',
  nonce: 'x-fk-nonce',
  signature: 'x-fk-signature',
} as const;
/** How far a request's timestamp may be from the server's clock. */
export const CHANNEL_CLOCK_SKEW_MS = 5 * 60_000;
/** The largest body the channel intake reads. */
export const CHANNEL_BODY_LIMIT = 16 * 1024;
export const CHANNEL_ORDERS_PATH = '/consume-quota-center/api/v1/channel/orders';
export const CHANNEL_REFUNDS_PATH = '/consume-quota-center/api/v1/channel/refunds';

/** What happened to an order. */
export const OrderStatus = z.enum(['paid', 'refused', 'approval', 'partRefunded', 'refunded']);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const OrderStatusLabel: Record<OrderStatus, string> = {
  paid: '已支付',
  refused: '已拒绝',
  approval: '待审批',
  partRefunded: '部分退款',
  refunded: '已退款',
};

const categoryField = z.coerce
  .number('必须是数字')
  .refine((v) => Object.values(Category).includes(v as Category), '消费品类不正确')
  .transform((v) => v as Category)
  .describe('消费品类');
const sourceField = z.coerce
  .number('必须是数字')
  .refine((v) => Object.values(OrderSource).includes(v as OrderSource), '订单来源不正确')
  .transform((v) => v as OrderSource)
  .describe('订单来源');
const channelRef = (label: string) =>
  z
    .string('不能为空')
    .trim()
    .min(1, '不能为空')
    .max(64, '不能超过64个字符')
    .regex(/^[A-Za-z0-9_.:-]+$/, '只能包含字母、数字和 _ . : -')
    .describe(label);
const amountField = fen('订单金额').refine((v) => v > 0, '必须大于0');

/** An order a channel places: who, in which scene, what, how much (分), when. */
export const ChannelOrderBody = z.object(
  labelled({
    orderId: channelRef('渠道订单号'),
    userId: id('员工'),
    sceneId: id('消费场景'),
    category: categoryField,
    amount: amountField,
    /** When the spend happens; the server's clock when absent. */
    at: ms('消费时间').optional(),
    title: text('订单标题', 100).optional(),
    merchant: z
      .object({
        id: text('商户编号', 64).optional(),
        name: text('商户名称', 100).optional(),
        type: text('商户类型', 50).optional(),
        brand: text('商户品牌', 50).optional(),
        group: text('商户集团', 50).optional(),
      })
      .optional()
      .describe('商户'),
    city: text('城市', 12).optional(),
    toCity: text('到达城市', 12).optional(),
    seatClass: text('舱位/席别', 20).optional(),
    roomClass: text('房型', 20).optional(),
    carModel: text('车型', 20).optional(),
    takeOffAt: ms('起飞时间').optional(),
    lowestFare: fen('最低价').optional(),
  }),
);
export type ChannelOrderBody = z.input<typeof ChannelOrderBody>;

/** The decision with the order it was recorded as. */
export const ChannelOrderReply = Decision.extend({
  orderId: z.number(),
  channelOrderId: z.string(),
  status: OrderStatus,
});
export type ChannelOrderReply = z.infer<typeof ChannelOrderReply>;

/** A refund (whole or partial) of an order the channel placed; refundId is unique per channel. */
export const ChannelRefundBody = z.object(
  labelled({
    orderId: channelRef('渠道订单号'),
    refundId: channelRef('退款单号'),
    amount: fen('退款金额').refine((v) => v > 0, '必须大于0'),
    reason: text('退款原因', 100).optional(),
  }),
);
export type ChannelRefundBody = z.input<typeof ChannelRefundBody>;

export const OrderRefund = z.object({
  refundId: z.string(),
  amount: z.number(),
  /** Given back to the staff member's quota / the organisation account; the rest is the employee's. */
  quotaBack: z.number(),
  orgBack: z.number(),
  employeeBack: z.number(),
  reason: z.string(),
  createdAt: z.number(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

export const ChannelRefundReply = OrderRefund.extend({
  orderId: z.number(),
  channelOrderId: z.string(),
  status: OrderStatus,
  /** Everything refunded on the order so far, this refund included. */
  refundedTotal: z.number(),
});
export type ChannelRefundReply = z.infer<typeof ChannelRefundReply>;

// ---------- 渠道管理 ----------

export const Channel = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** The public id a channel sends in X-Fk-App-Id. */
  appId: z.string(),
  source: z.number(),
  sourceText: z.string(),
  enabled: z.boolean(),
  createdAt: z.number(),
});
export type Channel = z.infer<typeof Channel>;
/** The only reply that carries the secret key: on creation and on a key reset. */
export const ChannelWithKey = Channel.extend({ secretKey: z.string() });
export type ChannelWithKey = z.infer<typeof ChannelWithKey>;
export const ChannelList = z.object({ items: z.array(Channel) });
export const ChannelAddBody = z.object(
  labelled({
    code: z
      .string('不能为空')
      .trim()
      .min(2, '至少2个字符')
      .max(32, '不能超过32个字符')
      .regex(/^[a-z][a-z0-9_-]*$/, '以小写字母开头，只能包含小写字母、数字、_ 和 -')
      .describe('渠道编码'),
    name: required('渠道名称', 50),
    source: sourceField.default(OrderSource.THIRD),
  }),
);
export type ChannelAddBody = z.input<typeof ChannelAddBody>;
export const ChannelEnableBody = z.object(
  labelled({ id: id('渠道'), enabled: z.boolean('取值为true或false').describe('是否启用') }),
);
export const ChannelIdBody = z.object(labelled({ id: id('渠道') }));

// ---------- 订单中心 ----------

const orderFilters = {
  userId: id('员工').optional(),
  /** The staff record (what the staff picker gives). */
  staffId: id('员工').optional(),
  sceneId: id('消费场景').optional(),
  category: categoryField.optional(),
  source: sourceField.optional(),
  verdict: Verdict.optional().describe('决策结果'),
  status: OrderStatus.optional().describe('订单状态'),
  channelId: id('渠道').optional(),
  /** [startTime, endTime) of the order's time (epoch ms). */
  startTime: ms('开始时间').optional(),
  endTime: ms('结束时间').optional(),
  keyword: text('订单号', 64).optional(),
};
const checkTimes = (v: { startTime?: number; endTime?: number }, ctx: z.RefinementCtx) => {
  if (v.startTime !== undefined && v.endTime !== undefined && v.startTime > v.endTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间不能早于开始时间' });
};
export const OrderListQuery = z
  .object(labelled({ ...orderFilters, pageNum, pageSize: pageSize(100, 20) }))
  .superRefine(checkTimes);
export type OrderListQuery = z.input<typeof OrderListQuery>;
export const OrderExportParams = z.object(labelled(orderFilters)).superRefine(checkTimes);
export type OrderExportParams = z.input<typeof OrderExportParams>;

export const OrderRow = z.object({
  id: z.number(),
  channelId: z.number(),
  channelName: z.string(),
  channelOrderId: z.string(),
  userId: z.number(),
  userName: z.string(),
  sceneId: z.number(),
  sceneName: z.string(),
  sceneVersion: z.number(),
  category: z.number(),
  categoryText: z.string(),
  source: z.number(),
  sourceText: z.string(),
  title: z.string(),
  merchantName: z.string(),
  amount: z.number(),
  companyPays: z.number(),
  employeePays: z.number(),
  quotaPaid: z.number(),
  orgPaid: z.number(),
  refundedAmount: z.number(),
  verdict: Verdict,
  verdictText: z.string(),
  status: OrderStatus,
  statusText: z.string(),
  /** The first refusing or approval voice's sentence, or the first excess voice's; '' when all passed. */
  reason: z.string(),
  orderedAt: z.number(),
  createdAt: z.number(),
});
export type OrderRow = z.infer<typeof OrderRow>;
export const OrderPage = pagedOf(OrderRow);
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderDetail = OrderRow.extend({
  decision: Decision,
  refunds: z.array(OrderRefund),
  city: z.string(),
  toCity: z.string(),
  merchant: z.record(z.string(), z.string()),
});
export type OrderDetail = z.infer<typeof OrderDetail>;
/** The scenes the tenant's orders were placed in: the order centre's scene filter. */
export const OrderSceneList = z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })) });
export const SpendOrderIdQuery = z.object(labelled({ id: id('订单') }));

/**
 * 订单枚举 (spec 7.7 consumerOrder/enumList): the order centre's filter options, one group per type —
 * orderSource (NORMAL/THIRD/CBS_PAY), orderStatus, verdict, category.
 */
export const ConsumerOrderEnums = z.array(
  z.object({
    type: z.string(),
    items: z.array(
      z.object({ code: z.string(), value: z.union([z.number(), z.string()]), name: z.string() }),
    ),
  }),
);
export type ConsumerOrderEnums = z.infer<typeof ConsumerOrderEnums>;
export function consumerOrderEnums(): ConsumerOrderEnums {
  const sourceCode = Object.fromEntries(Object.entries(OrderSource).map(([k, v]) => [v, k]));
  const categoryCode = Object.fromEntries(Object.entries(Category).map(([k, v]) => [v, k]));
  return [
    {
      type: 'orderSource',
      items: Object.entries(OrderSourceLabel).map(([v, name]) => ({
        code: sourceCode[v] ?? v,
        value: Number(v),
        name,
      })),
    },
    {
      type: 'orderStatus',
      items: Object.entries(OrderStatusLabel).map(([code, name]) => ({ code, value: code, name })),
    },
    {
      type: 'verdict',
      items: Object.entries(VerdictLabel).map(([code, name]) => ({ code, value: code, name })),
    },
    {
      type: 'category',
      items: Object.entries(CategoryLabel).map(([v, name]) => ({
        code: categoryCode[v] ?? v,
        value: Number(v),
        name,
      })),
    },
  ];
}

/** consumerOrder/findByUserId: a staff member's own orders (web: an order-centre viewer may name anyone). */
export const FindByUserIdQuery = z
  .object(
    labelled({
      userId: id('员工').optional(),
      sceneId: id('消费场景').optional(),
      status: OrderStatus.optional().describe('订单状态'),
      startTime: ms('开始时间').optional(),
      endTime: ms('结束时间').optional(),
      pageNum,
      pageSize: pageSize(100, 20),
    }),
  )
  .superRefine(checkTimes);
