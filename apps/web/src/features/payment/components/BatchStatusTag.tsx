import { Tag } from 'antd';

const BATCH_COLOR: Record<string, string> = {
  unsent: 'default',
  sent: 'processing',
  done: 'success',
  cancelled: 'warning',
};
const LINE_COLOR: Record<string, string> = {
  pending: 'processing',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A batch's or a line's status as a coloured tag (未发送/已发送/已完成/已取消; 待支付/已支付/支付失败/已取消). */
export function PaymentStatusTag({
  kind,
  status,
  text,
}: {
  kind: 'batch' | 'line';
  status: string;
  text: string;
}) {
  const color = (kind === 'batch' ? BATCH_COLOR : LINE_COLOR)[status] ?? 'default';
  return <Tag color={color}>{text}</Tag>;
}
