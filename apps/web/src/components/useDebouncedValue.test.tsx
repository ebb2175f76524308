import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@feikong/contracts';
import { useDebouncedValue } from './useDebouncedValue';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebouncedValue (search box, 300 ms)', () => {
  it('gives the value only after it stopped changing for 300 ms', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, SEARCH_DEBOUNCE_MS), {
      initialProps: { v: '' },
    });
    rerender({ v: '欢' });
    act(() => void vi.advanceTimersByTime(200));
    rerender({ v: '欢迎' });
    act(() => void vi.advanceTimersByTime(299));
    expect(result.current).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe('欢迎');
  });
});
