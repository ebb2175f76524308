import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Input, Space, Tabs, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  BILL_EDITABLE_STATUSES,
  BILL_STATUS_LABEL,
  BILL_STATUSES,
  BILL_TYPE_LABEL,
  formatDateTime,
  formatMoney,
  type BillStatus,
} from '@feikong/contracts';
import { billApi, type BillListRow } from '@/api/bill';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { PagedQueryTable } from '@/components/PagedQueryTable';
import { BillBatchPrintButton } from '@/features/billPrint';
import { useMenuBillType } from '../billType';
import { BillStatusTag } from '../components/BillStatusTag';
import { billListQuery, billPerm, useBillMutation } from '../hooks/queries';

const DAY = 86_400_000;

/**
 * 我的单据 (bill/BillList): one screen for 报销单, 申请单, 事前申请, 还款单 …, the type from the menu's
 * meta.params. Status tabs, keyword and creation-date filters and the page live in the URL; 新建, 复制, and
 * 删除 of drafts and withdrawn documents.
 */
export default function BillListPage() {
  const { pathname } = useLocation();
  const billType = useMenuBillType(pathname);
  const label = BILL_TYPE_LABEL[billType];
  const perm = billPerm(billType);
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = (BILL_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as BillStatus)
    : undefined;
  const pageNum = Math.max(1, Math.trunc(Number(params.get('pageNum'))) || 1);
  const pageSize = Math.min(100, Math.max(1, Math.trunc(Number(params.get('pageSize'))) || 20));
  const keyword = params.get('keyword') ?? '';
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
    ...billListQuery({
      billType,
      status,
      pageNum,
      pageSize,
      keyword: keyword || undefined,
      createAtMin: from ? dayjs(from).valueOf() : undefined,
      createAtMax: to ? dayjs(to).valueOf() + DAY - 1 : undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const copy = useBillMutation(billApi.copy);
  const remove = useBillMutation(billApi.remove);

  const editable = (r: BillListRow) => (BILL_EDITABLE_STATUSES as readonly string[]).includes(r.status);
  const open = (r: BillListRow) => navigate(`/bill/detail?id=${r.id}`);
  const columns: TableColumnsType<BillListRow> = [
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 160,
      fixed: 'left',
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
    { title: '事由', dataIndex: 'title', width: 220, ellipsis: { showTitle: true } },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 120,
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
      width: 170,
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
    { title: '部门', dataIndex: 'deptName', width: 100, render: (v: string) => v || '—' },
    { title: '审批流程', dataIndex: 'flowName', width: 130, render: (v: string) => v || '—' },
    {
      title: '提交时间',
      dataIndex: 'submitTime',
      width: 150,
      render: (ms: number | null) => formatDateTime(ms, 'YYYY-MM-DD HH:mm') || '—',
    },
    {
      title: '创建时间',
      dataIndex: 'createAt',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => open(r)}>
            查看
          </Button>
          {editable(r) && can([perm.edit, perm.add]) && (
            <Button
              type="link"
              size="small"
              onClick={() => navigate(`/bill/edit?type=${billType}&id=${r.id}`)}
            >
              编辑
            </Button>
          )}
          {can([perm.add]) && (
            <Button
              type="link"
              size="small"
              loading={copy.isPending && copy.variables === r.id}
              onClick={async () => {
                const made = await copy.mutateAsync(r.id);
                void message.success(`已复制为草稿 ${made.billNumber}`);
                navigate(`/bill/edit?type=${billType}&id=${made.id}`);
              }}
            >
              复制
            </Button>
          )}
          {(r.status === 'draft' || r.status === 'withdrawn') && can([perm.remove, perm.add]) && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirmDelete(
                  { modal, message },
                  {
                    content: `确定删除单据【${r.billNumber}】吗？`,
                    remove: () => remove.mutateAsync(r.id),
                  },
                )
              }
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const tabs = list.data?.tabs ?? [];
  const [selected, setSelected] = useState<number[]>([]);
  const countOf = (s: string) => tabs.find((t) => t.status === s);
  return (
    <Card
      title={`我的${label}`}
      className="fk-panel"
      data-testid="bill-list"
      extra={
        <Space>
          <BillBatchPrintButton selectedIds={selected} />
          {can([perm.add]) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(`/bill/edit?type=${billType}`)}
            >
              新建{label}
            </Button>
          )}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          defaultValue={keyword}
          placeholder="单据编号或事由"
          style={{ width: 220 }}
          onSearch={(v) => set({ keyword: v.trim() })}
        />
        <DatePicker.RangePicker
          placeholder={['创建日期起', '创建日期止']}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(r) => set({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
        />
      </Space>
      <Tabs
        activeKey={status ?? 'all'}
        onChange={(k) => set({ status: k === 'all' ? undefined : k })}
        items={[
          { key: 'all', label: <span data-testid="bill-tab-all">全部 {countOf('all')?.count ?? ''}</span> },
          ...BILL_STATUSES.map((st) => ({
            key: st,
            label: (
              <span data-testid={`bill-tab-${st}`}>
                {BILL_STATUS_LABEL[st]} {countOf(st)?.count ?? ''}
              </span>
            ),
          })),
        ]}
      />
      <PagedQueryTable<BillListRow>
        query={list}
        what={`「${label}」`}
        pageNum={pageNum}
        pageSize={pageSize}
        onPage={(num, size) =>
          set({ pageNum: num === 1 ? undefined : num, pageSize: size === 20 ? undefined : size }, true)
        }
        columns={columns}
        scroll={{ x: 1500 }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
      />
    </Card>
  );
}
