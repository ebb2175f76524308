import { queryOptions } from '@tanstack/react-query';
import type { OrderListQuery } from '@feikong/contracts';
import { spendOrdersApi } from '@/api/spendOrders';

export const ORDER_PERM = {
  view: 'scenesOrderCenterOrderList:view',
  export: 'scenesOrderCenterOrderList:export',
  channelView: 'scenesOrderChannel:view',
  channelEdit: 'scenesOrderChannel:edit',
} as const;

export const ORDER_DETAIL_PATH = '/scenes/orderCenter/orderDetail';
export const ORDER_LIST_PATH = '/scenes/orderCenter/orderList';

export const orderKeys = {
  all: ['orderCenter'] as const,
  list: (q: OrderListQuery) => ['orderCenter', 'list', q] as const,
  detail: (id: number) => ['orderCenter', 'detail', id] as const,
  scenes: ['orderCenter', 'scenes'] as const,
  enums: ['orderCenter', 'enums'] as const,
  channels: ['orderCenter', 'channels'] as const,
};

export const orderListQuery = (q: OrderListQuery) =>
  queryOptions({ queryKey: orderKeys.list(q), queryFn: ({ signal }) => spendOrdersApi.list(q, signal) });
export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => spendOrdersApi.detail(id, signal),
  });
export const orderScenesQuery = queryOptions({
  queryKey: orderKeys.scenes,
  queryFn: ({ signal }) => spendOrdersApi.scenes(signal),
});
export const orderEnumsQuery = queryOptions({
  queryKey: orderKeys.enums,
  queryFn: ({ signal }) => spendOrdersApi.enums(signal),
  staleTime: Infinity,
});
export const channelsQuery = queryOptions({
  queryKey: orderKeys.channels,
  queryFn: ({ signal }) => spendOrdersApi.channels(signal),
});
