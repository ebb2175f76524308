import { Tag } from 'antd';
import { formatDateTime, yuan } from '@feikong/contracts';
import type { OrgLedgerRow } from '@/api/orgAccount';
import type { ListColumn } from '@/components/ListPage';

const KIND_COLOR: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'cyan', 4: 'orange', 5: 'purple' };

/** The ledger's columns (overview's recent flow, 消费流水, 服务费账单). */
export const ledgerColumns: ListColumn<OrgLedgerRow>[] = [
  { title: '时间', dataIndex: 'created_at', width: 170, render: (v: number) => formatDateTime(v) },
  {
    title: '类型',
    dataIndex: 'kind_name',
    width: 90,
    role: 'status',
    render: (v: string, r) => <Tag color={KIND_COLOR[r.kind]}>{v}</Tag>,
  },
  {
    title: '金额',
    dataIndex: 'delta',
    width: 140,
    role: 'amount',
    render: (v: number) => (
      <span className={v >= 0 ? 'fk-oa-in' : 'fk-oa-out'}>{v >= 0 ? `+${yuan(v)}` : yuan(v)}</span>
    ),
  },
  {
    title: '变动后余额',
    dataIndex: 'balance_after',
    width: 140,
    role: 'amount',
    render: (v: number) => yuan(v),
  },
  { title: '关联单号', dataIndex: 'ref', width: 220, render: (v: string) => v || '-' },
  { title: '说明', dataIndex: 'memo', width: 160 },
  { title: '操作人', dataIndex: 'created_by_name', width: 110, render: (v: string) => v || '系统' },
];
