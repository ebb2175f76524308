import {
  CARD_PATH,
  type CardAdjustBody,
  type CardBatchPage,
  type CardBatchQuery,
  type CardInfo,
  type CardListQuery,
  type CardOp,
  type CardOperateBody,
  type CardOperateReply,
  type CardOperationListQuery,
  type CardOperationPage,
  type CardPage,
  type CardReleaseBody,
  type CardReleaseReply,
  type CardResendMailReply,
  type CardTransferBody,
  type CardTransferReply,
  type CardTxPage,
  type CardTxQuery,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 企业卡 (/consume-quota-center/api/v1/card/*, docs/decisions/0057).

const P = (p: string) => `${CARD_PATH}/${p}`;
type Out<T extends z.ZodType> = z.output<T>;

export type CardPageData = Out<typeof CardPage>;
export type CardListRow = CardPageData['items'][number];
export type CardDetail = Out<typeof CardInfo>;
export type CardTxData = Out<typeof CardTxPage>;
export type CardTxItem = CardTxData['items'][number];
export type CardBatchData = Out<typeof CardBatchPage>;
export type CardBatchItem = CardBatchData['items'][number];
export type CardQuery = z.input<typeof CardListQuery>;
export type CardBatchesQuery = z.input<typeof CardBatchQuery>;
export type CardTransactionsQuery = z.input<typeof CardTxQuery>;
export type CardOperationsQuery = z.input<typeof CardOperationListQuery>;
export type CardOperationItem = Out<typeof CardOperationPage>['items'][number];

export const cardApi = {
  list: (query: CardQuery, signal?: AbortSignal) =>
    http.get<CardPageData>(P('list'), query as Encodable, { signal }),
  info: (cardId: number, signal?: AbortSignal) =>
    http.get<CardDetail>(P('info'), { card_id: cardId }, { signal }),
  transactions: (query: CardTransactionsQuery, signal?: AbortSignal) =>
    http.get<CardTxData>(P('transactions'), query as Encodable, { signal }),
  batches: (query: CardBatchesQuery, signal?: AbortSignal) =>
    http.get<CardBatchData>(P('batches'), query as Encodable, { signal }),
  release: (body: CardReleaseBody) =>
    http.post<Out<typeof CardReleaseReply>>(P('release'), body, { handleFieldErrors: true }),
  operate: (op: CardOp, body: CardOperateBody) =>
    http.post<Out<typeof CardOperateReply>>(P(op), body, { handleFieldErrors: true }),
  operations: (query: CardOperationsQuery, signal?: AbortSignal) =>
    http.get<Out<typeof CardOperationPage>>(P('operations'), query as Encodable, { signal }),
  adjust: (body: CardAdjustBody) =>
    http.post<Out<typeof CardOperateReply>>(P('adjust'), body, { handleFieldErrors: true }),
  resendMail: (cardId: number) =>
    http.post<Out<typeof CardResendMailReply>>(P('resendMail'), { card_id: cardId }),
  transfer: (body: CardTransferBody) =>
    http.post<Out<typeof CardTransferReply>>(P('transfer'), body, { handleFieldErrors: true }),
};
