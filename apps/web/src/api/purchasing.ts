import type {
  PurchaseApplyDecideBody,
  PurchaseApplyInfo,
  PurchaseApplyLinesBody,
  PurchaseApplyListQuery,
  PurchaseApplyPage,
  PurchaseExportReply,
  PurchaseOrderCreateBody,
  PurchaseOrderInfo,
  PurchaseOrderListBody,
  PurchaseOrderPage,
  PurchaseTaskInfo,
  PurchaseTaskListBody,
  PurchaseTaskPage,
  PurchaseTaskStopReply,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 采购管理 (docs/decisions/0058): /finobill/api/web/purchaseApply/* and
// /lcb-purchase-center/api/v1/web/{purchaseTask,purchase-order}/*.

export const PURCHASE_APPLY = '/finobill/api/web/purchaseApply';
export const PURCHASE_CENTER = '/lcb-purchase-center/api/v1/web';
type Out<T extends z.ZodType> = z.output<T>;
const fields = { handleFieldErrors: true } as const;

export type PurchaseApplyData = Out<typeof PurchaseApplyPage>;
export type PurchaseApplyRow = PurchaseApplyData['items'][number];
export type PurchaseApplyDetail = Out<typeof PurchaseApplyInfo>;
export type PurchaseApplyLine = PurchaseApplyDetail['lines'][number];
export type PurchaseTaskData = Out<typeof PurchaseTaskPage>;
export type PurchaseTaskRow = PurchaseTaskData['items'][number];
export type PurchaseTaskDetail = Out<typeof PurchaseTaskInfo>;
export type PurchaseTaskLine = PurchaseTaskDetail['product_info'][number];
export type PurchaseOrderData = Out<typeof PurchaseOrderPage>;
export type PurchaseOrderRow = PurchaseOrderData['items'][number];
export type PurchaseOrderDetail = Out<typeof PurchaseOrderInfo>;

export const purchasingApi = {
  applyList: (q: PurchaseApplyListQuery, signal?: AbortSignal) =>
    http.get<PurchaseApplyData>(`${PURCHASE_APPLY}/list`, q as Encodable, { signal }),
  applyInfo: (billId: number, signal?: AbortSignal) =>
    http.get<PurchaseApplyDetail>(`${PURCHASE_APPLY}/info`, { bill_id: billId }, { signal }),
  saveLines: (body: PurchaseApplyLinesBody) =>
    http.post<PurchaseApplyDetail>(`${PURCHASE_APPLY}/lines`, body, fields),
  decide: (body: PurchaseApplyDecideBody) => http.post<PurchaseApplyDetail>(`${PURCHASE_APPLY}/decide`, body),
  taskList: (body: PurchaseTaskListBody, signal?: AbortSignal) =>
    http.post<PurchaseTaskData>(`${PURCHASE_CENTER}/purchaseTask/list`, body, { signal }),
  taskInfo: (id: number, signal?: AbortSignal) =>
    http.post<PurchaseTaskDetail>(
      `${PURCHASE_CENTER}/purchaseTask/info`,
      { purchase_task_id: id },
      { signal },
    ),
  stopTask: (id: number) =>
    http.post<Out<typeof PurchaseTaskStopReply>>(`${PURCHASE_CENTER}/purchaseTask/stopTask`, {
      purchase_task_id: id,
    }),
  orderList: (body: PurchaseOrderListBody, signal?: AbortSignal) =>
    http.post<PurchaseOrderData>(`${PURCHASE_CENTER}/purchase-order/list`, body, { signal }),
  orderInfo: (id: number, signal?: AbortSignal) =>
    http.get<PurchaseOrderDetail>(
      `${PURCHASE_CENTER}/purchase-order/info`,
      { purchase_order_id: id },
      { signal },
    ),
  createOrder: (body: PurchaseOrderCreateBody) =>
    http.post<PurchaseOrderDetail>(`${PURCHASE_CENTER}/purchase-order/create`, body, fields),
  exportApplies: () => http.get<Out<typeof PurchaseExportReply>>(`${PURCHASE_APPLY}/export`),
};
