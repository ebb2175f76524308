import { Card, Descriptions, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatMoney } from '@feikong/contracts';
import { paymentApi } from '@/api/payment';
import { PAYMENT_KEY } from '../queries';

const COLOR: Record<string, string> = { unpaid: 'default', paying: 'processing', paid: 'success' };

/**
 * 支付信息 on a document's detail (bill/BillDetail): its pay status, and once paid when, by whom, how much and
 * to which card (masked). Shown to the submitter and to finance; nothing for anyone else or other documents.
 */
export function BillPaymentBlock({ billId }: { billId: number }) {
  const info = useQuery({
    queryKey: [PAYMENT_KEY, 'bill', billId],
    queryFn: ({ signal }) => paymentApi.billPayment(billId, signal),
  });
  const p = info.data;
  if (!p) return null;
  return (
    <Card className="fk-panel" title="支付信息" size="small" data-testid="bill-payment">
      <Descriptions size="small" column={{ xs: 1, sm: 2, xxl: 3 }}>
        <Descriptions.Item label="支付状态">
          <Tag color={COLOR[p.payStatus] ?? 'default'}>{p.payStatusText}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="支付金额">¥{formatMoney(p.amount)}</Descriptions.Item>
        {p.personalAmount > 0 && (
          <Descriptions.Item label="个人承担">
            <span data-testid="payment-personal">
              ¥{formatMoney(p.personalAmount)}（单据金额 ¥{formatMoney(p.billAmount)}
              ，超预算部分由本人承担，不予支付）
            </span>
          </Descriptions.Item>
        )}
        {p.batchNo && <Descriptions.Item label="付款批次">{p.batchNo}</Descriptions.Item>}
        {p.paidAt !== null && (
          <Descriptions.Item label="支付时间">
            {formatDateTime(p.paidAt, 'YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
        )}
        {p.paidByName && <Descriptions.Item label="付款人">{p.paidByName}</Descriptions.Item>}
        {p.payeeName && (
          <Descriptions.Item label="收款账户">
            {p.payeeName} {p.bankName} {p.accountNoMasked}
          </Descriptions.Item>
        )}
        {p.lastFailReason && (
          <Descriptions.Item label="上次支付失败">
            <Typography.Text type="danger">{p.lastFailReason}</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
