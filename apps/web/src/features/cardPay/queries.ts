import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cardApi,
  type CardBatchesQuery,
  type CardOperationsQuery,
  type CardQuery,
  type CardTransactionsQuery,
} from '@/api/card';

export const CARD_PERM = {
  listView: 'cardList:view',
  listEdit: 'cardList:edit',
  releaseView: 'cardRelease:view',
  releaseEdit: 'cardRelease:edit',
} as const;
export const CARD_LIST = '/cardPay/cardList';
export const CARD_DETAIL = '/cardPay/cardDetail';
export const CARD_OPERATE = '/cardPay/cardOperate';

export const cardKeys = {
  all: ['card'] as const,
  list: (q: CardQuery) => ['card', 'list', q] as const,
  info: (id: number) => ['card', 'info', id] as const,
  tx: (q: CardTransactionsQuery) => ['card', 'tx', q] as const,
  batches: (q: CardBatchesQuery) => ['card', 'batches', q] as const,
  operations: (q: CardOperationsQuery) => ['card', 'operations', q] as const,
};

export const cardListQuery = (q: CardQuery) =>
  queryOptions({ queryKey: cardKeys.list(q), queryFn: ({ signal }) => cardApi.list(q, signal) });
export const cardInfoQuery = (id: number) =>
  queryOptions({ queryKey: cardKeys.info(id), queryFn: ({ signal }) => cardApi.info(id, signal) });
export const cardTxQuery = (q: CardTransactionsQuery) =>
  queryOptions({ queryKey: cardKeys.tx(q), queryFn: ({ signal }) => cardApi.transactions(q, signal) });
export const cardBatchQuery = (q: CardBatchesQuery) =>
  queryOptions({ queryKey: cardKeys.batches(q), queryFn: ({ signal }) => cardApi.batches(q, signal) });

export const cardOperationsQuery = (q: CardOperationsQuery) =>
  queryOptions({ queryKey: cardKeys.operations(q), queryFn: ({ signal }) => cardApi.operations(q, signal) });

/** Every card mutation refetches what the card screens show. */
export function useCardMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: cardKeys.all });
    },
  });
}
