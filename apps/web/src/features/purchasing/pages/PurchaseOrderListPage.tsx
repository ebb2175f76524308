import { Card, DatePicker, Input, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatMoney, PurchaseOrderListBody, TaskOperatingType } from '@feikong/contracts';
import type { PurchaseOrderRow } from '@/api/purchasing';
import { Modal } from 'antd';
import { useAccess } from '@/components/Access';
import {
  dayRange,
  ListTable,
  moneyColumn,
  rangeToMs,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
} from '@/components/ListPage';
import { useExportTracking } from '@/features/common';
import { orderInfoQuery, orderListQuery, PURCHASE_PERM } from '../queries';

const sec = (ms: number | undefined) => (ms === undefined ? undefined : Math.floor(ms / 1000));
const ms = (s: number | undefined) => (s === undefined ? undefined : s * 1000);
const day = (s: number) => formatDateTime(s * 1000, 'YYYY-MM-DD');

function OrderDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const info = useQuery(orderInfoQuery(id));
  return (
    <Modal
      open
      width={820}
      footer={null}
      onCancel={onClose}
      title={`采购订单 ${info.data?.order_number ?? ''}`}
    >
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        loading={info.isPending}
        dataSource={info.data?.lines ?? []}
        columns={[
          { title: '采购任务', dataIndex: 'task_number' },
          { title: '申请单号', dataIndex: 'bill_number' },
          { title: '品名', dataIndex: 'name' },
          { title: '规格', dataIndex: 'spec' },
          { title: '数量', dataIndex: 'quantity', align: 'right' },
          { title: '单价', dataIndex: 'price', align: 'right', render: (f: number) => formatMoney(f) },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (f: number) => formatMoney(f) },
        ]}
      />
    </Modal>
  );
}

/**
 * 采购订单 (purchasing/PurchaseOrderList): orders placed against task lines; filters by number and the
 * `_purchase_date` / `_pay_time` ranges (min/max seconds); a row shows its lines with the task and the
 * application each came from; 导出 is task type 155.
 */
export default function PurchaseOrderListPage() {
  const { can } = useAccess();
  const u = useListParams(PurchaseOrderListBody, SNAKE_PAGE);
  const q = u.query;
  const list = useQuery({
    ...orderListQuery(q),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const [open, setOpen] = useState<number | null>(null);
  const { trackExport } = useExportTracking();
  const { page_num: _p, page_size: _s, ...filters } = q;

  const columns: ListColumn<PurchaseOrderRow>[] = [
    {
      title: '订单编号',
      role: 'key',
      dataIndex: 'order_number',
      width: 150,
      render: (v: string, r) => <Typography.Link onClick={() => setOpen(r.id)}>{v}</Typography.Link>,
    },
    { title: '供应商', dataIndex: 'supplier', width: 160, ellipsis: true },
    moneyColumn<PurchaseOrderRow>('金额', 'amount', { width: 110 }),
    { title: '下单日期', dataIndex: 'purchase_date', width: 105, render: (s: number) => day(s) },
    {
      title: '付款时间',
      dataIndex: 'pay_time',
      width: 160,
      render: (s: number | null) => (s === null ? '—' : formatDateTime(s * 1000)),
    },
    { title: '明细数', dataIndex: 'line_count', width: 70 },
    { title: '下单人', dataIndex: 'created_by_name', width: 90 },
  ];
  return (
    <Card title="采购订单" className="fk-panel" data-testid="purchase-order-list">
      <ListTable<PurchaseOrderRow>
        query={list}
        paging={{ pageNum: u.pageNum, pageSize: u.pageSize, setPage: u.setPage, total: list.data?.total }}
        what="「采购订单」"
        columns={columns}
        exportTask={
          can([PURCHASE_PERM.orderView, PURCHASE_PERM.orderEdit])
            ? {
                operatingType: TaskOperatingType.purchaseOrderExport,
                params: { ...filters },
                fileName: '采购订单.xlsx',
                track: trackExport,
              }
            : undefined
        }
        filters={
          <Space wrap>
            <Input.Search
              allowClear
              placeholder="订单编号"
              style={{ width: 180 }}
              defaultValue={q.order_number}
              onSearch={(v) => u.set({ order_number: v.trim() || undefined })}
            />
            <DatePicker.RangePicker
              placeholder={['下单日期起', '下单日期止']}
              value={dayRange(ms(q.min_purchase_date), ms(q.max_purchase_date))}
              onChange={(r) => {
                const { min, max } = rangeToMs(r);
                u.set({ min_purchase_date: sec(min), max_purchase_date: sec(max) });
              }}
            />
            <DatePicker.RangePicker
              placeholder={['付款时间起', '付款时间止']}
              value={dayRange(ms(q.min_pay_time), ms(q.max_pay_time))}
              onChange={(r) => {
                const { min, max } = rangeToMs(r);
                u.set({ min_pay_time: sec(min), max_pay_time: sec(max) });
              }}
            />
          </Space>
        }
      />
      {open !== null && <OrderDetail id={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
