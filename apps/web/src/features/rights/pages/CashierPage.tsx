import { Button, Card, Result, Skeleton, Steps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '@feikong/contracts';
import { OrderStatus } from '@/api/rights';
import { RequestError } from '@/api/http/request';
import { orderQuery } from '../hooks/rights';
import { purchasePath } from '../rules';
import { OrderSummary, StatusResult, TransferSection } from '../components/CashierOrder';
import '../rights.css';

/** Poll while the operator has not confirmed yet, so the page turns to 已完成 by itself. */
const AWAITING_POLL_MS = 10_000;

/**
 * 收银台 (/setcenter/rightRecharge/cashier?order_id=…, spec §2.3, §7.4): the order summary and the
 * bank transfer — our receiving account (server config), then the payer's details and 1–3 transfer
 * receipts (uploaded one by one as they are chosen) → PUT tenant/order/bank-pay:confirm.
 * After that the order waits for the platform operator to confirm the money arrived (待确认).
 * Exempt from the expiry prompt.
 */
export default function CashierPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = Number(params.get('order_id'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const order = useQuery({
    ...orderQuery(orderId),
    enabled: valid,
    refetchInterval: (q) => (q.state.data?.status === OrderStatus.paid ? AWAITING_POLL_MS : false),
  });
  const [editing, setEditing] = useState(false);

  if (!valid || order.isError) {
    const notFound = !valid || (order.error instanceof RequestError && order.error.status === 404);
    return (
      <Card>
        <Result
          status={notFound ? '404' : 'warning'}
          title={notFound ? '订单不存在' : '订单加载失败'}
          subTitle={notFound ? '订单可能已被删除，或不属于当前组织。' : '请检查网络后重试。'}
          extra={
            <Button type="primary" onClick={() => navigate(purchasePath())}>
              返回权益购买
            </Button>
          }
        />
      </Card>
    );
  }
  if (order.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const o = order.data;
  const status = o.status;
  const showForm = status === OrderStatus.pending || (status === OrderStatus.paid && editing);

  return (
    <div className="fk-rr-page" data-testid="cashier-page">
      <Card>
        <Steps
          current={stepOf(status)}
          status={status === OrderStatus.cancelled ? 'error' : undefined}
          items={[
            { title: '提交订单', content: formatDateTime(o.created_at, 'MM-DD HH:mm') },
            {
              title: '对公转账',
              content: o.paid_at ? formatDateTime(o.paid_at, 'MM-DD HH:mm') : '填写转账信息',
            },
            {
              title: status === OrderStatus.cancelled ? '订单已取消' : '平台确认',
              content:
                status === OrderStatus.cancelled ? formatDateTime(o.cancelled_at, 'MM-DD HH:mm') : '核对到账',
            },
            {
              title: '开通完成',
              content: o.completed_at ? formatDateTime(o.completed_at, 'MM-DD HH:mm') : undefined,
            },
          ]}
        />
      </Card>
      <OrderSummary order={o} />
      {showForm ? (
        <TransferSection order={o} onDone={() => setEditing(false)} />
      ) : (
        <StatusResult order={o} onEdit={() => setEditing(true)} />
      )}
    </div>
  );
}

function stepOf(status: number): number {
  if (status === OrderStatus.pending) return 1;
  if (status === OrderStatus.paid) return 2;
  if (status === OrderStatus.completed) return 4;
  return 2;
}
