import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseApplyListQuery, PurchaseOrderListBody, PurchaseTaskListBody } from '@feikong/contracts';
import { purchasingApi } from '@/api/purchasing';

export const PURCHASE_PERM = {
  applyView: 'purchaseApply:view',
  taskView: 'purchaseTask:view',
  taskEdit: 'purchaseTask:edit',
  orderView: 'purchaseOrder:view',
  orderEdit: 'purchaseOrder:edit',
} as const;

export const PURCHASE_TASK_LIST = '/purchasing/purchaseTask/list';
export const PURCHASE_ORDER_LIST = '/purchasing/purchaseOrder/list';
/** The printable task detail (spec 2.3), the task id in the query. */
export const purchaseTaskPrintUrl = (id: number) => `/subForm/purchaseTaskDetail/0/0?id=${id}`;

export const purchasingKeys = {
  all: ['purchasing'] as const,
  applyList: (q: PurchaseApplyListQuery) => ['purchasing', 'applyList', q] as const,
  applyInfo: (id: number) => ['purchasing', 'applyInfo', id] as const,
  taskList: (q: PurchaseTaskListBody) => ['purchasing', 'taskList', q] as const,
  taskInfo: (id: number) => ['purchasing', 'taskInfo', id] as const,
  orderList: (q: PurchaseOrderListBody) => ['purchasing', 'orderList', q] as const,
  orderInfo: (id: number) => ['purchasing', 'orderInfo', id] as const,
};

export const applyListQuery = (q: PurchaseApplyListQuery) =>
  queryOptions({
    queryKey: purchasingKeys.applyList(q),
    queryFn: ({ signal }) => purchasingApi.applyList(q, signal),
  });
export const applyInfoQuery = (id: number) =>
  queryOptions({
    queryKey: purchasingKeys.applyInfo(id),
    queryFn: ({ signal }) => purchasingApi.applyInfo(id, signal),
  });
export const taskListQuery = (q: PurchaseTaskListBody) =>
  queryOptions({
    queryKey: purchasingKeys.taskList(q),
    queryFn: ({ signal }) => purchasingApi.taskList(q, signal),
  });
export const taskInfoQuery = (id: number) =>
  queryOptions({
    queryKey: purchasingKeys.taskInfo(id),
    queryFn: ({ signal }) => purchasingApi.taskInfo(id, signal),
  });
export const orderListQuery = (q: PurchaseOrderListBody) =>
  queryOptions({
    queryKey: purchasingKeys.orderList(q),
    queryFn: ({ signal }) => purchasingApi.orderList(q, signal),
  });
export const orderInfoQuery = (id: number) =>
  queryOptions({
    queryKey: purchasingKeys.orderInfo(id),
    queryFn: ({ signal }) => purchasingApi.orderInfo(id, signal),
  });

/** Every purchasing mutation refetches what the purchasing screens show. */
export function usePurchasingMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: purchasingKeys.all });
    },
  });
}

/** Seconds (the task's purchase_date, spec 3) as a date. */
export const secDay = (s: number) => (s ? new Date(s * 1000) : null);
