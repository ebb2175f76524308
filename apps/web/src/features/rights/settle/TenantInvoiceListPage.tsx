import { FileAddOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime, SettleInvoiceStatusLabel, SettleRecordsBody } from '@feikong/contracts';
import type { SettleInvoiceRow } from '@/api/settle';
import { useAccess } from '@/components/Access';
import {
  ListSearch,
  ListSelect,
  ListTable,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
} from '@/components/ListPage';
import { priceText, RIGHTS_PERM } from '../rules';
import { recordsQuery, remarkQuery } from './settle.hooks';
import { actionsOf, detailPath, reApplyPath, SETTLE_ROUTES, settleStatusTag } from './settle.rules';
import '../rights.css';

const STATUS_OPTIONS = Object.entries(SettleInvoiceStatusLabel).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/**
 * 开票记录 (/setcenter/rightRecharge/tenantInvoice): the tenant's 开票申请 with status, amount and title; filters
 * and paging in the URL; 申请开票 opens the apply screen; the remark says what is paid and not invoiced yet.
 */
export default function TenantInvoiceListPage() {
  const u = useListParams(SettleRecordsBody, SNAKE_PAGE);
  const navigate = useNavigate();
  const { can } = useAccess();
  const q = u.query;
  const records = useQuery({ ...recordsQuery(q), placeholderData: keepPreviousData });
  const remark = useQuery(remarkQuery);
  const mayApply = can([RIGHTS_PERM.buy]);

  const columns: ListColumn<SettleInvoiceRow>[] = [
    {
      title: '申请编号',
      dataIndex: 'apply_no',
      width: 230,
      role: 'key',
      render: (v: string, r) => (
        <Typography.Link onClick={() => navigate(detailPath(r.id))} className="fk-rr-mono">
          {v}
        </Typography.Link>
      ),
    },
    {
      title: '开票金额',
      dataIndex: 'amount',
      width: 130,
      role: 'amount',
      render: (v: number) => <span className="fk-rr-money">{priceText(v)}</span>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      role: 'status',
      render: (v: number, r) => {
        const t = settleStatusTag(v, r.status_name);
        return <Tag color={t.color}>{t.text}</Tag>;
      },
    },
    { title: '发票抬头', dataIndex: 'title', width: 220, ellipsis: true },
    { title: '开票方式', dataIndex: 'mode_name', width: 100 },
    { title: '订单数', dataIndex: 'order_count', width: 80 },
    { title: '申请人', dataIndex: 'applicant_name', width: 110, render: (v: string) => v || '-' },
    { title: '申请时间', dataIndex: 'applied_at', width: 170, render: (v: number) => formatDateTime(v) },
    {
      title: '操作',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => navigate(detailPath(r.id))}>
            详情
          </Button>
          {mayApply && actionsOf(r.status).canReApply && (
            <Button type="link" size="small" onClick={() => navigate(reApplyPath(r.id))}>
              重新申请
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card className="fk-rr-orders" data-testid="tenant-invoices">
      {remark.data && (
        <Alert
          type={remark.data.count > 0 ? 'info' : 'success'}
          showIcon
          style={{ marginBottom: 12 }}
          message={remark.data.remark}
          data-testid="un-invoice-remark"
        />
      )}
      <ListTable<SettleInvoiceRow>
        query={records}
        what="「开票记录」"
        paging={u}
        columns={columns}
        filters={
          <>
            <ListSearch
              value={q.apply_no}
              placeholder="请输入申请编号"
              onSearch={(v) => u.set({ apply_no: v })}
            />
            <ListSelect u={u} field="status" placeholder="开票状态" options={STATUS_OPTIONS} width={140} />
          </>
        }
        actions={
          mayApply && (
            <Button type="primary" icon={<FileAddOutlined />} onClick={() => navigate(SETTLE_ROUTES.apply)}>
              申请开票
            </Button>
          )
        }
      />
    </Card>
  );
}
