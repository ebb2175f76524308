import { Select, type SelectProps } from 'antd';
import type { z } from 'zod';
import type { ListParams, QuerySchema } from './useListParams';

type Option = { value: string | number; label: string };

interface ListSelectProps<S extends QuerySchema> extends Omit<
  SelectProps,
  'value' | 'onChange' | 'options' | 'allowClear'
> {
  /** The list's URL parameters (useListParams) and the field of its contract the choice filters by. */
  u: ListParams<S>;
  field: keyof z.output<S> & string;
  options: Option[];
  width?: number;
}

/** A filter of a list screen bound to one field of its URL query: clearing it shows everything. */
export function ListSelect<S extends QuerySchema>({
  u,
  field,
  options,
  width = 140,
  ...select
}: ListSelectProps<S>) {
  const value = (u.query as Record<string, unknown>)[field] as string | number | undefined;
  return (
    <Select
      allowClear
      style={{ width }}
      {...select}
      value={value}
      options={options}
      onChange={(v?: string | number) => u.setRaw({ [field]: v })}
    />
  );
}
