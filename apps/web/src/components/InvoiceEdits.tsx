import { Space, Tag, Typography } from 'antd';
import { formatMoney, MONEY_FIELDS, type InvoiceFieldEdit } from '@feikong/contracts';

/**
 * 已修改: the fields of an invoice corrected after OCR, each with the value recognised from the file
 * (decision 0035). Shown wherever someone judges the invoice: its detail, a document's invoice list.
 */
export function editedText(e: InvoiceFieldEdit, which: 'original' | 'value'): string {
  const v = e[which];
  if (v === null || v === '') return '未识别';
  return typeof v === 'number' && MONEY_FIELDS.includes(e.field) ? `¥${formatMoney(v)}` : String(v);
}

export function InvoiceEdits({ edits, compact }: { edits: InvoiceFieldEdit[]; compact?: boolean }) {
  if (edits.length === 0) return null;
  return (
    <Space
      data-testid="invoice-edits"
      orientation="vertical"
      size={0}
      style={{ fontSize: 12, lineHeight: '20px', ...(compact ? { marginLeft: 18 } : {}) }}
    >
      {edits.map((e) => (
        <span key={e.field} data-testid={`invoice-edit-${e.field}`}>
          <Tag color="orange" style={{ fontSize: 12, marginInlineEnd: 4 }}>
            已修改
          </Tag>
          {e.label}：{editedText(e, 'value')}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
            原识别值：{editedText(e, 'original')}
          </Typography.Text>
        </span>
      ))}
    </Space>
  );
}
