import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Flex, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { StaffPicker } from '@/components/StaffPicker';
import { SELF_APPROVE_LABEL } from '@feikong/contracts';
import {
  CONDITION_FIELDS,
  conditionRows,
  defaultValue,
  fenToYuan,
  fieldLabel,
  OP_TEXT,
  opsFor,
  rowsToCondition,
  yuanToFen,
} from '../rules/conditions';
import { SOURCE_TEXT, type Names } from '../rules/describe';
import { backTargets } from '../rules/graph';
import { replaceNode, updateBranch } from '../rules/ops';
import type {
  ApproverNode,
  ApproverSource,
  Branch,
  ConditionOp,
  FieldCondition,
  FlowDefinition,
  FlowNode,
} from '../rules/types';

export interface Option {
  value: string;
  label: string;
}
/** Choices the panel offers; an empty list lets the administrator type codes instead. */
export interface DesignerOptions {
  groups: Option[];
  matrices: Option[];
  departments: Option[];
  companies: Option[];
  feeTypes: Option[];
  projects: Option[];
  /** The bill type's published custom form: its fields a condition can test (value = field key). */
  customFields: Option[];
  /** That form's name, when there is one. */
  formName?: string;
}

interface Props {
  def: FlowDefinition;
  node: FlowNode;
  branchId?: string;
  options: DesignerOptions;
  readOnly: boolean;
  names?: Names;
  onChange: (def: FlowDefinition) => void;
}

/** Edits the selected node (or branch) of the designer. */
export function NodePanel({ def, node, branchId, options, readOnly, names, onChange }: Props) {
  const set = (n: FlowNode) => onChange(replaceNode(def, n));
  if (node.type === 'condition' && branchId) {
    const branch = node.branches.find((b) => b.id === branchId);
    if (!branch) return null;
    return (
      <BranchPanel
        branch={branch}
        options={options}
        readOnly={readOnly}
        onChange={(b) => onChange(updateBranch(def, node.id, b))}
      />
    );
  }
  const title = {
    start: '发起人',
    approver: '审批人设置',
    cc: '抄送人设置',
    condition: '条件分支',
    end: '流程结束',
  }[node.type];
  return (
    <Form layout="vertical" disabled={readOnly} data-testid="node-panel">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Form.Item label="节点名称" required>
        <Input
          value={node.name}
          maxLength={30}
          onChange={(e) => set({ ...node, name: e.target.value })}
          aria-label="节点名称"
        />
      </Form.Item>
      {node.type === 'condition' && (
        <Typography.Text type="secondary">
          分支按优先级从左到右判断，第一个满足条件的分支生效；都不满足时走默认分支。点击上方“添加条件”增加分支。
        </Typography.Text>
      )}
      {(node.type === 'approver' || node.type === 'cc') && (
        <SourcesEditor
          label={node.type === 'cc' ? '抄送人' : '审批人'}
          sources={node.sources}
          options={options}
          names={names}
          onChange={(sources) => set({ ...node, sources })}
        />
      )}
      {node.type === 'approver' && <ApproverSettings def={def} node={node} onChange={set} />}
    </Form>
  );
}

const SOURCE_KINDS = (Object.keys(SOURCE_TEXT) as ApproverSource['kind'][]).map((k) => ({
  value: k,
  label: SOURCE_TEXT[k],
}));

function freshSource(kind: ApproverSource['kind']): ApproverSource {
  switch (kind) {
    case 'staff':
      return { kind, staffIds: [] };
    case 'supervisor':
      return { kind, levels: 1 };
    case 'departmentHead':
      return { kind };
    case 'group':
      return { kind, groupId: '' };
    case 'matrix':
      return { kind, matrixId: '' };
    case 'chosen':
      return { kind };
  }
}

function SourcesEditor({
  label,
  sources,
  options,
  names,
  onChange,
}: {
  label: string;
  sources: ApproverSource[];
  options: DesignerOptions;
  names?: Names;
  onChange: (s: ApproverSource[]) => void;
}) {
  const put = (i: number, s: ApproverSource) => onChange(sources.map((x, j) => (j === i ? s : x)));
  return (
    <Form.Item label={label} required>
      <Flex vertical gap={8}>
        {sources.map((s, i) => (
          <Flex
            key={i}
            vertical
            gap={6}
            style={{ padding: 8, background: '#fafafa', borderRadius: 6 }}
            data-testid="source-row"
          >
            <Flex gap={6}>
              <Select
                style={{ flex: 1 }}
                value={s.kind}
                options={SOURCE_KINDS}
                onChange={(k) => put(i, freshSource(k))}
                aria-label="审批人来源"
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label="移除来源"
                onClick={() => onChange(sources.filter((_, j) => j !== i))}
              />
            </Flex>
            {s.kind === 'staff' && (
              <StaffPicker
                value={s.staffIds.map(Number)}
                labels={Object.fromEntries(
                  s.staffIds.flatMap((id) => {
                    const n = names?.staff?.(id);
                    return n ? [[Number(id), n]] : [];
                  }),
                )}
                onChange={(ids) => put(i, { kind: 'staff', staffIds: ids.map(String) })}
              />
            )}
            {s.kind === 'supervisor' && (
              <Flex align="center" gap={6}>
                发起人的第
                <InputNumber
                  min={1}
                  max={10}
                  precision={0}
                  value={s.levels}
                  onChange={(v) => put(i, { kind: 'supervisor', levels: v ?? 1 })}
                  aria-label="主管层级"
                />
                级上级（1 = 直属上级）
              </Flex>
            )}
            {s.kind === 'departmentHead' && (
              <Select
                allowClear
                placeholder="发起人所在部门"
                value={s.departmentId}
                options={options.departments}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(v) =>
                  put(i, v ? { kind: 'departmentHead', departmentId: v } : { kind: 'departmentHead' })
                }
                aria-label="部门"
              />
            )}
            {s.kind === 'group' && (
              <Select
                placeholder="选择权限组"
                value={s.groupId || undefined}
                options={options.groups}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(v) => put(i, { kind: 'group', groupId: v })}
                aria-label="权限组"
              />
            )}
            {s.kind === 'matrix' && (
              <Select
                placeholder={
                  options.matrices.length ? '选择审批矩阵' : '暂无审批矩阵，请先在“审批矩阵”中维护'
                }
                value={s.matrixId || undefined}
                options={options.matrices}
                onChange={(v) => put(i, { kind: 'matrix', matrixId: v })}
                aria-label="审批矩阵"
              />
            )}
            {s.kind === 'chosen' && <Typography.Text type="secondary">发起人提交时自行选择</Typography.Text>}
          </Flex>
        ))}
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange([...sources, { kind: 'supervisor', levels: 1 }])}
        >
          添加{label}来源
        </Button>
      </Flex>
    </Form.Item>
  );
}

function ApproverSettings({
  def,
  node,
  onChange,
}: {
  def: FlowDefinition;
  node: ApproverNode;
  onChange: (n: ApproverNode) => void;
}) {
  const targets = backTargets(def, node.id);
  const ratio = node.mode.kind === 'countersign' ? Math.round((node.mode.passRatio ?? 1) * 100) : 100;
  return (
    <>
      <Form.Item label="多人审批时采用的审批方式">
        <Radio.Group
          value={node.mode.kind}
          onChange={(e) => {
            const kind = e.target.value as ApproverNode['mode']['kind'];
            onChange({ ...node, mode: kind === 'countersign' ? { kind, passRatio: 1 } : { kind } });
          }}
        >
          <Flex vertical gap={4}>
            <Radio value="countersign">会签（需按比例同意，默认全部同意）</Radio>
            <Radio value="orSign">或签（一人同意即可）</Radio>
            <Radio value="sequential">依次审批（按顺序逐一审批）</Radio>
          </Flex>
        </Radio.Group>
      </Form.Item>
      {node.mode.kind === 'countersign' && (
        <Form.Item label="通过比例">
          <InputNumber
            min={1}
            max={100}
            precision={0}
            suffix="%"
            value={ratio}
            onChange={(v) =>
              onChange({ ...node, mode: { kind: 'countersign', passRatio: (v ?? 100) / 100 } })
            }
            aria-label="通过比例"
          />
        </Form.Item>
      )}
      <Divider style={{ margin: '8px 0 16px' }} />
      <Form.Item label="审批人为空时">
        <Radio.Group
          value={node.whenEmpty}
          onChange={(e) => onChange({ ...node, whenEmpty: e.target.value })}
          options={[
            { value: 'autoPass', label: '自动通过' },
            { value: 'admin', label: '转交管理员' },
          ]}
        />
      </Form.Item>
      <Form.Item label="审批被驳回时">
        <Radio.Group
          value={node.onReject.kind}
          onChange={(e) =>
            onChange({
              ...node,
              onReject:
                e.target.value === 'end' ? { kind: 'end' } : { kind: 'back', nodeId: targets[0]?.id ?? '' },
            })
          }
          options={[
            { value: 'end', label: '结束流程' },
            { value: 'back', label: '退回到指定节点' },
          ]}
        />
        {node.onReject.kind === 'back' && (
          <Select
            style={{ marginTop: 8, width: '100%' }}
            value={node.onReject.nodeId || undefined}
            placeholder="选择退回节点"
            options={targets.map((t) => ({
              value: t.id,
              label: t.type === 'start' ? `${t.name}（发起人）` : t.name,
            }))}
            onChange={(v) => onChange({ ...node, onReject: { kind: 'back', nodeId: v } })}
            aria-label="退回节点"
          />
        )}
      </Form.Item>
      <Form.Item
        label="审批人与发起人为同一人时"
        extra="发起人不能审批自己的单据；无上级时转下一节点，没有后续节点时转交管理员"
      >
        <Radio.Group
          value={node.selfApprove}
          onChange={(e) => onChange({ ...node, selfApprove: e.target.value })}
          options={[
            { value: 'superior', label: SELF_APPROVE_LABEL.superior },
            { value: 'next', label: SELF_APPROVE_LABEL.next },
          ]}
        />
      </Form.Item>
    </>
  );
}

const FIELD_OPTIONS = [
  ...CONDITION_FIELDS.map((f) => ({ value: f.field, label: f.label })),
  { value: '__custom', label: '自定义字段' },
];

function optionsFor(field: string, o: DesignerOptions): Option[] {
  return (
    { feeType: o.feeTypes, departmentId: o.departments, companyId: o.companies, projectId: o.projects }[
      field
    ] ?? []
  );
}

function BranchPanel({
  branch,
  options,
  readOnly,
  onChange,
}: {
  branch: Branch;
  options: DesignerOptions;
  readOnly: boolean;
  onChange: (b: Branch) => void;
}) {
  const rows = conditionRows(branch.when);
  const setRows = (r: FieldCondition[]) => onChange({ ...branch, when: rowsToCondition(r) });
  return (
    <Form layout="vertical" disabled={readOnly} data-testid="branch-panel">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        条件设置
      </Typography.Title>
      <Form.Item label="分支名称" required>
        <Input
          value={branch.name}
          maxLength={30}
          onChange={(e) => onChange({ ...branch, name: e.target.value })}
          aria-label="分支名称"
        />
      </Form.Item>
      {branch.isDefault ? (
        <Alert type="info" showIcon title="默认分支：以上条件都不满足时进入此分支。" />
      ) : rows === undefined ? (
        <Alert type="warning" showIcon title="此分支的条件含有“或”组合，设计器只能查看，不能修改。" />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">同时满足以下条件（金额单位：元）</Typography.Text>
          {rows.map((row, i) => (
            <ConditionRow
              key={i}
              row={row}
              options={options}
              onChange={(r) => setRows(rows.map((x, j) => (j === i ? r : x)))}
              onRemove={() => setRows(rows.filter((_, j) => j !== i))}
            />
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => setRows([...rows, { field: 'amount', op: 'gte', value: 0 }])}
          >
            添加条件
          </Button>
        </Flex>
      )}
    </Form>
  );
}

function ConditionRow({
  row,
  options,
  onChange,
  onRemove,
}: {
  row: FieldCondition;
  options: DesignerOptions;
  onChange: (r: FieldCondition) => void;
  onRemove: () => void;
}) {
  const known = CONDITION_FIELDS.some((f) => f.field === row.field);
  const ops = opsFor(row.field);
  const list = optionsFor(row.field, options);
  const isAmount = row.field === 'amount';
  const yuan = (v: unknown) => (typeof v === 'number' ? fenToYuan(v) : null);
  let input;
  if (row.op === 'between') {
    const [lo, hi] = Array.isArray(row.value) ? (row.value as number[]) : [0, 0];
    input = (
      <Flex gap={6} align="center">
        <InputNumber
          style={{ flex: 1 }}
          min={0}
          precision={isAmount ? 2 : undefined}
          value={isAmount ? yuan(lo) : lo}
          onChange={(v) => onChange({ ...row, value: [isAmount ? (yuanToFen(v) ?? 0) : (v ?? 0), hi ?? 0] })}
          aria-label="最小值"
        />
        至
        <InputNumber
          style={{ flex: 1 }}
          min={0}
          precision={isAmount ? 2 : undefined}
          value={isAmount ? yuan(hi) : hi}
          onChange={(v) => onChange({ ...row, value: [lo ?? 0, isAmount ? (yuanToFen(v) ?? 0) : (v ?? 0)] })}
          aria-label="最大值"
        />
      </Flex>
    );
  } else if (row.op === 'in' || row.op === 'notIn') {
    input = (
      <Select
        mode={list.length ? 'multiple' : 'tags'}
        placeholder={list.length ? `选择${fieldLabel(row.field)}` : '输入取值后回车'}
        value={(Array.isArray(row.value) ? row.value : []).map(String)}
        options={list}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(v: string[]) => onChange({ ...row, value: v })}
        aria-label="条件取值"
      />
    );
  } else if (isAmount) {
    input = (
      <InputNumber
        style={{ width: '100%' }}
        min={0}
        precision={2}
        suffix="元"
        value={yuan(row.value)}
        onChange={(v) => onChange({ ...row, value: yuanToFen(v) ?? 0 })}
        aria-label="金额（元）"
      />
    );
  } else if (['gt', 'gte', 'lt', 'lte'].includes(row.op)) {
    input = (
      <InputNumber
        style={{ width: '100%' }}
        value={typeof row.value === 'number' ? row.value : null}
        onChange={(v) => onChange({ ...row, value: v ?? 0 })}
        aria-label="条件取值"
      />
    );
  } else {
    input = (
      <Input
        value={String(row.value ?? '')}
        onChange={(e) => onChange({ ...row, value: e.target.value })}
        aria-label="条件取值"
      />
    );
  }
  return (
    <Flex
      vertical
      gap={6}
      style={{ padding: 8, background: '#fafafa', borderRadius: 6 }}
      data-testid="condition-row"
    >
      <Flex gap={6}>
        <Select
          style={{ width: 120 }}
          value={known ? row.field : '__custom'}
          options={FIELD_OPTIONS}
          onChange={(f) => {
            const field = f === '__custom' ? '' : f;
            const op = opsFor(field || 'custom')[0]!;
            onChange({ field, op, value: defaultValue(field, op) });
          }}
          aria-label="条件字段"
        />
        <Select
          style={{ flex: 1 }}
          value={row.op}
          options={ops.map((o: ConditionOp) => ({ value: o, label: OP_TEXT[o] }))}
          onChange={(op) => onChange({ ...row, op, value: defaultValue(row.field, op) })}
          aria-label="比较方式"
        />
        <Button icon={<DeleteOutlined />} aria-label="移除条件" onClick={onRemove} />
      </Flex>
      {!known && options.customFields.length > 0 && (
        <Select
          placeholder={`从表单「${options.formName ?? ''}」选择字段`}
          value={options.customFields.some((f) => f.value === row.field) ? row.field : undefined}
          options={options.customFields}
          onChange={(field: string) => onChange({ ...row, field })}
          aria-label="表单字段"
        />
      )}
      {!known && (
        <Input
          placeholder="自定义字段编码"
          value={row.field}
          onChange={(e) => onChange({ ...row, field: e.target.value.trim() })}
          aria-label="自定义字段编码"
        />
      )}
      {input}
    </Flex>
  );
}
