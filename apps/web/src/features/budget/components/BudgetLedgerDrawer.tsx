import { Drawer, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { budgetPeriodText, formatDateTime, formatMoney } from '@feikong/contracts';
import type { BudgetLedgerData } from '@/api/budget';
import { budgetLedgerQuery } from '../queries';

type Row = BudgetLedgerData['items'][number];
const KIND_COLOR: Record<string, string> = { occupy: 'blue', use: 'green', release: 'default' };
const money = (f: number) => (f ? formatMoney(f) : '—');

/** The ledger rows behind a node's figure in a period, each linking to its document (drill-down). */
export function BudgetLedgerDrawer(props: {
  node: { id: number; label: string } | null;
  period: string;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const rows = useQuery({
    ...budgetLedgerQuery(props.node?.id ?? 0, props.period, page),
    enabled: !!props.node,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer
      open={!!props.node}
      onClose={props.onClose}
      size={920}
      title={`预算台账：${props.node?.label ?? ''} ${budgetPeriodText(props.period)}`}
      data-testid="budget-ledger"
    >
      <Table<Row>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data?.items ?? []}
        locale={{ emptyText: '空空如也~' }}
        scroll={{ x: 860 }}
        pagination={{ current: page, pageSize: 10, total: rows.data?.page.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: '单据编号',
            dataIndex: 'bill_number',
            width: 170,
            render: (v: string, r) => <Link to={`/bill/detail?id=${r.bill_id}`}>{v || `#${r.bill_id}`}</Link>,
          },
          { title: '事由', dataIndex: 'bill_title', width: 140, ellipsis: true },
          { title: '提交人', dataIndex: 'submitter_name', width: 90 },
          {
            title: '类型',
            dataIndex: 'kind',
            width: 70,
            render: (k: string, r) => <Tag color={KIND_COLOR[k]}>{r.kindText}</Tag>,
          },
          {
            title: '金额',
            dataIndex: 'amount',
            width: 100,
            align: 'right',
            render: (f: number) => formatMoney(f),
          },
          { title: '超预算', dataIndex: 'over_amount', width: 90, align: 'right', render: money },
          { title: '个人承担', dataIndex: 'personal_amount', width: 90, align: 'right', render: money },
          {
            title: '时间',
            dataIndex: 'created_at',
            width: 110,
            render: (ms: number) => (
              <Typography.Text type="secondary">{formatDateTime(ms, 'MM-DD HH:mm')}</Typography.Text>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
