import { Card, DatePicker, Statistic } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ServiceFeeQuery, yuan } from '@feikong/contracts';
import { orgAccountApi, type OrgLedgerRow } from '@/api/orgAccount';
import { dayRange, ListTable, rangeToMs, SNAKE_PAGE, useListParams } from '@/components/ListPage';
import { ledgerColumns } from '../components/LedgerTable';
import '../orgAccount.css';

/** 服务费账单 (/scenes/orgAccount/serviceFee): the service fees taken from the account, and their total. */
export default function ServiceFeeBillPage() {
  const u = useListParams(ServiceFeeQuery, SNAKE_PAGE);
  const q = u.query;
  const list = useQuery({
    queryKey: ['orgAccount', 'serviceFee', q],
    queryFn: ({ signal }) => orgAccountApi.serviceFee(q, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Card data-testid="service-fee-bill">
      <ListTable<OrgLedgerRow>
        query={list}
        what="「服务费」"
        paging={u}
        columns={ledgerColumns.filter((c) => c.dataIndex !== 'kind_name')}
        filters={
          <DatePicker.RangePicker
            value={dayRange(q.start_time, q.end_time)}
            onChange={(v) => {
              const { min, max } = rangeToMs(v);
              u.set({ start_time: min, end_time: max === undefined ? undefined : max + 1 });
            }}
            aria-label="时间"
          />
        }
        actions={
          <Statistic
            title="服务费合计"
            value={yuan(list.data?.total_amount ?? 0)}
            className="fk-oa-inline-stat"
          />
        }
      />
    </Card>
  );
}
