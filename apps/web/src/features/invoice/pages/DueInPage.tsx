import {
  Alert,
  Button,
  Card,
  DatePicker,
  Input,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DUE_TABS, formatDateTime, formatMoney, type DueTab } from '@feikong/contracts';
import type { DueRow } from '@/api/invoiceDue';
import { useAccess } from '@/components/Access';
import {
  DueCancelDialog,
  DueDate,
  DueDetailDrawer,
  DueMatchDialog,
  DueSaveDialog,
  DueStatusTag,
} from '../components/DueDialogs';
import { dueListQuery, dueOrgListQuery, dueOrgOptionsQuery, useUnmatchDue } from '../hooks/due';
import { INVOICE_PERM } from '../hooks/queries';

const DAY = 86_400_000;
const OVERDUE_BG = '#fff2f0';
/** Epoch ms of a China day (the server's expected dates are China days). */
const chinaDayMs = (d: string) => Date.parse(`${d}T00:00:00+08:00`);

type Dialog =
  | { kind: 'save'; record: DueRow | null }
  | { kind: 'cancel'; record: DueRow }
  | { kind: 'match'; record: DueRow }
  | null;

/**
 * 待收发票 (invoice/DueIn): invoices the caller spent money for but has not received, tracked until one of
 * their saved invoices is matched (docs/decisions/0018-invoice-due.md). 我的 with invoice:view; 组织 with orgInvoice:view.
 * Filters, tab, view and page live in the URL.
 */
export default function DueInPage() {
  const { can } = useAccess();
  const canMine = can([INVOICE_PERM.view]);
  const canOrg = can([INVOICE_PERM.orgView]);
  const canAdd = can([INVOICE_PERM.add]);
  const [params, setParams] = useSearchParams();
  const view: 'mine' | 'org' = (params.get('view') === 'org' && canOrg) || !canMine ? 'org' : 'mine';
  const tab = (DUE_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as DueTab)
    : 'open';
  const pageNum = Math.max(1, Math.trunc(Number(params.get('pageNum'))) || 1);
  const pageSize = Math.min(100, Math.max(1, Math.trunc(Number(params.get('pageSize'))) || 20));
  const sellerName = params.get('sellerName') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const owner = Number(params.get('owner')) || undefined;
  const dept = Number(params.get('dept')) || undefined;
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

  const base = {
    pageNum,
    pageSize,
    tab,
    sellerName: sellerName || undefined,
    expectedDateMin: from ? chinaDayMs(from) : undefined,
    expectedDateMax: to ? chinaDayMs(to) + DAY - 1 : undefined,
  };
  const mine = useQuery({
    ...dueListQuery(base),
    enabled: view === 'mine',
    placeholderData: keepPreviousData,
  });
  const org = useQuery({
    ...dueOrgListQuery({ ...base, ownerStaffId: owner, deptId: dept }),
    enabled: view === 'org',
    placeholderData: keepPreviousData,
  });
  const options = useQuery({ ...dueOrgOptionsQuery, enabled: view === 'org' });
  const list = view === 'org' ? org : mine;

  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const open = (d: Dialog) => {
    setDialogKey((k) => k + 1);
    setDialog(d);
  };
  const [detail, setDetail] = useState<number | null>(null);
  const unmatch = useUnmatchDue();

  if (!canMine && !canOrg) {
    return (
      <Card title="待收发票" className="fk-panel">
        <Alert
          type="warning"
          showIcon
          title="您没有查看待收发票的权限，请联系管理员开通“我的发票”或“组织发票”的查看权限。"
        />
      </Card>
    );
  }

  const columns: TableColumnsType<DueRow> = [
    {
      title: '销售方名称',
      dataIndex: 'sellerName',
      width: 240,
      fixed: 'left',
      render: (v: string, r) => (
        <>
          <Typography.Link onClick={() => setDetail(r.id)}>{v}</Typography.Link>
          {r.sellerTaxId && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.sellerTaxId}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    ...(view === 'org'
      ? ([
          { title: '登记人', dataIndex: 'ownerName', width: 90 },
          { title: '部门', dataIndex: 'deptName', width: 100, render: (v: string) => v || '—' },
        ] as TableColumnsType<DueRow>)
      : []),
    {
      title: '预计金额',
      dataIndex: 'expectedTotal',
      width: 120,
      align: 'right',
      render: (f: number) => formatMoney(f),
    },
    { title: '预计发票类型', dataIndex: 'expectedKindText', width: 150, render: (v: string) => v || '—' },
    {
      title: '预计到票日期',
      dataIndex: 'expectedDate',
      width: 180,
      render: (_: number, r) => <DueDate row={r} />,
    },
    { title: '事由', dataIndex: 'reason', width: 220, ellipsis: { showTitle: true } },
    { title: '状态', dataIndex: 'statusText', width: 80, render: (_: string, r) => <DueStatusTag row={r} /> },
    {
      title: '匹配发票',
      dataIndex: 'matchedInvoice',
      width: 170,
      render: (m: DueRow['matchedInvoice'], r) =>
        m ? (
          <>
            {m.number}
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                ¥{formatMoney(m.amountTax)} {r.matchMode === 'auto' ? '自动匹配' : '手工匹配'}
              </Typography.Text>
            </div>
          </>
        ) : r.status === 3 ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.cancelReason}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: '登记时间',
      dataIndex: 'createAt',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: view === 'mine' ? 250 : 70,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          <Button type="link" size="small" onClick={() => setDetail(r.id)}>
            详情
          </Button>
          {view === 'mine' && canAdd && r.status === 1 && (
            <>
              <Button type="link" size="small" onClick={() => open({ kind: 'match', record: r })}>
                匹配发票
              </Button>
              <Button type="link" size="small" onClick={() => open({ kind: 'save', record: r })}>
                修改
              </Button>
              <Button type="link" size="small" danger onClick={() => open({ kind: 'cancel', record: r })}>
                取消
              </Button>
            </>
          )}
          {view === 'mine' && canAdd && r.status === 2 && (
            <Popconfirm
              title="取消匹配"
              description="取消后记录恢复为待收，发票可重新匹配。"
              onConfirm={() => unmatch.mutateAsync(r.id)}
            >
              <Button type="link" size="small">
                取消匹配
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const tabs = list.data?.tabs ?? [];
  return (
    <Card
      title="待收发票"
      className="fk-panel"
      data-testid="invoice-due"
      extra={
        <Space>
          {canMine && canOrg && (
            <Segmented
              value={view}
              options={[
                { value: 'mine', label: '我的待收' },
                { value: 'org', label: '组织待收' },
              ]}
              onChange={(v) =>
                set({ view: v === 'org' ? 'org' : undefined, owner: undefined, dept: undefined })
              }
            />
          )}
          {view === 'mine' && canAdd && (
            <Button type="primary" onClick={() => open({ kind: 'save', record: null })}>
              登记待收发票
            </Button>
          )}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          defaultValue={sellerName}
          key={`seller-${view}`}
          placeholder="销售方名称"
          style={{ width: 220 }}
          onSearch={(v) => set({ sellerName: v.trim() })}
        />
        <DatePicker.RangePicker
          placeholder={['预计到票日期起', '预计到票日期止']}
          style={{ width: 300 }}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(r) => set({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
        />
        {view === 'org' && (
          <>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="登记人"
              style={{ width: 140 }}
              value={owner}
              onChange={(v) => set({ owner: v })}
              options={(options.data?.persons ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="部门"
              style={{ width: 140 }}
              value={dept}
              onChange={(v) => set({ dept: v })}
              options={(options.data?.depts ?? []).map((d) => ({ value: d.id, label: d.name }))}
            />
          </>
        )}
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(k) => set({ tab: k === 'open' ? undefined : k })}
        items={DUE_TABS.map((key) => {
          const s = tabs.find((x) => x.tab === key);
          return {
            key,
            label: (
              <span data-testid={`due-tab-${key}`}>
                {s?.label ?? key} {s ? `${s.count} · ¥${formatMoney(s.amount)}` : ''}
              </span>
            ),
          };
        })}
      />
      {list.isError && !list.data ? (
        <Alert
          type="error"
          showIcon
          title="待收发票加载失败"
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Table<DueRow>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          scroll={{ x: 1500 }}
          columns={columns.map((c) => ({
            ...c,
            // Fixed columns paint their own background, so the overdue colour goes on every cell.
            onCell: (r: DueRow) => (r.overdue ? { style: { background: OVERDUE_BG } } : {}),
          }))}
          rowClassName={(r) => (r.overdue ? 'fk-due-overdue' : '')}
          pagination={{
            current: pageNum,
            pageSize,
            total: list.data?.page.total ?? 0,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (num, size) =>
              set({ pageNum: num === 1 ? undefined : num, pageSize: size === 20 ? undefined : size }, true),
          }}
        />
      )}
      {dialog?.kind === 'save' && (
        <DueSaveDialog key={dialogKey} record={dialog.record} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'cancel' && (
        <DueCancelDialog key={dialogKey} record={dialog.record} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'match' && (
        <DueMatchDialog key={dialogKey} record={dialog.record} onClose={() => setDialog(null)} />
      )}
      {detail !== null && <DueDetailDrawer id={detail} onClose={() => setDetail(null)} />}
    </Card>
  );
}
