import { Alert, Button, Card, DatePicker, Popconfirm, Segmented, Space, Tabs, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DUE_TABS, DueOrgPageQuery, formatDateTime, formatMoney } from '@feikong/contracts';
import type { DueRow } from '@/api/invoiceDue';
import { useAccess } from '@/components/Access';
import {
  dayRange,
  ListSearch,
  ListTable,
  moneyColumn,
  rangeToMs,
  useListParams,
  type ListColumn,
  ListSelect,
} from '@/components/ListPage';
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

const OVERDUE_BG = '#fff2f0';

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
  const u = useListParams(DueOrgPageQuery);
  const view: 'mine' | 'org' = (u.raw('view') === 'org' && canOrg) || !canMine ? 'org' : 'mine';
  const { tab, sellerName, expectedDateMin, expectedDateMax } = u.query;
  const { ownerStaffId: _owner, deptId: _dept, ownerName: _name, ...base } = u.query;
  const mine = useQuery({
    ...dueListQuery(base),
    enabled: view === 'mine',
    placeholderData: keepPreviousData,
  });
  const org = useQuery({
    ...dueOrgListQuery(u.query),
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

  const columns: ListColumn<DueRow>[] = [
    {
      title: '销售方名称',
      dataIndex: 'sellerName',
      width: 240,
      fixed: 'left',
      role: 'key',
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
    moneyColumn('预计金额', 'expectedTotal'),
    {
      title: '状态',
      dataIndex: 'statusText',
      width: 80,
      role: 'status',
      render: (_: string, r) => <DueStatusTag row={r} />,
    },
    ...(view === 'org'
      ? ([
          { title: '登记人', dataIndex: 'ownerName', width: 90 },
          { title: '部门', dataIndex: 'deptName', width: 100, render: (v: string) => v || '—' },
        ] as ListColumn<DueRow>[])
      : []),
    { title: '预计发票类型', dataIndex: 'expectedKindText', width: 150, render: (v: string) => v || '—' },
    {
      title: '预计到票日期',
      dataIndex: 'expectedDate',
      width: 180,
      render: (_: number, r) => <DueDate row={r} />,
    },
    { title: '事由', dataIndex: 'reason', width: 220, ellipsis: { showTitle: true } },
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
                u.setRaw({
                  view: v === 'org' ? 'org' : undefined,
                  ownerStaffId: undefined,
                  deptId: undefined,
                })
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
      <Tabs
        activeKey={tab}
        onChange={(k) => u.set({ tab: k })}
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
      <ListTable<DueRow>
        query={list}
        what="待收发票"
        paging={u}
        columns={columns.map((c) => ({
          ...c,
          // Fixed columns paint their own background, so the overdue colour goes on every cell.
          onCell: (r: DueRow) => (r.overdue ? { style: { background: OVERDUE_BG } } : {}),
        }))}
        rowClassName={(r) => (r.overdue ? 'fk-due-overdue' : '')}
        filters={
          <>
            <ListSearch
              key={`seller-${view}`}
              value={sellerName}
              placeholder="销售方名称"
              style={{ width: 220 }}
              onSearch={(v) => u.set({ sellerName: v })}
            />
            <DatePicker.RangePicker
              placeholder={['预计到票日期起', '预计到票日期止']}
              style={{ width: 300 }}
              value={dayRange(expectedDateMin, expectedDateMax)}
              onChange={(r) => {
                const { min, max } = rangeToMs(r);
                u.set({ expectedDateMin: min, expectedDateMax: max });
              }}
            />
            {view === 'org' && (
              <>
                <ListSelect
                  u={u}
                  field="ownerStaffId"
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="登记人"
                  options={(options.data?.persons ?? []).map((p) => ({ value: p.id, label: p.name }))}
                />
                <ListSelect
                  u={u}
                  field="deptId"
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="部门"
                  options={(options.data?.depts ?? []).map((d) => ({ value: d.id, label: d.name }))}
                />
              </>
            )}
          </>
        }
      />
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
