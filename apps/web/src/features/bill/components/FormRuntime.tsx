import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Typography,
  Upload,
  type SelectProps,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { type FormField } from '@feikong/contracts';
import { uploadFile } from '@/api/http/upload';
import { StaffPicker } from '@/components/StaffPicker';
import { dictOptionsQuery } from '@/platform/dictStore';
import { ProjectSelect } from '@/features/project';
import { fieldRules, fromDay, isBound, toDay, valueName } from '../formRuntime';
import type { LineInvoice } from '../types';
import { FeeLinesEditor, LineInvoices } from './FeeLinesEditor';
import { InvoicePicker } from './InvoicePicker';
import { OrgUnitSelect } from '@/components/OrgUnitSelect';
import { RelatedBillsField } from './RelatedBillsField';
import { TripLinesEditor } from './TripLinesEditor';
import { YuanInput } from './YuanInput';

/**
 * The form runtime: a published form version's fields as antd Form items of the document form around it
 * (values under formValues.<key>, in the wire format: money 分 through YuanInput, days 'YYYY-MM-DD'). Fee
 * lines, trips and 关联单据 fields place the document's own sections (`fees`, `trips`, `related`) with the
 * form's title. Used by 填写单据, the /web-form/ sub-app and the form designer's preview.
 */
export function FormRuntime({
  fields,
  billId,
  billType,
}: {
  fields: readonly FormField[];
  billId?: number;
  /** The document's type: its fee lines offer the fee types this type may use. */
  billType?: string;
}) {
  return (
    <div
      data-testid="form-runtime"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 16 }}
    >
      {fields.map((f) => (
        <RuntimeItem key={f.key} field={f} billId={billId} billType={billType} />
      ))}
    </div>
  );
}

/** How wide a kind is in the three-column grid. */
const WIDE = new Set(['textarea', 'attachments', 'invoicePicker', 'feeLines', 'tripLines', 'relatedBills']);

function RuntimeItem({
  field: f,
  billId,
  billType,
}: {
  field: FormField;
  billId?: number;
  billType?: string;
}) {
  const span = { gridColumn: WIDE.has(f.kind) ? 'span 3' : undefined };
  const help = f.help || undefined;
  if (isBound(f.kind)) {
    const name = f.kind === 'feeLines' ? 'fees' : f.kind === 'tripLines' ? 'trips' : 'related';
    return (
      <Form.Item name={name} label={f.label} required={f.required} extra={help} style={span}>
        {f.kind === 'feeLines' ? (
          <FeeLinesEditor billType={billType} />
        ) : f.kind === 'tripLines' ? (
          <TripLinesEditor />
        ) : (
          <RelatedBillsField excludeId={billId} />
        )}
      </Form.Item>
    );
  }
  const common = {
    name: [...valueName(f.key)],
    label: f.label,
    rules: fieldRules(f),
    extra: help,
    style: span,
  };
  const ph = f.placeholder || undefined;
  if (f.kind === 'date')
    return (
      <Form.Item {...common} getValueProps={(v) => ({ value: fromDay(v) })} normalize={toDay}>
        <DatePicker style={{ width: '100%' }} placeholder={ph} />
      </Form.Item>
    );
  if (f.kind === 'dateRange')
    return (
      <Form.Item
        {...common}
        getValueProps={(v: unknown) => ({
          value: Array.isArray(v) && v.length === 2 ? [fromDay(v[0]), fromDay(v[1])] : null,
        })}
        normalize={(r: [Parameters<typeof toDay>[0], Parameters<typeof toDay>[0]] | null) =>
          r ? [toDay(r[0]), toDay(r[1])] : []
        }
      >
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
    );
  return <Form.Item {...common}>{input(f, ph)}</Form.Item>;
}

function input(f: FormField, ph: string | undefined): ReactNode {
  const options = f.options.map((o) => ({ value: o.value, label: o.label }));
  switch (f.kind) {
    case 'text':
      return <Input maxLength={200} placeholder={ph} />;
    case 'textarea':
      return <Input.TextArea maxLength={2000} rows={3} placeholder={ph} />;
    case 'number':
      return (
        <InputNumber
          style={{ width: '100%' }}
          precision={f.precision}
          min={f.min}
          max={f.max}
          placeholder={ph}
        />
      );
    case 'money':
      return <YuanInput placeholder={ph} />;
    case 'select':
      if (f.dictCode) return <DictSelect code={f.dictCode} placeholder={ph ?? '请选择'} />;
      return <Select allowClear options={options} placeholder={ph ?? '请选择'} />;
    case 'multiSelect':
      if (f.dictCode) return <DictSelect code={f.dictCode} mode="multiple" placeholder={ph ?? '请选择'} />;
      return <Select mode="multiple" allowClear options={options} placeholder={ph ?? '请选择'} />;
    case 'staff':
      return <OneOrMoreStaff multiple={f.multiple} />;
    case 'department':
    case 'company':
      return (
        <OrgUnitSelect
          kind={f.kind === 'department' ? 'dept' : 'company'}
          multiple={f.multiple}
          placeholder={ph}
        />
      );
    case 'project':
      // The tenant's 进行中 projects (decision 0050); the server refuses any other.
      return <ProjectSelect multiple={f.multiple} placeholder={ph} />;
    case 'attachments':
      return <AttachmentsInput />;
    case 'invoicePicker':
      return <InvoicesInput />;
    default:
      return null;
  }
}

/** StaffPicker holds several ids; a single staff field keeps one id (the last picked). */
function OneOrMoreStaff({
  value,
  onChange,
  multiple,
}: {
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  multiple: boolean;
}) {
  const ids = Array.isArray(value) ? value : typeof value === 'number' ? [value] : [];
  return (
    <StaffPicker
      lookup="colleagues"
      value={ids}
      onChange={(next) => onChange?.(multiple ? next : (next.at(-1) ?? null))}
    />
  );
}

/** File keys (dir attachment) uploaded through file:sign; each shows its name (or its key once saved). */
function AttachmentsInput({ value, onChange }: { value?: string[]; onChange?: (keys: string[]) => void }) {
  const { message } = App.useApp();
  const keys = value ?? [];
  const [names, setNames] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Upload
        multiple
        showUploadList={false}
        beforeUpload={(file) => {
          setBusy(true);
          uploadFile(file, 'attachment')
            .then((up) => {
              setNames((n) => ({ ...n, [up.key]: up.name }));
              onChange?.([...(value ?? []), up.key]);
            })
            .catch((e: unknown) => void message.error(e instanceof Error ? e.message : '上传失败！'))
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          上传附件
        </Button>
      </Upload>
      {keys.map((k) => (
        <Space key={k} size={8}>
          <PaperClipOutlined />
          <Typography.Text>{names[k] ?? k.split('/').at(-1)}</Typography.Text>
          <Typography.Link onClick={() => onChange?.(keys.filter((x) => x !== k))}>删除</Typography.Link>
        </Space>
      ))}
    </Space>
  );
}

/** The caller's available invoices (InvoicePicker) as ids; the picked ones are listed with their numbers. */
function InvoicesInput({ value, onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const ids = value ?? [];
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<LineInvoice[]>([]);
  const shown = ids.map(
    (id) => known.find((i) => i.id === id) ?? { id, number: `#${id}`, sellerName: '', amountTax: 0 },
  );
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Button onClick={() => setOpen(true)}>选择发票</Button>
      {ids.length > 0 && (
        <LineInvoices invoices={shown} onRemove={(id) => onChange?.(ids.filter((x) => x !== id))} />
      )}
      {open && (
        <InvoicePicker
          open
          chosen={shown}
          taken={new Set()}
          onClose={() => setOpen(false)}
          onOk={(picked) => {
            setKnown(picked);
            onChange?.(picked.map((i) => i.id));
            setOpen(false);
          }}
        />
      )}
    </Space>
  );
}

/**
 * A select whose options are a 数据字典's enabled entries (decision 0060): read fresh when it shows, so an
 * entry an administrator just added is there; the values are the entries' keys (dict_code).
 */
function DictSelect({ code, ...props }: SelectProps & { code: string }) {
  const q = useQuery(dictOptionsQuery(code));
  const options = (q.data ?? []).map((i) => ({ value: i.key, label: i.value }));
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      loading={q.isFetching}
      options={options}
      {...props}
    />
  );
}
