import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState, type Dispatch } from 'react';
import {
  FORM_FIELD_KIND_LABEL,
  FORM_FIELD_KINDS,
  FORM_OPTION_KINDS,
  FORM_RANGE_KINDS,
  FORM_REF_KINDS,
  type FormField,
  type FormFieldKind,
} from '@feikong/contracts';
import { baseApi } from '@/api/base';
import { FormRuntime, YuanInput } from '@/features/bill';
import { canAdd, type DesignerAction, type DesignerState, type FieldIssues } from '../form/designer';
import './formDesigner.css';

/**
 * The form designer: the field kinds on the left (click to add at the end, or drag onto the canvas), the
 * form's fields in the middle (drag or 上移/下移 to reorder, a field's problems beside it), the selected
 * field's properties on the right, and below the canvas a live preview with the runtime's real inputs.
 */
export function FormDesigner({
  state,
  dispatch,
  issues,
  readOnly = false,
}: {
  state: DesignerState;
  dispatch: Dispatch<DesignerAction>;
  issues: Map<number, FieldIssues>;
  readOnly?: boolean;
}) {
  const [dragging, setDragging] = useState<{ kind?: FormFieldKind; from?: number } | null>(null);
  const selected = state.selected === null ? undefined : state.fields[state.selected];
  const drop = (at: number) => {
    if (!dragging || readOnly) return;
    if (dragging.kind) dispatch({ type: 'add', kind: dragging.kind, at });
    else if (dragging.from !== undefined)
      dispatch({ type: 'move', from: dragging.from, to: dragging.from < at ? at - 1 : at });
    setDragging(null);
  };
  return (
    <Flex gap={12} align="flex-start" data-testid="form-designer">
      <Card size="small" title="字段类型" style={{ width: 168, flex: 'none' }} data-testid="form-palette">
        <Flex vertical gap={6}>
          {FORM_FIELD_KINDS.map((kind) => (
            <Button
              key={kind}
              block
              size="small"
              icon={<PlusOutlined />}
              disabled={readOnly || !canAdd(state.fields, kind)}
              draggable={!readOnly}
              onDragStart={() => setDragging({ kind })}
              onDragEnd={() => setDragging(null)}
              onClick={() => dispatch({ type: 'add', kind })}
              style={{ justifyContent: 'flex-start' }}
            >
              {FORM_FIELD_KIND_LABEL[kind]}
            </Button>
          ))}
        </Flex>
      </Card>

      <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
        <Card size="small" title={`表单字段（${state.fields.length}）`} data-testid="form-canvas">
          {state.fields.length === 0 ? (
            <div
              className="fk-form-drop fk-form-drop-empty"
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => drop(0)}
            >
              <Empty description="从左侧点击或拖入字段" />
            </div>
          ) : (
            state.fields.map((f, i) => {
              const bad = issues.get(i);
              return (
                <div
                  key={`${i}-${f.key}`}
                  data-testid={`form-field-${i}`}
                  className={`fk-form-field${state.selected === i ? ' is-selected' : ''}${bad ? ' is-invalid' : ''}`}
                  draggable={!readOnly}
                  onDragStart={() => setDragging({ from: i })}
                  onDragEnd={() => setDragging(null)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.stopPropagation();
                    const box = e.currentTarget.getBoundingClientRect();
                    drop(e.clientY > box.top + box.height / 2 ? i + 1 : i);
                  }}
                  onClick={() => dispatch({ type: 'select', index: i })}
                >
                  <Flex align="center" gap={8}>
                    <HolderOutlined style={{ color: '#999', cursor: readOnly ? 'default' : 'grab' }} />
                    <Typography.Text strong>
                      {f.required && <span style={{ color: '#ff4d4f' }}>* </span>}
                      {f.label || '（未命名）'}
                    </Typography.Text>
                    <Tag>{FORM_FIELD_KIND_LABEL[f.kind]}</Tag>
                    <Typography.Text type="secondary" code>
                      {f.key}
                    </Typography.Text>
                    <span style={{ flex: 1 }} />
                    {!readOnly && (
                      <Space size={0} onClick={(e) => e.stopPropagation()}>
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={`上移${f.label}`}
                          disabled={i === 0}
                          onClick={() => dispatch({ type: 'move', from: i, to: i - 1 })}
                        />
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={`下移${f.label}`}
                          disabled={i === state.fields.length - 1}
                          onClick={() => dispatch({ type: 'move', from: i, to: i + 1 })}
                        />
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`删除${f.label}`}
                          onClick={() => dispatch({ type: 'remove', index: i })}
                        />
                      </Space>
                    )}
                  </Flex>
                  {bad && (
                    <div className="fk-form-field-issues" role="alert">
                      {Object.values(bad).join('；')}
                    </div>
                  )}
                </div>
              );
            })
          )}
          {state.fields.length > 0 && !readOnly && (
            <div
              className="fk-form-drop"
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => drop(state.fields.length)}
            />
          )}
        </Card>
        <Card size="small" title="预览" data-testid="form-preview">
          {state.fields.length === 0 ? (
            <Typography.Text type="secondary">添加字段后在此预览填写效果</Typography.Text>
          ) : (
            <Form layout="vertical" initialValues={{ fees: [], trips: [], related: [], formValues: {} }}>
              <FormRuntime fields={state.fields} />
            </Form>
          )}
        </Card>
      </Flex>

      <Card size="small" title="字段属性" style={{ width: 300, flex: 'none' }} data-testid="form-props">
        {selected && state.selected !== null ? (
          <FieldProps
            key={state.selected}
            field={selected}
            issues={issues.get(state.selected) ?? {}}
            readOnly={readOnly}
            onChange={(patch) => dispatch({ type: 'update', index: state.selected!, patch })}
          />
        ) : (
          <Typography.Text type="secondary">选择一个字段以编辑其属性</Typography.Text>
        )}
      </Card>
    </Flex>
  );
}

/** The selected field's properties; each problem shows under its input. */
function FieldProps({
  field: f,
  issues,
  readOnly,
  onChange,
}: {
  field: FormField;
  issues: FieldIssues;
  readOnly: boolean;
  onChange: (patch: Partial<FormField>) => void;
}) {
  const status = (k: keyof FieldIssues) => (issues[k] ? ('error' as const) : undefined);
  const options = FORM_OPTION_KINDS.includes(f.kind);
  const range = FORM_RANGE_KINDS.includes(f.kind);
  const [source, setSource] = useState<'custom' | 'dict'>(f.dictCode ? 'dict' : 'custom');
  return (
    <Form layout="vertical" disabled={readOnly} size="small">
      <Form.Item label="字段类型">
        <Tag>{FORM_FIELD_KIND_LABEL[f.kind]}</Tag>
      </Form.Item>
      <Form.Item label="标题" required validateStatus={status('label')} help={issues.label}>
        <Input
          aria-label="标题"
          maxLength={30}
          value={f.label}
          onChange={(e) => onChange({ label: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="字段标识" required validateStatus={status('key')} help={issues.key}>
        <Input
          aria-label="字段标识"
          maxLength={32}
          value={f.key}
          onChange={(e) => onChange({ key: e.target.value.trim() })}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={f.required} onChange={(e) => onChange({ required: e.target.checked })}>
          必填
        </Checkbox>
      </Form.Item>
      <Form.Item label="提示文字">
        <Input
          aria-label="提示文字"
          maxLength={100}
          value={f.placeholder}
          onChange={(e) => onChange({ placeholder: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="说明">
        <Input
          aria-label="说明"
          maxLength={200}
          value={f.help}
          onChange={(e) => onChange({ help: e.target.value })}
        />
      </Form.Item>
      {options && (
        <Form.Item label="选项来源">
          <Radio.Group
            aria-label="选项来源"
            value={source}
            onChange={(e) => {
              const next = e.target.value as 'custom' | 'dict';
              setSource(next);
              if (next === 'custom')
                onChange({
                  dictCode: '',
                  options: [
                    { value: '选项1', label: '选项1' },
                    { value: '选项2', label: '选项2' },
                  ],
                });
              else onChange({ options: [] });
            }}
            options={[
              { label: '自定义选项', value: 'custom' },
              { label: '数据字典', value: 'dict' },
            ]}
          />
        </Form.Item>
      )}
      {options && source === 'dict' && (
        <Form.Item
          label="数据字典"
          required
          validateStatus={f.dictCode ? undefined : 'warning'}
          help={f.dictCode ? '选项为该字典的启用字典项' : '请选择数据字典'}
        >
          <DictTypeSelect
            value={f.dictCode || undefined}
            onChange={(c) => onChange({ dictCode: c, options: [] })}
          />
        </Form.Item>
      )}
      {options && source === 'custom' && (
        <Form.Item label="选项" required validateStatus={status('options')} help={issues.options}>
          <Flex vertical gap={4}>
            {f.options.map((o, i) => (
              <Space.Compact key={i}>
                <Input
                  aria-label={`选项${i + 1}`}
                  maxLength={50}
                  value={o.label}
                  onChange={(e) =>
                    onChange({
                      options: f.options.map((x, j) =>
                        j === i ? { value: e.target.value.trim(), label: e.target.value } : x,
                      ),
                    })
                  }
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`删除选项${i + 1}`}
                  onClick={() => onChange({ options: f.options.filter((_, j) => j !== i) })}
                />
              </Space.Compact>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => {
                const label = `选项${f.options.length + 1}`;
                onChange({ options: [...f.options, { value: label, label }] });
              }}
            >
              添加选项
            </Button>
          </Flex>
        </Form.Item>
      )}
      {range && (
        <Form.Item
          label={f.kind === 'money' ? '取值范围（元）' : '取值范围'}
          validateStatus={status('range')}
          help={issues.range}
        >
          <Flex gap={4} align="center">
            {f.kind === 'money' ? (
              <>
                <YuanInput
                  aria-label="最小值"
                  value={f.min ?? null}
                  onChange={(v) => onChange({ min: v ?? undefined })}
                />
                ~
                <YuanInput
                  aria-label="最大值"
                  value={f.max ?? null}
                  onChange={(v) => onChange({ max: v ?? undefined })}
                />
              </>
            ) : (
              <>
                <InputNumber
                  aria-label="最小值"
                  style={{ width: '100%' }}
                  value={f.min ?? null}
                  onChange={(v) => onChange({ min: v ?? undefined })}
                />
                ~
                <InputNumber
                  aria-label="最大值"
                  style={{ width: '100%' }}
                  value={f.max ?? null}
                  onChange={(v) => onChange({ max: v ?? undefined })}
                />
              </>
            )}
          </Flex>
        </Form.Item>
      )}
      {f.kind === 'number' && (
        <Form.Item label="小数位数">
          <InputNumber
            aria-label="小数位数"
            min={0}
            max={4}
            precision={0}
            value={f.precision}
            onChange={(v) => onChange({ precision: v ?? 0 })}
          />
        </Form.Item>
      )}
      {FORM_REF_KINDS.includes(f.kind) && (
        <Form.Item label="可多选">
          <Switch aria-label="可多选" checked={f.multiple} onChange={(multiple) => onChange({ multiple })} />
        </Form.Item>
      )}
    </Form>
  );
}

/** The dictionaries a select may take its options from (GET /finobase/api/v1/dictTypes; decision 0060). */
function DictTypeSelect({ value, onChange }: { value?: string; onChange: (code: string) => void }) {
  const types = useQuery({
    queryKey: ['base', 'dict', 'types', 'picker'],
    queryFn: ({ signal }) => baseApi.dictTypes({ page_num: 1, page_size: 100 }, signal),
  });
  return (
    <Select
      aria-label="数据字典"
      showSearch
      optionFilterProp="label"
      placeholder="请选择数据字典"
      loading={types.isPending}
      value={value}
      onChange={onChange}
      options={(types.data?.items ?? []).map((t) => ({
        value: t.category_code,
        label: `${t.name}（${t.category_code}）`,
      }))}
    />
  );
}
