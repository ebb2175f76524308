import { Drawer, Segmented, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { budgetPeriodText, formatDateTime, formatMoney, type BudgetAnalysisKind } from '@feikong/contracts';
import type { BudgetAnalysisLinesData } from '@/api/budget';
import { ListTable, moneyColumn, type ListColumn } from '@/components/ListPage';
import { budgetAnalysisLinesQuery } from '../queries';

type Row = BudgetAnalysisLinesData['items'][number];
export interface AnalysisTarget {
  node_id: number;
  label: string;
  period?: string;
  kind: BudgetAnalysisKind;
}
const STATUS_COLOR: Record<string, string> = { approved: 'green', approving: 'blue', paid: 'gold' };
const KIND_OPTIONS: { value: BudgetAnalysisKind; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'occupied', label: '预占' },
  { value: 'used', label: '已用' },
];

const COLUMNS: ListColumn<Row>[] = [
  {
    title: '单据编号',
    role: 'key',
    dataIndex: 'bill_number',
    width: 170,
    render: (v: string, r) => <Link to={`/bill/detail?id=${r.bill_id}`}>{v || `#${r.bill_id}`}</Link>,
  },
  { title: '事由', dataIndex: 'title', width: 150, ellipsis: true },
  { title: '提交人', dataIndex: 'submitter_name', width: 90 },
  { title: '部门', dataIndex: 'dept_name', width: 90, ellipsis: true },
  {
    title: '状态',
    role: 'status',
    dataIndex: 'status',
    width: 90,
    render: (s: string, r) => <Tag color={STATUS_COLOR[s]}>{r.statusText}</Tag>,
  },
  moneyColumn<Row>('预占', 'occupied', { width: 110 }),
  moneyColumn<Row>('已用', 'used', { width: 110 }),
  moneyColumn<Row>('超预算', 'over_amount', {
    width: 100,
    render: (f: number) => (f ? formatMoney(f) : '—'),
  }),
  {
    title: '最近变动',
    dataIndex: 'last_at',
    width: 110,
    render: (ms: number) => (
      <Typography.Text type="secondary">{formatDateTime(ms, 'MM-DD HH:mm')}</Typography.Text>
    ),
  },
];

/** The documents behind a figure of 预算分析: what each holds (预占) and has used of the node, each opening 单据详情. */
export function BudgetAnalysisDrawer({
  target,
  onKind,
  onClose,
}: {
  target: AnalysisTarget | null;
  onKind: (kind: BudgetAnalysisKind) => void;
  onClose: () => void;
}) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const lines = useQuery({
    ...budgetAnalysisLinesQuery({
      node_id: target?.node_id ?? 0,
      period: target?.period,
      kind: target?.kind ?? 'all',
      page_num: page.pageNum,
      page_size: page.pageSize,
    }),
    enabled: target !== null,
    placeholderData: keepPreviousData,
  });
  const sums = lines.data;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={1080}
      destroyOnHidden
      title={
        target
          ? `单据明细：${target.label}${target.period ? ` · ${budgetPeriodText(target.period)}` : ''}`
          : '单据明细'
      }
      data-testid="budget-analysis-lines"
    >
      <ListTable<Row>
        rowKey={(r) => `${r.source_type}-${r.bill_id}`}
        query={lines}
        what="「单据明细」"
        unit="张单据"
        columns={COLUMNS}
        paging={{
          pageNum: page.pageNum,
          pageSize: page.pageSize,
          total: sums?.page.total,
          setPage: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        filters={
          <Segmented<BudgetAnalysisKind>
            value={target?.kind ?? 'all'}
            options={KIND_OPTIONS}
            onChange={(k) => {
              setPage((p) => ({ ...p, pageNum: 1 }));
              onKind(k);
            }}
            aria-label="金额类型"
          />
        }
        actions={
          sums && (
            <Space data-testid="budget-analysis-lines-sum">
              <span>合计预占 ¥{formatMoney(sums.occupied)}</span>
              <span>已用 ¥{formatMoney(sums.used)}</span>
            </Space>
          )
        }
      />
    </Drawer>
  );
}
