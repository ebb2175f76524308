import { useCallback, useEffect, useRef } from 'react';
import { CLICK_DEBOUNCE_MS } from '@feikong/contracts';

/**
 * The click "directive" (spec §5, default 2000 ms): the first click runs at once, repeated clicks
 * within the wait are ignored — a double click on 保存 submits once.
 */
export function debounceClick<A extends unknown[]>(
  fn: (...args: A) => unknown,
  wait: number = CLICK_DEBOUNCE_MS,
  now: () => number = Date.now,
): (...args: A) => void {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    if (t - last < wait) return;
    last = t;
    void fn(...args);
  };
}

/** React form of debounceClick: a stable handler that always calls the latest `fn`. */
export function useDebouncedClick<A extends unknown[]>(
  fn: (...args: A) => unknown,
  wait: number = CLICK_DEBOUNCE_MS,
): (...args: A) => void {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  }, [fn]);
  const last = useRef(-Infinity);
  return useCallback(
    (...args: A) => {
      const t = Date.now();
      if (t - last.current < wait) return;
      last.current = t;
      void latest.current(...args);
    },
    [wait],
  );
}
