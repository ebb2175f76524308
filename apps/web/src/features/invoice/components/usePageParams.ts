import { useSearchParams } from 'react-router';

/** Page number and size held in the URL (pageNum, pageSize), for the simple record lists. */
export function usePageParams(defaultSize = 20) {
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Math.trunc(Number(params.get('pageNum'))) || 1);
  const size = Math.trunc(Number(params.get('pageSize')));
  const pageSize = size >= 1 && size <= 100 ? size : defaultSize;
  const setPage = (num: number, sz: number) =>
    setParams(
      (p) => {
        if (num === 1) p.delete('pageNum');
        else p.set('pageNum', String(num));
        if (sz === defaultSize) p.delete('pageSize');
        else p.set('pageSize', String(sz));
        return p;
      },
      { replace: true },
    );
  return { pageNum, pageSize, setPage };
}
