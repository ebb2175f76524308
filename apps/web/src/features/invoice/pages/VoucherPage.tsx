import { Alert, App, Button, Card, DatePicker, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatMoney, VoucherPageQuery } from '@feikong/contracts';
import { voucherApi, type VoucherRow } from '@/api/invoiceVoucher';
import { useAccess } from '@/components/Access';
import { ListTable, useListParams, type ListColumn } from '@/components/ListPage';
import { VoucherCreateDialog } from '../components/VoucherCreateDialog';
import { VoucherDetailDialog } from '../components/VoucherDetailDialog';
import { chinaDate } from '../components/VoucherSheet';
import { VoucherSettingsDialog } from '../components/VoucherSettingsDialog';
import { VOUCHER_PERM, voucherListQuery, voucherOrgsQuery } from '../hooks/voucherQueries';

const STATUS_OPTIONS = [
  { value: 1, label: '已生成' },
  { value: 2, label: '已作废' },
];

/**
 * 发票凭证 (invoice/Voucher): 记账凭证 generated from the organisation's invoices — the list, 生成凭证
 * (pick → preview → confirm), detail with 作废, xlsx export and 科目设置 (docs/decisions/0017).
 */
export default function VoucherPage() {
  const { message } = App.useApp();
  const { can } = useAccess();
  const mayEdit = can([VOUCHER_PERM.edit]);
  const u = useListParams(VoucherPageQuery);
  const { pageNum: _pageNum, pageSize: _pageSize, ...filters } = u.query;
  const set = (k: keyof typeof filters, v: string | number | undefined) => u.set({ [k]: v });
  const list = useQuery(voucherListQuery(u.query));
  const orgs = useQuery(voucherOrgsQuery);
  const [creating, setCreating] = useState(false);
  const [createKey, setCreateKey] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const doExport = useMutation({
    mutationFn: () => voucherApi.export(filters),
    onSuccess: (r) => {
      message.success(`已导出${r.count}张凭证`);
      const a = document.createElement('a');
      a.href = r.url;
      a.download = r.fileName;
      a.rel = 'noopener';
      document.body.appendChild(a);
      a.click();
      a.remove();
    },
  });

  const columns: ListColumn<VoucherRow>[] = [
    {
      title: '凭证号',
      role: 'key',
      dataIndex: 'number',
      width: 140,
      render: (n: string, r) => (
        <Typography.Link onClick={() => setOpenId(r.id)} aria-label={`查看凭证${n}`}>
          {n}
        </Typography.Link>
      ),
    },
    {
      title: '凭证日期',
      dataIndex: 'voucherDate',
      width: 100,
      render: (ms: number) => chinaDate(ms),
    },
    { title: '公司', dataIndex: 'orgName', width: 130, ellipsis: true },
    { title: '摘要', dataIndex: 'summary' },
    {
      title: '金额',
      role: 'amount',
      dataIndex: 'debitTotal',
      align: 'right',
      width: 110,
      render: (v: number) => formatMoney(v),
    },
    {
      title: '附单据',
      dataIndex: 'invoiceCount',
      align: 'right',
      width: 80,
      render: (n: number) => `${n}张`,
    },
    { title: '制单人', dataIndex: 'creatorName', width: 90, ellipsis: true },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'statusText',
      width: 80,
      render: (t: string, r) => <Tag color={r.status === 1 ? 'green' : 'default'}>{t}</Tag>,
    },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_: unknown, r) => (
        <Typography.Link onClick={() => setOpenId(r.id)}>
          {r.status === 1 && mayEdit ? '查看/作废' : '查看'}
        </Typography.Link>
      ),
    },
  ];

  return (
    <Card
      title="发票凭证"
      className="fk-panel"
      data-testid="invoice-voucher"
      extra={
        <Space>
          <Button onClick={() => setSettingsOpen(true)}>科目设置</Button>
          <Button loading={doExport.isPending} onClick={() => doExport.mutate()}>
            导出
          </Button>
          {mayEdit && (
            <Button
              type="primary"
              onClick={() => {
                setCreateKey((k) => k + 1);
                setCreating(true);
              }}
            >
              生成凭证
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        由组织发票生成记账凭证：专用发票的税额记入进项税额，按公司和月份连续编号（记-年月-序号）。作废的凭证保留凭证号，其发票可重新生成凭证。
      </Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label="公司">
          <Select
            allowClear
            placeholder="全部公司"
            style={{ width: 200 }}
            value={filters.orgId}
            options={(orgs.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }))}
            onChange={(v) => set('orgId', v)}
          />
        </Form.Item>
        <Form.Item label="会计期间">
          <DatePicker
            picker="month"
            placeholder="全部期间"
            value={filters.period ? dayjs(`${filters.period}-01`) : null}
            onChange={(d) => set('period', d ? d.format('YYYY-MM') : undefined)}
          />
        </Form.Item>
        <Form.Item label="状态">
          <Select
            allowClear
            placeholder="全部状态"
            style={{ width: 120 }}
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(v) => set('status', v)}
          />
        </Form.Item>
        <Form.Item>
          <Input.Search
            allowClear
            placeholder="凭证号"
            defaultValue={filters.number}
            style={{ width: 200 }}
            onSearch={(v) => set('number', v.trim())}
          />
        </Form.Item>
      </Form>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          message="凭证列表加载失败"
          style={{ marginBottom: 12 }}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <ListTable<VoucherRow>
        testId="voucher-list"
        rows={list.data?.items ?? []}
        loading={list.isFetching}
        columns={columns}
        locale={{ emptyText: '暂无凭证' }}
        paging={{ ...u, total: list.data?.page.total ?? 0 }}
      />
      <VoucherCreateDialog
        key={createKey}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(v) => {
          setCreating(false);
          setOpenId(v.id);
        }}
      />
      <VoucherDetailDialog id={openId} onClose={() => setOpenId(null)} />
      <VoucherSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Card>
  );
}
