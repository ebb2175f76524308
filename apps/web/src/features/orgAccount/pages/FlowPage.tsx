import { Card, DatePicker } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OrgLedgerQuery } from '@feikong/contracts';
import { orgAccountApi, type OrgLedgerRow } from '@/api/orgAccount';
import {
  dayRange,
  ListSearch,
  ListSelect,
  ListTable,
  rangeToMs,
  SNAKE_PAGE,
  useListParams,
} from '@/components/ListPage';
import { ledgerColumns } from '../components/LedgerTable';
import { LEDGER_KIND_OPTIONS } from '../rules';
import '../orgAccount.css';

/** 消费流水 (/scenes/orgAccount/flow): every change of the balance, by kind, time and reference. */
export default function FlowPage() {
  const u = useListParams(OrgLedgerQuery, SNAKE_PAGE);
  const q = u.query;
  const list = useQuery({
    queryKey: ['orgAccount', 'flow', q],
    queryFn: ({ signal }) => orgAccountApi.flow(q, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Card data-testid="org-flow">
      <ListTable<OrgLedgerRow>
        query={list}
        what="「流水」"
        paging={u}
        columns={ledgerColumns}
        filters={
          <>
            <ListSearch value={q.ref} placeholder="请输入关联单号" onSearch={(v) => u.set({ ref: v })} />
            <ListSelect u={u} field="kind" placeholder="流水类型" options={LEDGER_KIND_OPTIONS} width={130} />
            <DatePicker.RangePicker
              value={dayRange(q.start_time, q.end_time)}
              onChange={(v) => {
                const { min, max } = rangeToMs(v);
                u.set({ start_time: min, end_time: max === undefined ? undefined : max + 1 });
              }}
              aria-label="时间"
            />
          </>
        }
      />
    </Card>
  );
}
