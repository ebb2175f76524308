import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Drawer,
  Empty,
  Row,
  Segmented,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  TreeSelect,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  BILL_TYPE_LABEL,
  BILL_TYPES,
  formatMoney,
  SPEND_GROUP_BY,
  SPEND_GROUP_BY_LABEL,
  TaskOperatingType,
  type BillType,
  type SpendGroupBy,
} from '@feikong/contracts';
import type { SpendFilter, SpendGroupRow, SpendLineRow } from '@/api/billReport';
import { SpendGroupChart, SpendMonthChart } from '../components/SpendCharts';
import { tasksApi } from '@/api/tasks';
import { useAccess } from '@/components/Access';
import { ProjectSelect } from '@/features/project';
import { feeTypeOptionsQuery, feeTypeTreeData } from '@/features/settings';
import { useExportTracking } from '@/features/common';
import { BILL_REPORT_PERM, spendLinesQuery, spendQuery } from '../hooks/queries';

const DAY_FORMAT = 'YYYY-MM-DD';
const BILL_TYPE_OPTIONS = BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }));
const GROUP_OPTIONS = SPEND_GROUP_BY.map((g) => ({ value: g, label: `按${SPEND_GROUP_BY_LABEL[g]}` }));
const money = (fen: number) => `¥${formatMoney(fen)}`;
const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—');

/** This month so far: what a finance manager opens the screen for. */
const thisMonth = (): [Dayjs, Dayjs] => [dayjs().startOf('month'), dayjs()];

function groupColumns(groupBy: SpendGroupBy, total: number, open: (key: string) => void) {
  const columns: TableColumnsType<SpendGroupRow> = [
    { title: SPEND_GROUP_BY_LABEL[groupBy], dataIndex: 'name', ellipsis: true },
    { title: '已通过金额', dataIndex: 'approved', width: 140, align: 'right', render: money },
    { title: '其中已付款', dataIndex: 'paid', width: 130, align: 'right', render: money },
    { title: '审批中金额', dataIndex: 'approving', width: 130, align: 'right', render: money },
    {
      title: '占比',
      key: 'share',
      width: 90,
      align: 'right',
      render: (_: unknown, r) => percent(r.approved, total),
    },
    { title: '单据数', dataIndex: 'documents', width: 90, align: 'right' },
    { title: '明细数', dataIndex: 'lines', width: 90, align: 'right' },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => open(r.key)} disabled={r.lines === 0}>
          查看明细
        </Button>
      ),
    },
  ];
  return columns;
}

const LINE_COLUMNS: TableColumnsType<SpendLineRow> = [
  {
    title: '单据编号',
    dataIndex: 'billNumber',
    width: 170,
    render: (n: string, r) => <Link to={`/bill/detail?id=${r.billId}`}>{n}</Link>,
  },
  { title: '标题', dataIndex: 'title', ellipsis: true },
  { title: '提交人', dataIndex: 'submitterName', width: 90 },
  { title: '部门', dataIndex: 'deptName', width: 110, ellipsis: true },
  { title: '费用类型', dataIndex: 'feeTypeText', width: 100 },
  { title: '项目', dataIndex: 'projectName', width: 120, ellipsis: true, render: (p: string) => p || '—' },
  { title: '费用日期', dataIndex: 'feeDate', width: 110 },
  { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: money },
  {
    title: '状态',
    dataIndex: 'statusText',
    width: 110,
    render: (text: string, r) => (
      <Space size={4}>
        <Tag color={r.status === 'approved' ? 'green' : 'blue'}>{text}</Tag>
        {r.payStatus === 'paid' && <Tag color="gold">已付款</Tag>}
      </Space>
    ),
  },
];

/** 导出 through the task centre (费用分析导出, task 142): the figures and their lines, or one group's lines. */
function useSpendExport() {
  const { message } = App.useApp();
  const { trackExport, running } = useExportTracking();
  const { can } = useAccess();
  const start = async (params: SpendFilter & { key?: string }) => {
    const { id } = await tasksApi.exportFile(TaskOperatingType.spendAnalysisExport, { ...params });
    void message.info('导出任务已创建，完成后将自动下载，也可在下载中心查看');
    trackExport(id);
  };
  return {
    allowed: can([BILL_REPORT_PERM.analysisExport]),
    running: running.length > 0,
    start: (params: SpendFilter & { key?: string }) => void start(params).catch(() => undefined),
  };
}

/** The fee lines behind one figure, paged, each opening its document. */
function SpendLinesDrawer({
  filter,
  group,
  onClose,
}: {
  filter: SpendFilter;
  group: { key: string; name: string } | null;
  onClose: () => void;
}) {
  const exporter = useSpendExport();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const lines = useQuery({
    ...spendLinesQuery({ ...filter, key: group?.key, ...page }),
    enabled: group !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer
      open={group !== null}
      onClose={onClose}
      size={1100}
      title={group ? `费用明细：${group.name}` : '费用明细'}
      destroyOnHidden
      extra={
        <Space>
          {lines.data && <span data-testid="spend-lines-sum">合计 {money(lines.data.amount)}</span>}
          {exporter.allowed && group && (
            <Button loading={exporter.running} onClick={() => exporter.start({ ...filter, key: group.key })}>
              导出明细
            </Button>
          )}
        </Space>
      }
    >
      {lines.isError ? (
        <Alert type="error" showIcon message="明细加载失败" />
      ) : (
        <Table<SpendLineRow>
          rowKey={(r) => `${r.billId}-${r.feeDate}-${r.amount}-${r.feeType}-${r.title}`}
          size="small"
          loading={lines.isFetching}
          columns={LINE_COLUMNS}
          dataSource={lines.data?.items ?? []}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description="空空如也~" /> }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: lines.data?.page.total ?? 0,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
        />
      )}
    </Drawer>
  );
}

/**
 * 费用分析: where the money went in a range of fee dates — approved (paid or not) and approving money by
 * department, company, fee type, project, person or month, a month trend, and the lines behind every figure.
 */
export default function SpendAnalysisPage() {
  // The filters live in the URL, so 返回 from a document comes back to the same figures.
  const [params, setParams] = useSearchParams();
  const day = (key: string) => {
    const v = params.get(key) ?? '';
    const d = dayjs(v);
    return /^\d{4}-\d{2}-\d{2}$/.test(v) && d.isValid() && d.format(DAY_FORMAT) === v ? d : undefined;
  };
  const [start, end] = [day('startDate'), day('endDate')];
  const range: [Dayjs, Dayjs] = start && end && !end.isBefore(start) ? [start, end] : thisMonth();
  const groupParam = params.get('groupBy') as SpendGroupBy | null;
  const groupBy: SpendGroupBy = groupParam && SPEND_GROUP_BY.includes(groupParam) ? groupParam : 'department';
  const typeParam = params.get('billType') as BillType | null;
  const billType = typeParam && BILL_TYPES.includes(typeParam) ? typeParam : undefined;
  const feeType = /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/.test(params.get('feeType') ?? '')
    ? (params.get('feeType') as string)
    : undefined;
  const projectParam = Number(params.get('projectId'));
  const projectId = Number.isInteger(projectParam) && projectParam > 0 ? projectParam : undefined;
  const feeTypes = useQuery(feeTypeOptionsQuery());
  const [picked, setPicked] = useState<{ key: string; name: string } | null>(null);
  const exporter = useSpendExport();
  const filter: SpendFilter = {
    startDate: range[0].format(DAY_FORMAT),
    endDate: range[1].format(DAY_FORMAT),
    groupBy,
    billType,
    feeType,
    projectId,
  };
  const setFilter = (next: Partial<SpendFilter>) => {
    const merged = { ...filter, ...next };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(merged)) if (v !== undefined) out.set(k, String(v));
    setParams(out, { replace: true });
  };
  const report = useQuery({ ...spendQuery(filter), placeholderData: keepPreviousData });
  const data = report.data;
  const open = (key: string) => {
    const g = data?.groups.find((x) => x.key === key);
    if (g) setPicked({ key: g.key, name: g.name });
  };

  return (
    <Card
      title="费用分析"
      className="fk-panel"
      data-testid="spend-analysis"
      extra={
        exporter.allowed && (
          <Button loading={exporter.running} onClick={() => exporter.start(filter)}>
            导出
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          aria-label="费用日期"
          presets={[
            { label: '本月', value: thisMonth() },
            {
              label: '上月',
              value: [
                dayjs().subtract(1, 'month').startOf('month'),
                dayjs().subtract(1, 'month').endOf('month'),
              ],
            },
            { label: '近30天', value: [dayjs().subtract(29, 'day'), dayjs()] },
            { label: '本年', value: [dayjs().startOf('year'), dayjs()] },
          ]}
          onChange={(v) =>
            v &&
            v[0] &&
            v[1] &&
            setFilter({ startDate: v[0].format(DAY_FORMAT), endDate: v[1].format(DAY_FORMAT) })
          }
        />
        <Select
          allowClear
          placeholder="全部单据类型"
          style={{ width: 160 }}
          value={billType}
          options={BILL_TYPE_OPTIONS}
          onChange={(v) => setFilter({ billType: v })}
          aria-label="单据类型"
        />
        <TreeSelect<string>
          allowClear
          placeholder="全部费用类型"
          style={{ width: 180 }}
          value={feeType}
          treeData={feeTypeTreeData(feeTypes.data ?? [])}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          loading={feeTypes.isLoading}
          onChange={(v) => setFilter({ feeType: v ?? undefined })}
          aria-label="费用类型"
        />
        <div style={{ width: 200 }}>
          <ProjectSelect
            value={projectId ?? null}
            placeholder="全部项目"
            onChange={(v) => setFilter({ projectId: typeof v === 'number' ? v : undefined })}
          />
        </div>
        <Segmented<SpendGroupBy>
          value={groupBy}
          options={GROUP_OPTIONS}
          onChange={(v) => setFilter({ groupBy: v })}
          aria-label="分析维度"
        />
      </Space>
      {report.isError ? (
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
      ) : (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            {(
              [
                ['已通过金额', data ? money(data.total.approved) : '—'],
                ['其中已付款', data ? money(data.total.paid) : '—'],
                ['审批中金额', data ? money(data.total.approving) : '—'],
                ['单据数', data?.total.documents ?? '—'],
                ['费用明细数', data?.total.lines ?? '—'],
              ] as const
            ).map(([title, value]) => (
              <Col key={title} flex="1 1 160px">
                <Card size="small">
                  <Statistic title={title} value={value} loading={report.isLoading} />
                </Card>
              </Col>
            ))}
          </Row>
          {data && data.total.lines === 0 ? (
            <Empty description="空空如也~" style={{ margin: '48px 0' }} />
          ) : (
            data && (
              <>
                <Row gutter={16}>
                  <Col xs={24} xl={14}>
                    <Card
                      size="small"
                      title={`金额分布（${GROUP_OPTIONS.find((g) => g.value === groupBy)?.label}）`}
                    >
                      <SpendGroupChart report={data} onPick={open} />
                    </Card>
                  </Col>
                  <Col xs={24} xl={10}>
                    <Card size="small" title="月度趋势">
                      <SpendMonthChart report={data} />
                    </Card>
                  </Col>
                </Row>
                <Table<SpendGroupRow>
                  style={{ marginTop: 16 }}
                  rowKey="key"
                  size="small"
                  loading={report.isFetching}
                  columns={groupColumns(groupBy, data.total.approved, open)}
                  dataSource={data.groups}
                  pagination={
                    data.groups.length > 20 ? { pageSize: 20, showTotal: (n) => `共 ${n} 条` } : false
                  }
                  data-testid="spend-groups"
                />
              </>
            )
          )}
        </>
      )}
      <SpendLinesDrawer
        key={picked?.key ?? ''}
        filter={filter}
        group={picked}
        onClose={() => setPicked(null)}
      />
    </Card>
  );
}
