import { Descriptions, Table, Tag, type TableColumnsType } from 'antd';
import { formatMoney } from '@feikong/contracts';
import type { VoucherLine } from '@/api/invoiceVoucher';

export interface VoucherSheetProps {
  /** 记-202611-0001, or the number the preview expects. */
  number: string;
  numberHint?: string;
  orgName: string;
  voucherDate: number;
  invoiceCount: number;
  lines: VoucherLine[];
  debitTotal: number;
  creditTotal: number;
  creatorName?: string;
  voided?: boolean;
}

/**
 * A China calendar day (stored as its start in UTC+8 ms: voucher and billing dates) as YYYY-MM-DD,
 * whatever the browser's time zone.
 */
export const chinaDate = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '' : new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

const money = (fen: number) => (fen === 0 ? '' : formatMoney(fen));

/** A 记账凭证 as accountants read it: 摘要 / 会计科目 / 借方金额 / 贷方金额 with the 合计 row. */
export function VoucherSheet(p: VoucherSheetProps) {
  const columns: TableColumnsType<VoucherLine> = [
    { title: '摘要', dataIndex: 'summary', width: '32%' },
    {
      title: '会计科目',
      key: 'account',
      render: (_: unknown, l: VoucherLine) => `${l.accountCode} ${l.accountName}`,
    },
    { title: '借方金额', dataIndex: 'debit', align: 'right', width: 150, render: money },
    { title: '贷方金额', dataIndex: 'credit', align: 'right', width: 150, render: money },
  ];
  const balanced = p.debitTotal === p.creditTotal;
  return (
    <div
      data-testid="voucher-sheet"
      style={{ border: '1px solid #d9d9d9', padding: 16, background: '#fffef8' }}
    >
      <div style={{ textAlign: 'center', fontSize: 20, fontWeight: 600, letterSpacing: 8, marginBottom: 8 }}>
        记账凭证
        {p.voided && (
          <Tag color="red" style={{ marginLeft: 12, letterSpacing: 0 }}>
            已作废
          </Tag>
        )}
      </div>
      <Descriptions
        size="small"
        column={4}
        items={[
          { key: 'org', label: '核算单位', children: p.orgName },
          { key: 'date', label: '凭证日期', children: chinaDate(p.voucherDate) },
          {
            key: 'no',
            label: '凭证号',
            children: (
              <span data-testid="voucher-number">
                {p.number}
                {p.numberHint && <span style={{ color: '#8c8c8c' }}>{p.numberHint}</span>}
              </span>
            ),
          },
          { key: 'count', label: '附单据', children: `${p.invoiceCount} 张` },
        ]}
      />
      <Table<VoucherLine>
        rowKey="lineNo"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={p.lines}
        summary={() => (
          <Table.Summary.Row style={{ fontWeight: 600 }}>
            <Table.Summary.Cell index={0} colSpan={2}>
              合计
              {!balanced && (
                <Tag color="red" style={{ marginLeft: 8 }}>
                  借贷不平衡
                </Tag>
              )}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <span data-testid="voucher-debit-total">{formatMoney(p.debitTotal)}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <span data-testid="voucher-credit-total">{formatMoney(p.creditTotal)}</span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {p.creatorName !== undefined && (
        <div style={{ marginTop: 8, color: '#595959' }}>制单：{p.creatorName || '—'}</div>
      )}
    </div>
  );
}
