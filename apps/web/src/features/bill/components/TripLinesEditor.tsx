import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { formatMoney } from '@feikong/contracts';
import { emptyTripLine, tripTotal, type TripLineValue } from '../types';
import { YuanInput } from './YuanInput';

const dayText = (d: [number, number] | null) =>
  d ? `${dayjs(d[0]).format('YYYY-MM-DD')} 至 ${dayjs(d[1]).format('YYYY-MM-DD')}` : '—';

/**
 * 行程明细 with the spec's trip fields: peers (同行人), date (出行日期), locationCus (目的地), budget_traffic,
 * budget_stay, budget_other (交通/住宿/其他预算, 元 shown / 分 kept) and budget_total, their sum.
 */
export function TripLinesEditor({
  value = [],
  onChange,
  readOnly = false,
}: {
  value?: TripLineValue[];
  onChange?: (lines: TripLineValue[]) => void;
  readOnly?: boolean;
}) {
  const set = (key: string, patch: Partial<TripLineValue>) =>
    onChange?.(value.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const money = (field: 'budget_traffic' | 'budget_stay' | 'budget_other', title: string) => ({
    title,
    dataIndex: field,
    width: 120,
    align: readOnly ? ('right' as const) : undefined,
    render: (v: number | null, l: TripLineValue, i: number) =>
      readOnly ? (
        formatMoney(v ?? 0)
      ) : (
        <YuanInput aria-label={`${title}${i + 1}`} value={v} onChange={(n) => set(l.key, { [field]: n })} />
      ),
  });

  const columns: TableColumnsType<TripLineValue> = [
    {
      title: '出行日期',
      dataIndex: 'date',
      width: readOnly ? 200 : 240,
      render: (v: [number, number] | null, l, i) =>
        readOnly ? (
          dayText(v)
        ) : (
          <DatePicker.RangePicker
            aria-label={`出行日期${i + 1}`}
            style={{ width: '100%' }}
            value={v ? [dayjs(v[0]), dayjs(v[1])] : null}
            onChange={(r) =>
              set(l.key, {
                date: r?.[0] && r[1] ? [r[0].startOf('day').valueOf(), r[1].startOf('day').valueOf()] : null,
              })
            }
          />
        ),
    },
    {
      title: '目的地',
      dataIndex: 'locationCus',
      width: 140,
      render: (v: string, l, i) =>
        readOnly ? (
          v || '—'
        ) : (
          <Input
            aria-label={`目的地${i + 1}`}
            maxLength={100}
            placeholder="如：上海"
            value={v}
            onChange={(e) => set(l.key, { locationCus: e.target.value })}
          />
        ),
    },
    {
      title: '同行人',
      dataIndex: 'peers',
      width: 140,
      render: (v: string, l, i) =>
        readOnly ? (
          v || '—'
        ) : (
          <Input
            aria-label={`同行人${i + 1}`}
            maxLength={200}
            placeholder="无则不填"
            value={v}
            onChange={(e) => set(l.key, { peers: e.target.value })}
          />
        ),
    },
    money('budget_traffic', '交通预算'),
    money('budget_stay', '住宿预算'),
    money('budget_other', '其他预算'),
    {
      title: '预算合计',
      key: 'budget_total',
      width: 110,
      align: 'right',
      render: (_: unknown, l) => <span data-testid="trip-total">{formatMoney(tripTotal(l))}</span>,
    },
    ...(readOnly
      ? []
      : ([
          {
            title: '操作',
            key: 'op',
            width: 60,
            render: (_: unknown, l: TripLineValue) => (
              <Button
                type="link"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label="删除行程"
                onClick={() => onChange?.(value.filter((x) => x.key !== l.key))}
              />
            ),
          },
        ] as TableColumnsType<TripLineValue>)),
  ];

  return (
    <div data-testid="trip-lines">
      <Table<TripLineValue>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={value}
        columns={columns}
        scroll={{ x: 1000 }}
        locale={{ emptyText: '暂无行程' }}
      />
      {!readOnly && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          style={{ marginTop: 8, width: '100%' }}
          onClick={() => onChange?.([...value, emptyTripLine()])}
        >
          添加行程
        </Button>
      )}
    </div>
  );
}
