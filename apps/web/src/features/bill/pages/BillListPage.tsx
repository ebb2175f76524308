import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Input, Space, Tabs, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  BILL_EDITABLE_STATUSES,
  BILL_STATUS_LABEL,
  BILL_STATUSES,
  BILL_TYPE_LABEL,
  BillPageQuery,
  formatDateTime,
} from '@feikong/contracts';
import { billApi, type BillListRow } from '@/api/bill';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import {
  dayRange,
  ListTable,
  moneyColumn,
  rangeToMs,
  useListParams,
  type ListColumn,
} from '@/components/ListPage';
import { BillBatchPrintButton } from '@/features/billPrint';
import { useMenuBillType } from '../billType';
import { BillStatusTag } from '../components/BillStatusTag';
import { billListQuery, billPerm, useBillMutation } from '../hooks/queries';

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
  const { query, pageNum, pageSize, set, setPage } = useListParams(BillPageQuery);
  const { status, keyword, createAtMin, createAtMax } = query;
  const list = useQuery({
    ...billListQuery({ ...query, billType }),
    placeholderData: keepPreviousData,
  });
  const copy = useBillMutation(billApi.copy);
  const remove = useBillMutation(billApi.remove);

  const editable = (r: BillListRow) => (BILL_EDITABLE_STATUSES as readonly string[]).includes(r.status);
  const open = (r: BillListRow) => navigate(`/bill/detail?id=${r.id}`);
  const columns: ListColumn<BillListRow>[] = [
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 160,
      role: 'key',
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
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
      width: 170,
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
      <ListTable<BillListRow>
        query={list}
        what={`「${label}」`}
        paging={{ pageNum, pageSize, setPage }}
        columns={columns}
        selectable
        selectedKeys={selected}
        onSelect={(keys) => setSelected(keys.map(Number))}
        filters={
          <>
            <Input.Search
              allowClear
              defaultValue={keyword}
              placeholder="单据编号或事由"
              style={{ width: 220 }}
              onSearch={(v) => set({ keyword: v.trim() })}
            />
            <DatePicker.RangePicker
              placeholder={['创建日期起', '创建日期止']}
              value={dayRange(createAtMin, createAtMax)}
              onChange={(r) => {
                const { min, max } = rangeToMs(r);
                set({ createAtMin: min, createAtMax: max });
              }}
            />
          </>
        }
      />
    </Card>
  );
}
