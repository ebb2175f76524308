import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { budgetApi, type BudgetCheck } from '@/api/budget';

/** A fee line as the document form holds it (分; the day's start in the browser's zone). */
export interface PreviewLine {
  feeType: string | null;
  amount: number | null;
  date: number | null;
}

/** How long the typing must pause before the budgets are asked (one request per pause, not per key). */
const SETTLE_MS = 600;

/**
 * 预算预览 while the document is being filled (decision 0052): the complete lines (fee type, amount > 0, day)
 * are checked against the budgets as they are typed — standing in for the saved document's own lines when it
 * has an id, with the department chosen — so a 禁止 shortfall or a 个人承担 share shows before 保存草稿 or 提交.
 * Nothing is written. Null when no line is complete (or the budgets could not be asked).
 */
export function useBudgetPreview(p: {
  billId?: number;
  lines: PreviewLine[];
  departmentId?: number | null;
}): BudgetCheck | null {
  const lines = p.lines
    .filter((l) => l.feeType && l.amount !== null && l.amount > 0 && l.date !== null)
    .slice(0, 200)
    .map((l) => ({ fee_type: l.feeType!, amount: l.amount!, date: dayjs(l.date!).format('YYYY-MM-DD') }));
  const body =
    lines.length === 0
      ? null
      : {
          ...(p.billId ? { bill_id: p.billId } : {}),
          ...(p.departmentId ? { department_id: p.departmentId } : {}),
          lines,
        };
  const key = JSON.stringify(body);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const t = setTimeout(() => setSettled(key), SETTLE_MS);
    return () => clearTimeout(t);
  }, [key]);
  const q = useQuery({
    queryKey: ['budget', 'preview', settled],
    queryFn: ({ signal }) => budgetApi.preview(JSON.parse(settled) as NonNullable<typeof body>, signal),
    enabled: settled !== 'null',
    // The alert keeps the last answer while the next is asked: it changes, it does not blink.
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    retry: false,
  });
  return body === null || q.isError ? null : (q.data ?? null);
}
