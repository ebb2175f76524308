import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '@feikong/contracts';
import { OrderStatus, type OrderListQuery, type TenantOrder } from '@/api/rights';
import { useAccess } from '@/components/Access';
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

const PAGE_SIZE = 10;
const STATUS_OPTIONS = Object.entries(ORDER_STATUS_TAG).map(([value, t]) => ({
  value: Number(value),
  label: t.text,
}));
const TYPE_OPTIONS = [
  { value: 1, label: '产品版本' },
  { value: 2, label: '增值产品' },
];

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * 订单记录 (/setcenter/rightRecharge/tenantOrder): the tenant's orders with status tags, amounts and
 * times; filters and paging live in the URL; ?order_id= opens the detail drawer (also from a
 * notification). Exempt from the expiry prompt.
 */
export default function TenantOrderPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { can } = useAccess();
  const q: OrderListQuery = {
    page_num: num(params.get('page')) ?? 1,
    page_size: PAGE_SIZE,
    status: num(params.get('status')),
    order_type: num(params.get('order_type')),
    order_no: params.get('order_no')?.trim() || undefined,
  };
  const orders = useQuery({ ...ordersQuery(q), placeholderData: keepPreviousData });
  const detailId = num(params.get('order_id')) ?? null;

  const update = (patch: Record<string, string | number | undefined>, resetPage = true) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === '') p.delete(k);
        else p.set(k, String(v));
      }
      if (resetPage) p.delete('page');
      return p;
    });

  const columns: TableColumnsType<TenantOrder> = [
    {
      title: '订单号',
      dataIndex: 'order_no',
      width: 230,
      render: (v: string, o) => (
        <Typography.Link onClick={() => update({ order_id: o.id }, false)} className="fk-rr-mono">
          {v}
        </Typography.Link>
      ),
    },
    {
      title: '商品',
      dataIndex: 'item_name',
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
    {
      title: '订单金额',
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      render: (v: number) => <span className="fk-rr-money">{priceText(v)}</span>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 130,
      render: (v: number, o) => {
        const t = orderStatusTag(v, o.status_name);
        return <Tag color={t.color}>{t.text}</Tag>;
      },
    },
    { title: '下单人', dataIndex: 'creator_name', width: 110, render: (v: string) => v || '-' },
    { title: '下单时间', dataIndex: 'created_at', width: 170, render: (v: number) => formatDateTime(v) },
    {
      title: '操作',
      width: 130,
      fixed: 'right',
      render: (_, o) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => update({ order_id: o.id }, false)}>
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
      <div className="fk-toolbar">
        <Space wrap>
          <Input.Search
            placeholder="请输入订单号"
            allowClear
            defaultValue={q.order_no}
            onSearch={(v) => update({ order_no: v.trim() })}
            style={{ width: 240 }}
          />
          <Select
            placeholder="订单状态"
            allowClear
            value={q.status}
            onChange={(v?: number) => update({ status: v })}
            options={STATUS_OPTIONS}
            style={{ width: 150 }}
          />
          <Select
            placeholder="订单类型"
            allowClear
            value={q.order_type}
            onChange={(v?: number) => update({ order_type: v })}
            options={TYPE_OPTIONS}
            style={{ width: 130 }}
          />
        </Space>
        {can([RIGHTS_PERM.buy]) && (
          <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => navigate(purchasePath())}>
            购买权益
          </Button>
        )}
      </div>
      <Table<TenantOrder>
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.items ?? []}
        loading={orders.isFetching && !orders.data}
        scroll={{ x: 1100 }}
        pagination={{
          current: q.page_num,
          pageSize: PAGE_SIZE,
          total: orders.data?.page.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          showSizeChanger: false,
          onChange: (page) => update({ page: page === 1 ? undefined : page }, false),
        }}
      />
      <OrderDrawer orderId={detailId} onClose={() => update({ order_id: undefined }, false)} />
    </Card>
  );
}
