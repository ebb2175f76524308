import { DeleteOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  DatePicker,
  Input,
  Space,
  Table,
  Tag,
  TreeSelect,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatMoney } from '@feikong/contracts';
import { InvoiceEdits } from '@/components/InvoiceEdits';
import { feeTypeOptionsQuery, feeTypeTreeData, type FeeTypeTreeOption } from '@/features/settings';
import { emptyFeeLine, feeTotal, overInvoices, type FeeLineValue, type LineInvoice } from '../types';
import { InvoicePicker } from './InvoicePicker';
import { YuanInput } from './YuanInput';

/** The title of a code in the fee-type tree. */
function titleIn(options: FeeTypeTreeOption[], code: string): string | undefined {
  for (const o of options) {
    if (o.value === code) return o.title;
    const inner = o.children && titleIn(o.children, code);
    if (inner) return inner;
  }
  return undefined;
}

/** The invoices of one fee line: number, seller and amount of each, removable while editing. */
export function LineInvoices({
  invoices,
  onRemove,
  onOpen,
}: {
  invoices: LineInvoice[];
  onRemove?: (id: number) => void;
  onOpen?: (invoice: LineInvoice) => void;
}) {
  if (invoices.length === 0) return <Typography.Text type="secondary">无发票</Typography.Text>;
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }}>
      {invoices.map((i) => (
        <div key={i.id} data-testid={`line-invoice-${i.number}`} style={{ fontSize: 12, lineHeight: '20px' }}>
          <FileTextOutlined style={{ color: '#1677ff', marginRight: 4 }} />
          {onOpen ? <Typography.Link onClick={() => onOpen(i)}>{i.number}</Typography.Link> : i.number}
          <Typography.Text type="secondary" style={{ margin: '0 6px', fontSize: 12 }}>
            {i.sellerName}
          </Typography.Text>
          ¥{formatMoney(i.amountTax)}
          {onRemove && (
            <Button
              type="link"
              size="small"
              danger
              aria-label={`移除发票${i.number}`}
              onClick={() => onRemove(i.id)}
            >
              移除
            </Button>
          )}
          {i.edits && i.edits.length > 0 && <InvoiceEdits edits={i.edits} compact />}
        </div>
      ))}
    </Space>
  );
}

/**
 * 费用明细: one row per fee (fee type, amount in 元 shown / 分 kept, date, remark) with its invoices picked
 * from the caller's available ones. Works as an antd Form control (value / onChange). The 费用类型 is a tree
 * select of the tenant's enabled fee types for the bill type (feeType/options, decision 0051) unless
 * `feeTypes` is given; read only, a line shows the name the server gave it.
 */
export function FeeLinesEditor({
  value = [],
  onChange,
  feeTypes,
  billType,
  readOnly = false,
  onOpenInvoice,
}: {
  value?: FeeLineValue[];
  onChange?: (lines: FeeLineValue[]) => void;
  feeTypes?: FeeTypeTreeOption[];
  /** Narrows the choices to the fee types this bill type may use. */
  billType?: string;
  readOnly?: boolean;
  /** Read only: an invoice number opens the invoice. */
  onOpenInvoice?: (invoice: LineInvoice) => void;
}) {
  const [picking, setPicking] = useState<string | null>(null);
  const choices = useQuery({ ...feeTypeOptionsQuery(billType), enabled: !feeTypes && !readOnly });
  const treeData = feeTypes ?? feeTypeTreeData(choices.data ?? []);
  const set = (key: string, patch: Partial<FeeLineValue>) =>
    onChange?.(value.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const line = value.find((l) => l.key === picking);
  const taken = new Set(value.filter((l) => l.key !== picking).flatMap((l) => l.invoices.map((i) => i.id)));

  const columns: TableColumnsType<FeeLineValue> = [
    {
      title: '费用类型',
      dataIndex: 'feeType',
      width: 150,
      render: (v: string | null, l, i) => (
        <TreeSelect<string>
          aria-label={`费用类型${i + 1}`}
          style={{ width: '100%' }}
          placeholder="请选择"
          value={v ?? undefined}
          treeData={treeData}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          loading={choices.isLoading}
          popupMatchSelectWidth={220}
          onChange={(feeType) => set(l.key, { feeType, feeTypeText: titleIn(treeData, feeType) })}
        />
      ),
    },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 140,
      render: (v: number | null, l, i) => (
        <YuanInput aria-label={`金额${i + 1}`} value={v} onChange={(amount) => set(l.key, { amount })} />
      ),
    },
    {
      title: '发生日期',
      dataIndex: 'date',
      width: 150,
      render: (v: number | null, l, i) => (
        <DatePicker
          aria-label={`发生日期${i + 1}`}
          style={{ width: '100%' }}
          value={v ? dayjs(v) : null}
          onChange={(d) => set(l.key, { date: d ? d.startOf('day').valueOf() : null })}
        />
      ),
    },
    {
      title: '备注',
      dataIndex: 'remark',
      width: 180,
      render: (v: string, l, i) => (
        <>
          <Input
            aria-label={`备注${i + 1}`}
            maxLength={200}
            value={v}
            onChange={(e) => set(l.key, { remark: e.target.value })}
          />
          {(overInvoices(l) || !!l.overReason) && (
            <Input
              aria-label={`超额说明${i + 1}`}
              placeholder="超额说明（金额超过发票时必填）"
              status={overInvoices(l) && !l.overReason?.trim() ? 'warning' : undefined}
              style={{ marginTop: 4 }}
              maxLength={200}
              value={l.overReason ?? ''}
              onChange={(e) => set(l.key, { overReason: e.target.value })}
            />
          )}
        </>
      ),
    },
    {
      title: '发票',
      dataIndex: 'invoices',
      render: (v: LineInvoice[], l) => (
        <>
          <LineInvoices
            invoices={v}
            onRemove={(id) => set(l.key, { invoices: v.filter((x) => x.id !== id) })}
          />
          <Button size="small" style={{ marginTop: 4 }} onClick={() => setPicking(l.key)}>
            选择发票
          </Button>
        </>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 70,
      render: (_: unknown, l) => (
        <Button
          type="link"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label="删除费用"
          onClick={() => onChange?.(value.filter((x) => x.key !== l.key))}
        />
      ),
    },
  ];

  const typeLabel = (v: string | null, l: FeeLineValue) =>
    l.feeTypeText || (v && titleIn(treeData, v)) || v || '—';
  const readColumns: TableColumnsType<FeeLineValue> = [
    { title: '费用类型', dataIndex: 'feeType', width: 100, render: typeLabel },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 100,
      align: 'right',
      render: (v: number | null) => formatMoney(v),
    },
    {
      title: '发生日期',
      dataIndex: 'date',
      width: 105,
      render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '—'),
    },
    {
      title: '备注',
      dataIndex: 'remark',
      width: 120,
      render: (v: string, l) => (
        <>
          {v || (l.overReason ? '' : '—')}
          {l.overReason && (
            <div data-testid="over-reason">
              <Tag color="red">超额</Tag>
              <Typography.Text style={{ fontSize: 12 }}>{l.overReason}</Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      title: '发票',
      dataIndex: 'invoices',
      render: (v: LineInvoice[]) => <LineInvoices invoices={v} onOpen={onOpenInvoice} />,
    },
  ];

  return (
    <div data-testid="fee-lines">
      <Table<FeeLineValue>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={value}
        columns={readOnly ? readColumns : columns}
        locale={{ emptyText: '暂无费用明细' }}
        scroll={readOnly ? undefined : { x: 900 }}
        summary={() =>
          value.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align={readOnly ? 'right' : undefined}>
                <b data-testid="fee-total">¥{formatMoney(feeTotal(value))}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} colSpan={readOnly ? 3 : 4}>
                <Tag>{value.reduce((s, l) => s + l.invoices.length, 0)} 张发票</Tag>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {!readOnly && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          style={{ marginTop: 8, width: '100%' }}
          onClick={() => onChange?.([...value, emptyFeeLine()])}
        >
          添加费用
        </Button>
      )}
      {line && (
        <InvoicePicker
          key={line.key}
          open
          chosen={line.invoices}
          taken={taken}
          onClose={() => setPicking(null)}
          onOk={(invoices) => {
            const patch: Partial<FeeLineValue> = { invoices };
            // An empty amount takes the invoices' total, as the user would type it anyway.
            if (line.amount === null && invoices.length > 0)
              patch.amount = invoices.reduce((s, i) => s + i.amountTax, 0);
            set(line.key, patch);
            setPicking(null);
          }}
        />
      )}
    </div>
  );
}
