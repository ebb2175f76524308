import { Button, Card, Input, Modal, Select, Table, Tabs, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type Key } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TODO_TAB_LABEL, TODO_TABS, formatDateTime, TodoPageQuery, type TodoTab } from '@feikong/contracts';
import { billApi, type BatchResult, type TodoListRow } from '@/api/bill';
import { ListTable, moneyColumn, useListParams, type ListColumn } from '@/components/ListPage';
import { BillListFilters } from '../components/BillListFilters';
import { BillStatusTag } from '../components/BillStatusTag';
import { RiskTags } from '../components/RiskFlags';
import { todoCountQuery, todoListQuery, useBillMutation } from '../hooks/queries';
import { saveTodoQueue, todoDetailPath } from '../todoQueue';

const rowKey = (r: TodoListRow) => `${r.billId}-${r.taskId}-${r.time}`;
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
 * Tab, filters and page live in the URL; a row opens the document as the head of a queue (todoQueue.ts).
 */
export default function TodoListPage() {
  const navigate = useNavigate();
  const params = useListParams(TodoPageQuery);
  const { query, pageNum, pageSize, setPage } = params;
  const { tab, keyword, billType, timeMin, timeMax, risk } = query;
  const set: typeof params.set = (patch, keepPage) => {
    setSelected([]);
    params.set(patch, keepPage);
  };
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [opinion, setOpinion] = useState('');
  const [result, setResult] = useState<BatchResult | null>(null);

  const list = useQuery({ ...todoListQuery(query), placeholderData: keepPreviousData });
  const counts = useQuery(todoCountQuery);
  const batch = useBillMutation((v: { ids: number[]; opinion: string }) =>
    billApi.batchApprove(v.ids, v.opinion),
  );

  const { search } = useLocation();
  // The detail steps through what this page shows (上一条 / 下一条) and comes back here (返回待办).
  const open = (r: TodoListRow) => {
    saveTodoQueue({ ids: (list.data?.items ?? []).map((x) => x.billId), back: search });
    navigate(todoDetailPath(r.billId));
  };
  // The key, amount and status first; where the rest cannot fit they scroll, the least read last.
  const columns: ListColumn<TodoListRow>[] = [
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 160,
      role: 'key',
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
    { title: '事由', dataIndex: 'title', width: 180, ellipsis: { showTitle: true } },
    moneyColumn('金额（元）', 'amount'),
    {
      title: '单据状态',
      dataIndex: 'statusText',
      width: 90,
      role: 'status',
      render: (t: string, r) => <BillStatusTag status={r.status} text={t} />,
    },
    {
      title: '风险',
      dataIndex: 'riskNames',
      width: 150,
      render: (names: string[]) => <RiskTags names={names} />,
    },
    { title: '提交人', dataIndex: 'submitterName', width: 90 },
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
      : ([{ title: '处理结果', dataIndex: 'actionLabel', width: 90 }] as ListColumn<TodoListRow>[])),
    {
      title: tab === 'pending' ? '到达时间' : tab === 'done' ? '审批时间' : '抄送时间',
      dataIndex: 'time',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    { title: '单据类型', dataIndex: 'billTypeText', width: 90 },
    { title: '部门', dataIndex: 'deptName', width: 100, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'op',
      width: 70,
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
    <Card title="我的待办" className="fk-panel" data-testid="todo-list">
      <Tabs
        activeKey={tab}
        onChange={(k) => set({ tab: k === 'pending' ? undefined : k })}
        items={TODO_TABS.map((t) => ({ key: t, label: label(t) }))}
      />
      <ListTable<TodoListRow>
        query={list}
        what="「我的待办」"
        rowKey={rowKey}
        paging={{ pageNum, pageSize, setPage }}
        columns={columns}
        filters={
          <BillListFilters
            keyword={keyword}
            billType={billType}
            range={[timeMin, timeMax]}
            rangePlaceholder={['时间起', '时间止']}
            onKeyword={(v) => set({ keyword: v })}
            onBillType={(v) => set({ billType: v })}
            onRange={(min, max) => set({ timeMin: min, timeMax: max })}
          >
            <Select
              allowClear
              placeholder="风险"
              aria-label="风险筛选"
              style={{ width: 110 }}
              value={risk}
              onChange={(v) => set({ risk: v })}
              options={[
                { value: true, label: '有风险' },
                { value: false, label: '无风险' },
              ]}
            />
          </BillListFilters>
        }
        {...(tab === 'pending' && {
          selectedKeys: (list.data?.items ?? []).filter((r) => selected.includes(r.billId)).map(rowKey),
          onSelect: (_keys: Key[], rows: TodoListRow[]) =>
            setSelected([...new Set(rows.map((r) => r.billId))]),
          batchActions: [
            {
              key: 'approve',
              label: '批量同意',
              emptyMessage: NONE_SELECTED,
              run: () => {
                setOpinion('');
                setConfirming(true);
              },
            },
          ],
        })}
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
