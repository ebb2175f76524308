import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { BILL_TYPE_MENU, type BillType } from '@feikong/contracts';
import { billApi, type Bill, type BillListQuery, type RelateListQuery, type TodoListQuery } from '@/api/bill';
import { formApi, type FormVersion } from '@/api/form';

/** Query keys, options and mutations of 我的单据, the document pages and 我的待办. */
export const billKeys = {
  all: ['bill'] as const,
  list: (q: BillListQuery) => ['bill', 'list', q] as const,
  submitted: (q: BillListQuery) => ['bill', 'submitted', q] as const,
  detail: (id: number) => ['bill', 'detail', id] as const,
  route: (id: number) => ['bill', 'route', id] as const,
  rejectNodes: (id: number) => ['bill', 'rejectNodes', id] as const,
  todo: (q: TodoListQuery) => ['bill', 'todo', q] as const,
  relate: (q: RelateListQuery) => ['bill', 'relate', q] as const,
};

/** The permissions of one bill type's list: `<menu>:view|add|edit|delete` (BILL_TYPE_MENU). */
export const billPerm = (type: BillType) => {
  const menu = BILL_TYPE_MENU[type];
  return { view: `${menu}:view`, add: `${menu}:add`, edit: `${menu}:edit`, remove: `${menu}:delete` };
};

export const billListQuery = (q: BillListQuery) =>
  queryOptions({ queryKey: billKeys.list(q), queryFn: ({ signal }) => billApi.pageList(q, signal) });

export const submittedListQuery = (q: BillListQuery) =>
  queryOptions({
    queryKey: billKeys.submitted(q),
    queryFn: ({ signal }) => billApi.submittedPageList(q, signal),
  });

export const billDetailQuery = (id: number) =>
  queryOptions({ queryKey: billKeys.detail(id), queryFn: ({ signal }) => billApi.detail(id, signal) });

export const rejectNodesQuery = (id: number) =>
  queryOptions({
    queryKey: billKeys.rejectNodes(id),
    queryFn: ({ signal }) => billApi.rejectNodeList(id, signal),
  });

export const todoListQuery = (q: TodoListQuery) =>
  queryOptions({ queryKey: billKeys.todo(q), queryFn: ({ signal }) => billApi.todoPageList(q, signal) });

/** 我的待办's counts: the shell's query (menu badge, workbench), the same key. */
export { todoCountQuery } from '@/platform/todoCount';

export const relateListQuery = (q: RelateListQuery) =>
  queryOptions({
    queryKey: billKeys.relate(q),
    queryFn: ({ signal }) => billApi.relateBillPageList(q, signal),
  });

/**
 * A change to documents: every bill list, detail and to-do refetches, and the invoices too (a submit,
 * reject or withdraw moves the attached invoices between 可用, 核销中 and 已核销).
 */
export function useBillMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Also after a refusal: the document may have moved on (another approver acted first).
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: billKeys.all });
      await qc.invalidateQueries({ queryKey: ['invoice'] });
    },
  });
}

/**
 * The custom form a document is filled with: the version a saved document was created on, else the bill
 * type's published form (null: the type has none).
 */
export function billFormQuery(type: BillType, bill?: Pick<Bill, 'formId' | 'formVersion'>) {
  const pinned = bill?.formId && bill.formVersion ? { id: bill.formId, version: bill.formVersion } : null;
  return queryOptions({
    queryKey: ['bill', 'form', type, pinned?.id ?? 0, pinned?.version ?? 0] as const,
    queryFn: ({ signal }): Promise<FormVersion | null> =>
      pinned ? formApi.version(pinned, signal) : formApi.forBillType(type, signal),
    staleTime: pinned ? Infinity : 0,
  });
}
