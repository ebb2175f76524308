import { Button, Card, DatePicker, Input, Select, Space, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import {
  BILL_STATUS_LABEL,
  BILL_STATUSES,
  BILL_TYPE_LABEL,
  BILL_TYPES,
  formatDateTime,
  formatMoney,
  type BillStatus,
} from '@feikong/contracts';
import type { BillListRow } from '@/api/bill';
import { PagedQueryTable } from '@/components/PagedQueryTable';
import { isBillType } from '../billType';
import { BillStatusTag } from '../components/BillStatusTag';
import { submittedListQuery } from '../hooks/queries';

const DAY = 86_400_000;

/**
 * 我发起的 (flow/SubmittedList): the caller's documents that left draft, of every type, with where each
 * stands (current node and approvers). Filters and page live in the URL.
 */
export default function SubmittedListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Math.trunc(Number(params.get('pageNum'))) || 1);
  const pageSize = Math.min(100, Math.max(1, Math.trunc(Number(params.get('pageSize'))) || 20));
  const keyword = params.get('keyword') ?? '';
  const typeParam = params.get('billType');
  const billType = isBillType(typeParam) ? typeParam : undefined;
  const status = (BILL_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as BillStatus)
    : undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const set = (patch: Record<string, string | number | undefined>, keepPage = false) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') p.delete(k);
          else p.set(k, String(v));
        }
        if (!keepPage) p.delete('pageNum');
        return p;
      },
      { replace: true },
    );
  const list = useQuery({
    ...submittedListQuery({
      pageNum,
      pageSize,
      billType,
      status,
      keyword: keyword || undefined,
      createAtMin: from ? dayjs(from).valueOf() : undefined,
      createAtMax: to ? dayjs(to).valueOf() + DAY - 1 : undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const open = (r: BillListRow) => navigate(`/bill/detail?id=${r.id}`);
  const columns: TableColumnsType<BillListRow> = [
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 160,
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
    { title: '单据类型', dataIndex: 'billTypeText', width: 90 },
    { title: '事由', dataIndex: 'title', width: 220, ellipsis: { showTitle: true } },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 110,
      align: 'right',
      render: (f: number) => formatMoney(f),
    },
    {
      title: '状态',
      dataIndex: 'statusText',
      width: 90,
      render: (t: string, r) => <BillStatusTag status={r.status} text={t} />,
    },
    {
      title: '当前节点',
      dataIndex: 'currentNodeName',
      width: 180,
      render: (v: string, r) =>
        v ? (
          <>
            {v}
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.currentApprovers.join('、')}
              </Typography.Text>
            </div>
          </>
        ) : (
          '—'
        ),
    },
    { title: '审批流程', dataIndex: 'flowName', width: 130, render: (v: string) => v || '—' },
    {
      title: '提交时间',
      dataIndex: 'submitTime',
      width: 150,
      render: (ms: number | null) => formatDateTime(ms, 'YYYY-MM-DD HH:mm') || '—',
    },
    {
      title: '完成时间',
      dataIndex: 'finishTime',
      width: 150,
      render: (ms: number | null) => formatDateTime(ms, 'YYYY-MM-DD HH:mm') || '—',
    },
    {
      title: '操作',
      key: 'op',
      width: 70,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => open(r)}>
          查看
        </Button>
      ),
    },
  ];
  return (
    <Card title="我发起的" className="fk-panel" data-testid="submitted-list">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          defaultValue={keyword}
          placeholder="单据编号或事由"
          style={{ width: 220 }}
          onSearch={(v) => set({ keyword: v.trim() })}
        />
        <Select
          allowClear
          placeholder="单据类型"
          style={{ width: 140 }}
          value={billType}
          onChange={(v) => set({ billType: v })}
          options={BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }))}
        />
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 120 }}
          value={status}
          onChange={(v) => set({ status: v })}
          options={BILL_STATUSES.filter((s) => s !== 'draft').map((s) => ({
            value: s,
            label: BILL_STATUS_LABEL[s],
          }))}
        />
        <DatePicker.RangePicker
          placeholder={['创建日期起', '创建日期止']}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(r) => set({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
        />
      </Space>
      <PagedQueryTable<BillListRow>
        query={list}
        what="「我发起的」"
        pageNum={pageNum}
        pageSize={pageSize}
        onPage={(num, size) =>
          set({ pageNum: num === 1 ? undefined : num, pageSize: size === 20 ? undefined : size }, true)
        }
        columns={columns}
        scroll={{ x: 1400 }}
      />
    </Card>
  );
}
