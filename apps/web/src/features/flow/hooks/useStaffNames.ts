import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { orgApi } from '@/api/org';
import type { FlowDefinition } from '../rules/types';

/** Names of the staff a definition names (for the cards); each looked up once and cached. */
export function useStaffNames(def: FlowDefinition | undefined) {
  const ids = useMemo(() => {
    const set = new Set<string>();
    for (const n of def?.nodes ?? []) {
      if (n.type !== 'approver' && n.type !== 'cc') continue;
      for (const s of n.sources) if (s.kind === 'staff') s.staffIds.forEach((id) => set.add(id));
    }
    return [...set].sort();
  }, [def]);
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['flow', 'staffName', id],
      queryFn: () => orgApi.staffDetail(Number(id)),
      staleTime: 300_000,
      retry: false,
    })),
  });
  const names = new Map<string, string>();
  results.forEach((r, i) => {
    if (r.data) names.set(ids[i]!, r.data.real_name || r.data.user_name || String(r.data.id));
  });
  const key = [...names.entries()].join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => (id: string) => names.get(id), [key]);
}
