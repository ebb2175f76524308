import {
  App,
  Button,
  Card,
  DatePicker,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  BILL_TYPE_LABEL,
  BILL_TYPES,
  TODO_TAB_LABEL,
  TODO_TABS,
  formatDateTime,
  formatMoney,
  type TodoTab,
} from '@feikong/contracts';
import { billApi, type BatchResult, type TodoListRow } from '@/api/bill';
import { PagedQueryTable } from '@/components/PagedQueryTable';
import { isBillType } from '../billType';
import { BillStatusTag } from '../components/BillStatusTag';
import { todoCountQuery, todoListQuery, useBillMutation } from '../hooks/queries';

const DAY = 86_400_000;
export const NONE_SELECTED = '请至少选择一条数据！';

/** 批量同意's outcome, one line per document. */
function BatchResultDialog({ result, onClose }: { result: BatchResult; onClose: () => void }) {
  return (
    <Modal
      open
      title="批量同意结果"
      footer={<Button onClick={onClose}>知道了</Button>}
      onCancel={onClose}
      width={640}
    >
      <Typography.Paragraph data-testid="batch-summary">
        成功 {result.okCount} 条，失败 {result.failCount} 条
      </Typography.Paragraph>
      <Table
        data-testid="batch-results"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={result.results}
        columns={[
          { title: '单据编号', dataIndex: 'billNumber', width: 170 },
          {
            title: '结果',
            dataIndex: 'ok',
            width: 80,
            render: (ok: boolean) => (ok ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
          },
          { title: '说明', dataIndex: 'msg', render: (m: string, r) => m || (r.ok ? '已同意' : '—') },
        ]}
      />
    </Modal>
  );
}

/**
 * 我的待办 (flow/TodoList): 待审批 (open tasks, selectable, 批量同意), 已审批 (what I did), 知会/抄送我的.
 * Tab, filters and page live in the URL; a row opens the document.
 */
export default function TodoListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: TodoTab = (TODO_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TodoTab)
    : 'pending';
  const pageNum = Math.max(1, Math.trunc(Number(params.get('pageNum'))) || 1);
  const pageSize = Math.min(100, Math.max(1, Math.trunc(Number(params.get('pageSize'))) || 20));
  const keyword = params.get('keyword') ?? '';
  const billTypeParam = params.get('billType');
  const billType = isBillType(billTypeParam) ? billTypeParam : undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const set = (patch: Record<string, string | number | undefined>, keepPage = false) => {
    setSelected([]);
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
  };
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [opinion, setOpinion] = useState('');
  const [result, setResult] = useState<BatchResult | null>(null);

  const list = useQuery({
    ...todoListQuery({
      tab,
      pageNum,
      pageSize,
      billType,
      keyword: keyword || undefined,
      timeMin: from ? dayjs(from).valueOf() : undefined,
      timeMax: to ? dayjs(to).valueOf() + DAY - 1 : undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery(todoCountQuery);
  const batch = useBillMutation((v: { ids: number[]; opinion: string }) =>
    billApi.batchApprove(v.ids, v.opinion),
  );

  const open = (r: TodoListRow) => navigate(`/bill/detail?id=${r.billId}`);
  const columns: TableColumnsType<TodoListRow> = [
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 160,
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
    { title: '单据类型', dataIndex: 'billTypeText', width: 90 },
    { title: '事由', dataIndex: 'title', width: 200, ellipsis: { showTitle: true } },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 110,
      align: 'right',
      render: (f: number) => formatMoney(f),
    },
    { title: '提交人', dataIndex: 'submitterName', width: 90 },
    { title: '部门', dataIndex: 'deptName', width: 100, render: (v: string) => v || '—' },
    {
      title: tab === 'pending' ? '当前节点' : '节点',
      dataIndex: 'nodeName',
      width: 150,
      render: (v: string, r) => (
        <>
          {v || '—'}
          {r.onBehalfOfText && (
            <Tag color="purple" style={{ marginLeft: 4 }}>
              {r.onBehalfOfText}
            </Tag>
          )}
        </>
      ),
    },
    ...(tab === 'pending'
      ? []
      : ([{ title: '处理结果', dataIndex: 'actionLabel', width: 90 }] as TableColumnsType<TodoListRow>)),
    {
      title: '单据状态',
      dataIndex: 'statusText',
      width: 90,
      render: (t: string, r) => <BillStatusTag status={r.status} text={t} />,
    },
    {
      title: tab === 'pending' ? '到达时间' : tab === 'done' ? '审批时间' : '抄送时间',
      dataIndex: 'time',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => open(r)}>
          {tab === 'pending' ? '审批' : '查看'}
        </Button>
      ),
    },
  ];

  const label = (t: TodoTab) => {
    const n = t === 'pending' ? counts.data?.pending : t === 'cc' ? counts.data?.cc : undefined;
    return (
      <span data-testid={`todo-tab-${t}`}>
        {TODO_TAB_LABEL[t]}
        {n ? ` ${n}` : ''}
      </span>
    );
  };

  return (
    <Card
      title="我的待办"
      className="fk-panel"
      data-testid="todo-list"
      extra={
        tab === 'pending' && (
          <Button
            type="primary"
            onClick={() => {
              if (selected.length === 0) {
                void message.warning(NONE_SELECTED);
                return;
              }
              setOpinion('');
              setConfirming(true);
            }}
          >
            批量同意
          </Button>
        )
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
        <Select
          allowClear
          placeholder="单据类型"
          style={{ width: 140 }}
          value={billType}
          onChange={(v) => set({ billType: v })}
          options={BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }))}
        />
        <DatePicker.RangePicker
          placeholder={['时间起', '时间止']}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(r) => set({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
        />
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(k) => set({ tab: k === 'pending' ? undefined : k })}
        items={TODO_TABS.map((t) => ({ key: t, label: label(t) }))}
      />
      <PagedQueryTable<TodoListRow>
        query={list}
        what="「我的待办」"
        rowKey={(r) => `${r.billId}-${r.taskId}-${r.time}`}
        pageNum={pageNum}
        pageSize={pageSize}
        onPage={(num, size) =>
          set({ pageNum: num === 1 ? undefined : num, pageSize: size === 20 ? undefined : size }, true)
        }
        columns={columns}
        scroll={{ x: 1400 }}
        rowSelection={
          tab === 'pending'
            ? {
                selectedRowKeys: (list.data?.items ?? [])
                  .filter((r) => selected.includes(r.billId))
                  .map((r) => `${r.billId}-${r.taskId}-${r.time}`),
                onChange: (_keys, rows) => setSelected([...new Set(rows.map((r) => r.billId))]),
              }
            : undefined
        }
      />
      {confirming && (
        <Modal
          open
          title="批量同意"
          okText="同意"
          confirmLoading={batch.isPending}
          onCancel={() => setConfirming(false)}
          onOk={async () => {
            const r = await batch.mutateAsync({ ids: selected, opinion: opinion.trim() });
            setConfirming(false);
            setSelected([]);
            setResult(r);
          }}
        >
          <Typography.Paragraph>确定同意选中的 {selected.length} 张单据吗？</Typography.Paragraph>
          <Input.TextArea
            aria-label="审批意见"
            placeholder="审批意见（选填）"
            rows={3}
            maxLength={500}
            value={opinion}
            onChange={(e) => setOpinion(e.target.value)}
          />
        </Modal>
      )}
      {result && <BatchResultDialog result={result} onClose={() => setResult(null)} />}
    </Card>
  );
}
