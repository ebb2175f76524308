import { Card, DatePicker, Input, Select, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  CardOperationLabel,
  CardOperationListQuery,
  formatDateTime,
  TaskOperatingType,
} from '@feikong/contracts';
import type { CardOperationItem } from '@/api/card';
import { useAccess } from '@/components/Access';
import {
  dayRange,
  ListTable,
  rangeToMs,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
} from '@/components/ListPage';
import { useExportTracking } from '@/features/common';
import { CARD_DETAIL, CARD_PERM, cardOperationsQuery } from '../queries';

const OP_COLOR: Record<string, string> = {
  freeze: 'orange',
  unfreeze: 'green',
  cancel: 'red',
  transfer: 'blue',
  adjust: 'purple',
};
const OP_OPTIONS = Object.entries(CardOperationLabel).map(([value, label]) => ({ value, label }));

/**
 * 卡片操作 (cardPay/CardOperate, /cardPay/cardOperate; decision 0057): every 冻结 / 解冻 / 注销 / 转移 / 额度调整 of
 * the tenant's cards, newest first, by card number, operation and date; a card number opens 卡片详情; 导出 is task
 * 35 (卡片操作列表导出) with the same filters.
 */
export default function CardOperatePage() {
  const { can } = useAccess();
  const navigate = useNavigate();
  const u = useListParams(CardOperationListQuery, SNAKE_PAGE);
  const { card_no, op, begin_time, end_time } = u.query;
  const list = useQuery({
    ...cardOperationsQuery(u.query),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const { trackExport } = useExportTracking();

  const columns: ListColumn<CardOperationItem>[] = [
    {
      title: '操作时间',
      dataIndex: 'created_at',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '卡号',
      role: 'key',
      dataIndex: 'card_no',
      width: 180,
      render: (v: string, r) => (
        <Typography.Link onClick={() => navigate(`${CARD_DETAIL}/${r.card_id}`)}>{v}</Typography.Link>
      ),
    },
    { title: '当前持卡人', dataIndex: 'holder_name', width: 110, render: (v: string) => v || '未分配' },
    {
      title: '操作',
      role: 'status',
      dataIndex: 'op',
      width: 100,
      render: (v: string, r) => <Tag color={OP_COLOR[v]}>{r.opText}</Tag>,
    },
    { title: '原因', dataIndex: 'reason', width: 280 },
    { title: '操作人', dataIndex: 'operator_name', width: 110 },
  ];

  return (
    <Card title="卡片操作" data-testid="card-operate" className="fk-panel">
      <ListTable<CardOperationItem>
        query={list}
        paging={{ ...u, total: list.data?.total }}
        what="「卡片操作」"
        columns={columns}
        exportTask={
          can([CARD_PERM.listView])
            ? {
                operatingType: TaskOperatingType.cardOperateListExport,
                label: '导出',
                fileName: '卡片操作.xlsx',
                params: { card_no, op, begin_time, end_time },
                track: trackExport,
              }
            : undefined
        }
        filters={
          <>
            <Input.Search
              allowClear
              placeholder="卡号"
              style={{ width: 180 }}
              defaultValue={card_no}
              onSearch={(v) => u.set({ card_no: v.trim() })}
            />
            <Select
              allowClear
              placeholder="操作"
              style={{ width: 120 }}
              value={op}
              options={OP_OPTIONS}
              onChange={(v) => u.set({ op: v })}
            />
            <DatePicker.RangePicker
              placeholder={['开始日期', '结束日期']}
              value={dayRange(begin_time, end_time)}
              onChange={(r) => {
                const { min, max } = rangeToMs(r);
                u.set({ begin_time: min, end_time: max });
              }}
            />
          </>
        }
      />
    </Card>
  );
}
