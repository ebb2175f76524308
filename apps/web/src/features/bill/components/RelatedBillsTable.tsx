import { Table, Typography, type TableColumnsType } from 'antd';
import { BillCreateType, formatDateTime } from '@feikong/contracts';

/** A connected receipt (关联单据) with the spec's columns. createType: 2 (or system) = 系统创建, else 手动创建. */
export interface RelatedBill {
  id: number;
  billNumber: string;
  createType: number | string;
  name: string;
  /** Epoch ms. */
  time: number | null;
  submitterName: string;
  deptName: string;
  orgName: string;
}

/** 系统创建 for documents the system made, 手动创建 for the others (spec §3; BillCreateType: 1 manual, 2 system). */
export const createTypeText = (t: number | string) => {
  if (t === '系统创建' || t === '手动创建') return t;
  return t === BillCreateType.system || t === '2' || String(t).toLowerCase() === 'system'
    ? '系统创建'
    : '手动创建';
};

/**
 * 关联单据: billNumber, createType, name, time, submitterName, deptName, orgName. `onOpen` makes the number a
 * link; `rowSelection` turns it into a picker; `extraColumns` adds, for example, a 移除 button.
 */
export function RelatedBillsTable({
  rows,
  loading,
  onOpen,
  extraColumns = [],
  rowSelection,
  pagination = false,
}: {
  rows: readonly RelatedBill[];
  loading?: boolean;
  onOpen?: (row: RelatedBill) => void;
  extraColumns?: TableColumnsType<RelatedBill>;
  rowSelection?: React.ComponentProps<typeof Table<RelatedBill>>['rowSelection'];
  pagination?: React.ComponentProps<typeof Table<RelatedBill>>['pagination'];
}) {
  const columns: TableColumnsType<RelatedBill> = [
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 170,
      render: (v: string, r) =>
        onOpen ? <Typography.Link onClick={() => onOpen(r)}>{v}</Typography.Link> : v,
    },
    { title: '创建方式', dataIndex: 'createType', width: 90, render: createTypeText },
    { title: '单据名称', dataIndex: 'name', ellipsis: true },
    {
      title: '提交时间',
      dataIndex: 'time',
      width: 150,
      render: (ms: number | null) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    { title: '提交人', dataIndex: 'submitterName', width: 90 },
    { title: '部门', dataIndex: 'deptName', width: 100, render: (v: string) => v || '—' },
    { title: '公司', dataIndex: 'orgName', width: 140, ellipsis: true },
    ...extraColumns,
  ];
  return (
    <Table<RelatedBill>
      data-testid="related-bills"
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows as RelatedBill[]}
      columns={columns}
      rowSelection={rowSelection}
      pagination={pagination}
      locale={{ emptyText: '暂无关联单据' }}
    />
  );
}
