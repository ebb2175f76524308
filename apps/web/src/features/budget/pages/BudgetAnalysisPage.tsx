import {
  Alert,
  Breadcrumb,
  Button,
  Card,
  Col,
  Empty,
  Progress,
  Row,
  Select,
  Space,
  Statistic,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  BUDGET_ANALYSIS_KINDS,
  BudgetAnalysisQuery,
  TaskOperatingType,
  budgetPeriodText,
  formatMoney,
  type BudgetAnalysisKind,
} from '@feikong/contracts';
import type { BudgetAnalysisData } from '@/api/budget';
import { tasksApi } from '@/api/tasks';
import { useAccess } from '@/components/Access';
import { ListTable, moneyColumn, useListParams, type ListColumn } from '@/components/ListPage';
import { OrgUnitSelect } from '@/components/OrgUnitSelect';
import { useTaskPolling } from '@/features/common';
import { feeTypeOptionsQuery, feeTypeTreeData } from '@/features/settings';
import { BudgetAnalysisDrawer, type AnalysisTarget } from '../components/BudgetAnalysisDrawer';
import {
  BUDGET_COLOR,
  BudgetNodeChart,
  BudgetOverrunChart,
  BudgetTrendChart,
} from '../components/BudgetAnalysisCharts';
import { BUDGET_PERM, budgetAnalysisQuery } from '../queries';

type NodeRow = BudgetAnalysisData['nodes'][number];
const money = (fen: number | null) => (fen === null ? '未编制' : `¥${formatMoney(fen)}`);
const rateText = (r: number | null) => (r === null ? '—' : `${r.toFixed(1)}%`);

/** 全年, the months, quarters and halves of a year, as the API's period keys. */
function periodOptions(year: number) {
  const key = (p: string) => ({ value: `${year}-${p}`, label: budgetPeriodText(`${year}-${p}`).slice(5) });
  return [
    { label: '月度', options: Array.from({ length: 12 }, (_, i) => key(String(i + 1).padStart(2, '0'))) },
    { label: '季度', options: [1, 2, 3, 4].map((q) => key(`Q${q}`)) },
    { label: '半年', options: [key('H1'), key('H2')] },
  ];
}

/**
 * 预算分析 (budget/BudgetAnalysis, /budget/budgetAnalysis; decision 0055): a year's budgets, a budget or a node —
 * 预算, 预占, 已用, 可用 and 执行率, the rows one level of the tree below (a row opens the level under it), a
 * trend by period and the largest overruns; any figure opens the documents behind it, each linking to 单据详情.
 * The filters and the open drill-down live in the URL, so 返回 from a document comes back to the same figures.
 */
export default function BudgetAnalysisPage() {
  const { can } = useAccess();
  const { track, running } = useTaskPolling();
  const u = useListParams(BudgetAnalysisQuery);
  const q = u.query;
  const filter = {
    year: q.year,
    budget_id: q.budget_id,
    node_id: q.node_id,
    period: q.period,
    fee_type: q.fee_type || undefined,
    department_id: q.department_id,
  };
  const report = useQuery({ ...budgetAnalysisQuery(filter), placeholderData: keepPreviousData });
  const feeTypes = useQuery(feeTypeOptionsQuery());
  const data = report.data;
  const year = data?.year ?? q.year ?? dayjs().year();

  // The drill-down: node, period and kind in the URL (dn, dp, dk), its title beside them (dl).
  const dn = Number(u.raw('dn'));
  const dk = u.raw('dk') as BudgetAnalysisKind;
  const target: AnalysisTarget | null =
    Number.isInteger(dn) && dn > 0
      ? {
          node_id: dn,
          label: u.raw('dl'),
          period: u.raw('dp') || undefined,
          kind: BUDGET_ANALYSIS_KINDS.includes(dk) ? dk : 'all',
        }
      : null;
  const open = (t: AnalysisTarget) =>
    u.setRaw(
      { dn: t.node_id, dl: t.label, dp: t.period ?? q.period, dk: t.kind === 'all' ? undefined : t.kind },
      true,
    );
  const close = () => u.setRaw({ dn: undefined, dl: undefined, dp: undefined, dk: undefined }, true);

  // The node the totals and the trend are of: the last of the path, or the one row of a year with one budget.
  const focus = data?.path.at(-1) ?? (data?.nodes.length === 1 ? data.nodes[0] : undefined);
  const openFocus = (kind: BudgetAnalysisKind, period?: string) =>
    focus && open({ node_id: focus.node_id, label: focus.label, period, kind });
  const into = (r: NodeRow) => u.set({ budget_id: r.budget_id, node_id: r.node_id });

  const columns: ListColumn<NodeRow>[] = [
    {
      title: '节点',
      role: 'key',
      dataIndex: 'label',
      width: 200,
      render: (v: string, r) =>
        r.has_children ? (
          <Typography.Link onClick={() => into(r)} title="查看下级">
            {v}
          </Typography.Link>
        ) : (
          v
        ),
    },
    { title: '维度', dataIndex: 'dimensionText', width: 80, render: (t: string) => <Tag>{t}</Tag> },
    moneyColumn<NodeRow>('预算', 'budget', { width: 120, render: money }),
    moneyColumn<NodeRow>('预占', 'occupied', {
      width: 120,
      render: (f: number, r) => (
        <Typography.Link onClick={() => open({ node_id: r.node_id, label: r.label, kind: 'occupied' })}>
          {formatMoney(f)}
        </Typography.Link>
      ),
    }),
    moneyColumn<NodeRow>('已用', 'used', {
      width: 120,
      render: (f: number, r) => (
        <Typography.Link onClick={() => open({ node_id: r.node_id, label: r.label, kind: 'used' })}>
          {formatMoney(f)}
        </Typography.Link>
      ),
    }),
    moneyColumn<NodeRow>('可用', 'available', {
      width: 120,
      render: (f: number | null) =>
        f === null ? (
          '—'
        ) : (
          <Typography.Text type={f < 0 ? 'danger' : undefined}>{formatMoney(f)}</Typography.Text>
        ),
    }),
    {
      title: '执行率',
      dataIndex: 'rate',
      width: 150,
      render: (r: number | null) =>
        r === null ? (
          '—'
        ) : (
          <Progress
            percent={Math.min(100, r)}
            format={() => rateText(r)}
            size="small"
            status={r > 100 ? 'exception' : 'normal'}
          />
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => open({ node_id: r.node_id, label: r.label, kind: 'all' })}
        >
          查看单据
        </Button>
      ),
    },
  ];

  const t = data?.total;
  const cards: [string, string, BudgetAnalysisKind | null, string?][] = [
    ['预算', t ? money(t.budget) : '—', null],
    ['预占', t ? money(t.occupied) : '—', 'occupied', BUDGET_COLOR.occupied],
    ['已用', t ? money(t.used) : '—', 'used', BUDGET_COLOR.used],
    [
      '可用',
      t ? (t.available === null ? '—' : money(t.available)) : '—',
      null,
      t && t.available !== null && t.available < 0 ? BUDGET_COLOR.excess : undefined,
    ],
    ['执行率', t ? rateText(t.rate) : '—', null],
  ];

  return (
    <Card
      title="预算分析"
      className="fk-panel"
      data-testid="budget-analysis"
      extra={
        can([BUDGET_PERM.view]) && (
          <Button
            loading={running.length > 0}
            onClick={() =>
              void tasksApi
                .exportFile(
                  TaskOperatingType.budgetAnalysisExport,
                  { ...filter, year },
                  `预算执行（${year}年）.xlsx`,
                )
                .then(({ id }) => track(id))
                .catch(() => undefined)
            }
          >
            导出
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="预算年度"
          style={{ width: 110 }}
          value={year}
          options={Array.from({ length: 7 }, (_, i) => dayjs().year() + 1 - i).map((y) => ({
            value: y,
            label: `${y}年`,
          }))}
          onChange={(y) => u.set({ year: y, budget_id: undefined, node_id: undefined, period: undefined })}
        />
        <Select
          aria-label="预算"
          allowClear
          placeholder="全部预算"
          style={{ width: 220 }}
          value={q.budget_id}
          options={(data?.budgets ?? []).map((b) => ({
            value: b.id,
            label: `${b.name}（${b.periodTypeText}）`,
          }))}
          onChange={(id) => u.set({ budget_id: id, node_id: undefined })}
        />
        <Select
          aria-label="期间"
          allowClear
          placeholder="全年"
          style={{ width: 130 }}
          value={q.period}
          options={periodOptions(year)}
          onChange={(p) => u.set({ period: p })}
        />
        <div style={{ width: 180 }} aria-label="部门">
          <OrgUnitSelect
            kind="dept"
            placeholder="全部部门"
            value={q.department_id ?? null}
            onChange={(d) => u.set({ department_id: d ?? undefined })}
          />
        </div>
        <TreeSelect<string>
          aria-label="费用类型"
          allowClear
          placeholder="全部费用类型"
          style={{ width: 180 }}
          value={q.fee_type || undefined}
          treeData={feeTypeTreeData(feeTypes.data ?? [])}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          onChange={(v) => u.set({ fee_type: v ?? undefined })}
        />
      </Space>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        data-testid="budget-analysis-path"
        items={[
          {
            title: data?.path.length ? (
              <Typography.Link onClick={() => u.set({ budget_id: undefined, node_id: undefined })}>
                {year}年全部预算
              </Typography.Link>
            ) : (
              `${year}年全部预算`
            ),
          },
          ...(data?.path ?? []).map((p, i, all) => ({
            title:
              i < all.length - 1 ? (
                <Typography.Link
                  onClick={() => u.set({ budget_id: p.budget_id, node_id: i === 0 ? undefined : p.node_id })}
                >
                  {p.label}
                </Typography.Link>
              ) : (
                p.label
              ),
          })),
        ]}
      />
      {report.isError ? (
        <Alert
          type="error"
          showIcon
          message="预算分析加载失败"
          action={
            <Button size="small" onClick={() => void report.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          <Row gutter={12} style={{ marginBottom: 12 }} data-testid="budget-analysis-totals">
            {cards.map(([title, value, kind, color]) => (
              <Col key={title} flex="1 1 160px">
                <Card
                  size="small"
                  hoverable={!!kind && !!focus}
                  onClick={kind && focus ? () => openFocus(kind) : undefined}
                  aria-label={title}
                >
                  <Statistic
                    title={title}
                    value={value}
                    loading={report.isLoading}
                    valueStyle={color ? { color } : undefined}
                  />
                </Card>
              </Col>
            ))}
          </Row>
          {data && data.nodes.length === 0 && data.budgets.length === 0 ? (
            <Empty description={`${year}年还没有预算`} style={{ margin: '48px 0' }} />
          ) : (
            data && (
              <>
                <Row gutter={[12, 12]}>
                  <Col xs={24} xl={10}>
                    <Card size="small" title="预算执行（预算 / 预占 / 已用）">
                      <BudgetNodeChart
                        nodes={data.nodes}
                        onPick={(r, kind) => open({ node_id: r.node_id, label: r.label, kind })}
                      />
                    </Card>
                  </Col>
                  <Col xs={24} md={12} xl={7}>
                    <Card size="small" title="月度趋势">
                      <BudgetTrendChart
                        trend={data.trend}
                        onPick={(period, kind) => openFocus(kind, period)}
                      />
                    </Card>
                  </Col>
                  <Col xs={24} md={12} xl={7}>
                    <Card size="small" title="超预算排行">
                      {data.overruns.length === 0 ? (
                        <Empty
                          description="没有超预算的节点"
                          image={Empty.PRESENTED_IMAGE_SIMPLE}
                          style={{ height: 268, paddingTop: 80 }}
                        />
                      ) : (
                        <BudgetOverrunChart
                          overruns={data.overruns}
                          onPick={(o) =>
                            open({ node_id: o.node_id, label: o.path, period: o.period, kind: 'all' })
                          }
                        />
                      )}
                    </Card>
                  </Col>
                </Row>
                <div style={{ marginTop: 12 }}>
                  <ListTable<NodeRow>
                    rowKey="node_id"
                    rows={data.nodes}
                    loading={report.isFetching}
                    what="「预算节点」"
                    columns={columns}
                    testId="budget-analysis-nodes"
                  />
                </div>
              </>
            )
          )}
        </>
      )}
      <BudgetAnalysisDrawer
        key={`${target?.node_id ?? 0}-${target?.period ?? ''}`}
        target={target}
        onKind={(k) => u.setRaw({ dk: k === 'all' ? undefined : k }, true)}
        onClose={close}
      />
    </Card>
  );
}
