import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Spin,
  Table,
  Tabs,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  formatDateTime,
  formatMoney,
  MATRIX_DIMENSION_LABEL,
  MATRIX_DIMENSIONS,
  MatrixListQuery,
  type MatrixDimension,
} from '@feikong/contracts';
import { flowApi, type MatrixDetail, type MatrixSummary } from '@/api/flow';
import { useAccess } from '@/components/Access';
import { ListTable, useListParams, type ListColumn } from '@/components/ListPage';
import { StaffPicker } from '@/components/StaffPicker';
import { FLOW_PERM, matricesQuery, matrixQuery, useFlowMutation, useOrgOptions } from '../hooks/queries';
import { fenToYuan, yuanToFen } from '../rules/conditions';

/** What a row names by dimension: 公司 or 部门. */
const UNIT_TEXT: Record<MatrixDimension, string> = { company: '公司', department: '部门' };

/** A row as the editor holds it: amounts in 元 (null = open bound). */
interface EditRow {
  key: number;
  unitId?: number;
  minYuan: number | null;
  maxYuan: number | null;
  approverIds: number[];
  labels: Record<number, string>;
}

const band = (min: number | null, max: number | null) =>
  min === null && max === null
    ? '不限金额'
    : min === null
      ? `${formatMoney(max!)}元以下`
      : max === null
        ? `${formatMoney(min)}元及以上`
        : `${formatMoney(min)} – ${formatMoney(max)}元`;

/**
 * 审批矩阵 (flow/Matrix): who approves what by company or by department and amount band (lower bound
 * inclusive, upper exclusive, in 元 here and 分 in data). A flow's approver node names a matrix as its source.
 */
export default function MatrixPage() {
  const { can } = useAccess();
  const canEdit = can([FLOW_PERM.matrixEdit]);
  const { modal, message } = App.useApp();
  const u = useListParams(MatrixListQuery);
  const dimension = u.query.dimension ?? 'company';
  const list = useQuery(matricesQuery);
  const remove = useFlowMutation(flowApi.deleteMatrix);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const rows = (list.data ?? []).filter((m) => m.dimension === dimension);

  const columns: ListColumn<MatrixSummary>[] = [
    {
      title: '矩阵名称',
      role: 'key',
      dataIndex: 'name',
      render: (v: string, m) => <Typography.Link onClick={() => setEditing(m.id)}>{v}</Typography.Link>,
    },
    { title: '维度', dataIndex: 'dimensionText', width: 100 },
    { title: '规则行数', dataIndex: 'rowCount', width: 100, align: 'right' },
    { title: '说明', dataIndex: 'remark', ellipsis: true },
    {
      title: '更新时间',
      dataIndex: 'updateAt',
      width: 160,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_: unknown, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(m.id)}>
            {canEdit ? '编辑' : '查看'}
          </Button>
          {canEdit && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: '系统提示',
                  content: `确定删除审批矩阵【${m.name}】吗？`,
                  okText: '删除',
                  okButtonProps: { danger: true },
                  onOk: async () => {
                    await remove.mutateAsync(m.id);
                    void message.success('删除成功');
                  },
                })
              }
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="审批矩阵"
      data-testid="flow-matrix"
      className="fk-panel"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建矩阵
          </Button>
        )
      }
    >
      <Tabs
        activeKey={dimension}
        onChange={(k) => u.set({ dimension: k === 'company' ? undefined : k })}
        items={MATRIX_DIMENSIONS.map((d) => ({ key: d, label: MATRIX_DIMENSION_LABEL[d] }))}
      />
      <ListTable<MatrixSummary> rows={rows} loading={list.isFetching} what="「审批矩阵」" columns={columns} />
      {editing !== null && (
        <MatrixDrawer
          id={editing === 'new' ? undefined : editing}
          dimension={dimension}
          readOnly={!canEdit}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

function MatrixDrawer({
  id,
  dimension,
  readOnly,
  onClose,
}: {
  id?: number;
  dimension: MatrixDimension;
  readOnly: boolean;
  onClose: () => void;
}) {
  const detail = useQuery({ ...matrixQuery(id ?? 0), enabled: !!id });
  return (
    <Drawer title={id ? '编辑审批矩阵' : '新建审批矩阵'} open onClose={onClose} size={960}>
      {id && !detail.data ? (
        <Spin />
      ) : (
        <MatrixForm detail={detail.data} dimension={dimension} readOnly={readOnly} onDone={onClose} />
      )}
    </Drawer>
  );
}

let rowKey = 0;
const toEdit = (d: MatrixDetail): EditRow[] =>
  d.rows.map((r) => ({
    key: ++rowKey,
    unitId: (d.dimension === 'company' ? r.companyId : r.departmentId) ?? undefined,
    minYuan: r.minAmount === null ? null : fenToYuan(r.minAmount),
    maxYuan: r.maxAmount === null ? null : fenToYuan(r.maxAmount),
    approverIds: r.approverIds,
    labels: Object.fromEntries(r.approverIds.map((a, i) => [a, r.approverNames[i] ?? String(a)])),
  }));

function MatrixForm({
  detail,
  dimension: initialDimension,
  readOnly,
  onDone,
}: {
  detail?: MatrixDetail;
  dimension: MatrixDimension;
  readOnly: boolean;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const org = useOrgOptions();
  const [name, setName] = useState(detail?.name ?? '');
  const [remark, setRemark] = useState(detail?.remark ?? '');
  const [dimension, setDimension] = useState<MatrixDimension>(
    (detail?.dimension as MatrixDimension) ?? initialDimension,
  );
  const [rows, setRows] = useState<EditRow[]>(() => (detail ? toEdit(detail) : []));
  const [problem, setProblem] = useState('');
  const save = useFlowMutation(flowApi.saveMatrix);
  const units = (dimension === 'company' ? org.companies : org.departments).map((o) => ({
    value: Number(o.value),
    label: o.label,
  }));
  const put = (key: number, patch: Partial<EditRow>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = async () => {
    if (!name.trim()) return setProblem('请填写矩阵名称');
    const bad = rows.findIndex((r) => r.approverIds.length === 0);
    if (bad >= 0) return setProblem(`第${bad + 1}行请选择审批人`);
    const inverted = rows.findIndex(
      (r) => r.minYuan !== null && r.maxYuan !== null && r.minYuan >= r.maxYuan,
    );
    if (inverted >= 0) return setProblem(`第${inverted + 1}行金额下限必须小于金额上限`);
    setProblem('');
    await save.mutateAsync({
      id: detail?.id,
      name: name.trim(),
      dimension,
      remark,
      rows: rows.map((r) => ({
        ...(dimension === 'company' ? { companyId: r.unitId } : { departmentId: r.unitId }),
        minAmount: r.minYuan === null ? undefined : yuanToFen(r.minYuan),
        maxAmount: r.maxYuan === null ? undefined : yuanToFen(r.maxYuan),
        approverIds: r.approverIds,
      })),
    });
    void message.success('保存成功');
    onDone();
  };

  const columns: TableColumnsType<EditRow> = [
    {
      title: UNIT_TEXT[dimension],
      dataIndex: 'unitId',
      width: 200,
      render: (v: number | undefined, r) => (
        <Select
          allowClear
          style={{ width: '100%' }}
          placeholder={`不限${UNIT_TEXT[dimension]}`}
          value={v}
          options={units}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(x) => put(r.key, { unitId: x })}
          aria-label={UNIT_TEXT[dimension]}
        />
      ),
    },
    {
      title: '金额下限（元，含）',
      dataIndex: 'minYuan',
      width: 150,
      render: (v: number | null, r) => (
        <InputNumber
          style={{ width: '100%' }}
          min={0}
          precision={2}
          placeholder="不限"
          value={v}
          onChange={(x) => put(r.key, { minYuan: x })}
          aria-label="金额下限"
        />
      ),
    },
    {
      title: '金额上限（元，不含）',
      dataIndex: 'maxYuan',
      width: 150,
      render: (v: number | null, r) => (
        <InputNumber
          style={{ width: '100%' }}
          min={0}
          precision={2}
          placeholder="不限"
          value={v}
          onChange={(x) => put(r.key, { maxYuan: x })}
          aria-label="金额上限"
        />
      ),
    },
    {
      title: '审批人',
      dataIndex: 'approverIds',
      render: (v: number[], r) => (
        <StaffPicker value={v} labels={r.labels} onChange={(ids) => put(r.key, { approverIds: ids })} />
      ),
    },
    {
      title: '',
      key: 'op',
      width: 50,
      render: (_: unknown, r) => (
        <Button
          type="text"
          icon={<DeleteOutlined />}
          aria-label="删除此行"
          onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
        />
      ),
    },
  ];

  return (
    <Form layout="vertical" disabled={readOnly}>
      <Flex gap={12}>
        <Form.Item label="矩阵名称" required style={{ flex: 1 }}>
          <Input
            value={name}
            maxLength={50}
            onChange={(e) => setName(e.target.value)}
            aria-label="矩阵名称"
          />
        </Form.Item>
        <Form.Item label="维度" required>
          <Radio.Group
            value={dimension}
            disabled={!!detail}
            onChange={(e) => {
              setDimension(e.target.value);
              setRows((rs) => rs.map((r) => ({ ...r, unitId: undefined })));
            }}
            options={MATRIX_DIMENSIONS.map((d) => ({ value: d, label: MATRIX_DIMENSION_LABEL[d] }))}
          />
        </Form.Item>
      </Flex>
      <Form.Item label="说明">
        <Input value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} aria-label="说明" />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        单据的{UNIT_TEXT[dimension]}与金额落在某一行时，由该行的审批人审批；未选
        {UNIT_TEXT[dimension]}的行适用于所有{UNIT_TEXT[dimension]}。
      </Typography.Paragraph>
      <Table<EditRow> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={false} />
      {!readOnly && (
        <Button
          style={{ marginTop: 8 }}
          icon={<PlusOutlined />}
          onClick={() =>
            setRows((rs) => [
              ...rs,
              { key: ++rowKey, minYuan: null, maxYuan: null, approverIds: [], labels: {} },
            ])
          }
        >
          添加一行
        </Button>
      )}
      {detail && rows.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          当前规则：
          {detail.rows
            .map(
              (r) =>
                `${r.companyName || r.departmentName || '不限'} ${band(r.minAmount, r.maxAmount)} → ${r.approverNames.join('、')}`,
            )
            .join('；')}
        </Typography.Paragraph>
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} />}
      {!readOnly && (
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存
          </Button>
        </Flex>
      )}
    </Form>
  );
}
