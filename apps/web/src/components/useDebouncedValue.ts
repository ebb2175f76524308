import { useEffect, useState } from 'react';

/** `value`, but only after it stopped changing for `ms` (the search box's 300 ms, spec §2.5). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
