import { App, Button, Descriptions, Drawer, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatMoney } from '@feikong/contracts';
import { purchasingApi, type PurchaseOrderRow, type PurchaseTaskLine } from '@/api/purchasing';
import { useAccess } from '@/components/Access';
import {
  orderListQuery,
  PURCHASE_PERM,
  purchaseTaskPrintUrl,
  taskInfoQuery,
  usePurchasingMutation,
} from '../queries';
import { PurchaseOrderDialog } from './PurchaseOrderDialog';

const STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'default' };
const day = (ms: number) => formatDateTime(ms, 'YYYY-MM-DD');

/**
 * A 采购任务: its head (buyer, by when, amount and what the orders came to), its lines (ordered of quantity),
 * its orders; 下单 (purchaseOrder:edit) places an order against its lines, 终止 (purchaseTask:edit) refuses new
 * orders, 打印 opens the printable detail.
 */
export function PurchaseTaskDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { can } = useAccess();
  const { message } = App.useApp();
  const info = useQuery(taskInfoQuery(id));
  const orders = useQuery(orderListQuery({ purchase_task_id: id, page_num: 1, page_size: 50 }));
  const stop = usePurchasingMutation(purchasingApi.stopTask);
  const [ordering, setOrdering] = useState(false);
  const t = info.data?.purchase_task_info;
  const lines = info.data?.product_info ?? [];
  const open = t?.status === 1;

  return (
    <Drawer
      open
      width={860}
      onClose={onClose}
      title={t ? `采购任务 ${t.task_number}` : '采购任务'}
      data-testid="purchase-task-drawer"
      extra={
        t && (
          <Space>
            <Button onClick={() => window.open(purchaseTaskPrintUrl(id), '_blank')}>打印</Button>
            {can([PURCHASE_PERM.orderEdit]) && open && (
              <Button type="primary" onClick={() => setOrdering(true)}>
                下单
              </Button>
            )}
            {can([PURCHASE_PERM.taskEdit]) && t.status !== 3 && (
              <Popconfirm
                title="终止后不能再下单，确定终止该采购任务吗？"
                onConfirm={() => stop.mutate(id, { onSuccess: () => void message.success('采购任务已终止') })}
              >
                <Button danger loading={stop.isPending}>
                  终止
                </Button>
              </Popconfirm>
            )}
          </Space>
        )
      }
    >
      {t && (
        <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="状态">
            <Tag color={STATUS_COLOR[t.status]} data-testid="task-status">
              {t.statusText}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="采购人">{t.purchase_user}</Descriptions.Item>
          <Descriptions.Item label="采购日期">{day(t.purchase_date * 1000)}</Descriptions.Item>
          <Descriptions.Item label="申请单号">{t.bill_number}</Descriptions.Item>
          <Descriptions.Item label="申请人">{t.applicant_name}</Descriptions.Item>
          <Descriptions.Item label="标题">{t.title}</Descriptions.Item>
          <Descriptions.Item label="金额">
            <span data-testid="task-amount">¥{formatMoney(t.amount)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="实际金额">
            <span data-testid="task-real-amount">¥{formatMoney(t.real_amount)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="明细数">{t.line_count}</Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Title level={5}>采购明细</Typography.Title>
      <Table<PurchaseTaskLine>
        size="small"
        rowKey="id"
        pagination={false}
        loading={info.isPending}
        dataSource={lines}
        data-testid="task-lines"
        columns={[
          { title: '品名', dataIndex: 'name' },
          { title: '规格', dataIndex: 'spec' },
          { title: '数量', dataIndex: 'quantity', width: 70, align: 'right' },
          { title: '已下单', dataIndex: 'ordered_quantity', width: 70, align: 'right' },
          {
            title: '单价',
            dataIndex: 'price',
            width: 100,
            align: 'right',
            render: (f: number) => formatMoney(f),
          },
          {
            title: '金额',
            dataIndex: 'amount',
            width: 110,
            align: 'right',
            render: (f: number) => formatMoney(f),
          },
          {
            title: '实际金额',
            dataIndex: 'real_amount',
            width: 110,
            align: 'right',
            render: (f: number) => formatMoney(f),
          },
          { title: '期望到货', dataIndex: 'expect_date', width: 105, render: (ms: number) => day(ms) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        采购订单
      </Typography.Title>
      <Table<PurchaseOrderRow>
        size="small"
        rowKey="id"
        pagination={false}
        loading={orders.isPending}
        dataSource={orders.data?.items ?? []}
        data-testid="task-orders"
        locale={{ emptyText: '暂无订单' }}
        columns={[
          { title: '订单编号', dataIndex: 'order_number' },
          { title: '供应商', dataIndex: 'supplier' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (f: number) => formatMoney(f) },
          { title: '下单日期', dataIndex: 'purchase_date', render: (s: number) => day(s * 1000) },
          { title: '下单人', dataIndex: 'created_by_name' },
        ]}
      />
      {ordering && <PurchaseOrderDialog lines={lines} onClose={() => setOrdering(false)} />}
    </Drawer>
  );
}
