import { useSearchParams } from 'react-router';

/** Filters and paging held in the URL: read with `get`, change with `set` (which resets the page unless told). */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Math.trunc(Number(params.get('pageNum'))) || 1);
  const pageSize = Math.min(100, Math.max(1, Math.trunc(Number(params.get('pageSize'))) || 20));
  const get = (k: string) => params.get(k) ?? '';
  const num = (k: string) => Number(params.get(k)) || undefined;
  const set = (patch: Record<string, string | number | undefined>, keepPage = false) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') p.delete(k);
          else p.set(k, String(v));
        }
        if (!keepPage) p.delete('pageNum');
        return p;
      },
      { replace: true },
    );
  const setPage = (n: number, size: number) =>
    set({ pageNum: n === 1 ? undefined : n, pageSize: size === 20 ? undefined : size }, true);
  return { pageNum, pageSize, get, num, set, setPage };
}
