import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Row,
  Statistic,
  Table,
  Tabs,
  Tag,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatMoney } from '@feikong/contracts';
import type {
  EfficiencyDetailRow,
  EfficiencyFilter,
  EfficiencyReport,
  EfficiencyStat,
} from '@/api/billReport';
import { detailsQuery, efficiencyQuery } from '../hooks/queries';
import { DepartmentChart, WeekChart } from './EfficiencyCharts';

/** 单据分析's two views, shared by the 单据分析 screen and its printable /subForm/ pages. */

const hoursText = (h: number | null) => (h === null ? '—' : `${h}`);
function statColumns(first: string): TableColumnsType<EfficiencyStat> {
  return [
    { title: first, dataIndex: 'name' },
    { title: '单据数', dataIndex: 'documents', width: 90, align: 'right' },
    { title: '已完成', dataIndex: 'finished', width: 90, align: 'right' },
    { title: '审批中', dataIndex: 'running', width: 90, align: 'right' },
    { title: '平均耗时（小时）', dataIndex: 'avgHours', width: 140, align: 'right', render: hoursText },
    { title: 'P90耗时（小时）', dataIndex: 'p90Hours', width: 140, align: 'right', render: hoursText },
    {
      title: '超时单据',
      dataIndex: 'overdue',
      width: 100,
      align: 'right',
      render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0),
    },
  ];
}

type Approver = EfficiencyReport['byApprover'][number];
const APPROVER_COLUMNS: TableColumnsType<Approver> = [
  { title: '审批人', dataIndex: 'approverName' },
  { title: '已处理', dataIndex: 'handled', width: 90, align: 'right' },
  { title: '待处理', dataIndex: 'pending', width: 90, align: 'right' },
  { title: '平均处理时长（小时）', dataIndex: 'avgHours', width: 170, align: 'right', render: hoursText },
  { title: 'P90处理时长（小时）', dataIndex: 'p90Hours', width: 170, align: 'right', render: hoursText },
  {
    title: '超时任务',
    dataIndex: 'overdue',
    width: 100,
    align: 'right',
    render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0),
  },
];

/**
 * 效率分析: the summary, the charts and the tables by type, department, submitter and approver. `print` (the
 * printable /subForm/efficiencyAnalysisBillDetail) shows every table one below another, unpaged.
 */
export function EfficiencyOverview({ filter, print = false }: { filter: EfficiencyFilter; print?: boolean }) {
  const report = useQuery({ ...efficiencyQuery(filter), placeholderData: keepPreviousData });
  if (report.isError)
    return (
      <Alert
        type="error"
        showIcon
        message="分析数据加载失败"
        action={
          <Button size="small" onClick={() => void report.refetch()}>
            重试
          </Button>
        }
      />
    );
  const r = report.data;
  const s = r?.summary;
  const tables = r
    ? [
        {
          key: 'type',
          label: '按单据类型',
          children: (
            <Table
              rowKey="key"
              size="small"
              pagination={false}
              columns={statColumns('单据类型')}
              dataSource={r.byType}
            />
          ),
        },
        {
          key: 'dept',
          label: '按部门',
          children: (
            <Table
              rowKey="key"
              size="small"
              pagination={false}
              columns={statColumns('部门')}
              dataSource={r.byDepartment}
            />
          ),
        },
        {
          key: 'person',
          label: '按提交人',
          children: (
            <Table
              rowKey="key"
              size="small"
              columns={statColumns('提交人')}
              dataSource={r.byPerson}
              pagination={print ? false : { pageSize: 10, hideOnSinglePage: true }}
            />
          ),
        },
        {
          key: 'approver',
          label: '按审批人',
          children: (
            <Table
              rowKey="approverId"
              size="small"
              columns={APPROVER_COLUMNS}
              dataSource={r.byApprover}
              pagination={print ? false : { pageSize: 10, hideOnSinglePage: true }}
            />
          ),
        },
      ]
    : [];
  return (
    <div data-testid="efficiency-overview">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={4}>
          <Statistic title="单据数" value={s?.documents ?? 0} loading={report.isLoading} />
        </Col>
        <Col span={4}>
          <Statistic title="已完成" value={s?.finished ?? 0} loading={report.isLoading} />
        </Col>
        <Col span={4}>
          <Statistic title="审批中" value={s?.running ?? 0} loading={report.isLoading} />
        </Col>
        <Col span={4}>
          <Statistic
            title="平均耗时（小时）"
            value={hoursText(s?.avgHours ?? null)}
            loading={report.isLoading}
          />
        </Col>
        <Col span={4}>
          <Statistic
            title="P90耗时（小时）"
            value={hoursText(s?.p90Hours ?? null)}
            loading={report.isLoading}
          />
        </Col>
        <Col span={4}>
          <Statistic
            title="超时单据"
            value={s?.overdue ?? 0}
            loading={report.isLoading}
            styles={s && s.overdue > 0 ? { content: { color: '#cf1322' } } : undefined}
          />
        </Col>
      </Row>
      {r && r.summary.documents === 0 ? (
        <Empty description="所选期间没有已提交的单据" />
      ) : (
        r && (
          <>
            <Row gutter={16}>
              <Col xs={24} xl={print ? 24 : 12}>
                <Card size="small" title="各部门审批效率">
                  <DepartmentChart report={r} />
                </Card>
              </Col>
              <Col xs={24} xl={print ? 24 : 12}>
                <Card size="small" title="按周趋势">
                  <WeekChart report={r} />
                </Card>
              </Col>
            </Row>
            {print ? (
              tables.map((t) => (
                <Card key={t.key} size="small" title={t.label} style={{ marginTop: 16 }}>
                  {t.children}
                </Card>
              ))
            ) : (
              <Tabs style={{ marginTop: 16 }} items={tables} />
            )}
          </>
        )
      )}
    </div>
  );
}

type Node = EfficiencyDetailRow['nodes'][number];
const NODE_COLUMNS: TableColumnsType<Node> = [
  { title: '审批节点', dataIndex: 'nodeName', width: 160 },
  { title: '审批人', dataIndex: 'approvers' },
  {
    title: '到达时间',
    dataIndex: 'receivedAt',
    width: 150,
    render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
  },
  {
    title: '离开时间',
    dataIndex: 'leftAt',
    width: 150,
    render: (ms: number | null) =>
      ms === null ? <Tag color="processing">审批中</Tag> : formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
  },
  { title: '等待时长（小时）', dataIndex: 'waitHours', width: 140, align: 'right' },
  {
    title: '处理时长（小时）',
    dataIndex: 'handleHours',
    width: 140,
    align: 'right',
    render: (h: number, n) => (n.overdue ? <Tag color="red">{h}</Tag> : h),
  },
];

/**
 * 效率明细: documents with their per-node times (expandable). `print` (the printable
 * /subForm/efficiencyDetailsBillDetail) opens every document's nodes and takes its page from the caller.
 */
export function EfficiencyDetails({
  filter,
  print = false,
  page: fixedPage,
  onPage,
}: {
  filter: EfficiencyFilter;
  print?: boolean;
  page?: { pageNum: number; pageSize: number };
  onPage?: (pageNum: number, pageSize: number) => void;
}) {
  const [ownPage, setOwnPage] = useState({ pageNum: 1, pageSize: 20 });
  const page = fixedPage ?? ownPage;
  const setPage = (p: { pageNum: number; pageSize: number }) =>
    onPage ? onPage(p.pageNum, p.pageSize) : setOwnPage(p);
  const details = useQuery({ ...detailsQuery({ ...filter, ...page }), placeholderData: keepPreviousData });
  const columns: TableColumnsType<EfficiencyDetailRow> = [
    { title: '单据编号', dataIndex: 'billNumber', width: 170 },
    { title: '事由', dataIndex: 'title', ellipsis: !print },
    { title: '单据类型', dataIndex: 'billTypeText', width: 100 },
    { title: '提交人', dataIndex: 'submitterName', width: 100 },
    { title: '部门', dataIndex: 'deptName', width: 120, render: (v: string) => v || '—' },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      render: (f: number) => formatMoney(f),
    },
    { title: '状态', dataIndex: 'statusText', width: 90 },
    {
      title: '提交时间',
      dataIndex: 'submitTime',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '总耗时（小时）',
      dataIndex: 'totalHours',
      width: 130,
      align: 'right',
      render: (h: number, r) => (r.overdue ? <Tag color="red">{h}</Tag> : h),
    },
  ];
  if (details.isError)
    return (
      <Alert
        type="error"
        showIcon
        message="效率明细加载失败"
        action={
          <Button size="small" onClick={() => void details.refetch()}>
            重试
          </Button>
        }
      />
    );
  return (
    <Table<EfficiencyDetailRow>
      data-testid="efficiency-details"
      rowKey="id"
      size="middle"
      loading={details.isFetching}
      columns={columns}
      dataSource={details.data?.items ?? []}
      scroll={print ? undefined : { x: 1200 }}
      expandable={{
        expandedRowRender: (r) => (
          <Table<Node>
            rowKey={(n) => `${n.nodeId}-${n.receivedAt}`}
            size="small"
            pagination={false}
            columns={NODE_COLUMNS}
            dataSource={r.nodes}
          />
        ),
        rowExpandable: (r) => r.nodes.length > 0,
        ...(print
          ? {
              expandedRowKeys: (details.data?.items ?? []).map((r) => r.id),
              showExpandColumn: false,
            }
          : {}),
      }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: details.data?.page.total ?? 0,
        showSizeChanger: true,
        showTotal: (n) => `共 ${n} 条`,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
    />
  );
}
