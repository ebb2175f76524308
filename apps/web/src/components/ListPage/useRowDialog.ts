import { useState } from 'react';

/**
 * The row a list's dialog is open for ('new' for an add), with a key that changes at every opening: a
 * dialog keyed by it starts afresh (its form, and its one-click-per-2s 保存).
 */
export function useRowDialog<T>() {
  const [state, setState] = useState<{ row: T | 'new' | null; key: number }>({ row: null, key: 0 });
  return {
    row: state.row,
    key: state.key,
    open: (row: T | 'new') => setState((s) => ({ row, key: s.key + 1 })),
    close: () => setState((s) => ({ row: null, key: s.key })),
  };
}
