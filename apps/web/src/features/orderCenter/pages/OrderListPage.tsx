import { Card, DatePicker, Select, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime, OrderListQuery, TaskOperatingType, type Verdict } from '@feikong/contracts';
import type { OrderRow } from '@/api/spendOrders';
import { useAccess } from '@/components/Access';
import {
  dayRange,
  ListTable,
  moneyColumn,
  rangeToMs,
  useListParams,
  type ListColumn,
} from '@/components/ListPage';
import { StaffPicker } from '@/components/StaffPicker';
import { useExportTracking } from '@/features/common';
import { VerdictTag } from '../components/VerdictTag';
import { ORDER_DETAIL_PATH, ORDER_PERM, orderEnumsQuery, orderListQuery, orderScenesQuery } from '../queries';

/**
 * 订单中心 (scenesOrderCenterOrderList): every channel order of the tenant with its decision — filters by
 * person, scene, category, source, verdict, status and time range in the URL; 导出 is task type 7.
 */
export default function OrderListPage() {
  const { can } = useAccess();
  const navigate = useNavigate();
  const u = useListParams(OrderListQuery);
  const q = u.query;
  const list = useQuery({ ...orderListQuery(q), placeholderData: keepPreviousData });
  const scenes = useQuery(orderScenesQuery);
  const enums = useQuery(orderEnumsQuery);
  const { trackExport } = useExportTracking();
  const group = (type: string) =>
    (enums.data ?? []).find((g) => g.type === type)?.items.map((i) => ({ value: i.value, label: i.name })) ??
    [];
  const { userId: _u, pageNum: _p, pageSize: _s, ...filters } = q;

  const open = (r: OrderRow) => navigate(`${ORDER_DETAIL_PATH}?id=${r.id}`);
  const columns: ListColumn<OrderRow>[] = [
    {
      title: '渠道订单号',
      dataIndex: 'channelOrderId',
      width: 150,
      role: 'key',
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
    // What tells an order apart comes first, so that it shows at 1280×720 without scrolling: who, how much
    // and who paid it, the verdict with its status and sentence; then when, where and through what.
    { title: '员工', dataIndex: 'userName', width: 90, ellipsis: true },
    moneyColumn('订单金额（元）', 'amount', { width: 115 }),
    moneyColumn('企业支付（元）', 'companyPays', { width: 115 }),
    moneyColumn('个人支付（元）', 'employeePays', { width: 115 }),
    {
      title: '决策',
      dataIndex: 'verdict',
      width: 90,
      role: 'status',
      render: (v: Verdict) => <VerdictTag verdict={v} />,
    },
    { title: '状态', dataIndex: 'statusText', width: 84 },
    { title: '原因', dataIndex: 'reason', width: 220, ellipsis: true, render: (v: string) => v || '—' },
    {
      title: '下单时间',
      dataIndex: 'orderedAt',
      width: 140,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    { title: '消费场景', dataIndex: 'sceneName', width: 110, ellipsis: true },
    { title: '品类', dataIndex: 'categoryText', width: 70 },
    { title: '渠道', dataIndex: 'channelName', width: 110, ellipsis: true },
    { title: '来源', dataIndex: 'sourceText', width: 90 },
  ];

  return (
    <Card title="订单中心" data-testid="order-list" className="fk-panel">
      <ListTable<OrderRow>
        query={list}
        what="订单"
        columns={columns}
        paging={u}
        exportTask={
          can([ORDER_PERM.export])
            ? {
                operatingType: TaskOperatingType.orderExport,
                params: { ...filters },
                fileName: '订单导出.xlsx',
                track: trackExport,
              }
            : undefined
        }
        filters={
          <>
            <div style={{ width: 180 }} data-testid="order-filter-staff">
              <StaffPicker
                value={q.staffId ? [q.staffId] : []}
                onChange={(ids) => u.set({ staffId: ids[ids.length - 1] })}
              />
            </div>
            <Select
              allowClear
              placeholder="消费场景"
              style={{ width: 140 }}
              value={q.sceneId}
              options={(scenes.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
              onChange={(v) => u.set({ sceneId: v })}
            />
            <Select
              allowClear
              placeholder="品类"
              style={{ width: 110 }}
              value={q.category}
              options={group('category')}
              onChange={(v) => u.set({ category: v as number | undefined })}
            />
            <Select
              allowClear
              placeholder="订单来源"
              style={{ width: 120 }}
              value={q.source}
              options={group('orderSource')}
              onChange={(v) => u.set({ source: v as number | undefined })}
            />
            <Select
              allowClear
              placeholder="决策结果"
              style={{ width: 120 }}
              value={q.verdict}
              options={group('verdict')}
              onChange={(v) => u.set({ verdict: v as Verdict | undefined })}
              data-testid="order-filter-verdict"
            />
            <Select
              allowClear
              placeholder="订单状态"
              style={{ width: 120 }}
              value={q.status}
              options={group('orderStatus')}
              onChange={(v) => u.set({ status: v as typeof q.status })}
            />
            <DatePicker.RangePicker
              value={dayRange(q.startTime, q.endTime)}
              onChange={(r) => {
                const { min, max } = rangeToMs(r);
                u.set({ startTime: min, endTime: max });
              }}
            />
          </>
        }
      />
    </Card>
  );
}
