import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { projectOptionsQuery } from '../queries';

/**
 * A document's 项目 (the custom form's project field): the tenant's 进行中 projects, searchable by code or
 * name; one id, or ids when `multiple`. A saved id no longer offered (the project was stopped) shows as its id.
 */
export function ProjectSelect({
  id,
  value,
  onChange,
  multiple = false,
  placeholder,
  disabled,
}: {
  /** Given by Form.Item: the label points at the input. */
  id?: string;
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
}) {
  const q = useQuery(projectOptionsQuery());
  const options = (q.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }));
  return (
    <Select<number | number[]>
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      loading={q.isLoading}
      disabled={disabled}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      placeholder={placeholder ?? (q.data && q.data.length === 0 ? '暂无进行中的项目' : '请选择项目')}
      notFoundContent="暂无进行中的项目"
      data-testid="project-select"
    />
  );
}
