import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Dropdown,
  Empty,
  InputNumber,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  BILL_TYPE_LABEL,
  BILL_TYPES,
  formatDateTime,
  formatMoney,
  TaskOperatingType,
  type BillType,
} from '@feikong/contracts';
import type {
  EfficiencyDetailRow,
  EfficiencyFilter,
  EfficiencyReport,
  EfficiencyStat,
} from '@/api/billReport';
import { tasksApi } from '@/api/tasks';
import { useAccess } from '@/components/Access';
import { useTaskPolling } from '@/features/common';
import { DepartmentChart, WeekChart } from '../components/EfficiencyCharts';
import { BILL_REPORT_PERM, detailsQuery, efficiencyQuery } from '../hooks/queries';

const BILL_TYPE_OPTIONS = BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }));
const hoursText = (h: number | null) => (h === null ? '—' : `${h}`);
const DAY_FORMAT = 'YYYY-MM-DD';

/** The export menu: operating types of spec §3 and the permission each needs. */
const EXPORTS: { type: number; label: string; perm: string }[] = [
  {
    type: TaskOperatingType.flowEfficiencyDocumentExport,
    label: '效率明细（按单据）',
    perm: BILL_REPORT_PERM.analysisExport,
  },
  {
    type: TaskOperatingType.flowEfficiencyDepartmentExport,
    label: '效率明细（按部门）',
    perm: BILL_REPORT_PERM.analysisExport,
  },
  {
    type: TaskOperatingType.flowEfficiencyPersonExport,
    label: '效率明细（按人员）',
    perm: BILL_REPORT_PERM.analysisExport,
  },
  { type: TaskOperatingType.documentExport, label: '单据导出', perm: BILL_REPORT_PERM.analysisExport },
  {
    type: TaskOperatingType.billExport,
    label: '账单导出（费用明细）',
    perm: BILL_REPORT_PERM.analysisExport,
  },
  { type: TaskOperatingType.flowExport, label: '审批流程导出', perm: BILL_REPORT_PERM.flowView },
];

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

function Overview({ filter }: { filter: EfficiencyFilter }) {
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
              <Col xs={24} xl={12}>
                <Card size="small" title="各部门审批效率">
                  <DepartmentChart report={r} />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card size="small" title="按周趋势">
                  <WeekChart report={r} />
                </Card>
              </Col>
            </Row>
            <Tabs
              style={{ marginTop: 16 }}
              items={[
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
                      pagination={{ pageSize: 10, hideOnSinglePage: true }}
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
                      pagination={{ pageSize: 10, hideOnSinglePage: true }}
                    />
                  ),
                },
              ]}
            />
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

function Details({ filter }: { filter: EfficiencyFilter }) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const details = useQuery({ ...detailsQuery({ ...filter, ...page }), placeholderData: keepPreviousData });
  const columns: TableColumnsType<EfficiencyDetailRow> = [
    { title: '单据编号', dataIndex: 'billNumber', width: 170 },
    { title: '事由', dataIndex: 'title', ellipsis: true },
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
      scroll={{ x: 1200 }}
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

/** 单据分析: approval efficiency (charts and tables) and its per-document details, with exports. */
export default function BillAnalysisPage() {
  const { message } = App.useApp();
  const { can } = useAccess();
  const client = useQueryClient();
  const { track, running } = useTaskPolling();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [billType, setBillType] = useState<BillType | undefined>(undefined);
  const [overdueHours, setOverdueHours] = useState(48);
  const [tab, setTab] = useState('overview');
  const filter: EfficiencyFilter = {
    startDate: range[0].format(DAY_FORMAT),
    endDate: range[1].format(DAY_FORMAT),
    billType,
    overdueHours,
  };
  const exports = EXPORTS.filter((e) => can([e.perm]));

  const startExport = async (type: number) => {
    const { id } = await tasksApi.exportFile(
      type,
      type === TaskOperatingType.flowExport ? {} : { ...filter },
    );
    void message.info('导出任务已创建，完成后将自动下载，也可在下载中心查看');
    void client.invalidateQueries({ queryKey: ['tasks'] });
    track(id, { onFinish: () => void client.invalidateQueries({ queryKey: ['tasks'] }) });
  };

  return (
    <Card
      title="单据分析"
      className="fk-panel"
      data-testid="bill-analysis"
      extra={
        exports.length > 0 && (
          <Dropdown
            menu={{
              items: exports.map((e) => ({ key: String(e.type), label: e.label })),
              onClick: ({ key }) => void startExport(Number(key)).catch(() => undefined),
            }}
          >
            <Button loading={running.length > 0}>导出</Button>
          </Dropdown>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => v && v[0] && v[1] && setRange([v[0], v[1]])}
          aria-label="提交日期"
        />
        <Select
          allowClear
          placeholder="全部单据类型"
          style={{ width: 160 }}
          value={billType}
          options={BILL_TYPE_OPTIONS}
          onChange={(v) => setBillType(v)}
          aria-label="单据类型"
        />
        <Space size={4}>
          <span>超时标准</span>
          <InputNumber
            min={1}
            max={8760}
            precision={0}
            value={overdueHours}
            onChange={(v) => v && setOverdueHours(v)}
            suffix="小时"
            style={{ width: 120 }}
            aria-label="超时标准（小时）"
          />
        </Space>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'overview', label: '效率分析', children: <Overview filter={filter} /> },
          { key: 'details', label: '效率明细', children: <Details filter={filter} /> },
        ]}
      />
    </Card>
  );
}
