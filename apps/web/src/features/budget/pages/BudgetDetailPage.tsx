import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  BUDGET_PERIOD_TYPES,
  BudgetControl,
  BudgetControlLabel,
  BudgetDimensionLabel,
  BudgetMode,
  BudgetPeriodTypeLabel,
  BudgetStatus,
  BudgetStatusLabel,
  budgetPeriodOf,
  budgetPeriodText,
  formatDateTime,
  formatMoney,
  optionsOf,
  PageModeLabel,
  type BudgetDimension,
  type BudgetPeriodType,
} from '@feikong/contracts';
import { feeTypeOptionsQuery } from '@/features/settings';
import { budgetApi, type BudgetDetail } from '@/api/budget';
import { orgApi, type UnitNode } from '@/api/org';
import { projectApi } from '@/api/project';
import { useAccess } from '@/components/Access';
import { applyFieldErrors } from '@/components/formErrors';
import { StaffPicker } from '@/components/StaffPicker';
import { useUnsavedChanges } from '@/platform/unsaved';
import { BudgetImportExport } from '../components/BudgetImportExport';
import { BudgetLedgerDrawer } from '../components/BudgetLedgerDrawer';
import { BudgetVersionDrawer } from '../components/BudgetVersionDrawer';
import { BUDGET_LIST as LIST, BUDGET_PERM, budgetInfoQuery, budgetKeys, useBudgetMutation } from '../queries';

interface Settings {
  name: string;
  year: number;
  period_type: BudgetPeriodType;
  budget_mode: number;
  control: number;
  overrun_pct: number;
  cumulative: boolean;
  status: number;
  remark: string;
}
interface EditNode {
  key: string;
  parent: string | null;
  id?: number;
  dimension: BudgetDimension;
  value: string;
  label: string;
  /** The node's own 超支控制; null follows the budget's. */
  control: number | null;
  amounts: Record<string, number>;
}
const FIELDS = [
  'name',
  'year',
  'period_type',
  'budget_mode',
  'control',
  'overrun_pct',
  'cumulative',
  'remark',
];
/** A node's 超支控制 in a narrow cell: short words, the budget-level wording as the option's title. */
const NODE_CONTROL_OPTIONS = [
  { value: 0, label: '同预算', title: '同预算（按预算的超支控制）' },
  { value: BudgetControl.combine, label: '合并标记', title: BudgetControlLabel[BudgetControl.combine] },
  { value: BudgetControl.personal, label: '个人承担', title: BudgetControlLabel[BudgetControl.personal] },
  { value: BudgetControl.forbid, label: '禁止', title: BudgetControlLabel[BudgetControl.forbid] },
];
const EDITABLE_DIMENSIONS: BudgetDimension[] = ['department', 'project', 'fee_type', 'person'];
let newKey = 0;

/**
 * 预算数据新增 / 预算详情 (budget/BudgetDetail, /budget/budgetDetail/:id?), page modes add / edit / view (view
 * without 编辑 permission): the budget's settings, its node tree (dimension and value per node under its
 * parent), the period grid (the month picker chooses the period) with each node's budget, and for a saved
 * budget the figures 预占 / 已用 / 可用 with drill-down to the ledger rows and their documents. Saving an
 * adjustment publishes version n+1.
 */
export default function BudgetDetailPage() {
  const params = useParams();
  const id = Number(params.id) || 0;
  // Always read this visit's figures (the cache may hold a fresh-enough older read: staleTime 30 s).
  const info = useQuery({ ...budgetInfoQuery(id), enabled: id > 0, refetchOnMount: 'always' });
  if (id > 0 && !(info.data && info.isFetchedAfterMount))
    return <Card className="fk-panel">{info.isError ? '预算不存在或已被删除' : <Spin />}</Card>;
  return <BudgetForm key={id} id={id} saved={info.data} />;
}

function flatDepts(nodes: UnitNode[], out: { value: string; label: string }[] = []) {
  for (const n of nodes) {
    if (n.org_type === 'dept') out.push({ value: String(n.id), label: n.full_name || n.name });
    flatDepts(n.children ?? [], out);
  }
  return out;
}

function nodesOf(saved?: BudgetDetail): EditNode[] {
  if (!saved)
    return [
      { key: 'root', parent: null, dimension: 'root', value: '', label: '全部', control: null, amounts: {} },
    ];
  return saved.nodes.map((n) => ({
    key: String(n.id),
    parent: n.parent_id === null ? null : String(n.parent_id),
    id: n.id,
    dimension: n.dimension as BudgetDimension,
    value: n.value,
    label: n.label,
    control: n.control,
    amounts: Object.fromEntries(n.figures.filter((f) => f.budget !== null).map((f) => [f.period, f.budget!])),
  }));
}

/** Depth-first order with each node's depth (the tree as indented rows). */
function ordered(nodes: EditNode[]) {
  const kids = new Map<string | null, EditNode[]>();
  for (const n of nodes) (kids.get(n.parent) ?? kids.set(n.parent, []).get(n.parent)!).push(n);
  const out: (EditNode & { depth: number })[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const n of kids.get(parent) ?? []) {
      out.push({ ...n, depth });
      walk(n.key, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

function BudgetForm({ id, saved }: { id: number; saved?: BudgetDetail }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { can } = useAccess();
  const qc = useQueryClient();
  const readOnly = !can([BUDGET_PERM.edit]);
  const mode = id === 0 ? 'add' : readOnly ? 'view' : 'edit';
  const [form] = Form.useForm<Settings>();
  const [nodes, setNodes] = useState<EditNode[]>(() => nodesOf(saved));
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState(false);
  const [month, setMonth] = useState<Dayjs>(() => dayjs().year(saved?.year ?? dayjs().year()));
  const [drill, setDrill] = useState<{ id: number; label: string } | null>(null);
  const [changes, setChanges] = useState<number | null>(null);
  useUnsavedChanges(dirty ? '预算有未保存的修改，确定离开吗？' : null);
  useEffect(() => {
    if (done && !dirty) navigate(LIST);
  }, [done, dirty, navigate]);
  const add = useBudgetMutation(budgetApi.add);
  const update = useBudgetMutation(budgetApi.update);
  const setStatus = useBudgetMutation(budgetApi.status);

  const depts = useQuery({
    queryKey: ['budget', 'depts'],
    queryFn: ({ signal }) => orgApi.deptTree(undefined, signal),
  });
  const projects = useQuery({
    queryKey: ['budget', 'projects'],
    queryFn: ({ signal }) => projectApi.options(undefined, signal),
  });
  // The tenant's enabled fee types (费用类型 tree, decision 0051), indented by level.
  const feeTypes = useQuery(feeTypeOptionsQuery());
  const choices = useMemo<Record<string, { value: string; label: string }[]>>(
    () => ({
      department: flatDepts(depts.data ?? []),
      project: (projects.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name}（${p.code}）` })),
      fee_type: (feeTypes.data ?? []).map((f) => ({
        value: f.code,
        label: `${'\u3000'.repeat(Math.max(0, f.level - 1))}${f.name}`,
      })),
      person: [],
    }),
    [depts.data, projects.data, feeTypes.data],
  );

  const initial = useMemo<Settings>(
    () => ({
      name: saved?.name ?? '',
      year: saved?.year ?? dayjs().year(),
      period_type: (saved?.period_type as BudgetPeriodType) ?? 'month',
      budget_mode: saved?.budget_mode ?? BudgetMode.department,
      control: saved?.control ?? BudgetControl.forbid,
      overrun_pct: saved?.overrun_pct ?? 0,
      cumulative: saved?.cumulative ?? false,
      status: saved?.status ?? BudgetStatus.enabled,
      remark: saved?.remark ?? '',
    }),
    [saved],
  );
  // A new version (an import: decision 0054) starts the tree and the settings again from it.
  const shown = useRef(saved?.version);
  useEffect(() => {
    if (!saved || shown.current === saved.version) return;
    shown.current = saved.version;
    setNodes(nodesOf(saved));
    form.setFieldsValue(initial);
    setDirty(false);
  }, [saved, initial, form]);
  const year = Form.useWatch('year', form) ?? initial.year;
  const periodType = (Form.useWatch('period_type', form) ?? initial.period_type) as BudgetPeriodType;
  const period = budgetPeriodOf(year, month.month() + 1, periodType);
  const figures = useMemo(() => {
    const m = new Map<number, BudgetDetail['nodes'][number]['figures'][number]>();
    for (const n of saved?.nodes ?? []) {
      const f = n.figures.find((x) => x.period === period);
      if (f) m.set(n.id, f);
    }
    return m;
  }, [saved, period]);

  const change = (key: string, patch: Partial<EditNode>) => {
    setNodes((list) => list.map((n) => (n.key === key ? { ...n, ...patch } : n)));
    setDirty(true);
  };
  const addChild = (parent: string) => {
    setNodes((list) => [
      ...list,
      {
        key: `n${++newKey}`,
        parent,
        dimension: 'department',
        value: '',
        label: '',
        control: null,
        amounts: {},
      },
    ]);
    setDirty(true);
  };
  const removeNode = (key: string) => {
    setNodes((list) => {
      const gone = new Set([key]);
      for (let grew = true; grew;) {
        grew = false;
        for (const n of list)
          if (n.parent && gone.has(n.parent) && !gone.has(n.key)) {
            gone.add(n.key);
            grew = true;
          }
      }
      return list.filter((n) => !gone.has(n.key));
    });
    setDirty(true);
  };

  const save = async () => {
    const v = await form.validateFields();
    const missing = nodes.find((n) => n.dimension !== 'root' && !n.value);
    if (missing) {
      void message.error('请为每个预算节点选择维度值');
      return;
    }
    const body = {
      name: v.name.trim(),
      year: v.year,
      period_type: v.period_type,
      budget_mode: v.budget_mode,
      control: v.control,
      overrun_pct: v.overrun_pct ?? 0,
      cumulative: !!v.cumulative,
      fee_dimension: nodes.some((n) => n.dimension === 'fee_type'),
      remark: v.remark ?? '',
      nodes: nodes.map((n) => ({
        key: n.key,
        parent: n.parent,
        ...(n.id ? { id: n.id } : {}),
        dimension: n.dimension,
        value: n.value,
        label: n.label,
        control: n.control,
        amounts: n.amounts,
      })),
    };
    try {
      if (id > 0) {
        await update.mutateAsync({ ...body, id });
        if (saved && v.status !== saved.status) await setStatus.mutateAsync({ id, status: v.status });
      } else await add.mutateAsync({ ...body, status: v.status });
    } catch (e) {
      applyFieldErrors(form, e, FIELDS);
      return;
    }
    setDirty(false);
    setDone(true);
    void message.success(id > 0 ? '预算已调整（新版本已发布）' : '预算已新增');
  };
  const busy = add.isPending || update.isPending || setStatus.isPending;
  const rows = ordered(nodes);
  const figureCell = (key: 'occupied' | 'used' | 'available') => (_: unknown, n: EditNode) => {
    const f = n.id ? figures.get(n.id) : undefined;
    if (!f) return '—';
    const value = f[key];
    if (value === null) return '—';
    const text = formatMoney(value);
    if (key === 'available')
      return <Typography.Text type={value < 0 ? 'danger' : undefined}>{text}</Typography.Text>;
    return value ? (
      <Typography.Link onClick={() => setDrill({ id: n.id!, label: n.label })}>{text}</Typography.Link>
    ) : (
      text
    );
  };

  return (
    <Form<Settings>
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={readOnly}
      onValuesChange={() => setDirty(true)}
      data-testid="budget-detail"
    >
      <Card
        className="fk-panel"
        title={
          <Space>
            {id > 0 ? `预算：${saved?.name ?? ''}` : '预算数据新增'}
            <Tag>{PageModeLabel[mode]}</Tag>
            {saved && <Tag color="blue">v{saved.version}</Tag>}
          </Space>
        }
        extra={
          <Space>
            <Button disabled={false} onClick={() => navigate(LIST)}>
              返回
            </Button>
            {id > 0 && saved && (
              <BudgetImportExport
                budgetId={id}
                dimensionText={saved.budget_mode === BudgetMode.project ? '项目' : '部门'}
                canEdit={!readOnly}
                onImported={() => void qc.invalidateQueries({ queryKey: budgetKeys.all })}
              />
            )}
            {!readOnly && (
              <Button type="primary" loading={busy} onClick={() => void save()}>
                {id > 0 ? '保存并发布新版本' : '保存'}
              </Button>
            )}
          </Space>
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={4}>
            <Form.Item
              label="预算名称"
              name="name"
              rules={[
                { required: true, whitespace: true, message: '请输入预算名称' },
                { max: 50, message: '不能超过50个字符' },
              ]}
            >
              <Input placeholder="如 2026年市场部" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={2}>
            <Form.Item label="年度" name="year" rules={[{ required: true, message: '请输入预算年度' }]}>
              <InputNumber
                min={2000}
                max={2100}
                style={{ width: '100%' }}
                disabled={readOnly || !!saved?.has_ledger}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={3}>
            <Form.Item label="预算期间" name="period_type">
              <Select
                disabled={readOnly || !!saved?.has_ledger}
                options={BUDGET_PERIOD_TYPES.map((p) => ({ value: p, label: BudgetPeriodTypeLabel[p] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={3}>
            <Form.Item label="预算模式" name="budget_mode">
              <Select
                options={[BudgetMode.department, BudgetMode.project].map((m) => ({
                  value: m,
                  label: m === BudgetMode.department ? '部门预算' : '项目预算',
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={4}>
            <Form.Item label="超支控制" name="control">
              <Select aria-label="超支控制" options={optionsOf(BudgetControl, BudgetControlLabel)} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={3}>
            <Form.Item
              label="超支比例%"
              name="overrun_pct"
              tooltip="允许超出预算的比例：可用 = 预算 ×（1 + 比例）− 预占 − 已用"
            >
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={2}>
            <Form.Item
              label="累计"
              name="cumulative"
              valuePropName="checked"
              tooltip="跨期累计：前期未用完的预算可在后续期间使用"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={3}>
            <Form.Item label="状态" name="status">
              <Select options={optionsOf(BudgetStatus, BudgetStatusLabel)} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '不能超过500个字符' }]}>
              <Input placeholder="选填" maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Space style={{ marginBottom: 12 }} wrap>
          <span>期间：</span>
          <span data-testid="budget-month">
            <DatePicker
              picker="month"
              allowClear={false}
              disabled={false}
              value={month.year(year)}
              onChange={(d) => d && setMonth(d)}
              disabledDate={(d) => d.year() !== year}
              aria-label="期间"
            />
          </span>
          <Tag color="geekblue">{budgetPeriodText(period)}</Tag>
          {saved && (
            <Typography.Text type="secondary">
              最后修改：{saved.updated_by_name} {formatDateTime(saved.updated_at, 'YYYY-MM-DD HH:mm')}；版本{' '}
              {saved.versions.map((v, i) => (
                <span key={v.version}>
                  {i > 0 && '、'}
                  <Typography.Link
                    title="查看变更记录"
                    aria-label={`查看 v${v.version} 变更记录`}
                    onClick={() => setChanges(v.version)}
                  >
                    v{v.version}
                  </Typography.Link>
                  （{v.published_by_name}）
                </span>
              ))}
            </Typography.Text>
          )}
        </Space>
        <Table<EditNode & { depth: number }>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 1040 }}
          data-testid="budget-nodes"
          columns={[
            {
              title: '预算节点',
              key: 'label',
              width: 140,
              render: (_: unknown, n) => (
                <span style={{ paddingLeft: n.depth * 20 }}>
                  {n.dimension === 'root' ? (
                    <b>全部（总额）</b>
                  ) : (
                    n.label || <Typography.Text type="secondary">未选择</Typography.Text>
                  )}
                </span>
              ),
            },
            {
              title: '维度',
              key: 'dimension',
              width: 100,
              render: (_: unknown, n) =>
                n.dimension === 'root' ? (
                  BudgetDimensionLabel.root
                ) : (
                  <Select
                    size="small"
                    style={{ width: 90 }}
                    value={n.dimension}
                    aria-label="维度"
                    disabled={readOnly}
                    options={EDITABLE_DIMENSIONS.map((d) => ({
                      value: d,
                      label: BudgetDimensionLabel[d],
                    }))}
                    onChange={(d: BudgetDimension) => change(n.key, { dimension: d, value: '', label: '' })}
                  />
                ),
            },
            {
              title: '维度值',
              key: 'value',
              width: 140,
              render: (_: unknown, n) =>
                n.dimension === 'root' ? (
                  '—'
                ) : n.dimension === 'person' ? (
                  // One person per node: the picker's last choice replaces the one before.
                  <div style={{ width: 130 }} aria-label="维度值">
                    <StaffPicker
                      lookup="colleagues"
                      disabled={readOnly}
                      value={n.value ? [Number(n.value)] : []}
                      labels={n.value ? { [Number(n.value)]: n.label } : undefined}
                      onChange={(ids, people) => {
                        const picked = ids.filter((x) => String(x) !== n.value).at(-1) ?? ids.at(-1);
                        change(n.key, {
                          value: picked === undefined ? '' : String(picked),
                          label: people.find((p) => p.id === picked)?.name ?? '',
                        });
                      }}
                    />
                  </div>
                ) : (
                  <Select
                    size="small"
                    showSearch
                    optionFilterProp="label"
                    style={{ width: 130 }}
                    value={n.value || undefined}
                    placeholder="请选择"
                    aria-label="维度值"
                    disabled={readOnly}
                    options={choices[n.dimension]}
                    onChange={(v: string, o) =>
                      change(n.key, { value: v, label: (Array.isArray(o) ? '' : o?.label) ?? '' })
                    }
                  />
                ),
            },
            {
              // A node may control its own over-spend (差旅费 禁止 while the budget only flags); empty follows the budget.
              title: '超支控制',
              key: 'control',
              width: 100,
              render: (_: unknown, n) => (
                <Select
                  size="small"
                  style={{ width: 92 }}
                  aria-label="节点超支控制"
                  disabled={readOnly}
                  value={n.control ?? 0}
                  options={NODE_CONTROL_OPTIONS}
                  onChange={(v: number) => change(n.key, { control: v === 0 ? null : v })}
                />
              ),
            },
            {
              title: '预算（元）',
              key: 'amount',
              width: 130,
              render: (_: unknown, n) => (
                <InputNumber
                  size="small"
                  min={0}
                  precision={2}
                  style={{ width: 115 }}
                  placeholder="不控制"
                  aria-label="预算金额"
                  disabled={readOnly}
                  value={n.amounts[period] === undefined ? null : n.amounts[period] / 100}
                  onChange={(v) => {
                    const amounts = { ...n.amounts };
                    if (v === null || v === undefined) delete amounts[period];
                    else amounts[period] = Math.round(Number(v) * 100);
                    change(n.key, { amounts });
                  }}
                />
              ),
            },
            { title: '预占', key: 'occupied', width: 100, align: 'right', render: figureCell('occupied') },
            { title: '已用', key: 'used', width: 100, align: 'right', render: figureCell('used') },
            { title: '可用', key: 'available', width: 100, align: 'right', render: figureCell('available') },
            {
              title: '操作',
              key: 'op',
              width: 130,
              fixed: 'right',
              render: (_: unknown, n) =>
                readOnly ? null : (
                  <Space size={0}>
                    <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => addChild(n.key)}>
                      添加下级
                    </Button>
                    {n.dimension !== 'root' && (
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => removeNode(n.key)}
                        aria-label="删除节点"
                      />
                    )}
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <BudgetLedgerDrawer node={drill} period={period} onClose={() => setDrill(null)} />
      {saved && (
        <BudgetVersionDrawer budgetId={saved.id} version={changes} onClose={() => setChanges(null)} />
      )}
    </Form>
  );
}
