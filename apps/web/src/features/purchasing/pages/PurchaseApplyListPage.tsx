import { App, Button, Card, Input, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime, PurchaseApplyListQuery } from '@feikong/contracts';
import { purchasingApi, type PurchaseApplyRow } from '@/api/purchasing';
import { ListTable, moneyColumn, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { useExportTracking } from '@/features/common';
import { applyListQuery } from '../queries';

const STATUS_COLOR: Record<string, string> = {
  approving: 'processing',
  approved: 'success',
  rejected: 'error',
  returned: 'warning',
};

/**
 * 采购申请 (purchasing/PurchaseApplyList): every 采购申请 of the tenant with its lines' amount and what the
 * approver approved; a row opens the document; 导出 is task type 30 (one row per line).
 */
export default function PurchaseApplyListPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const u = useListParams(PurchaseApplyListQuery, SNAKE_PAGE);
  const q = u.query;
  const list = useQuery({
    ...applyListQuery(q),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const { trackExport } = useExportTracking();
  const columns: ListColumn<PurchaseApplyRow>[] = [
    {
      title: '单据编号',
      role: 'key',
      dataIndex: 'bill_number',
      width: 150,
      render: (v: string, r) => (
        <Typography.Link onClick={() => navigate(`/bill/detail?id=${r.bill_id}`)}>{v}</Typography.Link>
      ),
    },
    { title: '标题', dataIndex: 'title', width: 160, ellipsis: true },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'status',
      width: 80,
      render: (s: string, r) => <Tag color={STATUS_COLOR[s]}>{r.statusText}</Tag>,
    },
    { title: '申请人', dataIndex: 'submitter_name', width: 90 },
    { title: '部门', dataIndex: 'dept_name', width: 100 },
    {
      title: '明细（同意/全部）',
      dataIndex: 'line_count',
      width: 120,
      render: (n: number, r) => `${r.approved_count}/${n}`,
    },
    moneyColumn<PurchaseApplyRow>('申请金额', 'amount', { width: 110 }),
    moneyColumn<PurchaseApplyRow>('同意金额', 'approved_amount', { width: 110 }),
    {
      title: '创建时间',
      dataIndex: 'created_at',
      width: 150,
      render: (t: number) => formatDateTime(t, 'YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <Card
      title="采购申请"
      className="fk-panel"
      data-testid="purchase-apply-list"
      extra={
        <Button
          onClick={async () => {
            const t = await purchasingApi.exportApplies();
            void message.success('导出任务已创建，可在下载中心查看');
            trackExport(t.task_id);
          }}
        >
          导出
        </Button>
      }
    >
      <ListTable<PurchaseApplyRow>
        query={list}
        paging={{ pageNum: u.pageNum, pageSize: u.pageSize, setPage: u.setPage, total: list.data?.total }}
        rowKey="bill_id"
        what="「采购申请」"
        columns={columns}
        filters={
          <Input.Search
            allowClear
            placeholder="单据编号、标题或申请人"
            style={{ width: 260 }}
            defaultValue={q.keyword}
            onSearch={(v) => u.set({ keyword: v.trim() || undefined })}
          />
        }
      />
    </Card>
  );
}
