import {
  CARD_PATH,
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
import { tenantCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { releaseCards } from './card.release.js';
import * as svc from './card.service.js';

/** 企业卡 (decision 0057): paths not shown by the spec, designed like the quota centre's. */
export const CardPerm = {
  listView: 'cardList:view',
  listEdit: 'cardList:edit',
  releaseView: 'cardRelease:view',
  releaseEdit: 'cardRelease:edit',
} as const;
const tags = ['card'];

export function registerCardRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.db;
  const now = () => (deps.clock ?? Date.now)();
  const listRead = { permission: [CardPerm.listView, CardPerm.listEdit] as const };
  const listEdit = { permission: CardPerm.listEdit };
  const releaseRead = { permission: [CardPerm.releaseView, CardPerm.releaseEdit] as const };
  const releaseEdit = { permission: CardPerm.releaseEdit };

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
    async (req) => ok(await releaseCards(db, tenantCaller(req), req.body, now())),
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
}
