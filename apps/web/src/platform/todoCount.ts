import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { billApi } from '@/api/bill';
import { isPersonalAccount, useSession } from '@/stores/session';
import { bus } from './bus';

/**
 * 我的待办's counts (flow/todoCount: pending tasks, unread 知会), shared by the menu badge, the workbench
 * and the to-do list. The key sits under ['bill'], so every document action (useBillMutation) refreshes it;
 * a notice arriving (the live badge's `notified`) refreshes it too — an approval step elsewhere.
 */
export const TODO_LIST_PATH = '/todo/list';

export const todoCountQuery = queryOptions({
  queryKey: ['bill', 'todoCount'] as const,
  queryFn: ({ signal }) => billApi.todoCount(signal),
});

/** The pending count, 0 while unknown; asked only when `enabled` (the user has 我的待办). */
export function useTodoCount(enabled: boolean): number {
  const client = useQueryClient();
  const personal = useSession((s) => isPersonalAccount(s));
  const on = enabled && !personal;
  const q = useQuery({ ...todoCountQuery, enabled: on });
  useEffect(() => {
    if (!on) return;
    return bus.on('notified', () => void client.invalidateQueries({ queryKey: todoCountQuery.queryKey }));
  }, [on, client]);
  return on ? (q.data?.pending ?? 0) : 0;
}
