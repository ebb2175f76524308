import { Button, Card, Select, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BILL_STATUS_LABEL, BILL_STATUSES, formatDateTime, SubmittedPageQuery } from '@feikong/contracts';
import type { BillListRow } from '@/api/bill';
import { ListTable, moneyColumn, useListParams, type ListColumn } from '@/components/ListPage';
import { BillListFilters } from '../components/BillListFilters';
import { BillStatusTag } from '../components/BillStatusTag';
import { submittedListQuery } from '../hooks/queries';

/**
 * 我发起的 (flow/SubmittedList): the caller's documents that left draft, of every type, with where each
 * stands (current node and approvers). Filters and page live in the URL.
 */
export default function SubmittedListPage() {
  const navigate = useNavigate();
  const { query, pageNum, pageSize, set, setPage } = useListParams(SubmittedPageQuery);
  const { billType, status, keyword, createAtMin, createAtMax } = query;
  const list = useQuery({ ...submittedListQuery(query), placeholderData: keepPreviousData });
  const open = (r: BillListRow) => navigate(`/bill/detail?id=${r.id}`);
  const columns: ListColumn<BillListRow>[] = [
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 160,
      role: 'key',
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
    { title: '单据类型', dataIndex: 'billTypeText', width: 90 },
    { title: '事由', dataIndex: 'title', width: 200, ellipsis: { showTitle: true } },
    moneyColumn('金额（元）', 'amount'),
    {
      title: '状态',
      dataIndex: 'statusText',
      width: 90,
      role: 'status',
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
      <ListTable<BillListRow>
        query={list}
        what="「我发起的」"
        paging={{ pageNum, pageSize, setPage }}
        columns={columns}
        filters={
          <BillListFilters
            keyword={keyword}
            billType={billType}
            range={[createAtMin, createAtMax]}
            rangePlaceholder={['创建日期起', '创建日期止']}
            onKeyword={(v) => set({ keyword: v })}
            onBillType={(v) => set({ billType: v })}
            onRange={(min, max) => set({ createAtMin: min, createAtMax: max })}
          >
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
          </BillListFilters>
        }
      />
    </Card>
  );
}
