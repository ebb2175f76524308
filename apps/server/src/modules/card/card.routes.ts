import {
  CardOperationListQuery,
  CardOperationPage,
  CardAdjustBody,
  CardResendMailBody,
  CardResendMailReply,
  CardTransferBody,
  CardTransferReply,
  CARD_AUTHORIZE_PATH,
  CARD_PATH,
  CARD_REFUND_PATH,
  CARD_REVERSE_PATH,
  CHANNEL_BODY_LIMIT,
  CardAuthorizeBody,
  CardAuthorizeReply,
  CardMoneyBackReply,
  CardRefundBody,
  CardReverseBody,
  CardBatchPage,
  CardBatchQuery,
  CardIdQuery,
  CardInfo,
  CardListQuery,
  CardOperateBody,
  CardOperateReply,
  CardPage,
  CardReleaseBody,
  CardReleaseReply,
  CardTxPage,
  CardTxQuery,
  envelopeOf,
  type CardOp,
} from '@feikong/contracts';
import type { FastifyRequest } from 'fastify';
import { tenantCaller } from '../../platform/auth.js';
import { PUBLIC } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { parseJsonBody } from '../../platform/input.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import { registerCardExport } from './card.export.js';
import { verifyChannelRequest, type IntakeChannel } from '../spend/index.js';
import { authorizeCard, moneyBack } from './card.authorize.js';
import { mailSenderOf } from '../../platform/mail.js';
import { registerCardMailJob, resendCardMail } from './card.mail.js';
import { adjustCard } from './card.adjust.js';
import { listOperations } from './card.operations.js';
import { releaseCards } from './card.release.js';
import { transferCard } from './card.transfer.js';
import * as svc from './card.service.js';

/** 企业卡 (decision 0057): paths not shown by the spec, designed like the quota centre's. */
export const CardPerm = {
  listView: 'cardList:view',
  listEdit: 'cardList:edit',
  releaseView: 'cardRelease:view',
  releaseEdit: 'cardRelease:edit',
} as const;
const tags = ['card'];

type NetworkRequest = FastifyRequest & { rawBody?: string; channel?: IntakeChannel };

export function registerCardRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.db;
  const now = () => (deps.clock ?? Date.now)();
  const listRead = { permission: [CardPerm.listView, CardPerm.listEdit] as const };
  const listEdit = { permission: CardPerm.listEdit };
  const releaseRead = { permission: [CardPerm.releaseView, CardPerm.releaseEdit] as const };
  const releaseEdit = { permission: CardPerm.releaseEdit };
  const services = appServices(deps);
  registerCardExport(services.taskHandlers);
  // 邮件发送 of e-card batches: a job after the release commits (card.mail.ts).
  registerCardMailJob(services.jobs, db, mailSenderOf(deps, app.log), app.log);

  app.post(
    `${CARD_PATH}/release`,
    {
      config: releaseEdit,
      schema: {
        body: CardReleaseBody,
        response: { 200: envelopeOf(CardReleaseReply) },
        tags,
        summary: '卡片发放（额度发放类型5）',
      },
    },
    async (req) => ok(await releaseCards(db, tenantCaller(req), req.body, now(), services.jobs)),
  );
  app.get(
    `${CARD_PATH}/batches`,
    {
      config: releaseRead,
      schema: {
        querystring: CardBatchQuery,
        response: { 200: envelopeOf(CardBatchPage) },
        tags,
        summary: '发放批次',
      },
    },
    async (req) => ok(await svc.listBatches(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${CARD_PATH}/list`,
    {
      config: listRead,
      schema: {
        querystring: CardListQuery,
        response: { 200: envelopeOf(CardPage) },
        tags,
        summary: '卡片列表',
      },
    },
    async (req) => ok(await svc.listCards(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${CARD_PATH}/info`,
    {
      config: listRead,
      schema: {
        querystring: CardIdQuery,
        response: { 200: envelopeOf(CardInfo) },
        tags,
        summary: '卡片详情',
      },
    },
    async (req) => ok(await svc.cardInfo(db, tenantCaller(req), req.query.card_id)),
  );
  app.get(
    `${CARD_PATH}/operations`,
    {
      config: listRead,
      schema: {
        querystring: CardOperationListQuery,
        response: { 200: envelopeOf(CardOperationPage) },
        tags,
        summary: '卡片操作（冻结、解冻、注销、转移、额度调整）',
      },
    },
    async (req) => ok(await listOperations(db, tenantCaller(req), req.query)),
  );
  app.get(
    `${CARD_PATH}/transactions`,
    {
      config: listRead,
      schema: {
        querystring: CardTxQuery,
        response: { 200: envelopeOf(CardTxPage) },
        tags,
        summary: '交易明细',
      },
    },
    async (req) => ok(await svc.cardTransactions(db, tenantCaller(req), req.query)),
  );
  const operate = (op: CardOp, summary: string) =>
    app.post(
      `${CARD_PATH}/${op}`,
      {
        config: listEdit,
        schema: { body: CardOperateBody, response: { 200: envelopeOf(CardOperateReply) }, tags, summary },
      },
      async (req) => ok(await svc.operateCard(db, tenantCaller(req), op, req.body, now())),
    );
  operate('freeze', '冻结卡片');
  operate('unfreeze', '解冻卡片');
  operate('cancel', '注销卡片（余额退回）');
  app.post(
    `${CARD_PATH}/adjust`,
    {
      config: listEdit,
      schema: {
        body: CardAdjustBody,
        response: { 200: envelopeOf(CardOperateReply) },
        tags,
        summary: '额度调整（调增或调减，同一请求只调整一次）',
      },
    },
    async (req) => ok(await adjustCard(db, tenantCaller(req), req.body, now())),
  );
  app.post(
    `${CARD_PATH}/resendMail`,
    {
      config: listEdit,
      schema: {
        body: CardResendMailBody,
        response: { 200: envelopeOf(CardResendMailReply) },
        tags,
        summary: '重新发送电子卡邮件（发送失败或无邮箱的卡片）',
      },
    },
    async (req) => ok(await resendCardMail(db, services.jobs, tenantCaller(req), req.body.card_id)),
  );
  app.post(
    `${CARD_PATH}/transfer`,
    {
      config: listEdit,
      schema: {
        body: CardTransferBody,
        response: { 200: envelopeOf(CardTransferReply) },
        tags,
        summary: '转移卡片（连同离职持卡人退回的余额）',
      },
    },
    async (req) => ok(await transferCard(db, tenantCaller(req), req.body, now())),
  );
  registerNetworkRoutes(app, deps);
}

/**
 * The card network's calls: no session, signed like the channel intake (a channel of 渠道管理 stands for the
 * card network; its tenant is the card's), the raw body kept for the signature.
 */
function registerNetworkRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;
  void app.register(async (scope: ZodApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      (req as NetworkRequest).rawBody = body as string;
      try {
        done(null, parseJsonBody(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    });
    const verify = async (req: FastifyRequest) => {
      const r = req as NetworkRequest;
      r.channel = await verifyChannelRequest(db, r, r.rawBody ?? '', clock());
    };
    const signed = { bodyLimit: CHANNEL_BODY_LIMIT, preValidation: verify, config: { permission: PUBLIC } };
    const tenantOf = (req: FastifyRequest) => (req as NetworkRequest).channel!.tenantId;
    scope.post(
      CARD_AUTHORIZE_PATH,
      {
        ...signed,
        schema: {
          body: CardAuthorizeBody,
          response: { 200: envelopeOf(CardAuthorizeReply) },
          tags,
          summary: '卡片授权（卡组织签名请求）',
        },
      },
      async (req) => ok(await authorizeCard(db, tenantOf(req), req.body, clock())),
    );
    scope.post(
      CARD_REVERSE_PATH,
      {
        ...signed,
        schema: {
          body: CardReverseBody,
          response: { 200: envelopeOf(CardMoneyBackReply) },
          tags,
          summary: '授权撤销（签名请求）',
        },
      },
      async (req) =>
        ok(await moneyBack(db, tenantOf(req), req.body.auth_id, 'reverse', req.body.auth_id, null, clock())),
    );
    scope.post(
      CARD_REFUND_PATH,
      {
        ...signed,
        schema: {
          body: CardRefundBody,
          response: { 200: envelopeOf(CardMoneyBackReply) },
          tags,
          summary: '卡片退款（签名请求）',
        },
      },
      async (req) =>
        ok(
          await moneyBack(
            db,
            tenantOf(req),
            req.body.auth_id,
            'refund',
            req.body.refund_id,
            req.body.amount,
            clock(),
          ),
        ),
    );
  });
}
