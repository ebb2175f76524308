import { FilterFilled, SearchOutlined } from '@ant-design/icons';
import { App, AutoComplete, Button, DatePicker, Input, InputNumber, Space, Spin, Typography } from 'antd';
import type { FilterDropdownProps } from 'antd/es/table/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AUTOCOMPLETE, NO_SEARCH_RESULT } from '@feikong/contracts';
import {
  applyAutocomplete,
  applyDateRange,
  applyMoneyRange,
  applyText,
  decodeFilter,
  disabledEnd,
  disabledStart,
  encodeFilter,
  shouldSearch,
  type AutocompleteItem,
  type ColumnFilterState,
  type DateRangeOptions,
} from './rules';

/**
 * Table column filters (spec §2.5): text, autocomplete, date range and money range. Each is an antd
 * `filterDropdown`; 确定 applies, 重置 clears. The applied state is one JSON-encoded ColumnFilterState in
 * antd's selectedKeys, read back with decodeFilter / filterParams.
 */
type DropdownProps = Pick<
  FilterDropdownProps,
  'selectedKeys' | 'setSelectedKeys' | 'confirm' | 'clearFilters'
>;

function apply(p: DropdownProps, state: ColumnFilterState | null) {
  p.setSelectedKeys(encodeFilter(state));
  p.confirm({ closeDropdown: true });
}

function reset(p: DropdownProps) {
  p.setSelectedKeys([]);
  if (p.clearFilters) p.clearFilters({ confirm: true, closeDropdown: true });
  else p.confirm({ closeDropdown: true });
}

function Footer({ onReset, onConfirm }: { onReset: () => void; onConfirm: () => void }) {
  return (
    <div
      className="fk-filter-footer"
      style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}
    >
      <Button size="small" onClick={onReset}>
        重置
      </Button>
      <Button size="small" type="primary" onClick={onConfirm}>
        确定
      </Button>
    </div>
  );
}

const box = { padding: 10, width: 248 } as const;

export function TextFilter(props: DropdownProps & { field: string; placeholder?: string }) {
  const current = decodeFilter(props.selectedKeys);
  const [text, setText] = useState(String(current?.searchValue ?? ''));
  const ok = () => apply(props, applyText(props.field, text));
  return (
    <div style={box} onKeyDown={(e) => e.stopPropagation()} data-testid={`filter-${props.field}`}>
      <Input
        autoFocus
        allowClear
        value={text}
        placeholder={props.placeholder ?? '请输入'}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={ok}
      />
      <Footer
        onReset={() => {
          setText('');
          reset(props);
        }}
        onConfirm={ok}
      />
    </div>
  );
}

export interface AutocompleteFilterOptions {
  field: string;
  /** Loads suggestions for a keyword (the spec's configured function; default search key `name`). */
  fetch: (keyword: string, signal: AbortSignal) => Promise<AutocompleteItem[]>;
  labelKey?: string;
  valueKey?: string;
  /** Characters needed before searching (default 3). */
  minChars?: number;
  debounceMs?: number;
  placeholder?: string;
  validate?: (text: string) => string | undefined;
}

/** Secondary text of a user suggestion (spec §3: user items also show dept_name or org_name). */
function secondary(item: AutocompleteItem): string {
  const v = item.dept_name ?? item.org_name;
  return typeof v === 'string' ? v : '';
}

export function AutocompleteFilter(props: DropdownProps & AutocompleteFilterOptions) {
  const {
    field,
    fetch,
    labelKey = 'name',
    valueKey = 'id',
    minChars = AUTOCOMPLETE.minChars,
    debounceMs = AUTOCOMPLETE.debounceMs,
  } = props;
  const { message } = App.useApp();
  const current = decodeFilter(props.selectedKeys);
  const [text, setText] = useState(String(current?.label ?? ''));
  const [chosen, setChosen] = useState<{ label: string; value: string | number } | null>(
    current?.label !== undefined && current.data !== undefined && current.data !== null
      ? { label: current.label, value: current.data }
      : null,
  );
  const [items, setItems] = useState<AutocompleteItem[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const abort = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      abort.current?.abort();
    },
    [],
  );

  const onSearch = (value: string) => {
    setText(value);
    if (chosen && chosen.label !== value.trim()) setChosen(null);
    clearTimeout(timer.current);
    abort.current?.abort();
    if (!shouldSearch(value, minChars)) {
      setItems([]);
      setState('idle');
      return;
    }
    timer.current = setTimeout(() => {
      const ctrl = new AbortController();
      abort.current = ctrl;
      setState('loading');
      fetch(value.trim(), ctrl.signal)
        .then((list) => {
          if (ctrl.signal.aborted) return;
          setItems(list);
          setState('done');
        })
        .catch(() => {
          if (!ctrl.signal.aborted) setState('done');
        });
    }, debounceMs);
  };

  const label = (i: AutocompleteItem) => String(i[labelKey] ?? '');
  const options = items.map((i) => ({
    value: String(i.id),
    label: (
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span>{label(i)}</span>
        {secondary(i) && <Typography.Text type="secondary">{secondary(i)}</Typography.Text>}
      </div>
    ),
  }));

  const ok = () => {
    const r = applyAutocomplete(field, text, chosen, props.validate);
    if (!r.ok) {
      void message.warning(r.error);
      return;
    }
    apply(props, r.value);
  };

  let notFound: ReactNode = null;
  if (state === 'loading') notFound = <Spin size="small" />;
  else if (state === 'done') notFound = <span data-testid="autocomplete-empty">{NO_SEARCH_RESULT}</span>;

  return (
    <div style={box} onKeyDown={(e) => e.stopPropagation()} data-testid={`filter-${field}`}>
      <AutoComplete
        autoFocus
        style={{ width: '100%' }}
        value={text}
        options={options}
        notFoundContent={notFound}
        placeholder={props.placeholder ?? `请输入至少${minChars}个字符搜索`}
        onSearch={onSearch}
        onSelect={(id: string) => {
          const item = items.find((i) => String(i.id) === id);
          if (!item) return;
          const l = label(item);
          setText(l);
          setChosen({ label: l, value: item[valueKey] as string | number });
        }}
        getPopupContainer={(el) => el.parentElement ?? document.body}
      />
      <Footer
        onReset={() => {
          setText('');
          setChosen(null);
          reset(props);
        }}
        onConfirm={ok}
      />
    </div>
  );
}

export function DateRangeFilter(props: DropdownProps & DateRangeOptions & { field: string }) {
  const { message } = App.useApp();
  const current = decodeFilter(props.selectedKeys);
  const [start, setStart] = useState<Dayjs | null>(current?.start ? dayjs(current.start) : null);
  const [end, setEnd] = useState<Dayjs | null>(current?.end ? dayjs(current.end) : null);
  const ok = () => {
    const r = applyDateRange(props.field, start?.valueOf() ?? null, end?.valueOf() ?? null, props);
    if (!r.ok) {
      void message.warning(r.error);
      return;
    }
    apply(props, r.value);
  };
  return (
    <div style={box} onKeyDown={(e) => e.stopPropagation()} data-testid={`filter-${props.field}`}>
      <Space orientation="vertical" style={{ width: '100%' }} size={8}>
        <DatePicker
          style={{ width: '100%' }}
          placeholder="开始日期"
          value={start}
          onChange={setStart}
          disabledDate={(d) => disabledStart(d.valueOf(), end?.valueOf())}
          getPopupContainer={(el) => el.parentElement ?? document.body}
        />
        <DatePicker
          style={{ width: '100%' }}
          placeholder="结束日期"
          value={end}
          onChange={setEnd}
          disabledDate={(d) => disabledEnd(d.valueOf(), start?.valueOf())}
          getPopupContainer={(el) => el.parentElement ?? document.body}
        />
      </Space>
      <Footer
        onReset={() => {
          setStart(null);
          setEnd(null);
          reset(props);
        }}
        onConfirm={ok}
      />
    </div>
  );
}

const centsToText = (c: number | null | undefined) =>
  c === null || c === undefined ? null : (c / 100).toFixed(2);

export function MoneyRangeFilter(props: DropdownProps & { field: string }) {
  const { message } = App.useApp();
  const current = decodeFilter(props.selectedKeys);
  const [min, setMin] = useState<string | null>(centsToText(current?.start));
  const [max, setMax] = useState<string | null>(centsToText(current?.end));
  const ok = () => {
    const r = applyMoneyRange(props.field, min, max);
    if (!r.ok) {
      void message.warning(r.error);
      return;
    }
    apply(props, r.value);
  };
  const input = (value: string | null, set: (v: string | null) => void, placeholder: string) => (
    <InputNumber<string>
      stringMode
      style={{ width: '100%' }}
      min="0"
      precision={2}
      prefix="¥"
      placeholder={placeholder}
      value={value}
      onChange={(v) => set(v ?? null)}
      onPressEnter={ok}
    />
  );
  return (
    <div style={box} onKeyDown={(e) => e.stopPropagation()} data-testid={`filter-${props.field}`}>
      <Space orientation="vertical" style={{ width: '100%' }} size={8}>
        {input(min, setMin, '最小金额（元）')}
        {input(max, setMax, '最大金额（元）')}
      </Space>
      <Footer
        onReset={() => {
          setMin(null);
          setMax(null);
          reset(props);
        }}
        onConfirm={ok}
      />
    </div>
  );
}

/** Column props for each filter kind: spread into an antd Table column. */
export const columnFilter = {
  text: (field: string, placeholder?: string) => ({
    filterDropdown: (p: FilterDropdownProps) => <TextFilter {...p} field={field} placeholder={placeholder} />,
    filterIcon: (active: boolean) => <SearchOutlined style={{ color: active ? '#1f6fff' : undefined }} />,
  }),
  autocomplete: (options: AutocompleteFilterOptions) => ({
    filterDropdown: (p: FilterDropdownProps) => <AutocompleteFilter {...p} {...options} />,
    filterIcon: (active: boolean) => <SearchOutlined style={{ color: active ? '#1f6fff' : undefined }} />,
  }),
  dateRange: (field: string, options: DateRangeOptions = {}) => ({
    filterDropdown: (p: FilterDropdownProps) => <DateRangeFilter {...p} {...options} field={field} />,
    filterIcon: (active: boolean) => <FilterFilled style={{ color: active ? '#1f6fff' : undefined }} />,
  }),
  moneyRange: (field: string) => ({
    filterDropdown: (p: FilterDropdownProps) => <MoneyRangeFilter {...p} field={field} />,
    filterIcon: (active: boolean) => <FilterFilled style={{ color: active ? '#1f6fff' : undefined }} />,
  }),
};
