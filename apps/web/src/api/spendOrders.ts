import type {
  Channel,
  ChannelAddBody,
  ChannelWithKey,
  ConsumerOrderEnums,
  OrderDetail,
  OrderListQuery,
  OrderPage,
} from '@feikong/contracts';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of the order centre and 渠道管理 (/consume-quota-center/api/v1/, decision 0043). Money in 分.
const V1 = '/consume-quota-center/api/v1';

export type { OrderDetail, OrderPage, Channel, ChannelWithKey };
export type OrderRow = OrderPage['items'][number];

export const spendOrdersApi = {
  list: (q: OrderListQuery, signal?: AbortSignal) =>
    http.get<OrderPage>(`${V1}/orders/list`, q as Encodable, { signal }),
  detail: (id: number, signal?: AbortSignal) =>
    http.get<OrderDetail>(`${V1}/orders/detail`, { id }, { signal }),
  scenes: (signal?: AbortSignal) =>
    http.get<{ items: { id: number; name: string }[] }>(`${V1}/orders/scenes`, undefined, { signal }),
  enums: (signal?: AbortSignal) =>
    http.get<ConsumerOrderEnums>('/finobill/api/web/consumerOrder/enumList', undefined, { signal }),
  channels: (signal?: AbortSignal) =>
    http.get<{ items: Channel[] }>(`${V1}/channels/list`, undefined, { signal }),
  addChannel: (body: ChannelAddBody) =>
    http.post<ChannelWithKey>(`${V1}/channels/add`, body, { handleFieldErrors: true }),
  enableChannel: (id: number, enabled: boolean) =>
    http.post<Channel>(`${V1}/channels/enable`, { id, enabled }),
  resetKey: (id: number) => http.post<ChannelWithKey>(`${V1}/channels/resetKey`, { id }),
};
