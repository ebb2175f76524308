import {
  AUTOCOMPLETE,
  CHOOSE_EXACT,
  endOfDay,
  filterValueName,
  MONEY_RANGE_ERROR,
  startOfDay,
  yuanToCents,
} from '@feikong/contracts';

/**
 * Pure rules of the table column filters (spec §3 filter state, §5 validation). The dropdown
 * components only call these, so every rule is unit-tested without a browser.
 */
export type FilterKind = 'text' | 'autocomplete' | 'dateRange' | 'moneyRange';

/** Filter state of one column (spec §3): data, value, label, labelValue, searchValue, checked; ranges add start/end. */
export interface ColumnFilterState {
  kind: FilterKind;
  /** The column's field name (e.g. typeText, _purchase_date). */
  field: string;
  /** The filter value name: field minus its last 4 characters, uppercased (spec §3). */
  value: string;
  /** The applied value: the text, or the chosen item's value key. */
  data?: string | number | null;
  /** What the column header shows (the text, or the chosen item's label). */
  label?: string;
  labelValue?: string | number | null;
  /** What the user typed in the search box. */
  searchValue?: string;
  checked?: boolean;
  /** Ranges: millisecond timestamps (dates) or cents (money). */
  start?: number | null;
  end?: number | null;
}

export type RuleResult<T> = { ok: true; value: T } | { ok: false; error: string };

export function baseState(kind: FilterKind, field: string): ColumnFilterState {
  return { kind, field, value: filterValueName(field), checked: false };
}

/** Text filter: trimmed; blank means "no filter". */
export function applyText(field: string, input: string): ColumnFilterState | null {
  const text = input.trim();
  if (!text) return null;
  return { ...baseState('text', field), data: text, label: text, searchValue: text, checked: true };
}

/** Money range: yuan typed, cents applied; max < min warns 金额的最大值不可小于最小值 and is not applied. */
export function applyMoneyRange(
  field: string,
  minYuan: string | number | null | undefined,
  maxYuan: string | number | null | undefined,
): RuleResult<ColumnFilterState | null> {
  const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
  const min = blank(minYuan) ? null : yuanToCents(minYuan);
  const max = blank(maxYuan) ? null : yuanToCents(maxYuan);
  if ((!blank(minYuan) && min === null) || (!blank(maxYuan) && max === null)) {
    return { ok: false, error: '请输入正确的金额' };
  }
  if (min !== null && max !== null && max < min) return { ok: false, error: MONEY_RANGE_ERROR };
  if (min === null && max === null) return { ok: true, value: null };
  return { ok: true, value: { ...baseState('moneyRange', field), start: min, end: max, checked: true } };
}

export interface DateRangeOptions {
  /** false: both ends are required (else `message` is the error). Default true. */
  rangeCanSingle?: boolean;
  /** The error when an end is missing and rangeCanSingle is false. */
  message?: string;
  /** Move the start to the first moment of its day. Default true. */
  startOfDay?: boolean;
}

export const DATE_RANGE_INCOMPLETE = '请选择完整的时间范围';

/** Date range: the end becomes the last moment of its day (spec §5); single ends per rangeCanSingle. */
export function applyDateRange(
  field: string,
  start: number | null | undefined,
  end: number | null | undefined,
  options: DateRangeOptions = {},
): RuleResult<ColumnFilterState | null> {
  const { rangeCanSingle = true, message = DATE_RANGE_INCOMPLETE } = options;
  const s = start ?? null;
  const e = end ?? null;
  if (s === null && e === null) return { ok: true, value: null };
  if (!rangeCanSingle && (s === null || e === null)) return { ok: false, error: message };
  const from = s === null ? null : options.startOfDay === false ? s : startOfDay(s);
  const to = e === null ? null : endOfDay(e);
  if (from !== null && to !== null && to < from) return { ok: false, error: '结束日期不能早于开始日期' };
  return { ok: true, value: { ...baseState('dateRange', field), start: from, end: to, checked: true } };
}

/** Date pickers: the start picker disables days after the end; the end picker days before the start. */
export function disabledStart(day: number, end: number | null | undefined): boolean {
  return end !== null && end !== undefined && startOfDay(day) > startOfDay(end);
}
export function disabledEnd(day: number, start: number | null | undefined): boolean {
  return start !== null && start !== undefined && startOfDay(day) < startOfDay(start);
}

/** Autocomplete searches once the trimmed text has at least `minChars` characters (default 3). */
export function shouldSearch(text: string, minChars: number = AUTOCOMPLETE.minChars): boolean {
  return text.trim().length >= minChars;
}

export interface AutocompleteItem {
  id: string | number;
  [key: string]: unknown;
}

/**
 * Confirming the autocomplete: the typed text must be a chosen suggestion (else 请选择准确的数据);
 * a blank box clears the filter; `validate` may add its own error.
 */
export function applyAutocomplete(
  field: string,
  typed: string,
  chosen: { label: string; value: string | number } | null,
  validate?: (text: string) => string | undefined,
): RuleResult<ColumnFilterState | null> {
  const text = typed.trim();
  if (!text) return { ok: true, value: null };
  const custom = validate?.(text);
  if (custom) return { ok: false, error: custom };
  if (!chosen || chosen.label !== text) return { ok: false, error: CHOOSE_EXACT };
  return {
    ok: true,
    value: {
      ...baseState('autocomplete', field),
      data: chosen.value,
      label: chosen.label,
      labelValue: chosen.value,
      searchValue: text,
      checked: true,
    },
  };
}

/** antd keeps a column's filter as selectedKeys: ours is one JSON-encoded state. */
export function encodeFilter(state: ColumnFilterState | null): string[] {
  return state ? [JSON.stringify(state)] : [];
}

export function decodeFilter(keys: readonly unknown[] | null | undefined): ColumnFilterState | null {
  const raw = keys?.[0];
  if (typeof raw !== 'string') return null;
  try {
    const s = JSON.parse(raw) as ColumnFilterState;
    return s && typeof s.field === 'string' ? s : null;
  } catch {
    return null;
  }
}

/** Range fields become min/max params (spec §5, §7.10: _purchase_date → min_purchase_date / max_purchase_date). */
export function rangeParamNames(field: string): [string, string] {
  const tail = field.startsWith('_') ? field : `_${field}`;
  return [`min${tail}`, `max${tail}`];
}

/** Request params of a table's filters (antd Table onChange `filters`). */
export function filterParams(
  filters: Record<string, readonly unknown[] | null | undefined>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const keys of Object.values(filters)) {
    const s = decodeFilter(keys);
    if (!s) continue;
    if (s.kind === 'dateRange' || s.kind === 'moneyRange') {
      const [min, max] = rangeParamNames(s.field);
      if (s.start !== null && s.start !== undefined) out[min] = s.start;
      if (s.end !== null && s.end !== undefined) out[max] = s.end;
    } else if (s.data !== undefined && s.data !== null) {
      out[s.field] = s.data;
    }
  }
  return out;
}
