import { PrinterOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Input, Select, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  formatDateTime,
  optionsOf,
  PurchaseTaskListBody,
  PurchaseTaskStatus,
  PurchaseTaskStatusLabel,
  TaskOperatingType,
} from '@feikong/contracts';
import type { PurchaseTaskRow } from '@/api/purchasing';
import { useAccess } from '@/components/Access';
import {
  dayRange,
  ListTable,
  moneyColumn,
  rangeToMs,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
} from '@/components/ListPage';
import { useExportTracking } from '@/features/common';
import { PurchaseOrderDialog } from '../components/PurchaseOrderDialog';
import { PurchaseTaskDrawer } from '../components/PurchaseTaskDrawer';
import { PURCHASE_PERM, taskInfoQuery, taskListQuery } from '../queries';

/** 合并下单: one order over the open lines of the chosen tasks (each order line keeps its task and application). */
function MergedOrder({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const infos = useQueries({ queries: ids.map((id) => taskInfoQuery(id)) });
  if (infos.some((q) => q.isPending)) return null;
  const number = new Map<number, string>();
  const lines = infos.flatMap((q) => {
    const d = q.data;
    if (!d || d.purchase_task_info.status !== 1) return [];
    for (const l of d.product_info) number.set(l.id, d.purchase_task_info.task_number);
    return d.product_info;
  });
  return <PurchaseOrderDialog lines={lines} taskOf={(id) => number.get(id) ?? ''} onClose={onClose} />;
}

export const TASK_STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'default' };
const sec = (ms: number | undefined) => (ms === undefined ? undefined : Math.floor(ms / 1000));

/**
 * 采购任务 (purchasing/PurchaseTaskList, /purchasing/purchaseTask/list, printable): who buys what, by when, within
 * which amount; filters by number, status and the `_purchase_date` range (min/max seconds); a row opens the
 * task (its lines, orders, 下单, 终止, 打印); 合并下单 places one order over the chosen tasks' open lines; 导出 is
 * task type 154.
 */
export default function PurchaseTaskListPage() {
  const { can } = useAccess();
  const u = useListParams(PurchaseTaskListBody, SNAKE_PAGE);
  const q = u.query;
  const list = useQuery({
    ...taskListQuery(q),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const [open, setOpen] = useState<number | null>(null);
  const [merging, setMerging] = useState<number[] | null>(null);
  const { message } = App.useApp();
  const { trackExport } = useExportTracking();
  const { page_num: _p, page_size: _s, ...filters } = q;
  const toMs = (s: number | undefined) => (s === undefined ? undefined : s * 1000);

  const columns: ListColumn<PurchaseTaskRow>[] = [
    {
      title: '任务编号',
      role: 'key',
      dataIndex: 'task_number',
      width: 150,
      render: (v: string, r) => (
        <Typography.Link data-testid={`task-${r.id}`} onClick={() => setOpen(r.id)}>
          {v}
        </Typography.Link>
      ),
    },
    { title: '标题', dataIndex: 'title', width: 160, ellipsis: true },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'status',
      width: 80,
      render: (s: number, r) => <Tag color={TASK_STATUS_COLOR[s]}>{r.statusText}</Tag>,
    },
    { title: '采购人', dataIndex: 'purchase_user', width: 90 },
    {
      title: '采购日期',
      dataIndex: 'purchase_date',
      width: 105,
      render: (s: number) => formatDateTime(s * 1000, 'YYYY-MM-DD'),
    },
    { title: '申请单号', dataIndex: 'bill_number', width: 150 },
    moneyColumn<PurchaseTaskRow>('金额', 'amount', { width: 110 }),
    moneyColumn<PurchaseTaskRow>('实际金额', 'real_amount', { width: 110 }),
  ];

  return (
    <Card
      title="采购任务"
      className="fk-panel"
      data-testid="purchase-task-list"
      extra={
        <Button icon={<PrinterOutlined />} className="fk-no-print" onClick={() => window.print()}>
          打印
        </Button>
      }
    >
      <ListTable<PurchaseTaskRow>
        query={list}
        paging={{ pageNum: u.pageNum, pageSize: u.pageSize, setPage: u.setPage, total: list.data?.total }}
        what="「采购任务」"
        columns={columns}
        batchActions={
          can([PURCHASE_PERM.orderEdit])
            ? [
                {
                  key: 'merge',
                  label: '合并下单',
                  run: (rows) => {
                    const ids = rows
                      .filter((r) => r.status === PurchaseTaskStatus.purchasing)
                      .map((r) => r.id);
                    if (ids.length) setMerging(ids);
                    else void message.warning('请选择采购中的任务');
                  },
                },
              ]
            : undefined
        }
        exportTask={
          can([PURCHASE_PERM.taskView, PURCHASE_PERM.taskEdit])
            ? {
                operatingType: TaskOperatingType.purchaseTaskExport,
                params: { ...filters },
                fileName: '采购任务.xlsx',
                track: trackExport,
              }
            : undefined
        }
        filters={
          <Space wrap>
            <Input.Search
              allowClear
              placeholder="任务编号"
              style={{ width: 190 }}
              defaultValue={q.task_number}
              onSearch={(v) => u.set({ task_number: v.trim() || undefined })}
            />
            <Select
              allowClear
              placeholder="状态"
              style={{ width: 110 }}
              value={q.status}
              options={optionsOf(PurchaseTaskStatus, PurchaseTaskStatusLabel)}
              onChange={(v) => u.set({ status: v })}
            />
            <DatePicker.RangePicker
              placeholder={['采购日期起', '采购日期止']}
              value={dayRange(toMs(q.min_purchase_date), toMs(q.max_purchase_date))}
              onChange={(r) => {
                const { min, max } = rangeToMs(r);
                u.set({ min_purchase_date: sec(min), max_purchase_date: sec(max) });
              }}
            />
          </Space>
        }
      />
      {open !== null && <PurchaseTaskDrawer id={open} onClose={() => setOpen(null)} />}
      {merging && <MergedOrder ids={merging} onClose={() => setMerging(null)} />}
    </Card>
  );
}
