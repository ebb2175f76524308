import { Button, Descriptions, Drawer, Result, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@feikong/contracts';
import { OrderStatus, type TenantOrder } from '@/api/rights';
import { orderQuery } from '../hooks/rights';
import { ReceiptList } from './Receipts';
import { cashierPath, monthsText, orderStatusTag, priceText } from '../rules';

/** 订单详情: the order, the submitted transfer, the receiving account and what happened when. */
export function OrderDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const open = orderId !== null;
  const order = useQuery({ ...orderQuery(orderId ?? 0), enabled: open });
  const navigate = useNavigate();
  const o = order.data;
  const canPay = o && (o.status === OrderStatus.pending || o.status === OrderStatus.paid);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={560}
      title="订单详情"
      destroyOnHidden
      data-testid="order-drawer"
      extra={
        canPay ? (
          <Button type="primary" onClick={() => navigate(cashierPath(o.id))}>
            {o.status === OrderStatus.pending ? '去支付' : '查看支付进度'}
          </Button>
        ) : undefined
      }
    >
      {order.isPending && <Skeleton active paragraph={{ rows: 10 }} />}
      {order.isError && <Result status="404" title="订单不存在" subTitle="订单可能不属于当前组织。" />}
      {o && <OrderDetail order={o} />}
    </Drawer>
  );
}

function OrderDetail({ order: o }: { order: TenantOrder }) {
  const tag = orderStatusTag(o.status, o.status_name);
  const b = o.bank_pay;
  const events = [
    { at: o.created_at, text: `${o.creator_name || '下单人'} 提交订单`, color: 'blue' },
    ...(o.paid_at ? [{ at: o.paid_at, text: '提交对公转账信息，等待平台确认', color: 'blue' }] : []),
    ...(o.completed_at ? [{ at: o.completed_at, text: '平台确认到账，订单完成', color: 'green' }] : []),
    ...(o.cancelled_at ? [{ at: o.cancelled_at, text: '订单已取消', color: 'gray' }] : []),
  ];
  return (
    <Space orientation="vertical" size={20} style={{ width: '100%' }}>
      <div className="fk-rr-drawer-head">
        <div>
          <div className="fk-rr-strong">{o.item_name}</div>
          <Typography.Text type="secondary" copyable={{ text: o.order_no }}>
            订单号 {o.order_no}
          </Typography.Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <div className="fk-rr-amount">{priceText(o.amount)}</div>
          <Tag color={tag.color}>{tag.text}</Tag>
        </div>
      </div>
      <Descriptions
        title="订单信息"
        bordered
        size="small"
        column={1}
        items={[
          { key: 'type', label: '订单类型', children: o.order_type_name || '-' },
          {
            key: 'len',
            label: o.months ? '购买时长' : '购买数量',
            children: o.months ? monthsText(o.months) : `${o.quantity} 份`,
          },
          { key: 'unit', label: '单价', children: priceText(o.unit_price) },
          { key: 'amount', label: '订单金额', children: priceText(o.amount) },
          { key: 'by', label: '下单人', children: o.creator_name || '-' },
          { key: 'at', label: '下单时间', children: formatDateTime(o.created_at) },
          { key: 'invoice', label: '开票状态', children: o.invoiced ? '已开票' : '未开票' },
        ]}
      />
      {b && (
        <Descriptions
          title="转账信息"
          bordered
          size="small"
          column={1}
          items={[
            { key: 'name', label: '付款账户名', children: b.payer_account_name || '-' },
            { key: 'bank', label: '付款银行', children: b.payer_bank || '-' },
            { key: 'no', label: '付款账号', children: b.payer_account_no || '-' },
            { key: 'amount', label: '转账金额', children: priceText(b.transfer_amount) },
            { key: 'time', label: '转账时间', children: formatDateTime(b.transfer_time) },
            { key: 'remark', label: '备注', children: b.remark || '-' },
            { key: 'receipts', label: '转账凭证', children: <ReceiptList receipts={b.receipts} /> },
            ...(b.receipt_url
              ? [
                  {
                    key: 'receipt_url',
                    label: '电子回单链接',
                    children: (
                      <Typography.Link href={b.receipt_url} target="_blank" rel="noreferrer">
                        打开链接
                      </Typography.Link>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <Descriptions
        title="收款账户"
        bordered
        size="small"
        column={1}
        items={[
          { key: 'name', label: '户名', children: o.payee.account_name },
          { key: 'bank', label: '开户行', children: o.payee.bank_name },
          { key: 'no', label: '账号', children: o.payee.account_no },
        ]}
      />
      <div>
        <div className="fk-rr-section-title">订单进度</div>
        <Timeline
          items={events.map((e) => ({
            color: e.color,
            content: (
              <div>
                <div>{e.text}</div>
                <div className="fk-rr-muted">{formatDateTime(e.at)}</div>
              </div>
            ),
          }))}
        />
      </div>
    </Space>
  );
}
