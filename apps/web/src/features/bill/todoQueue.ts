/**
 * The to-do queue (我的待办 → 单据详情 → 上一条 / 下一条 / 返回待办): when the list opens a document it keeps
 * the ids it showed and its own address in sessionStorage; the detail steps through that snapshot. A
 * snapshot, not a live list: an approved document leaves 待审批, and the queue must not move under the
 * approver's feet.
 */
export const TODO_LIST = '/todo/list';
const KEY = 'feikong.todoQueue';

export interface TodoQueue {
  ids: number[];
  /** The list's query string (tab, filters, page) for 返回待办. */
  back: string;
}

/** A document opened from 我的待办: the shell keeps 我的待办 selected (`from`). */
export const todoDetailPath = (id: number) => `/bill/detail?id=${id}&from=${TODO_LIST}`;

export function saveTodoQueue(q: TodoQueue, store: Pick<Storage, 'setItem'> | undefined = storage()) {
  try {
    store?.setItem(KEY, JSON.stringify({ ids: [...new Set(q.ids)], back: q.back }));
  } catch {
    // storage full or disabled: the detail simply has no queue
  }
}

export function readTodoQueue(store: Pick<Storage, 'getItem'> | undefined = storage()): TodoQueue | null {
  try {
    const v = JSON.parse(store?.getItem(KEY) ?? 'null') as Partial<TodoQueue> | null;
    if (!v || !Array.isArray(v.ids)) return null;
    const ids = v.ids.filter((x): x is number => Number.isInteger(x) && x > 0);
    return { ids, back: typeof v.back === 'string' && v.back.startsWith('?') ? v.back : '' };
  } catch {
    return null;
  }
}

/** Where the document stands in the queue: its neighbours, or null when it is not in it. */
export function queuePlace(q: TodoQueue | null, id: number) {
  const i = q ? q.ids.indexOf(id) : -1;
  if (!q || i < 0) return null;
  return { index: i, total: q.ids.length, prev: q.ids[i - 1] ?? null, next: q.ids[i + 1] ?? null };
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
