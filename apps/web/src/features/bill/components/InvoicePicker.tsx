import { Alert, Input, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney, shanghaiDate } from '@feikong/contracts';
import { invoiceApi, type InvoiceRow } from '@/api/invoice';
import type { LineInvoice } from '../types';

const PAGE_SIZE = 10;

/** The caller's invoices still available for a bill (我的发票, 可用: GET pageList/bill). */
export const availableInvoicesQuery = (keyword: string, pageNum: number) => ({
  queryKey: ['bill', 'availableInvoices', keyword, pageNum] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    invoiceApi.billPageList({ pageNum, pageSize: PAGE_SIZE, keyword: keyword || undefined }, signal),
});

export const toLineInvoice = (r: InvoiceRow): LineInvoice => ({
  id: r.id,
  number: r.number,
  sellerName: r.sellerName,
  amountTax: r.amountTax,
  typeText: r.typeText,
  billingDate: r.billingDate,
  recentStatusText: r.recentStatusText,
});

/**
 * Picks invoices for one fee line from the caller's available ones. Invoices already on another line of
 * the document (`taken`) cannot be picked twice; the line's own stay ticked.
 */
export function InvoicePicker({
  open,
  chosen,
  taken,
  onOk,
  onClose,
}: {
  open: boolean;
  chosen: LineInvoice[];
  taken: ReadonlySet<number>;
  onOk: (invoices: LineInvoice[]) => void;
  onClose: () => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [picked, setPicked] = useState<Map<number, LineInvoice>>(() => new Map(chosen.map((i) => [i.id, i])));
  const list = useQuery({
    ...availableInvoicesQuery(keyword, pageNum),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  // Invoices of this line that the list no longer offers (already 核销中 for this very document) stay listed.
  const rows = list.data?.items ?? [];

  const columns: TableColumnsType<InvoiceRow> = [
    { title: '发票号码', dataIndex: 'number', width: 190 },
    { title: '销售方名称', dataIndex: 'sellerName', ellipsis: true },
    {
      title: '价税合计',
      dataIndex: 'amountTax',
      width: 110,
      align: 'right',
      render: (f: number) => formatMoney(f),
    },
    {
      title: '开票日期',
      dataIndex: 'billingDate',
      width: 110,
      render: (ms: number | null) => (ms === null ? '—' : shanghaiDate(ms)),
    },
    { title: '发票类型', dataIndex: 'typeText', width: 150, ellipsis: true },
  ];

  return (
    <Modal
      open={open}
      title="选择发票"
      width={860}
      okText="确定"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => onOk([...picked.values()])}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder="发票号码或销售方名称"
        style={{ width: 280, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPageNum(1);
        }}
      />
      {list.isError && !list.data ? (
        <Alert type="error" showIcon title="可用发票加载失败" />
      ) : (
        <Table<InvoiceRow>
          data-testid="invoice-picker"
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={rows}
          columns={columns}
          locale={{ emptyText: '没有可用的发票（我的发票中状态为“可用”的发票可在此选择）' }}
          rowSelection={{
            selectedRowKeys: [...picked.keys()],
            preserveSelectedRowKeys: true,
            getCheckboxProps: (r) => ({ disabled: taken.has(r.id) && !picked.has(r.id) }),
            onSelect: (r, selected) =>
              setPicked((m) => {
                const next = new Map(m);
                if (selected) next.set(r.id, toLineInvoice(r));
                else next.delete(r.id);
                return next;
              }),
            onSelectAll: (selected, _rows, changed) =>
              setPicked((m) => {
                const next = new Map(m);
                for (const r of changed) {
                  if (selected && !taken.has(r.id)) next.set(r.id, toLineInvoice(r));
                  else next.delete(r.id);
                }
                return next;
              }),
          }}
          onRow={(r) => ({
            onClick: () => {
              if (taken.has(r.id) && !picked.has(r.id)) return;
              setPicked((m) => {
                const next = new Map(m);
                if (next.has(r.id)) next.delete(r.id);
                else next.set(r.id, toLineInvoice(r));
                return next;
              });
            },
          })}
          pagination={{
            current: pageNum,
            pageSize: PAGE_SIZE,
            total: list.data?.page.total ?? 0,
            showTotal: (t) => `共 ${t} 张`,
            onChange: setPageNum,
          }}
        />
      )}
      <Typography.Text type="secondary">
        已选 {picked.size} 张，合计 ¥{formatMoney([...picked.values()].reduce((s, i) => s + i.amountTax, 0))}
      </Typography.Text>
    </Modal>
  );
}
