import { describe, expect, it } from 'vitest';
import { queuePlace, readTodoQueue, saveTodoQueue, todoDetailPath } from './todoQueue';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('the to-do queue', () => {
  it('keeps the ids the list showed (once each) and the list address; answers neighbours', () => {
    const s = memory();
    saveTodoQueue({ ids: [5, 7, 7, 9], back: '?tab=pending&pageNum=2' }, s);
    const q = readTodoQueue(s);
    expect(q).toEqual({ ids: [5, 7, 9], back: '?tab=pending&pageNum=2' });
    expect(queuePlace(q, 5)).toEqual({ index: 0, total: 3, prev: null, next: 7 });
    expect(queuePlace(q, 7)).toEqual({ index: 1, total: 3, prev: 5, next: 9 });
    expect(queuePlace(q, 9)).toEqual({ index: 2, total: 3, prev: 7, next: null });
    expect(queuePlace(q, 4)).toBeNull();
  });
  it('reads nothing from bad or foreign storage; a back address must be a query string', () => {
    const s = memory();
    expect(readTodoQueue(s)).toBeNull();
    s.setItem('feikong.todoQueue', '{bad');
    expect(readTodoQueue(s)).toBeNull();
    s.setItem('feikong.todoQueue', JSON.stringify({ ids: [1, 'x', -2, 3], back: 'https://evil' }));
    expect(readTodoQueue(s)).toEqual({ ids: [1, 3], back: '' });
  });
  it('opens a document from 我的待办 with from=/todo/list', () => {
    expect(todoDetailPath(12)).toBe('/bill/detail?id=12&from=/todo/list');
  });
});
