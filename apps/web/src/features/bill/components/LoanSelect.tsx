import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@feikong/contracts';
import { billApi } from '@/api/bill';

/** The loans a 还款单 may repay: approved ones with something left (flow/repayment-list). */
export function LoanSelect({
  value,
  onChange,
  id,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
}) {
  const loans = useQuery({
    queryKey: ['bill', 'repaymentList'],
    queryFn: ({ signal }) =>
      billApi.repaymentList({ pageNum: 1, pageSize: 100, onlyOutstanding: true }, signal),
  });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loans.isPending}
      placeholder="请选择要归还的借款单"
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      notFoundContent="没有待还的借款"
      options={(loans.data?.items ?? []).map((l) => ({
        value: l.loanId,
        label: `${l.billNumber} ${l.title}（待还 ¥${formatMoney(l.remainingAmount)}）`,
      }))}
    />
  );
}
