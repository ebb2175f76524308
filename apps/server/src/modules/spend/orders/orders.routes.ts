import {
  BILL_TYPE_MENU,
  CHANNEL_BODY_LIMIT,
  CHANNEL_ORDERS_PATH,
  CHANNEL_REFUNDS_PATH,
  Channel,
  ChannelAddBody,
  ChannelEnableBody,
  ChannelIdBody,
  ChannelList,
  ChannelOrderBody,
  ChannelOrderReply,
  ChannelRefundBody,
  ChannelRefundReply,
  ChannelWithKey,
  ConsumerOrderEnums,
  consumerOrderEnums,
  envelopeOf,
  FindByUserIdQuery,
  OrderDetail,
  SpendOrderIdQuery,
  OrderListQuery,
  OrderPage,
  OrderSceneList,
} from '@feikong/contracts';
import type { FastifyRequest } from 'fastify';
import { tenantCaller } from '../../../platform/auth.js';
import { PUBLIC, type PermissionString } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { parseJsonBody } from '../../../platform/input.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import { verifyChannelRequest } from './channel.verify.js';
import { placeOrder, refundOrder, type IntakeChannel, type OrderDoors } from './intake.service.js';
import {
  addChannel,
  enableChannel,
  listChannels,
  orderDetail,
  ordersOfUser,
  OrderPerm,
  listOrders,
  orderScenes,
  resetChannelKey,
} from './orderCenter.service.js';

// Designed here (the spec names the screens and consumerOrder/*): docs/decisions/0043-spend-orders.md.
const V1 = '/consume-quota-center/api/v1';
const tags = ['spendOrders'];
/** consumerOrder/*: whoever files documents (they relate orders to a 报销单) or views the order centre. */
const CONSUMER: [PermissionString, ...PermissionString[]] = [
  'scenesOrderCenterOrderList:view',
  ...Object.values(BILL_TYPE_MENU).map((m) => `${m}:add` as PermissionString),
];

type ChannelRequest = FastifyRequest & { rawBody?: string; channel?: IntakeChannel };

/**
 * The channel intake (signed, no session), the order centre, consumerOrder/enumList and findByUserId, and
 * 渠道管理. The three doors are handed in by spend/index.ts, so tests can pass their own.
 */
export function registerOrderRoutes(app: ZodApp, deps: AppDeps, doors: OrderDoors) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;

  // The intake in a scope of its own: its JSON parser keeps the raw body the signature covers.
  void app.register(async (scope: ZodApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      (req as ChannelRequest).rawBody = body as string;
      try {
        done(null, parseJsonBody(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    });
    const verify = async (req: FastifyRequest) => {
      const r = req as ChannelRequest;
      r.channel = await verifyChannelRequest(db, r, r.rawBody ?? '', clock());
    };
    scope.post(
      CHANNEL_ORDERS_PATH,
      {
        bodyLimit: CHANNEL_BODY_LIMIT,
        preValidation: verify,
        config: { permission: PUBLIC },
        schema: {
          body: ChannelOrderBody,
          response: { 200: envelopeOf(ChannelOrderReply) },
          tags,
          summary: '渠道下单（签名请求）',
        },
      },
      async (req) => ok(await placeOrder(db, doors, (req as ChannelRequest).channel!, req.body, clock())),
    );
    scope.post(
      CHANNEL_REFUNDS_PATH,
      {
        bodyLimit: CHANNEL_BODY_LIMIT,
        preValidation: verify,
        config: { permission: PUBLIC },
        schema: {
          body: ChannelRefundBody,
          response: { 200: envelopeOf(ChannelRefundReply) },
          tags,
          summary: '渠道退款（签名请求）',
        },
      },
      async (req) => ok(await refundOrder(db, doors, (req as ChannelRequest).channel!, req.body, clock())),
    );
  });

  app.get(
    `${V1}/orders/list`,
    {
      config: { permission: OrderPerm.view },
      schema: {
        querystring: OrderListQuery,
        response: { 200: envelopeOf(OrderPage) },
        tags,
        summary: '订单中心列表',
      },
    },
    async (req) => ok(await listOrders(db, tenantCaller(req).tenantId, req.query)),
  );
  app.get(
    `${V1}/orders/detail`,
    {
      config: { permission: OrderPerm.view },
      schema: {
        querystring: SpendOrderIdQuery,
        response: { 200: envelopeOf(OrderDetail) },
        tags,
        summary: '订单详情',
      },
    },
    async (req) => ok(await orderDetail(db, tenantCaller(req).tenantId, req.query.id)),
  );
  app.get(
    `${V1}/orders/scenes`,
    {
      config: { permission: OrderPerm.view },
      schema: { response: { 200: envelopeOf(OrderSceneList) }, tags, summary: '订单中的消费场景' },
    },
    async (req) => ok(await orderScenes(db, tenantCaller(req).tenantId)),
  );
  app.get(
    '/finobill/api/web/consumerOrder/enumList',
    {
      config: { permission: CONSUMER },
      schema: { response: { 200: envelopeOf(ConsumerOrderEnums) }, tags, summary: '订单枚举' },
    },
    async () => ok(consumerOrderEnums()),
  );
  for (const side of ['web', 'app'] as const) {
    app.get(
      `/finobill/api/${side}/consumerOrder/findByUserId`,
      {
        config: { permission: CONSUMER },
        schema: {
          querystring: FindByUserIdQuery,
          response: { 200: envelopeOf(OrderPage) },
          tags,
          summary: side === 'web' ? '员工订单' : '我的订单（移动端）',
        },
      },
      async (req) => ok(await ordersOfUser(db, tenantCaller(req), req.query)),
    );
  }

  app.get(
    `${V1}/channels/list`,
    {
      config: { permission: [OrderPerm.channelView, OrderPerm.channelEdit] },
      schema: { response: { 200: envelopeOf(ChannelList) }, tags, summary: '消费渠道列表' },
    },
    async (req) => ok(await listChannels(db, tenantCaller(req).tenantId)),
  );
  app.post(
    `${V1}/channels/add`,
    {
      config: { permission: OrderPerm.channelEdit },
      schema: {
        body: ChannelAddBody,
        response: { 200: envelopeOf(ChannelWithKey) },
        tags,
        summary: '新增消费渠道',
      },
    },
    async (req) => ok(await addChannel(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${V1}/channels/enable`,
    {
      config: { permission: OrderPerm.channelEdit },
      schema: {
        body: ChannelEnableBody,
        response: { 200: envelopeOf(Channel) },
        tags,
        summary: '启用或停用渠道',
      },
    },
    async (req) =>
      ok(await enableChannel(db, tenantCaller(req).tenantId, req.body.id, req.body.enabled, clock())),
  );
  app.post(
    `${V1}/channels/resetKey`,
    {
      config: { permission: OrderPerm.channelEdit },
      schema: {
        body: ChannelIdBody,
        response: { 200: envelopeOf(ChannelWithKey) },
        tags,
        summary: '重置渠道密钥',
      },
    },
    async (req) => ok(await resetChannelKey(db, tenantCaller(req).tenantId, req.body.id, clock())),
  );
}
