import { describe, expect, it } from 'vitest';
import { CHOOSE_EXACT, MONEY_RANGE_ERROR } from '@feikong/contracts';
import {
  applyAutocomplete,
  applyDateRange,
  applyMoneyRange,
  applyText,
  DATE_RANGE_INCOMPLETE,
  decodeFilter,
  disabledEnd,
  disabledStart,
  encodeFilter,
  filterParams,
  rangeParamNames,
  shouldSearch,
} from './rules';

const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe('filter value name (spec §3)', () => {
  it('is the field minus its last 4 characters, uppercased', () => {
    expect(applyText('typeText', 'x')?.value).toBe('TYPE');
    expect(applyText('recentStatusText', 'x')?.value).toBe('RECENTSTATUS');
  });
});

describe('text filter', () => {
  it('trims; blank means no filter', () => {
    expect(applyText('sellerName', '  云杉  ')).toMatchObject({ data: '云杉', label: '云杉', checked: true });
    expect(applyText('sellerName', '   ')).toBeNull();
  });
});

describe('money range filter (spec §5)', () => {
  it('yuan in, cents out', () => {
    const r = applyMoneyRange('amountTax', '12.5', '100');
    expect(r).toEqual({ ok: true, value: expect.objectContaining({ start: 1250, end: 10000 }) });
  });
  it('max below min warns 金额的最大值不可小于最小值 and is not applied', () => {
    expect(applyMoneyRange('amountTax', '100', '99.99')).toEqual({ ok: false, error: MONEY_RANGE_ERROR });
  });
  it('one end is enough; none clears', () => {
    expect(applyMoneyRange('amountTax', null, '0.07')).toEqual({
      ok: true,
      value: expect.objectContaining({ start: null, end: 7 }),
    });
    expect(applyMoneyRange('amountTax', '', undefined)).toEqual({ ok: true, value: null });
  });
  it('rejects text that is not money', () => {
    expect(applyMoneyRange('amountTax', 'abc', '1')).toMatchObject({ ok: false });
  });
});

describe('date range filter (spec §5)', () => {
  it('end becomes the last moment of its day; start the first moment of its own', () => {
    const r = applyDateRange('billingDate', at(2026, 3, 10, 15), at(2026, 3, 12, 9));
    expect(r).toEqual({
      ok: true,
      value: expect.objectContaining({ start: at(2026, 3, 10), end: at(2026, 3, 12, 23, 59) + 59_999 }),
    });
  });
  it('keeps the start time when asked', () => {
    const r = applyDateRange('d', at(2026, 3, 10, 15), null, { startOfDay: false });
    expect(r).toMatchObject({ ok: true, value: { start: at(2026, 3, 10, 15), end: null } });
  });
  it('rangeCanSingle=false requires both ends, else the configured message', () => {
    expect(
      applyDateRange('d', at(2026, 1, 1), null, { rangeCanSingle: false, message: '请选择完整的开票日期' }),
    ).toEqual({
      ok: false,
      error: '请选择完整的开票日期',
    });
    expect(applyDateRange('d', null, at(2026, 1, 1), { rangeCanSingle: false })).toEqual({
      ok: false,
      error: DATE_RANGE_INCOMPLETE,
    });
    expect(applyDateRange('d', at(2026, 1, 1), null)).toMatchObject({ ok: true });
  });
  it('nothing chosen clears', () => {
    expect(applyDateRange('d', null, null, { rangeCanSingle: false })).toEqual({ ok: true, value: null });
  });
  it('pickers disable days after the end and before the start', () => {
    const end = at(2026, 3, 12, 8);
    expect(disabledStart(at(2026, 3, 13), end)).toBe(true);
    expect(disabledStart(at(2026, 3, 12, 23), end)).toBe(false);
    expect(disabledEnd(at(2026, 3, 9), at(2026, 3, 10, 18))).toBe(true);
    expect(disabledEnd(at(2026, 3, 10), at(2026, 3, 10, 18))).toBe(false);
    expect(disabledStart(at(2026, 3, 13), null)).toBe(false);
  });
});

describe('autocomplete filter (spec §5)', () => {
  it('searches from 3 characters (configurable)', () => {
    expect(shouldSearch('上海')).toBe(false);
    expect(shouldSearch(' 上海云 ')).toBe(true);
    expect(shouldSearch('上海', 2)).toBe(true);
  });
  it('typed text that was not chosen warns 请选择准确的数据', () => {
    expect(applyAutocomplete('sellerName', '上海云杉', null)).toEqual({ ok: false, error: CHOOSE_EXACT });
    expect(applyAutocomplete('sellerName', '上海云', { label: '上海云杉', value: 1 })).toEqual({
      ok: false,
      error: CHOOSE_EXACT,
    });
  });
  it('a chosen suggestion applies its value', () => {
    expect(applyAutocomplete('sellerName', '上海云杉', { label: '上海云杉', value: 7 })).toEqual({
      ok: true,
      value: expect.objectContaining({ data: 7, label: '上海云杉', labelValue: 7, checked: true }),
    });
  });
  it('custom validation runs first; blank clears', () => {
    const validate = (t: string) => (t.length > 3 ? '最多3个字' : undefined);
    expect(applyAutocomplete('x', '上海云杉', { label: '上海云杉', value: 1 }, validate)).toEqual({
      ok: false,
      error: '最多3个字',
    });
    expect(applyAutocomplete('x', '  ', null)).toEqual({ ok: true, value: null });
  });
});

describe('request params', () => {
  it('range fields become min and max (spec §7.10)', () => {
    expect(rangeParamNames('_purchase_date')).toEqual(['min_purchase_date', 'max_purchase_date']);
    expect(rangeParamNames('amountTax')).toEqual(['min_amountTax', 'max_amountTax']);
  });
  it('encodes a state in antd selectedKeys and turns a table’s filters into params', () => {
    const money = applyMoneyRange('amountTax', '1', '2');
    const dates = applyDateRange('_pay_time', at(2026, 1, 1), null);
    const filters = {
      typeText: encodeFilter(applyText('typeText', '专票')),
      amountTax: encodeFilter(money.ok ? money.value : null),
      _pay_time: encodeFilter(dates.ok ? dates.value : null),
      empty: null,
    };
    expect(decodeFilter(filters.typeText)?.data).toBe('专票');
    expect(filterParams(filters)).toEqual({
      typeText: '专票',
      min_amountTax: 100,
      max_amountTax: 200,
      min_pay_time: at(2026, 1, 1),
    });
    expect(decodeFilter(['not json'])).toBeNull();
  });
});
