import { useCallback, useEffect, useRef, useState } from 'react';

/** A value that follows `set` calls after `ms` of quiet (typing in the search box). */
export function useDebounced<T>(value: T, ms: number): [T, (v: T) => void] {
  const [v, setV] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const set = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setV(next), ms);
    },
    [ms],
  );
  return [v, set];
}
