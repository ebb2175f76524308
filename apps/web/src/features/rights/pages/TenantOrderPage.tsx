import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime, OrderListBody } from '@feikong/contracts';
import { OrderStatus, type TenantOrder } from '@/api/rights';
import { useAccess } from '@/components/Access';
import {
  ListSearch,
  ListTable,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
  ListSelect,
} from '@/components/ListPage';
import { OrderDrawer } from '../components/OrderDrawer';
import { ordersQuery } from '../hooks/rights';
import {
  cashierPath,
  monthsText,
  ORDER_STATUS_TAG,
  orderStatusTag,
  priceText,
  purchasePath,
  RIGHTS_PERM,
} from '../rules';
import '../rights.css';

const STATUS_OPTIONS = Object.entries(ORDER_STATUS_TAG).map(([value, t]) => ({
  value: Number(value),
  label: t.text,
}));
const TYPE_OPTIONS = [
  { value: 1, label: '产品版本' },
  { value: 2, label: '增值产品' },
];

/**
 * 订单记录 (/setcenter/rightRecharge/tenantOrder): the tenant's orders with status tags, amounts and
 * times; filters and paging live in the URL; ?order_id= opens the detail drawer (also from a
 * notification). Exempt from the expiry prompt.
 */
export default function TenantOrderPage() {
  const u = useListParams(OrderListBody, SNAKE_PAGE);
  const navigate = useNavigate();
  const { can } = useAccess();
  const q = u.query;
  const orders = useQuery({ ...ordersQuery(q), placeholderData: keepPreviousData });
  // The open order is outside the contract's filters (a notification links to it).
  const detailId = /^\d+$/.test(u.raw('order_id')) ? Number(u.raw('order_id')) : null;
  const openOrder = (id: number | undefined) => u.setRaw({ order_id: id }, true);

  const columns: ListColumn<TenantOrder>[] = [
    {
      title: '订单号',
      dataIndex: 'order_no',
      width: 230,
      role: 'key',
      render: (v: string, o) => (
        <Typography.Link onClick={() => openOrder(o.id)} className="fk-rr-mono">
          {v}
        </Typography.Link>
      ),
    },
    {
      title: '订单金额',
      dataIndex: 'amount',
      width: 120,
      role: 'amount',
      render: (v: number) => <span className="fk-rr-money">{priceText(v)}</span>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 130,
      role: 'status',
      render: (v: number, o) => {
        const t = orderStatusTag(v, o.status_name);
        return <Tag color={t.color}>{t.text}</Tag>;
      },
    },
    {
      title: '商品',
      dataIndex: 'item_name',
      width: 220,
      render: (v: string, o) => (
        <div className="fk-rr-item-cell">
          <span>{v}</span>
          <span className="fk-rr-muted">{o.order_type_name}</span>
        </div>
      ),
    },
    {
      title: '时长 / 数量',
      width: 100,
      render: (_, o) => (o.months ? monthsText(o.months) : `${o.quantity} 份`),
    },
    { title: '下单人', dataIndex: 'creator_name', width: 110, render: (v: string) => v || '-' },
    { title: '下单时间', dataIndex: 'created_at', width: 170, render: (v: number) => formatDateTime(v) },
    {
      title: '操作',
      width: 130,
      fixed: 'right',
      render: (_, o) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => openOrder(o.id)}>
            详情
          </Button>
          {o.status === OrderStatus.pending && can([RIGHTS_PERM.buy]) && (
            <Button type="link" size="small" onClick={() => navigate(cashierPath(o.id))}>
              去支付
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card className="fk-rr-orders" data-testid="tenant-orders">
      <ListTable<TenantOrder>
        query={orders}
        what="「订单」"
        paging={u}
        columns={columns}
        filters={
          <>
            <ListSearch
              value={q.order_no}
              placeholder="请输入订单号"
              onSearch={(v) => u.set({ order_no: v })}
            />
            <ListSelect u={u} field="status" placeholder="订单状态" options={STATUS_OPTIONS} width={150} />
            <ListSelect u={u} field="order_type" placeholder="订单类型" options={TYPE_OPTIONS} width={130} />
          </>
        }
        actions={
          can([RIGHTS_PERM.buy]) && (
            <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => navigate(purchasePath())}>
              购买权益
            </Button>
          )
        }
      />
      <OrderDrawer orderId={detailId} onClose={() => openOrder(undefined)} />
    </Card>
  );
}
