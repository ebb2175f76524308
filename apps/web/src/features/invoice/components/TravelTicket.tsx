import { Descriptions, Modal, Button, Typography } from 'antd';
import { formatMoney } from '@feikong/contracts';
import type { InvoiceDetail } from '@/api/invoice';

/**
 * The detail of a railway ticket (火车票, 电子发票（铁路电子客票）) and of an air itinerary (航空运输电子客票行程单):
 * the journey first — stations or 航段 with the train or flight between them, the date, the seat class —
 * then the passenger (ID number masked), the ticket number and the amounts as the ticket states them
 * (railway: 票价 tax-inclusive, 税额 at 9%; air: 合计, 增值税税额).
 */

export type Travel = NonNullable<InvoiceDetail['travel']>;
export interface TicketView {
  kind: 'train' | 'air';
  number: string;
  billingDate: string;
  /** 分; undefined when not read yet (a draft). */
  total?: number;
  tax?: number;
  amount?: number;
  buyerName?: string;
  buyerTaxId?: string;
  travel: Travel;
}

const dash = (v: string | undefined) => (v ? v : '—');
const money = (fen: number | undefined) => (fen === undefined ? '—' : `¥${formatMoney(fen)}`);

export const TICKET_TITLE = { train: '火车票详情', air: '机票行程单详情' } as const;

export function TicketFields({ view }: { view: TicketView }) {
  const t = view.travel;
  const train = view.kind === 'train';
  return (
    <div data-testid={`ticket-${view.kind}`}>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: '1fr auto 1fr',
          alignItems: 'center',
          padding: '16px 24px',
          marginBottom: 12,
          borderRadius: 8,
          background: train ? '#eef5ff' : '#f3f0ff',
        }}
      >
        <div>
          <Typography.Text type="secondary">{train ? '出发站' : '出发地'}</Typography.Text>
          <div data-testid="ticket-from" style={{ fontSize: 22, fontWeight: 600 }}>
            {dash(t.from)}
          </div>
        </div>
        <div style={{ textAlign: 'center', padding: '0 24px' }}>
          <div data-testid="ticket-run" style={{ fontSize: 18, fontWeight: 600 }}>
            {dash(t.trainOrFlight)}
          </div>
          <div style={{ borderTop: '2px solid #8c8c8c', width: 120, margin: '4px auto' }} />
          <Typography.Text type="secondary">{dash(t.travelDate)}</Typography.Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <Typography.Text type="secondary">{train ? '到达站' : '到达地'}</Typography.Text>
          <div data-testid="ticket-to" style={{ fontSize: 22, fontWeight: 600 }}>
            {dash(t.to)}
          </div>
        </div>
      </div>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'passenger', label: train ? '乘车人' : '旅客姓名', children: dash(t.passenger) },
          { key: 'id', label: '身份证件号码', children: dash(t.idNo) },
          { key: 'run', label: train ? '车次' : '航班号', children: dash(t.trainOrFlight) },
          { key: 'seat', label: train ? '座位类型' : '座位等级', children: dash(t.seatClass) },
          { key: 'date', label: train ? '乘车日期' : '乘机日期', children: dash(t.travelDate) },
          { key: 'ticket', label: train ? '电子客票号' : '电子客票号码', children: dash(t.ticketNo) },
          { key: 'number', label: '发票号码', children: dash(view.number) },
          { key: 'billing', label: '开票日期', children: dash(view.billingDate) },
          { key: 'total', label: train ? '票价' : '合计', children: money(view.total) },
          {
            key: 'tax',
            label: train ? '税额（9%）' : '增值税税额',
            children: money(view.tax),
          },
          { key: 'amount', label: '金额（不含税）', children: money(view.amount) },
          { key: 'buyer', label: '购买方名称', children: dash(view.buyerName) },
        ]}
      />
    </div>
  );
}

/** The ticket in a dialog (发票录入's draft cards open it). */
export function TicketDialog({ view, onClose }: { view: TicketView | null; onClose: () => void }) {
  return (
    <Modal
      open={view !== null}
      title={view ? TICKET_TITLE[view.kind] : ''}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      {view && <TicketFields view={view} />}
    </Modal>
  );
}
