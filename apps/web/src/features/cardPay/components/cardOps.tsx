import { Button, Space } from 'antd';
import { CardStatus, type CardOp } from '@feikong/contracts';

/** The admin actions a card in this status offers: 冻结 or 解冻, and 注销 (none once cancelled). */
export function opsOf(status: number): CardOp[] {
  if (status === CardStatus.cancelled) return [];
  return [status === CardStatus.frozen ? 'unfreeze' : 'freeze', 'cancel'];
}
const LABEL: Record<CardOp, string> = { freeze: '冻结', unfreeze: '解冻', cancel: '注销' };

export function CardOpButtons({
  status,
  onOp,
  size = 'small',
  type = 'link',
}: {
  status: number;
  onOp: (op: CardOp) => void;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}) {
  return (
    <Space size={type === 'link' ? 0 : 8}>
      {opsOf(status).map((op) => (
        <Button key={op} type={type} size={size} danger={op === 'cancel'} onClick={() => onOp(op)}>
          {LABEL[op]}
        </Button>
      ))}
    </Space>
  );
}
